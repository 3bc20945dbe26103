// `npm run bench` (part): the distributed batch on this machine. The same generated lending rows
// scored by local `pdm score --workers 1` and by `pdm score --queue` with one, two and three
// `pdm worker --concurrency 1` processes, in rounds that alternate them; rows/s is rows ÷ the
// coordinator's wall time (start, compile, every chunk through Redis, output written), the workers
// started and ready beforehand as a deployment keeps them. For each run: the CPU seconds of the
// coordinator, of the workers and of Redis, and the chunks' bytes through Redis, to say where the
// coordinator's cost lies. Runs on a private redis-server on a loopback port of its own (REDIS_URL's
// server when there is no redis-server binary). Writes bench/RESULTS-queue.md.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { lendingJsonl } from "./batch/lending-states.js";
import { describeMachine } from "./machine.js";
import { freePort, hasRedisServer, startRedisServer } from "./redis-server.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PDM = join(ROOT, "bin/pdm.mjs");
const MODEL = join(ROOT, "samples/lending/model.json");
const ROWS = Number(process.env.BENCH_QUEUE_ROWS ?? 400_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHUNK = process.env.BENCH_QUEUE_CHUNK ?? "1m";
const WARM_ROWS = 2000;
const TICK = 100; // clock ticks a second, for /proc/<pid>/stat

// A preload that reports the coordinator's own CPU time as it exits.
const REPORT_CPU = `data:text/javascript,process.on("exit",()=>{const u=process.resourceUsage();process.stderr.write("cpu "+(u.userCPUTime+u.systemCPUTime)/1e6+"\\n")})`;

/** A private redis-server (nothing saved), or REDIS_URL's server, or null. */
async function redisFor(): Promise<{ url: string; server: ChildProcess | null; pid: number | null } | null> {
  if (hasRedisServer()) {
    const port = await freePort();
    const server = await startRedisServer(port);
    return { url: `redis://127.0.0.1:${port}`, server, pid: server.pid ?? null };
  }
  return process.env.REDIS_URL ? { url: process.env.REDIS_URL, server: null, pid: null } : null;
}

/** CPU seconds a process has used so far (Linux). */
function cpuOf(pid: number | null): number {
  if (pid === null) return NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  } catch {
    return NaN;
  }
}

