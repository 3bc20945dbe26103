// HTTP throughput of deterministic System One requests, with the ledger on (auth, reservation,
// settlement, on SQLite and, when DATABASE_URL is set, PostgreSQL) and off (`serve --no-ledger`),
// against the ceiling of a bare fastify route that parses the same body and answers as many bytes
// (bench/bare-fastify.mjs). Each configuration is a spawned process; autocannon runs in this one.
// Writes bench/RESULTS-http.md. Run with `npm run bench:http` (builds first).
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { describeMachine } from "./machine.js";

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Cannon = (opts: Record<string, unknown>) => Promise<CannonResult>;
const require = createRequire(import.meta.url);
const autocannon = require("autocannon") as Cannon;

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = process.env.PDM_TEST_BIN ?? join(ROOT, "bin/pdm.mjs");
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

const model = JSON.parse(readFileSync(join(ROOT, "samples/lending/model.json"), "utf8"));
const state = JSON.parse(readFileSync(join(ROOT, "samples/lending/cases/prime-salaried.json"), "utf8")).state;
const body = JSON.stringify({ model, state });

interface Config {
  name: string;
  /** the server's command line after `node`: `pdm serve` with these args, or another script */
  command?: () => string[];
  args: string[];
  env: NodeJS.ProcessEnv;
  metered: boolean;
  cleanup?: () => Promise<void>;
}

function baseEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _d, REDIS_URL: _r, PDM_DB: _p, ...env } = process.env;
  return env;
}

async function start(c: Config): Promise<{ child: ChildProcess; url: string; key: string | null }> {
  const command = c.command?.() ?? [BIN, "serve", "--port", "0", "--rate-limit", "0", ...c.args];
  const child = spawn(process.execPath, command, {
    env: c.env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    const read = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (!m) return;
      // from here on the request log is drained unread: keeping it would load this process,
      // which also drives the load
      child.stdout!.off("data", read);
      child.stdout!.resume();
      resolve(m[1]!);
    };
    child.stdout!.on("data", read);
    child.on("exit", (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  const lines = out.split("\n");
  const i = lines.findIndex((l) => l.startsWith("Created the development account"));
  return { child, url, key: i >= 0 ? lines[i + 1]!.trim() : null };
}

interface Running {
  config: Config;
  child: ChildProcess;
  opts: Record<string, unknown>;
}

async function launch(c: Config, sent = body): Promise<Running> {
  const { child, url, key } = await start(c);
  if (c.metered) {
    // enough money that no request of the run meets 402
    execFileSync(process.execPath, [BIN, "topup", "--account", "dev", "--usd", "1000000", ...c.args.filter((a) => a !== "--bootstrap")], {
      env: c.env,
    });
  }
  const opts = {
    url: `${url}/v1/systemone`,
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: sent,
    connections: CONNECTIONS,
  };
  const first = await fetch(opts.url, { method: "POST", headers: opts.headers, body: sent });
  const answer = await first.text();
  if (first.status !== 200 && c.name !== BARE) throw new Error(`${c.name}: the first request answered ${first.status}: ${answer}`);
  if (responseBytes === 0) responseBytes = Buffer.byteLength(answer);
  await autocannon({ ...opts, duration: 2 }); // warm-up: JIT, compile cache, database pages
  return { config: c, child, opts };
}

async function stop(r: Running): Promise<void> {
  r.child.kill("SIGTERM");
  await new Promise((done) => r.child.once("exit", done));
  await r.config.cleanup?.();
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** CPU seconds (user + system) a process has used so far, from /proc; NaN where there is none. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime and stime, in clock ticks of 1/100 s
  } catch {
    return NaN;
  }
}

/**
 * The configurations take turns, ROUNDS times, and each reports its median round, so a burst of
 * other work on the machine hits every configuration alike instead of skewing one of them.
 */
async function measureAll(configs: Config[]) {
  const running: Running[] = [];
  for (const c of configs) running.push(await launch(c));
  return measureRunning(running, ROUNDS);
}

async function measureRunning(running: Running[], rounds: number) {
  const samples = running.map(() => [] as CannonResult[]);
  /** the server's CPU time per request in each round: less swayed by other work on the machine than req/s */
  const cpu = running.map(() => [] as number[]);
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [i, r] of running.entries()) {
        const before = cpuSeconds(r.child.pid);
        const result = await autocannon({ ...r.opts, duration: DURATION });
        samples[i]!.push(result);
        cpu[i]!.push(((cpuSeconds(r.child.pid) - before) * 1e6) / result.requests.total);
      }
    }
  } finally {
    for (const r of running) await stop(r);
  }
  return running.map((r, i) => {
    const s = samples[i]!;
    const mid = s.find((x) => x.requests.average === median(s.map((y) => y.requests.average)))!;
    return {
      name: r.config.name,
      rps: mid.requests.average,
      p50: mid.latency.p50,
      p99: mid.latency.p99,
      failed: s.reduce((n, x) => n + x.non2xx + x.errors + x.timeouts, 0),
      rounds: s.map((x) => Math.round(x.requests.average)),
      cpuUs: median(cpu[i]!),
    };
  });
}

