// HTTP throughput of deterministic System One requests, with the ledger on (auth, reservation,
// settlement, on SQLite and, when DATABASE_URL is set, PostgreSQL) and off (`serve --no-ledger`),
// against the ceiling of a bare fastify route that parses the same body and answers as many bytes
// (bench/bare-fastify.mjs). Each configuration is a spawned process; autocannon runs in this one.
// Writes bench/RESULTS-http.md. Run with `npm run bench:http` (builds first).
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { describeMachine } from "./machine.js";
import { writeKeepingStops } from "./stop-sections.js";

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
/**
 * Requests each configuration answers before it is measured: as many for all, so that a server of
 * large bodies (a quarter of the requests a second) is as compiled as one of small bodies when its
 * rounds begin (2 s of warm-up left the 200 KB model's server still optimising in its first rounds).
 */
const WARM_REQUESTS = Number(process.env.BENCH_WARM_REQUESTS ?? 8000);

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
  /** `--rate-limit` (0, off, unless given: a limit in Redis costs a round trip per request) */
  rateLimit?: number;
  /** `pdm serve` processes on one ledger, each on its own port, the connections split between them (1 unless given) */
  instances?: number;
  /** accounts (each with a key) the connections are split between (1 unless given) */
  accounts?: number;
  /** other processes whose CPU the configuration's requests cost (the PostgreSQL backends of its connections) */
  helpers?: () => Promise<number[]>;
  cleanup?: () => Promise<void>;
  /** the `pdm` script it runs (BIN unless given: another build's, to compare with) */
  bin?: string;
  /** the body it is sent (the lending model and state unless given) */
  body?: string;
}

function baseEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _d, REDIS_URL: _r, PDM_DB: _p, ...env } = process.env;
  return env;
}

async function start(c: Config, args = c.args): Promise<{ child: ChildProcess; url: string; key: string | null }> {
  const command = c.command?.() ?? [c.bin ?? BIN, "serve", "--port", "0", "--rate-limit", String(c.rateLimit ?? 0), ...args];
  // BENCH_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops (bench/cpu-classes.ts reads them)
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, ...command], {
    env: c.env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (profile.length > 0) console.log(`${c.name}: process ${child.pid} (its profile's name holds it)`);
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
  /** one server process per instance */
  children: ChildProcess[];
  /** autocannon's options for each instance: its URL and its share of the connections */
  opts: Record<string, unknown>[];
  /** the size of its first answer */
  answerBytes: number;
}

async function launch(c: Config, sent = c.body ?? body): Promise<Running> {
  const instances = c.instances ?? 1;
  // the first instance creates the account (--bootstrap); the others serve the same ledger
  const first = await start(c);
  const others = [];
  for (let i = 1; i < instances; i++) others.push(await start(c, [...c.args.filter((a) => a !== "--bootstrap"), "--no-bootstrap"]));
  const ledgerArgs = c.args.filter((a) => a !== "--bootstrap");
  const pdm = (...args: string[]) => execFileSync(process.execPath, [c.bin ?? BIN, ...args, ...ledgerArgs], { env: c.env }).toString();
  // enough money that no request of the run meets 402
  if (c.metered) pdm("topup", "--account", "dev", "--usd", "1000000");
  const keys = [first.key];
  for (let a = 1; a < (c.accounts ?? 1); a++) {
    pdm("accounts", "create", "--name", `bench-${a}`, "--balance", "1000000");
    keys.push(pdm("keys", "create", "--account", `bench-${a}`).trim().split("\n").at(-1)!.trim());
  }
  // the connections split between the instances, and between the accounts
  const servers = [first, ...others];
  const targets = Math.max(servers.length, keys.length);
  const opts = Array.from({ length: targets }, (_, i) => {
    const key = keys[i % keys.length];
    return {
      url: `${servers[i % servers.length]!.url}/v1/systemone`,
      method: "POST",
      headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: sent,
      connections: CONNECTIONS / targets,
    };
  });
  let answerBytes = 0;
  for (const o of opts) {
    const answered = await fetch(o.url, { method: "POST", headers: o.headers, body: sent });
    const answer = await answered.text();
    if (answered.status !== 200 && !c.name.startsWith(BARE))
      throw new Error(`${c.name}: the first request answered ${answered.status}: ${answer}`);
    answerBytes = Buffer.byteLength(answer);
    if (responseBytes === 0) responseBytes = answerBytes;
  }
  await cannonAll(opts, { amount: WARM_REQUESTS }); // warm-up: JIT, compile cache, database pages
  return { config: c, children: [first.child, ...others.map((o) => o.child)], opts, answerBytes };
}

