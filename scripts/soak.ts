// The soak: the real server (`pdm serve` on loopback, a fresh SQLite ledger) under a mix of normal
// calls and issue 17's attacks for N minutes, with bounded concurrency. Every second it samples
// the server's resident memory; at the end it prints the normal calls' p50 and p99, the memory's
// minimum, maximum and last, the requests by status, and a reconciliation of the ledger to the
// micro-dollar: each account's balance against its statement (opening less charges), and the
// statement against the charges its receipts show. Not part of the tests; `npm run soak` (builds
// first), e.g. `npm run soak -- --minutes 3 --concurrency 8 --hostile 0.2 --skip matches,recursion`.
import { parseArgs } from "node:util";
import { ATTACKS, normalCall, type Attack, type Sender } from "../test/server/hostile/attacks.js";
import { startLocalServer } from "../test/server/hostile/local-server.js";
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

const { url, keys, db, residentMb, stop } = await startLocalServer([], "1000");
const rss: number[] = [];
const sampler = setInterval(() => rss.push(residentMb()), 1_000);

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
await stop();

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
for (const a of await readAccounts(db, ["funded", "broke"])) {
  const ok = a.reserved === 0 && a.balance === a.opening - a.statement && a.statement === receipts[a.name];
  balanced &&= ok;
  lines.push(
    `  ${a.name}: opening ${usd(a.opening)}, balance ${usd(a.balance)}, reserved ${usd(a.reserved)}, statement ${usd(a.statement)}, receipts ${usd(receipts[a.name]!)}: ${ok ? "reconciled" : "MISMATCH"}`,
  );
}
console.log(lines.join("\n"));
process.exitCode = balanced && wrong === 0 ? 0 : 1;
