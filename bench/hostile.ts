// How long each attack holds the server's event loop: every attack of the hostile suites (issue 17's
// list, then each doubling carrier at the bottom and the top of its depths, run, explained and
// checked) is sent alone to a fresh `pdm serve` on loopback (SQLite ledger, one compile worker),
// and the server's own measure (pdm_event_loop_delay_max_seconds, restarted before each attack)
// read after it, beside the body's size, the answer and the resident memory's growth. Writes
// bench/RESULTS-hostile.md with the worst hold of the requests under 64 KB (the target: 100 ms).
// `npm run bench:hostile` (builds first); on a loaded machine every figure includes the time the
// server waited for a core, so the load average is printed beside them.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ATTACKS, type Attack, type Sender } from "../test/server/hostile/attacks.js";
import { CARRIERS, doublingAttack } from "../test/server/hostile/doubling.js";
import { send } from "../test/server/hostile/traffic.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(ROOT, "bin/pdm.mjs");
const DB = ["--db", join(mkdtempSync(join(tmpdir(), "pdm-hostile-")), "pdm.db")];
const UNDER = 64 * 1024;
const TARGET_MS = 100;

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
  [
    BIN,
    "serve",
    "--port",
    "0",
    "--no-bootstrap",
    "--log-level",
    "silent",
    "--rate-limit",
    "0",
    "--compile-workers",
    "1",
    "--compile-timeout",
    "90000",
    ...DB,
  ],
  { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
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

const residentMb = (): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))![1]) / 1024;
async function heldMs(): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^pdm_event_loop_delay_max_seconds (\S+)$/m.exec(text)![1]) * 1000;
}

const attacks: Attack[] = [
  ...ATTACKS,
  ...CARRIERS.flatMap((carrier) =>
    carrier.depths.flatMap((depth) => (["run", "explain", "check"] as const).map((form) => doublingAttack(carrier, depth, "funded", form))),
  ),
];

interface Row {
  name: string;
  bytes: number;
  answer: string;
  held: number;
  grownMb: number;
}
const rows: Row[] = [];
const baseMb = residentMb();
for (const attack of attacks) {
  await heldMs();
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb())), 50);
  const reply = await send(url, keys, attack).catch(() => ({ status: 0, body: { code: "no answer" } }));
  clearInterval(sampler);
  const row = {
    name: attack.name,
    bytes: attack.body?.length ?? 0,
    answer: `${reply.status}${reply.status === 200 ? "" : ` ${reply.body?.code}`}`,
    held: Math.round(await heldMs()),
    grownMb: Math.max(0, Math.round(peak - baseMb)),
  };
  rows.push(row);
  console.log(`${row.held} ms  ${row.bytes} B  ${row.answer}  ${row.name}`);
}
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));

const under = rows.filter((r) => r.bytes < UNDER);
const worst = under.reduce((a, b) => (b.held > a.held ? b : a));
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(", ");
const md = [
  "# How long each attack holds the server's event loop",
  "",
  `\`npm run bench:hostile\`: ${rows.length} attacks, each sent alone to a fresh \`pdm serve\` (SQLite ledger, one compile worker), the server's own \`pdm_event_loop_delay_max_seconds\` restarted before each and read after it (10 ms resolution). Load average at the end ${load} (1, 5, 15 min) on ${availableParallelism()} cores: every hold includes the time the server waited for a core.`,
  "",
  `Requests under 64 KB: ${under.length}; the longest hold ${worst.held} ms (${worst.name}); ${under.filter((r) => r.held > TARGET_MS).length} over the ${TARGET_MS} ms target. Resident memory grew at most ${Math.max(...rows.map((r) => r.grownMb))} MB over the server's ${Math.round(baseMb)} MB after start-up.`,
  "",
  "| attack | body bytes | answer | event loop held, ms | memory grown, MB |",
  "|---|---:|---|---:|---:|",
  ...rows.map((r) => `|${r.name.replaceAll("|", "\\|")}|${r.bytes}|${r.answer}|${r.held}|${r.grownMb}|`),
  "",
].join("\n");
writeFileSync(join(ROOT, "bench/RESULTS-hostile.md"), md);
console.log(`\nunder 64 KB: worst ${worst.held} ms (${worst.name}); load ${load}`);