/** autocannon against every instance at once for `duration` seconds (or until they have answered `amount` requests), as one result. */
async function cannonAll(opts: Record<string, unknown>[], run: number | { amount: number }): Promise<CannonResult> {
  const limit = (share: number) => (typeof run === "number" ? { duration: run } : { amount: Math.ceil(run.amount / share) });
  const results = await Promise.all(opts.map((o) => autocannon({ ...o, ...limit(opts.length) })));
  if (results.length === 1) return results[0]!;
  const sum = (f: (r: CannonResult) => number) => results.reduce((n, r) => n + f(r), 0);
  // latency of the instance that answered most (each instance's own percentiles do not add up)
  const busiest = results.reduce((a, b) => (b.requests.total > a.requests.total ? b : a));
  return {
    requests: { average: sum((r) => r.requests.average), total: sum((r) => r.requests.total) },
    latency: busiest.latency,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
  };
}

async function stop(r: Running): Promise<void> {
  for (const child of r.children) {
    child.kill("SIGTERM");
    await new Promise((done) => child.once("exit", done));
  }
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

type Measured = Awaited<ReturnType<typeof measureRunning>>[number];

async function measureRunning(running: Running[], rounds: number) {
  const samples = running.map(() => [] as CannonResult[]);
  /** the server's CPU time per request in each round: less swayed by other work on the machine than req/s */
  const cpu = running.map(() => [] as number[]);
  /** the same of its helper processes (database backends), where it has them */
  const helperCpu = running.map(() => [] as number[]);
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [i, r] of running.entries()) {
        const serverCpu = () => r.children.reduce((n, c) => n + cpuSeconds(c.pid), 0);
        const helpersBefore = new Map((await (r.config.helpers?.() ?? Promise.resolve([]))).map((pid) => [pid, cpuSeconds(pid)]));
        const before = serverCpu();
        const result = await cannonAll(r.opts, DURATION);
        samples[i]!.push(result);
        cpu[i]!.push(((serverCpu() - before) * 1e6) / result.requests.total);
        if (r.config.helpers) {
          // a backend opened during the round counts from its start
          const after = await r.config.helpers();
          const used = after.reduce((n, pid) => n + (cpuSeconds(pid) - (helpersBefore.get(pid) ?? 0) || 0), 0);
          helperCpu[i]!.push((used * 1e6) / result.requests.total);
        }
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
      /** the CPU per request of each round, in order (a round of each configuration follows one of the others) */
      cpuRounds: cpu[i]!.map((x) => Math.round(x)),
      answerBytes: r.answerBytes,
      helperCpuUs: helperCpu[i]!.length > 0 ? median(helperCpu[i]!) : NaN,
    };
  });
}

