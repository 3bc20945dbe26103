// `pdm score --queue` with `pdm worker` processes on loopback, as a user runs them: a worker killed
// mid-chunk, the coordinator killed and resumed, workers that come before and after the
// coordinator, a chunk of invalid rows, CSV and standard streams, a model that does not compile;
// every output compared byte for byte with local `pdm score` of the same generated rows, and Redis
// left with nothing of a finished run.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdmBin, ROOT } from "../../server/spawn.js";
import { spawnSync } from "node:child_process";
import { csvField, csvRecord } from "../../../src/batch/csv.js";
import { Redis } from "ioredis";
import {
  chunksOf,
  dropPrefix,
  generatedRows,
  keysUnder,
  localScore,
  REDIS_URL,
  rowNumbers,
  start,
  startWorker,
  tmp,
  writeModel,
  freshPrefix,
  type Proc,
} from "./cluster.js";

if (!REDIS_URL) console.warn("NOTICE: REDIS_URL is not set; the distributed batch suite (pdm score --queue, pdm worker) is skipped.");

describe.skipIf(!REDIS_URL)("pdm score --queue with pdm worker processes", () => {
  const url = REDIS_URL!;
  const prefix = freshPrefix();
  const dir = tmp();
  const model = writeModel(dir);
  const workers: Proc[] = [];
  const queueArgs = ["--queue", url, "--queue-prefix", prefix];

  /** Rows in a file, and local pdm score's output of them. */
  function rows(name: string, text: string, extra: string[] = []): { input: string; expected: Buffer; status: number | null } {
    const input = join(dir, name);
    writeFileSync(input, text);
    const expectedPath = `${input}.local`;
    const local = localScore(model, input, expectedPath, extra);
    return { input, expected: readFileSync(expectedPath), status: local.status };
  }

  /** Nothing of any run is left in Redis, and no job of the queue. */
  async function nothingLeft(): Promise<void> {
    expect(await keysUnder(url, prefix, "run:*")).toEqual([]);
    const jobs = (await keysUnder(url, prefix, "score-*")).filter((k) => /:score-[^:]+:[^:]+-\d+$/.test(k));
    expect(jobs).toEqual([]);
  }

  /** How many chunks the one run in Redis has written, by its record. */
  async function writtenChunks(): Promise<number> {
    const [run] = (await keysUnder(url, prefix, "run:*")).filter((k) => /:run:[^:]+$/.test(k));
    if (run === undefined) return 0;
    const redis = new Redis(url);
    try {
      return Number(await redis.hget(run, "written"));
    } finally {
      redis.disconnect();
    }
  }

  // a worker's start (loading BullMQ) takes seconds on a loaded machine
  beforeAll(async () => {
    workers.push(...(await Promise.all([startWorker(url, prefix), startWorker(url, prefix)])));
  }, 120_000);

  afterAll(async () => {
    for (const w of workers) w.kill("SIGTERM");
    await Promise.all(workers.map((w) => w.exited));
    await dropPrefix(url, prefix);
  }, 120_000);

  it("three workers, one killed with SIGKILL mid-chunk: its chunk is scored again elsewhere, the output is local pdm score's byte for byte", async () => {
    const victim = await startWorker(url, prefix);
    const { input, expected, status } = rows("kill.jsonl", generatedRows(1500, 29));
    const out = join(dir, "kill.out.jsonl");
    const coordinator = start(["score", model, "--in", input, "--out", out, ...queueArgs, "--chunk-size", "8k", "--window", "6"]);
    // kill it as soon as it has a chunk in hand
    const [, seq] = await victim.waitFor(/chunk (\d+) of run \S+ \(rows [^)]*\): started/);
    victim.kill("SIGKILL");
    await victim.exited;
    expect(await coordinator.exited, coordinator.stderr()).toBe(status);
    const mine = chunksOf(victim.stderr());
    expect(mine.started).toContain(Number(seq));
    expect(mine.done).not.toContain(Number(seq)); // it died in the middle of that chunk
    // another worker scored it
    expect(workers.some((w) => chunksOf(w.stderr()).done.includes(Number(seq)))).toBe(true);
    expect(readFileSync(out).equals(expected)).toBe(true);
    await nothingLeft();
  });

  it("the coordinator killed mid-run and resumed: chunks written are not scored again, the output is local pdm score's", async () => {
    const { input, expected, status } = rows("resume.jsonl", generatedRows(1500, 31));
    const out = join(dir, "resume.out.jsonl");
    const args = ["score", model, "--in", input, "--out", out, ...queueArgs, "--chunk-size", "8k", "--window", "4"];
    const first = start(args);
    // wait until the run's record says some chunks are written (their records are then in the
    // output), then kill it; on a loaded machine the output can hold bytes not yet recorded
    for (let i = 0; i < 600 && first.child.exitCode === null && (await writtenChunks()) === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    first.kill("SIGKILL");
    await first.exited;
    const partial = readFileSync(out).length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(expected.length);
    const written = await writtenChunks();
    expect(written).toBeGreaterThan(0);

    const marks = workers.map((w) => w.stderr().length);
    const second = start([...args, "--resume"]);
    expect(await second.exited, second.stderr()).toBe(status);
    expect(readFileSync(out).equals(expected)).toBe(true);
    // the chunks the first coordinator had written were not scored again
    const scoredAfter = workers.flatMap((w, i) => chunksOf(w.stderr().slice(marks[i])).done);
    expect(scoredAfter.filter((seq) => seq < written)).toEqual([]);
    await nothingLeft();
  });

  it("a worker started before the coordinator and one started after it both score chunks", async () => {
    // enough chunks that the workers already running cannot finish them all while the late one starts
    const { input, expected, status } = rows("late.jsonl", generatedRows(20_000, 37));
    const out = join(dir, "late.out.jsonl");
    const coordinator = start(["score", model, "--in", input, "--out", out, ...queueArgs, "--chunk-size", "4k", "--window", "8"]);
    await workers[0]!.waitFor(/chunk \d+ of run \S+ \(rows [^)]*\): done/);
    const late = await startWorker(url, prefix);
    workers.push(late);
    expect(await coordinator.exited, coordinator.stderr()).toBe(status);
    expect(chunksOf(late.stderr()).done.length).toBeGreaterThan(0);
    expect(readFileSync(out).equals(expected)).toBe(true);
  });

  it("a chunk of nothing but invalid rows: error records as local pdm score writes them, exit 1", async () => {
    const { input, expected, status } = rows("bad.jsonl", generatedRows(300, 41, { at: 150, count: 400 }));
    expect(status).toBe(1);
    const out = join(dir, "bad.out.jsonl");
    const r = start(["score", model, "--in", input, "--out", out, ...queueArgs, "--chunk-size", "4k"]);
    expect(await r.exited).toBe(1);
    expect(readFileSync(out).equals(expected)).toBe(true);
    expect(r.stderr()).toMatch(/^scored [\d,]+ rows, [\d,]+ errors/m);
  });

  it("CSV in and out, byte ranges of a shared input, and standard input to standard output: the same bytes as local", async () => {
    const lines = generatedRows(400, 43)
      .split("\n")
      .filter((l) => l.startsWith("{") && l.endsWith("}"))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((r) => typeof r.n === "number");
    const csv = `id,n,name,member\n${lines.map((r) => csvRecord([String(r.id ?? ""), String(r.n), csvField(String(r.name ?? "")), String(r.member)])).join("\n")}\n`;
    const c = rows("rows.csv", csv, ["--out-format", "csv"]);
    const csvOut = join(dir, "rows.out.csv");
    const shared = start([
      "score",
      model,
      "--in",
      c.input,
      "--out",
      csvOut,
      "--out-format",
      "csv",
      ...queueArgs,
      "--chunk-size",
      "4k",
      "--shared-input",
    ]);
    expect(await shared.exited, shared.stderr()).toBe(c.status);
    expect(readFileSync(csvOut).equals(c.expected)).toBe(true);

    const j = rows("stdin.jsonl", generatedRows(300, 47));
    const piped = spawnSync(process.execPath, [pdmBin(), "score", model, "--in", "-", "--out", "-", ...queueArgs, "--chunk-size", "4k"], {
      cwd: ROOT,
      input: readFileSync(j.input),
      maxBuffer: 1 << 26,
    });
    expect(piped.status, String(piped.stderr)).toBe(j.status);
    expect(piped.stdout.equals(j.expected)).toBe(true);
    await nothingLeft();
  });

  it("a model that does not compile fails before anything reaches Redis", async () => {
    const otherPrefix = freshPrefix();
    const bad = join(dir, "bad-model.json");
    writeFileSync(bad, JSON.stringify({ content: { name: "bad", inputs: {}, decisions: { d: "1 +" } }, questions: {} }));
    const { input } = rows("few.jsonl", generatedRows(10, 53));
    const r = start(["score", bad, "--in", input, "--out", join(dir, "never.jsonl"), "--queue", url, "--queue-prefix", otherPrefix]);
    expect(await r.exited).toBe(1);
    expect(r.stderr()).toMatch(/decisions\.d/);
    expect(await keysUnder(url, otherPrefix)).toEqual([]);
  });

  it("says what is wrong: --resume with no run to resume, a URL that is not Redis's, a Redis nobody answers at", async () => {
    const { input } = rows("none.jsonl", generatedRows(10, 59));
    const out = join(dir, "none.out.jsonl");
    const resume = start(["score", model, "--in", input, "--out", out, ...queueArgs, "--resume"]);
    expect(await resume.exited).toBe(2);
    expect(resume.stderr()).toMatch(/no unfinished run of these rows in Redis .*nothing to resume/);
    const http = start(["score", model, "--in", input, "--out", out, "--queue", "http://127.0.0.1:6379"]);
    expect(await http.exited).toBe(2);
    expect(http.stderr()).toMatch(/--queue must be a redis:\/\/ or rediss:\/\/ URL/);
    const nobody = start(["worker", "--queue", "redis://127.0.0.1:1"]);
    expect(await nobody.exited).toBe(2);
    expect(nobody.stderr()).toMatch(/cannot reach Redis at redis:\/\/127\.0\.0\.1:1/);
    expect(rowNumbers(readFileSync(join(dir, "none.jsonl.local"), "utf8")).length).toBeGreaterThan(0);
  });
});