/** the size of the service's answer, read from the first configuration; the bare route answers as much */
let responseBytes = 0;
const dir = mkdtempSync(join(tmpdir(), "pdm-bench-"));
const BARE = "bare fastify route (the ceiling)";
const configs: Config[] = [
  { name: "ledger off (`--no-ledger`)", args: ["--no-ledger"], env: baseEnv(), metered: false },
  { name: "ledger on, SQLite", args: ["--db", join(dir, "pdm.db"), "--bootstrap"], env: baseEnv(), metered: true },
  {
    name: BARE,
    command: () => [join(ROOT, "bench/bare-fastify.mjs")],
    args: [],
    get env() {
      return { ...baseEnv(), RESPONSE_BYTES: String(responseBytes) };
    },
    metered: false,
  },
];
const PG_URL = process.env.DATABASE_URL;
if (PG_URL) {
  const schema = `pdm_bench_${randomBytes(4).toString("hex")}`;
  configs.push({
    name: "ledger on, PostgreSQL",
    args: ["--bootstrap"],
    env: { ...baseEnv(), DATABASE_URL: PG_URL, PDM_PG_SCHEMA: schema },
    metered: true,
    async cleanup() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  });
}

/** The lending model with every input's description lengthened by prose until its text is about `bytes` long (same answers). */
function paddedModel(bytes: number): Record<string, unknown> {
  const words = ["the", "applicant", "amount", "declared", "income", "verified", "by", "statement", "monthly", "record", "of", "payments"];
  const inputs = model.content.inputs as Record<string, { desc: string }>;
  const names = Object.keys(inputs);
  const per = Math.max(0, Math.ceil((bytes - JSON.stringify(model).length) / names.length));
  let n = 0;
  const prose = (length: number) => {
    let text = "";
    while (text.length < length) text += ` ${words[n++ % words.length]}${n % 17 === 0 ? "." : ""}`;
    return text;
  };
  const padded = Object.fromEntries(names.map((k) => [k, { ...inputs[k], desc: `${inputs[k]!.desc}${prose(per)}` }]));
  return { ...model, content: { ...model.content, inputs: padded } };
}
/** The lending state with a payment history of `months` entries (extra fields are carried, and echoed in the receipt). */
const withHistory = (months: number) =>
  months === 0
    ? state
    : { ...state, history: Array.from({ length: months }, (_, i) => ({ month: i + 1, paid: i % 7 !== 3, amount: 250 + (i % 13) })) };
const sweep = [
  { name: "model 2 KB, state as sampled", model, state: withHistory(0) },
  { name: "model 200 KB, state as sampled", model: paddedModel(200_000), state: withHistory(0) },
  { name: "model 2 KB, state with 100 history entries", model, state: withHistory(100) },
  { name: "model 2 KB, state with 1,000 history entries", model, state: withHistory(1_000) },
].map((b) => ({ ...b, body: JSON.stringify({ model: b.model, state: b.state }), modelBytes: JSON.stringify(b.model).length }));
const SWEEP_ROUNDS = Number(process.env.BENCH_SWEEP_ROUNDS ?? 3);

/** Each body against a server of its own (SQLite ledger), the servers taking turns like the configurations. */
async function measureSweep() {
  const running: Running[] = [];
  for (const [i, b] of sweep.entries()) {
    const c: Config = { name: b.name, args: ["--db", join(dir, `sweep-${i}.db`), "--bootstrap"], env: baseEnv(), metered: true };
    running.push(await launch(c, b.body));
  }
  return measureRunning(running, SWEEP_ROUNDS);
}

const loadBefore = loadavg()[0]!;
const results = await measureAll(configs);
const loadBetween = loadavg()[0]!;
const swept = await measureSweep();
for (const r of results)
  console.log(
    `${r.name}: ${r.rps.toFixed(0)} req/s (rounds ${r.rounds.join(", ")}), p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.cpuUs.toFixed(0)} µs CPU/request`,
  );