/** the size of the service's answer, read from the first configuration; the bare route answers as much */
let responseBytes = 0;
const dir = mkdtempSync(join(tmpdir(), "pdm-bench-"));
const BARE = "bare fastify route";
/** The bare route, answering as many bytes as the service's first answer (of the configuration before it) */
const bareConfig = (name: string, bytes: () => number, parse = true): Config => ({
  name,
  command: () => [join(ROOT, "bench/bare-fastify.mjs")],
  args: [],
  get env() {
    return { ...baseEnv(), RESPONSE_BYTES: String(bytes()), PARSE: parse ? "1" : "0" };
  },
  metered: false,
});
/** The first table's two `pdm serve` configurations without PostgreSQL, of the build whose `pdm` script is `bin` (BIN unless given), their names ending with `suffix`. */
const localConfigs = (bin?: string, suffix = ""): Config[] => [
  { name: `ledger off (\`--no-ledger\`)${suffix}`, args: ["--no-ledger"], env: baseEnv(), metered: false, bin },
  {
    name: `ledger on, SQLite${suffix}`,
    args: ["--db", join(dir, `pdm${suffix ? "-base" : ""}.db`), "--bootstrap"],
    env: baseEnv(),
    metered: true,
    bin,
  },
];
const configs: Config[] = [...localConfigs(), bareConfig(`${BARE} (the ceiling)`, () => responseBytes)];
const PG_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

