// The soak: the real server (`pdm serve` on loopback, a fresh SQLite ledger) under a mix of normal
// calls and issue 17's attacks for N minutes, with bounded concurrency. Every second it samples
// the server's resident memory; at the end it prints the normal calls' p50 and p99, the memory's
// minimum, maximum and last, the requests by status, and a reconciliation of the ledger to the
// micro-dollar: each account's balance against its statement (opening less charges), and the
// statement against the charges its receipts show. Not part of the tests; `npm run soak` (builds
// first), e.g. `npm run soak -- --minutes 3 --concurrency 8 --hostile 0.2 --skip matches,recursion`.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { ATTACKS, normalCall, type Attack, type Sender } from "../test/server/hostile/attacks.js";
import { readAccounts, receiptMicros, send, type Reply } from "../test/server/hostile/traffic.js";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "3" },
    concurrency: { type: "string", default: "8" },
    /** the share of requests that are attacks */
    hostile: { type: "string", default: "0.2" },
    /** leave out the attacks whose name contains one of these (comma-separated) */
    skip: { type: "string", default: "" },
  },
});
const MINUTES = Number(values.minutes);
const CONCURRENCY = Number(values.concurrency);
const HOSTILE = Number(values.hostile);
const skipped = values.skip.split(",").filter(Boolean);
const attacks = ATTACKS.filter((a) => !skipped.some((s) => a.name.includes(s)));

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(ROOT, "bin/pdm.mjs");
const dir = mkdtempSync(join(tmpdir(), "pdm-soak-"));
const DB = ["--db", join(dir, "pdm.db")];

const pdm = (args: string[]): Promise<string> =>
  new Promise((resolve, reject) =>
    execFile(process.execPath, [BIN, ...args, ...DB], { cwd: ROOT }, (e, out, err) =>
      e ? reject(new Error(err || e.message)) : resolve(out),
    ),
  );

async function account(name: string, usd: string): Promise<string> {
  await pdm(["accounts", "create", "--name", name, "--balance", usd]);
  return (await pdm(["keys", "create", "--account", name])).trim().split("\n").at(-1)!.trim();
}

const server = spawn(
  process.execPath,
  [BIN, "serve", "--port", "0", "--no-bootstrap", "--log-level", "silent", "--rate-limit", "0", ...DB],
  {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const url = await new Promise<string>((resolve, reject) => {
  let out = "";
  server.stdout!.on("data", (d: Buffer) => {
    out += d.toString();
    const m = /pdm listening on (http:\/\/\S+)/.exec(out);
    if (m) resolve(m[1]!);
  });
  server.on("exit", (code) => reject(new Error(`the server exited with ${code}`)));
});
const keys: Record<Sender, string | null> = { funded: await account("funded", "1000"), broke: await account("broke", "0"), none: null };

/** Resident memory of the server process (its compile workers are threads of it), in MB. */
const rssMb = (): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
};
const rss: number[] = [];
const sampler = setInterval(() => rss.push(rssMb()), 1_000);

const statuses = new Map<string, number>();
const normalMs: number[] = [];
const receipts: Record<string, number> = { funded: 0, broke: 0 };
let wrong = 0;
let sent = 0;

/** An attack made new each time (its model renamed), so the compile caches do not absorb it. */
const fresh = (a: Attack): Attack => ({ ...a, body: a.body?.replace('"name":"hostile"', `"name":"hostile ${sent}"`) });

function count(label: string, reply: Reply, sender: Sender): void {
  const key = `${reply.status}${reply.status === 200 ? "" : ` ${reply.body?.code}`} (${label})`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
  if (sender !== "none") receipts[sender]! += receiptMicros(reply);
}

async function worker(until: number): Promise<void> {
  while (Date.now() < until) {
    sent++;
    if (attacks.length > 0 && Math.random() < HOSTILE) {
      const attack = fresh(attacks[Math.floor(Math.random() * attacks.length)]!);
      const reply = await send(url, keys, attack).catch(() => ({ status: 0, body: { code: "no answer" } }));
      if (reply.status === 200 && !attack.answer?.(reply.body)) wrong++;
      count("attack", reply, attack.sender);
      continue;
    }
    const normal = normalCall(Math.floor(Math.random() * 1_000));
    const start = performance.now();
    const reply = await send(url, keys, normal).catch(() => ({ status: 0, body: { code: "no answer" } }));
    normalMs.push(performance.now() - start);
    if (reply.status === 200 && !normal.answer!(reply.body)) wrong++;
    count("normal", reply, "funded");
  }
}

const until = Date.now() + MINUTES * 60_000;
await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(until)));
clearInterval(sampler);
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));

const sorted = [...normalMs].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const usd = (micros: number) => (micros / 1e6).toFixed(6);
const lines = [
  `soak: ${MINUTES} min, ${CONCURRENCY} concurrent, ${Math.round(HOSTILE * 100)}% attacks (${attacks.length} kinds), ${sent} requests`,
  `normal calls: ${normalMs.length}, p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
  `wrong 200 answers (normal or attack): ${wrong}`,
  `server RSS (MB): min ${Math.min(...rss).toFixed(0)}, max ${Math.max(...rss).toFixed(0)}, last ${rss.at(-1)?.toFixed(0)} (${rss.length} samples)`,
  "requests by status:",
  ...[...statuses].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `  ${k}: ${v}`),
  "ledger (USD):",
];
let balanced = true;
for (const a of await readAccounts(join(dir, "pdm.db"), ["funded", "broke"])) {
  const ok = a.reserved === 0 && a.balance === a.opening - a.statement && a.statement === receipts[a.name];
  balanced &&= ok;
  lines.push(
    `  ${a.name}: opening ${usd(a.opening)}, balance ${usd(a.balance)}, reserved ${usd(a.reserved)}, statement ${usd(a.statement)}, receipts ${usd(receipts[a.name]!)}: ${ok ? "reconciled" : "MISMATCH"}`,
  );
}
console.log(lines.join("\n"));
process.exitCode = balanced && wrong === 0 ? 0 : 1;
