// What the distributed batch's tests share: `pdm worker` and `pdm score --queue` as real processes
// of the built CLI, a fresh key prefix per test file (removed at the end: Redis is shared), rows
// generated for each run, and local `pdm score` of the same rows as the oracle.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { Redis } from "ioredis";
import { pdmBin, ROOT } from "../../server/spawn.js";

export const REDIS_URL = process.env.REDIS_URL;

export const tmp = (): string => mkdtempSync(join(tmpdir(), "pdm-queue-"));

export const freshPrefix = (): string => `pdm-queue-test-${randomBytes(4).toString("hex")}`;

/** Every key under the prefix (the queue's and the runs'). */
export async function keysUnder(url: string, prefix: string, pattern = "*"): Promise<string[]> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}:${pattern}`, count: 1000 }) as AsyncIterable<string[]>)
      keys.push(...batch);
    return keys;
  } finally {
    redis.disconnect();
  }
}

/** Removes what a test file created: its prefix's keys, nothing else. */
export async function dropPrefix(url: string, prefix: string): Promise<void> {
  const keys = await keysUnder(url, prefix);
  if (keys.length === 0) return;
  const redis = new Redis(url);
  try {
    for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
  } finally {
    redis.disconnect();
  }
}

/** A model whose rows take about a millisecond each (a sum over `n` items), so a chunk is long enough to be killed in. */
const SLOW_MODEL = {
  content: {
    name: "queue-test",
    inputs: {
      n: { type: "number", desc: "How many?" },
      name: { type: "string", desc: "Who?" },
      member: { type: "boolean", desc: "A member?" },
    },
    decisions: {
      total: "sum(for i in 1..n return i * 1.5)",
      greeting: 'if member then "welcome " + name else "hello " + name',
      size: 'if total > 100000 then "large" else "small"',
    },
  },
  questions: {},
};

export function writeModel(dir: string, model: unknown = SLOW_MODEL): string {
  const path = join(dir, "model.json");
  writeFileSync(path, JSON.stringify(model));
  return path;
}

const validRow = fc.record(
  {
    id: fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -5, max: 100000 })),
    n: fc.integer({ min: 200, max: 1500 }),
    name: fc.string({ maxLength: 12, unit: "grapheme" }),
    member: fc.boolean(),
  },
  { requiredKeys: ["n", "name", "member"] },
);

/** A row line nobody wrote: mostly valid, some of the wrong type, not JSON, blank or missing an input. */
const rowLine: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: validRow.map((r) => JSON.stringify(r)) },
  { weight: 1, arbitrary: validRow.map((r) => JSON.stringify({ ...r, member: "yes" })) },
  { weight: 1, arbitrary: validRow.map((r) => JSON.stringify(r).slice(0, -1)) },
  { weight: 1, arbitrary: fc.constantFrom("", "  ", "[]", "null", '{"n": 3}') },
);

/** `count` generated JSONL lines (seeded); `bad` lines in a row of nothing but invalid rows at `badAt`. */
export function generatedRows(count: number, seed: number, bad?: { at: number; count: number }): string {
  const lines = fc.sample(rowLine, { numRuns: count, seed });
  if (bad)
    lines.splice(
      bad.at,
      0,
      ...fc.sample(fc.constantFrom('{"n": "many"}', "{oops", '{"name": 1, "member": 2}', "17"), { numRuns: bad.count, seed }),
    );
  return `${lines.join("\n")}\n`;
}

/** Local `pdm score` of the same rows: the oracle. */
export function localScore(model: string, input: string, out: string, extra: string[] = []): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [pdmBin(), "score", model, "--in", input, "--out", out, "--workers", "1", ...extra], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return { status: r.status, stderr: r.stderr };
}

export interface Proc {
  child: ChildProcess;
  stderr(): string;
  /** resolves once stderr matches */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

export function start(args: string[], options: { input?: string } = {}): Proc {
  const child = spawn(process.execPath, [pdmBin(), ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
  let err = "";
  const waiters: (() => void)[] = [];
  child.stderr!.on("data", (d: Buffer) => {
    err += d.toString();
    for (const w of [...waiters]) w();
  });
  child.stdout!.resume();
  if (options.input !== undefined) child.stdin!.end(options.input);
  else child.stdin!.end();
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    stderr: () => err,
    exited,
    kill: (signal = "SIGKILL") => void child.kill(signal),
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(err);
          if (!m) return;
          waiters.splice(waiters.indexOf(check), 1);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(check), 1);
          reject(new Error(`no ${pattern} in ${timeoutMs} ms; stderr:\n${err}`));
        }, timeoutMs);
        waiters.push(check);
        check();
        void exited.then(() => {
          if (waiters.includes(check)) {
            waiters.splice(waiters.indexOf(check), 1);
            clearTimeout(timer);
            reject(new Error(`exited before ${pattern}; stderr:\n${err}`));
          }
        });
      });
    },
  };
}

/** A `pdm worker` with a short stall time (a killed worker's chunk is back in the queue within seconds), once it is ready. */
export async function startWorker(url: string, prefix: string, extra: string[] = []): Promise<Proc> {
  const w = start([
    "worker",
    "--queue",
    url,
    "--queue-prefix",
    prefix,
    "--concurrency",
    "1",
    "--stall-seconds",
    "3",
    "--verbose",
    ...extra,
  ]);
  await w.waitFor(/scoring chunks of queue/);
  return w;
}

/** Chunk numbers a worker's log says it started and finished, for one run's chunks. */
export function chunksOf(log: string): { started: number[]; done: number[] } {
  const started = [...log.matchAll(/chunk (\d+) of run \S+ \(rows [^)]*\): started/g)].map((m) => Number(m[1]));
  const done = [...log.matchAll(/chunk (\d+) of run \S+ \(rows [^)]*\): done/g)].map((m) => Number(m[1]));
  return { started, done };
}

/** The row numbers of a JSONL output, in order. */
export const rowNumbers = (jsonl: string): number[] =>
  jsonl
    .split("\n")
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { row: number }).row);