/** The CPU seconds PostgreSQL spends for a configuration are those of the backends of its connections, found by their application name. */
async function backendsOf(application: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = $1", [application]);
    return rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

/** A PostgreSQL ledger in a schema of its own (dropped after), its connections named so that their backends' CPU is read. */
function postgresConfig(name: string, extra: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}): Config {
  const tag = `pdm_bench_${randomBytes(4).toString("hex")}`;
  const url = new URL(PG_URL!);
  url.searchParams.set("application_name", tag);
  return {
    name,
    args: ["--bootstrap"],
    env: { ...baseEnv(), DATABASE_URL: url.toString(), PDM_PG_SCHEMA: tag, ...env },
    metered: true,
    helpers: () => backendsOf(tag),
    async cleanup() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${tag} CASCADE`);
      await c.end();
    },
    ...extra,
  };
}
const PG_DURABLE = "ledger on, PostgreSQL";
const PG_TWO_IN_FLIGHT = "ledger on, PostgreSQL, 2 groups in flight";
const PG_ASYNC = "ledger on, PostgreSQL, synchronous_commit off";
/** The first table's PostgreSQL configurations, of the build whose `pdm` script is `bin`, their names ending with `suffix`. */
const pgConfigs = (bin?: string, suffix = ""): Config[] => [
  postgresConfig(`${PG_DURABLE}${suffix}`, { bin }),
  postgresConfig(`${PG_TWO_IN_FLIGHT}${suffix}`, { bin }, { PDM_PG_GROUPS_IN_FLIGHT: "2" }),
  postgresConfig(`${PG_ASYNC}${suffix}`, { bin }, { PDM_PG_SYNCHRONOUS_COMMIT: "off" }),
];
if (PG_URL) configs.push(...pgConfigs());

/**
 * The latency of one durable PostgreSQL commit (BEGIN, an INSERT, COMMIT: the commit waits for
 * its WAL to reach the disk), median of 50, in a table of its own (dropped after); null without a database.
 */
async function commitLatencyMs(): Promise<number | null> {
  if (!PG_URL) return null;
  const table = `pdm_bench_commit_${randomBytes(4).toString("hex")}`;
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(`CREATE TABLE ${table} (n int)`);
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await c.query("BEGIN");
      await c.query(`INSERT INTO ${table} VALUES ($1)`, [i]);
      await c.query("COMMIT");
      times.push(performance.now() - t);
    }
    return median(times);
  } finally {
    await c.query(`DROP TABLE IF EXISTS ${table}`);
    await c.end();
  }
}

/**
 * One instance against two on one PostgreSQL ledger and one Redis (shared rate-limit counts: the
 * limit is on, too high to refuse anything, so that every request counts in Redis as it would in
 * production), the 16 connections split between the two instances' ports.
 */
const RATE_LIMIT_ON = 1_000_000_000;
const scaleOut: Config[] =
  PG_URL && REDIS_URL
    ? [
        [1, 1],
        [2, 1],
        [1, 2],
        [2, 2],
      ].map(([instances, accounts]) =>
        postgresConfig(
          `${instances === 1 ? "one instance" : `${instances} instances`}, ${accounts === 1 ? "one account" : `${accounts} accounts`}`,
          { instances, accounts, rateLimit: RATE_LIMIT_ON },
          { REDIS_URL, PDM_REDIS_PREFIX: `pdm_bench_${randomBytes(4).toString("hex")}:` },
        ),
      )
    : [];

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

/** A server of its own (SQLite ledger) for each body, of the build whose `pdm` script is `bin` (BIN unless given), their names ending with `suffix`. */
const sweepConfigs = (bin?: string, suffix = ""): Config[] =>
  sweep.map((b, i) => ({
    name: `${b.name}${suffix}`,
    args: ["--db", join(dir, `sweep-${i}${suffix ? "-base" : ""}.db`), "--bootstrap"],
    env: baseEnv(),
    metered: true,
    bin,
    body: b.body,
  }));

/** Each body against a server of its own (SQLite ledger), the servers taking turns like the configurations. */
async function measureSweep() {
  const running: Running[] = [];
  for (const c of sweepConfigs()) running.push(await launch(c));
  // what reading the 200 KB body (parsed or not) and sending an answer as large costs a route that does nothing else
  const [small, large] = running as [Running, Running];
  const bare = (what: string, answer: Running, parse: boolean) =>
    launch(
      bareConfig(`${BARE}, ${what}, answering as many bytes`, () => answer.answerBytes, parse),
      sweep[running.indexOf(answer)]!.body,
    );
  running.push(await bare("the 200 KB body parsed", large, true));
  running.push(await bare("the 200 KB body read, not parsed", large, false));
  // and the 2 KB one: the difference of the two is what the bytes alone cost
  running.push(await bare("the 2 KB body read, not parsed", small, false));
  return measureRunning(running, SWEEP_ROUNDS);
}

/**
 * BENCH_SIZES=1: CPU per request against the model's size (2 KB to 200 KB, the state as sampled)
 * and against the state's (0 to 1,000 history entries, the 2 KB model), each body against a server
 * of its own (SQLite ledger) and against the bare route reading it unparsed and answering as many
 * bytes made once (what the bytes alone cost), all taking turns; printed, RESULTS-http.md not written.
 */
async function measureSizes(): Promise<void> {
  const bodies = [
    ...[2_000, 20_000, 50_000, 100_000, 200_000].map((bytes) => ({
      name: `model ${bytes / 1000} KB, state as sampled`,
      model: bytes === 2_000 ? model : paddedModel(bytes),
      state,
    })),
    ...[10, 100, 1_000].map((months) => ({ name: `model 2 KB, state with ${months} history entries`, model, state: withHistory(months) })),
  ].map((b) => ({ ...b, body: JSON.stringify({ model: b.model, state: b.state }) }));
  const running: Running[] = [];
  for (const [i, b] of bodies.entries()) {
    const served = await launch(
      { name: b.name, args: ["--db", join(dir, `sizes-${i}.db`), "--bootstrap"], env: baseEnv(), metered: true },
      b.body,
    );
    running.push(
      served,
      await launch(
        bareConfig(`${BARE}, ${b.name}, read unparsed`, () => served.answerBytes, false),
        b.body,
      ),
    );
  }
  const load = loadavg()[0]!;
  for (const [i, r] of (await measureRunning(running, SWEEP_ROUNDS)).entries())
    console.log(
      `${r.name}: body ${bodies[i >> 1]!.body.length} B, answer ${r.answerBytes} B, ${r.rps.toFixed(0)} req/s, ${r.cpuUs.toFixed(0)} µs CPU/request (rounds ${r.cpuRounds.join(", ")}), ${r.failed} failed`,
    );
  console.log(`1-minute load ${load.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`);
}
if (process.env.BENCH_SIZES) {
  await measureSizes();
  process.exit(0);
}

/**
 * BENCH_ONLY=name,name...: only the configurations of the first table and of the size table
 * ("model 200 KB", …) whose names contain one of these are measured, in turns, and printed;
 * nothing else is run and RESULTS-http.md is not written.
 * BENCH_BASE_BIN=<another build's bin/pdm.mjs> adds each chosen `pdm serve` configuration of that
 * build, named "… (base)", taking turns with the rest: base and new measured in the same rounds.
 */
async function measureChosen(only: string[]): Promise<void> {
  const chosen = (list: Config[]) => list.filter((c) => only.some((o) => c.name.includes(o)));
  const base = process.env.BENCH_BASE_BIN;
  const picked = chosen([
    ...configs,
    ...sweepConfigs(),
    ...(base ? [...localConfigs(base, " (base)"), ...(PG_URL ? pgConfigs(base, " (base)") : []), ...sweepConfigs(base, " (base)")] : []),
  ]);
  const load = loadavg()[0]!;
  for (const r of await measureAll(picked))
    console.log(
      `${r.name}: ${r.rps.toFixed(0)} req/s (rounds ${r.rounds.join(", ")}), ${r.cpuUs.toFixed(0)} µs CPU/request (rounds ${r.cpuRounds.join(", ")})${Number.isNaN(r.helperCpuUs) ? "" : ` (PostgreSQL ${r.helperCpuUs.toFixed(0)} µs)`}, ${r.failed} failed`,
    );
  console.log(`1-minute load ${load.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`);
}
const ONLY = process.env.BENCH_ONLY?.split(",").filter((o) => o.trim() !== "");
if (ONLY) {
  await measureChosen(ONLY);
  process.exit(0);
}

const loadBefore = loadavg()[0]!;
const commitMs = await commitLatencyMs();
const results = await measureAll(configs);
const loadBetween = loadavg()[0]!;
const swept = await measureSweep();
const loadBeforeScale = loadavg()[0]!;
const scaled = scaleOut.length > 0 ? await measureAll(scaleOut) : [];
for (const r of results)
  console.log(
    `${r.name}: ${r.rps.toFixed(0)} req/s (rounds ${r.rounds.join(", ")}), p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.cpuUs.toFixed(0)} µs CPU/request`,
  );
const machine = { ...describeMachine(), load: [loadBefore, loadBetween, loadBeforeScale, loadavg()[0]!] as const };
const off = results[0]!.rps;
const ceiling = results.find((r) => r.name.startsWith(BARE))!.rps;
const sqliteRow = results.find((r) => r.name === "ledger on, SQLite")!;
const sqlite = sqliteRow.rps;
const bareCpu = results.find((r) => r.name.startsWith(BARE))!.cpuUs;
const rows = results.map(
  (r) =>
    `| ${r.name} | ${r.rps.toFixed(0)} | ${r.rounds.join(", ")} | ${r.p50} | ${r.p99} | ${r.failed} | ${r.cpuUs.toFixed(0)} | ${r === results[0] || r.name.startsWith(BARE) ? "—" : `${(((off - r.rps) / off) * 100).toFixed(1)} %`} | ${((r.rps / ceiling) * 100).toFixed(0)} % |`,
);
const pgRow = results.find((r) => r.name === PG_DURABLE);
const pgTwoRow = results.find((r) => r.name === PG_TWO_IN_FLIGHT);
/** the PostgreSQL ledger with a durability like SQLite's (WAL, synchronous = NORMAL): the one the target compares */
const pgAsyncRow = results.find((r) => r.name === PG_ASYNC);
const SQLITE_TARGET = 0.35;
const PG_TARGET = 0.7;
const MODEL_SIZE_TOLERANCE = 0.1;
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
const small = swept[0]!;
const large = swept[1]!;
const sizeRatio = large.cpuUs / small.cpuUs;
const sweepRows = swept.map((r, i) => {
  const b = sweep[i] ?? (i === swept.length - 1 ? sweep[0]! : sweep[1]!);
  return `| ${r.name} | ${b.modelBytes} | ${b.body.length} | ${r.answerBytes} | ${r.rps.toFixed(0)} | ${r.rounds.join(", ")} | ${r.failed} | ${r.cpuUs.toFixed(0)} | ${(r.cpuUs / small.cpuUs).toFixed(2)} |`;
});
const [bareLarge, bareLargeRead, bareSmallRead] = swept.slice(sweep.length) as [Measured, Measured, Measured];
/** what the 200 KB model's bytes in and out cost on their own: the bare route's difference, read but not parsed */
const bytesCost = bareLargeRead.cpuUs - bareSmallRead.cpuUs;
const us = (x: number) => `${x.toFixed(0)} µs`;
const [one, two, oneTwoAccounts, twoTwoAccounts] = scaled;
/** requests per second that one core gives at a CPU cost per request */
const perCore = (cpuUs: number) => (1e6 / cpuUs).toFixed(0);
/** the ratio of b to a, as "1.23×" */
const times = (b: number, a: number) => `${(b / a).toFixed(2)}×`;
const scaleSection =
  one && two && oneTwoAccounts && twoTwoAccounts
    ? `## Two instances on one PostgreSQL and Redis

The same 16 connections against one \`pdm serve\` and against two, each on its own port (as two
machines behind a load balancer would be), the connections split evenly between the instances and
between the accounts: one account (one key), or two (a key each; with two instances, one per
instance). One ledger schema (durable commits, one group in flight per instance: the defaults), one Redis for the rate-limit counts (on here, at a limit too high
to refuse anything, so each request counts in Redis). The configurations take turns, ${ROUNDS} rounds
of ${DURATION} s. CPU per request is that of the instances together; PostgreSQL's is that of the backends
of their connections.

| configuration | req/s (median) | rounds | p50 ms | p99 ms | failed | instances' CPU µs/request | PostgreSQL CPU µs/request |
|---|---:|---|---:|---:|---:|---:|---:|
${scaled.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.rounds.join(", ")} | ${r.p50} | ${r.p99} | ${r.failed} | ${r.cpuUs.toFixed(0)} | ${r.helperCpuUs.toFixed(0)} |`).join("\n")}

Two instances give ${times(two.rps, one.rps)} the req/s of one on one account (${times(two.cpuUs, one.cpuUs)} the instances' CPU per
request, ${times(two.helperCpuUs, one.helperCpuUs)} PostgreSQL's), and ${times(twoTwoAccounts.rps, oneTwoAccounts.rps)} on two accounts (${times(twoTwoAccounts.cpuUs, oneTwoAccounts.cpuUs)}, ${times(twoTwoAccounts.helperCpuUs, oneTwoAccounts.helperCpuUs)}).
Each instance commits groups of its own requests, so the same load split two ways makes groups
about half as large and each commit's cost is shared by fewer requests; on one account the two
instances' groups also wait for each other on the account's row lock, and each instance's memory of
the account's row is out of date after every group of the other, so its groups of one round trip
fail their check and go the long way (docs/deploy.md, "One busy account on several instances").
On this machine the instances, PostgreSQL, Redis and the load generator share the same ${machine.cores}
cores, so a second instance adds no CPU: it can only fill the time one instance spends waiting
on PostgreSQL's commits with another's work. What a second or third machine adds is its own
cores: an instance needs ${us(Math.min(one.cpuUs, oneTwoAccounts.cpuUs))} to ${us(Math.max(two.cpuUs, twoTwoAccounts.cpuUs))} of CPU per request here, so each machine adds
roughly ${perCore(Math.max(two.cpuUs, twoTwoAccounts.cpuUs))} to ${perCore(Math.min(one.cpuUs, oneTwoAccounts.cpuUs))} req/s per core, until what they share limits them.
First the account's row: every settlement of one account locks it, so the groups of all instances
on one busy account commit one after another, each waiting for its WAL flush${commitMs === null ? "" : ` (${commitMs.toFixed(1)} ms for a durable commit here)`}, which bounds one
account's req/s whatever the number of machines; the groups of different accounts commit side by side.
Then PostgreSQL's CPU, ${us(Math.min(one.helperCpuUs, oneTwoAccounts.helperCpuUs))} to ${us(Math.max(two.helperCpuUs, twoTwoAccounts.helperCpuUs))} a request here (≈ ${perCore(Math.max(two.helperCpuUs, twoTwoAccounts.helperCpuUs))} to ${perCore(Math.min(one.helperCpuUs, oneTwoAccounts.helperCpuUs))} req/s a core of
the database; more instances, each sending smaller groups, cost it more per request), and its
disk's flushes. Redis takes one INCR per request (its CPU is not measured here: it serves other
work on this machine too).
`
    : `## Two instances on one PostgreSQL and Redis