const machine = { ...describeMachine(), load: [loadBefore, loadBetween, loadavg()[0]!] as [number, number, number] };
const off = results[0]!.rps;
const ceiling = results.find((r) => r.name === BARE)!.rps;
const sqliteRow = results.find((r) => r.name === "ledger on, SQLite")!;
const sqlite = sqliteRow.rps;
const bareCpu = results.find((r) => r.name === BARE)!.cpuUs;
const rows = results.map(
  (r) =>
    `| ${r.name} | ${r.rps.toFixed(0)} | ${r.rounds.join(", ")} | ${r.p50} | ${r.p99} | ${r.failed} | ${r.cpuUs.toFixed(0)} | ${r === results[0] || r.name === BARE ? "—" : `${(((off - r.rps) / off) * 100).toFixed(1)} %`} | ${((r.rps / ceiling) * 100).toFixed(0)} % |`,
);
const pgRow = results.find((r) => r.name === "ledger on, PostgreSQL");
const SQLITE_TARGET = 0.35;
const PG_TARGET = 0.7;
const MODEL_SIZE_TOLERANCE = 0.1;
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
const small = swept[0]!;
const large = swept[1]!;
const sizeRatio = large.cpuUs / small.cpuUs;
const sweepRows = swept.map(
  (r, i) =>
    `| ${r.name} | ${sweep[i]!.modelBytes} | ${sweep[i]!.body.length} | ${r.rps.toFixed(0)} | ${r.rounds.join(", ")} | ${r.failed} | ${r.cpuUs.toFixed(0)} | ${(r.cpuUs / small.cpuUs).toFixed(2)} |`,
);
const report = `# HTTP benchmark: deterministic System One

\`npm run bench:http\` (bench/http.ts). Each row is a spawned \`pdm serve\` answering
\`POST /v1/systemone\` with the lending sample model and a matching JSON state
(${body.length} bytes, the compiled module cached after the first request), measured with
autocannon: ${CONNECTIONS} connections, rate limit off, a 2 s warm-up each, then ${ROUNDS} rounds of
${DURATION} s in which the configurations take turns; req/s is the median round.
"Ledger on" includes the key lookup, the reservation and the settlement (with its ledger entry),
and the signed receipt is produced in every row (receipts are signed in batches: one Ed25519
signature per group commit, or per turn of the event loop without a ledger, and a Merkle inclusion
proof each). Both ledgers commit the steps of concurrent requests in groups: SQLite one IMMEDIATE
transaction per turn of the event loop, PostgreSQL one transaction of two round trips per group
(src/ledger/pg-group-commit.ts). CPU is the server process's user + system time per request in its median round (from
/proc), less swayed by other work on the machine than req/s. The ceiling is a bare fastify route in its own
process (\`bench/bare-fastify.mjs\`: no logger, no auth) that parses the same body and answers
${responseBytes} bytes, the size of the service's answer, measured in the same rounds.

| configuration | req/s (median) | rounds | p50 ms | p99 ms | failed | CPU µs/request | cost of the ledger | share of the ceiling |
|---|---:|---|---:|---:|---:|---:|---:|---:|
${rows.join("\n")}

Targets (same run):
- the SQLite ledger at ≥ ${pct(SQLITE_TARGET)} of the bare route's req/s: ${verdict(sqlite / ceiling >= SQLITE_TARGET)}
  (${pct(sqlite / ceiling)}; by CPU per request, ${pct(bareCpu / sqliteRow.cpuUs)});
- the PostgreSQL ledger at ≥ ${pct(PG_TARGET)} of the SQLite figure: ${
  pgRow
    ? `${verdict(pgRow.rps / sqlite >= PG_TARGET)} (${pct(pgRow.rps / sqlite)}; by CPU per request, ${pct(sqliteRow.cpuUs / pgRow.cpuUs)})`
    : "not measured (DATABASE_URL unset)"
};
- CPU per request within ±${pct(MODEL_SIZE_TOLERANCE)} for a 200 KB model against a 2 KB one, once compiled:
  ${verdict(Math.abs(sizeRatio - 1) <= MODEL_SIZE_TOLERANCE)} (${sizeRatio.toFixed(2)}×, table below).

## CPU per request against model size and state size

One server each (SQLite ledger), taking turns as above, ${SWEEP_ROUNDS} rounds of ${DURATION} s. The
200 KB model is the lending model with every input's description lengthened (same answers; the
model is echoed in every answer and the descriptions in its input schema, so its answers are
larger too); the larger states carry a payment history the model does not read, echoed in the
receipt's \`given\`.

| body | model bytes | body bytes | req/s (median) | rounds | failed | CPU µs/request | CPU vs the first row |
|---|---:|---:|---:|---|---:|---:|---:|
${sweepRows.join("\n")}

Machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${machine.platform}; ${machine.date};
1-minute load average ${machine.load[0].toFixed(2)} before, ${machine.load[1].toFixed(2)} between the two tables, ${machine.load[2].toFixed(2)} after
(other work shares this machine, so absolute numbers move between runs; the ratios are the point).${
  Math.max(...machine.load) > machine.cores
    ? `\n**The machine was loaded during this run** (a 1-minute load of up to ${Math.max(...machine.load).toFixed(1)} on ${machine.cores} cores):
each server got a small and changing share of the CPU, so req/s says more about that share than
about the server, and even CPU per request is inflated (caches and cores shared); compare rows of
one table, not runs.`
    : ""
}
`;
writeFileSync(join(ROOT, "bench/RESULTS-http.md"), report);
console.log(report);