interface Worker {
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startWorker(url: string, prefix: string): Promise<Worker> {
  const child = spawn(process.execPath, [PDM, "worker", "--queue", url, "--queue-prefix", prefix, "--concurrency", "1"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let err = "";
    child.stderr!.on("data", (d: Buffer) => {
      err += d.toString();
      if (err.includes("scoring chunks of queue")) resolve();
    });
    child.on("exit", () => reject(new Error(`pdm worker exited:\n${err}`)));
  });
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

interface Run {
  seconds: number;
  coordinatorCpu: number;
  /** CPU seconds of the same command on the 2,000 warm-up rows in one chunk: its start-up */
  startCpu: number;
  workersCpu: number;
  redisCpu: number;
}

/** One timed run of a command whose stderr ends with the score summary; null and the reason if it did not score every row. */
function timed(args: string[], rows = ROWS): { seconds: number; cpu: number } | string {
  const start = performance.now();
  const r = spawnSync(process.execPath, ["--import", REPORT_CPU, PDM, ...args], { encoding: "utf8", stdio: ["ignore", "ignore", "pipe"] });
  const seconds = (performance.now() - start) / 1000;
  if (r.status !== 0 || !r.stderr.includes(`scored ${rows.toLocaleString("en-US")} rows, 0 errors`))
    return `exit ${r.status}: ${r.stderr.trim().split("\n")[0]}`;
  return { seconds, cpu: Number(/^cpu ([\d.]+)$/m.exec(r.stderr)?.[1] ?? NaN) };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const fmt = (n: number, digits = 0): string =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "–";

/**
 * What the CPU columns say, from the medians: the coordinator's own cost per row beside local
 * scoring's (both without their start-up), where a run's CPU goes, and what bounds N machines.
 */
function analysis(configs: { name: string; workers: number; shared: boolean }[], runs: Run[][], load: number[]): string[] {
  const med = (i: number, f: (r: Run) => number) => (runs[i]?.length ? median(runs[i]!.map(f)) : NaN);
  const one = configs.findIndex((c) => c.workers === 1 && !c.shared);
  const local = { cpu: med(0, (r) => r.coordinatorCpu), start: med(0, (r) => r.startCpu) };
  const q = {
    cpu: med(one, (r) => r.coordinatorCpu),
    start: med(one, (r) => r.startCpu),
    workers: med(one, (r) => r.workersCpu),
    redis: med(one, (r) => r.redisCpu),
  };
  const per100k = (cpu: number) => fmt((cpu * 100_000) / ROWS, 2);
  const localRows = local.cpu - local.start;
  const coordRows = q.cpu - q.start;
  const total = q.cpu + q.workers + q.redis;
  const bound = (cpu: number) => fmt(Math.round(ROWS / cpu / 1000) * 1000);
  return [
    "What the CPU columns say (medians, one worker, chunks through Redis):",
    "",
    `- The coordinator's own CPU for the rows, without its start-up: ${per100k(coordRows)} s per 100,000 rows, beside ${per100k(localRows)} s for local \`pdm score\` to score them (its start-up taken off likewise); its start-up (Node, the CLI, checking and compiling the model, BullMQ and two Redis connections) is ${fmt(q.start, 2)} s, local's ${fmt(local.start, 2)} s. What is left per chunk is moving its bytes: the input sent to Redis and the records read back (ioredis copies a command into one buffer and a reply out of its socket reads) and the garbage collection of those buffers, the records written to the output, and a few commands (record, enqueue, progress) per chunk.`,
    `- The whole run costs ${fmt(total, 2)} CPU s (coordinator ${fmt(q.cpu, 2)}, worker ${fmt(q.workers, 2)}, Redis ${fmt(q.redis, 2)}) where local \`pdm score\` costs ${fmt(local.cpu, 2)}: ${fmt((100 * local.cpu) / total)} %. On a machine whose cores are all taken (1-minute load ${fmt(Math.min(...load), 1)}–${fmt(Math.max(...load), 1)} on ${describeMachine().cores} cores here) a run gets a share of CPU rather than cores, and the queue's rows/s over local's tends to that ratio; on free cores the coordinator, the worker and Redis run side by side and the bound is the worker's scoring thread, as local \`pdm score\`'s is (not what this run measures). Two and three workers on this one machine add scoring threads and their Redis traffic to the same ${describeMachine().cores} cores: here they are no faster than one.`,
    `- N machines: each worker scores about ${bound(q.workers)} rows per CPU second; the coordinator, one process on one core, passes about ${bound(coordRows)} rows per CPU second once started, and Redis (one thread) about ${bound(q.redis)}. A run on N machines is bound by the smallest of N × the workers' rate, the coordinator's and Redis's; with chunks read from a shared path (--shared-input) the input does not go through Redis, and Redis's and the coordinator's share falls.`,
    "",
  ];
}

async function main(): Promise<void> {
  const redis = await redisFor();
  if (!redis) {
    console.warn("NOTICE: neither redis-server nor REDIS_URL: the distributed batch benchmark is skipped.");
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "pdm-bench-queue-"));
  const prefix = `pdm-bench-${randomBytes(4).toString("hex")}`;
  const load: number[] = [loadavg()[0]!];
  try {
    const input = join(dir, "rows.jsonl");
    const out = createWriteStream(input);
    for (const block of lendingJsonl(ROWS)) if (!out.write(block)) await new Promise<void>((r) => out.once("drain", () => r()));
    out.end();
    await finished(out);
    const inputMB = statSync(input).size / 1e6;
    const warmInput = join(dir, "warm.jsonl");
    writeFileSync(warmInput, [...lendingJsonl(WARM_ROWS)].join(""));
    const output = join(dir, "out.jsonl");
    const reference = join(dir, "local.jsonl");

    const configs = [
      { name: "local pdm score --workers 1", workers: 0, shared: false },
      { name: "queue, 1 worker", workers: 1, shared: false },
      { name: "queue, 1 worker, --shared-input", workers: 1, shared: true },
      { name: "queue, 2 workers", workers: 2, shared: false },
      { name: "queue, 3 workers", workers: 3, shared: false },
    ];
    const runs = configs.map(() => [] as Run[]);
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, c] of configs.entries()) {
        if (c.workers === 0) {
          const start = timed(["score", MODEL, "--in", warmInput, "--out", output, "--workers", "1"], WARM_ROWS);
          const r = timed(["score", MODEL, "--in", input, "--out", round === 0 ? reference : output, "--workers", "1"]);
          if (typeof r === "string") failures.push(`${c.name}: ${r}`);
          else
            runs[i]!.push({
              seconds: r.seconds,
              coordinatorCpu: r.cpu,
              startCpu: typeof start === "string" ? NaN : start.cpu,
              workersCpu: NaN,
              redisCpu: NaN,
            });
          continue;
        }
        const workers = await Promise.all(Array.from({ length: c.workers }, () => startWorker(redis.url, prefix)));
        // an untimed run of a few small chunks first: a worker compiles a model and starts its
        // threads once, on its first chunk of it, and then keeps them, as a deployment's workers do
        const warm = timed(
          ["score", MODEL, "--in", warmInput, "--out", output, "--queue", redis.url, "--queue-prefix", prefix, "--chunk-size", "8k"],
          WARM_ROWS,
        );
        if (typeof warm === "string") failures.push(`${c.name} (warm-up): ${warm}`);
        // the coordinator's start-up: the same rows in one chunk
        const start = timed(
          ["score", MODEL, "--in", warmInput, "--out", output, "--queue", redis.url, "--queue-prefix", prefix, "--chunk-size", CHUNK],
          WARM_ROWS,
        );
        const cpu = () => workers.reduce((sum, w) => sum + cpuOf(w.child.pid ?? null), 0);
        const [workersBefore, redisBefore] = [cpu(), cpuOf(redis.pid)];
        const r = timed([
          "score",
          MODEL,
          "--in",
          input,
          "--out",
          output,
          "--queue",
          redis.url,
          "--queue-prefix",
          prefix,
          "--chunk-size",
          CHUNK,
          ...(c.shared ? ["--shared-input"] : []),
        ]);
        const [workersAfter, redisAfter] = [cpu(), cpuOf(redis.pid)];
        await Promise.all(workers.map((w) => w.stop()));
        if (typeof r === "string") failures.push(`${c.name}: ${r}`);
        else {
          runs[i]!.push({
            seconds: r.seconds,
            coordinatorCpu: r.cpu,
            startCpu: typeof start === "string" ? NaN : start.cpu,
            workersCpu: workersAfter - workersBefore,
            redisCpu: redisAfter - redisBefore,
          });
          if (!readFileSync(output).equals(readFileSync(reference))) failures.push(`${c.name}: the output differs from local pdm score's`);
        }
      }
    load.push(loadavg()[0]!);

    const localBest = Math.min(...runs[0]!.map((r) => r.seconds));
    const rows = configs.map((c, i) => {
      const rs = runs[i]!;
      if (rs.length === 0) return `| ${c.name} | – | – | – | – | – | – | – |`;
      const best = Math.min(...rs.map((r) => r.seconds));
      const m = (f: (r: Run) => number) => fmt(median(rs.map(f)), 2);
      return `| ${c.name} | ${fmt(ROWS / best)} | ${fmt(ROWS / median(rs.map((r) => r.seconds)))} | ${fmt((100 * localBest) / best)} % | ${m((r) => r.coordinatorCpu)} | ${m((r) => r.startCpu)} | ${m((r) => r.workersCpu)} | ${m((r) => r.redisCpu)} |`;
    });
    const machine = describeMachine();
    const report = [
      "# Distributed batch: `pdm score --queue` and `pdm worker`",
      "",
      `Measured by \`npm run bench\` (\`bench/queue.ts\`) on ${machine.date.slice(0, 10)}: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; 1-minute load average ${fmt(load[0]!, 1)} before and ${fmt(load[1]!, 1)} after (the machine is shared).`,
      "",
      `${ROWS.toLocaleString("en-US")} generated lending rows (${fmt(inputMB, 1)} MB of JSONL), ${CHUNK} chunks, ${ROUNDS} rounds alternating the configurations; Redis ${redis.server ? "a private redis-server on loopback" : "REDIS_URL's server"}. Every worker is \`pdm worker --concurrency 1\` (one scoring thread), started, and warmed by an untimed run of ${WARM_ROWS.toLocaleString("en-US")} rows of the same model in 8 KiB chunks (a worker compiles a model and starts its scoring thread on its first chunk of it, then keeps them), as a deployment's workers are; rows/s is rows ÷ the wall time of the coordinator process (start, its own check and compile of the model, every chunk through Redis, output written), local \`pdm score\`'s likewise. Every queue run's output is compared byte for byte with local \`pdm score\`'s. CPU columns: medians, in seconds, of the coordinator process (and of the same command on the ${WARM_ROWS.toLocaleString("en-US")} warm-up rows in one chunk: its start-up), of all worker processes during the run, and of the Redis server.`,
      "",
      "| configuration | rows/s (best) | rows/s (median) | of local (best) | coordinator CPU s | of it start-up | workers CPU s | Redis CPU s |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
      ...rows,
      "",
      ...analysis(configs, runs, load),
      ...(failures.length ? ["Failures:", "", ...failures.map((f) => `- ${f}`), ""] : []),
    ].join("\n");
    writeFileSync(join(ROOT, "bench/RESULTS-queue.md"), `${report}\n`);
    console.log(report);
  } finally {
    if (!redis.server) {
      const r = new Redis(redis.url);
      const keys: string[] = [];
      for await (const batch of r.scanStream({ match: `${prefix}:*` }) as AsyncIterable<string[]>) keys.push(...batch);
      if (keys.length) await r.del(...keys);
      r.disconnect();
    }
    redis.server?.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