Not measured (DATABASE_URL and REDIS_URL must both be set).
`;
const report = `# HTTP benchmark: deterministic System One

\`npm run bench:http\` (bench/http.ts). Each row is a spawned \`pdm serve\` answering
\`POST /v1/systemone\` with the lending sample model and a matching JSON state
(${body.length} bytes, the compiled module cached after the first request), measured with
autocannon: ${CONNECTIONS} connections, rate limit off, a warm-up of ${WARM_REQUESTS} requests each, then ${ROUNDS} rounds of
${DURATION} s in which the configurations take turns; req/s is the median round.
"Ledger on" includes the key lookup, the reservation and the settlement (with its ledger entry),
and the signed receipt is produced in every row (receipts are signed in batches: one Ed25519
signature per group commit, or per turn of the event loop without a ledger, and a Merkle inclusion
proof each). Both ledgers commit the steps of concurrent requests in groups: SQLite one IMMEDIATE
transaction per turn of the event loop, PostgreSQL one transaction per group, of one round trip and one statement
on rows the instance knows as its groups left them, else two (src/ledger/pg-group-commit.ts), one group in flight unless \`PDM_PG_GROUPS_IN_FLIGHT\` says more,
durable unless \`PDM_PG_SYNCHRONOUS_COMMIT=off\` (the rows say which). CPU is the server process's user + system time per request in its median round (from
/proc), less swayed by other work on the machine than req/s. The ceiling is a bare fastify route in its own
process (\`bench/bare-fastify.mjs\`: no logger, no auth) that parses the same body and answers
${responseBytes} bytes, the size of the service's answer, measured in the same rounds.

| configuration | req/s (median) | rounds | p50 ms | p99 ms | failed | CPU µs/request | cost of the ledger | share of the ceiling |
|---|---:|---|---:|---:|---:|---:|---:|---:|
${rows.join("\n")}

Targets (same run):
- the SQLite ledger at ≥ ${pct(SQLITE_TARGET)} of the bare route's req/s: ${verdict(sqlite / ceiling >= SQLITE_TARGET)}
  (${pct(sqlite / ceiling)}; by CPU per request, ${pct(bareCpu / sqliteRow.cpuUs)});
- the PostgreSQL ledger at ≥ ${pct(PG_TARGET)} of the SQLite figure, at a durability like SQLite's: ${
  pgRow && pgAsyncRow && pgTwoRow
    ? `${verdict(pgAsyncRow.rps / sqlite >= PG_TARGET)} (${pct(pgAsyncRow.rps / sqlite)}; by CPU per request, ${pct(sqliteRow.cpuUs / pgAsyncRow.cpuUs)},
  PostgreSQL's backends spending ${us(pgAsyncRow.helperCpuUs)} a request besides). SQLite runs in WAL mode with
  synchronous = NORMAL: a commit does not wait for the disk, and a power loss may undo the last
  commits but never corrupts. PostgreSQL's like is \`PDM_PG_SYNCHRONOUS_COMMIT=off\` (docs/deploy.md,
  "Durability"): the money steps' commits do not wait for the WAL flush, and a crash of the database
  server (not of an instance) may undo the last fraction of a second of them, never corrupting. With
  durable commits, the default, ${pct(pgRow.rps / sqlite)} (by CPU per request ${pct(sqliteRow.cpuUs / pgRow.cpuUs)}, the backends
  ${us(pgRow.helperCpuUs)} besides): its req/s is bound by the latency of its commits more than by CPU, a durable commit
  taking ${commitMs!.toFixed(1)} ms here (median of 50 alone) while the account's row stays locked, so ${CONNECTIONS} connections
  wait in turn (p50 ${pgRow.p50} ms against SQLite's ${sqliteRow.p50} ms). Two groups in flight (\`PDM_PG_GROUPS_IN_FLIGHT=2\`: the next
  group forms as soon as the one before has sent its COMMIT and takes its locks while that commit
  waits for the disk) give ${times(pgTwoRow.rps, pgRow.rps)} the req/s of one at ${times(pgTwoRow.cpuUs, pgRow.cpuUs)} the CPU per request
  (groups half as large) and ${times(pgTwoRow.helperCpuUs, pgRow.helperCpuUs)} the backends'`
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

| body | model bytes | body bytes | answer bytes | req/s (median) | rounds | failed | CPU µs/request | CPU vs the first row |
|---|---:|---:|---:|---:|---|---:|---:|---:|
${sweepRows.join("\n")}

The last three rows are a bare fastify route (no logger, no auth, no work) with the same bodies
and answers as large as the service's: parsing the 200 KB body and sending ${bareLarge.answerBytes} bytes
costs it ${us(bareLarge.cpuUs)} a request; only reading that body and sending those bytes,
${us(bareLargeRead.cpuUs)}, against ${us(bareSmallRead.cpuUs)} for the 2 KB body and its answer. The bytes alone of the
200 KB model (read in, and echoed twice in the answer: the model, and its descriptions in the input
schema, as the spec's response requires) so cost ${us(bytesCost)} a request, ${pct(bytesCost / small.cpuUs)} of the
2 KB call's ${us(small.cpuUs)}${
  bytesCost / small.cpuUs > MODEL_SIZE_TOLERANCE
    ? `: the ±${pct(MODEL_SIZE_TOLERANCE)} target cannot be met while the answer echoes the model`
    : ""
}.
The service's own difference, ${us(large.cpuUs - small.cpuUs)}, is ${
  Math.abs(large.cpuUs - small.cpuUs - bytesCost) <= 0.1 * bytesCost
    ? "about the same"
    : `${us(Math.abs(large.cpuUs - small.cpuUs - bytesCost))} ${large.cpuUs - small.cpuUs > bytesCost ? "more" : "less"} than that`
} (the bare route's figures move
with the load on the machine as much as the service's).

${scaleSection}
Machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${machine.platform}; ${machine.date};
1-minute load average ${machine.load[0].toFixed(2)} before, ${machine.load[1].toFixed(2)} after the first table, ${machine.load[2].toFixed(2)} after the second, ${machine.load[3].toFixed(2)} at the end
(other work shares this machine, so absolute numbers move between runs; the ratios are the point).${
  Math.max(...machine.load) > machine.cores
    ? `\n**The machine was loaded during this run** (a 1-minute load of up to ${Math.max(...machine.load).toFixed(1)} on ${machine.cores} cores):
each server got a small and changing share of the CPU, so req/s says more about that share than
about the server, and even CPU per request is inflated (caches and cores shared); compare rows of
one table, not runs.`
    : ""
}
`;
writeKeepingStops(join(ROOT, "bench/RESULTS-http.md"), report);
console.log(report);
