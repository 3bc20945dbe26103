// Fairness of compiles: one client floods distinct compile-heavy models (each about a second of a
// compile worker's time) from 32 connections while another calls a model compiled already, one
// call at a time. Prints the victim's p50/p99, the flood's answers by status and code, and the
// server's resident memory before, during and after, and the CPU time of the server's own process
// (its event loop, not its compile workers) over the flood. `npm run bench:compile-fairness --
// [seconds]`. The flood and the victim are two keys of two accounts (the server's rate limit is off;
// the compile pool holds each key to its share, --compile-share); on a loaded machine the latencies
// include the wait for a core, so the load average is printed beside them.
import { loadavg } from "node:os";
import { startLocalServer } from "../test/server/hostile/local-server.js";

const SECONDS = Number(process.argv[2] ?? 30);
const FLOODERS = 32;
/** decisions of a flood model: chosen so that one compiles in about a second */
const DECISIONS = Number(process.env.FAIR_DECISIONS ?? 1500);

const question = (instructions: string) => ({ type: "number", instructions });
const heavy = (i: number) => {
  const decisions: Record<string, string> = { d0: `n * ${i + 1}` };
  for (let d = 1; d < DECISIONS; d++) decisions[`d${d}`] = `if d${d - 1} > ${d} then d${d - 1} - ${d} else d${d - 1} + ${d} * n`;
  return { name: `heavy${i}`, inputs: { n: { type: "number", desc: "n?" } }, decisions };
};
const victimModel = {
  content: { name: "victim", inputs: { n: { type: "number", desc: "n?" } }, decisions: { twice: "n * 2" } },
  questions: { twice: question("twice?") },
};

const { url, keys, residentMb, cpuMs, newKey, stop } = await startLocalServer([], "100000");
const victimKey = await newKey("victim", "100000");
const post = async (key: string, body: unknown) => {
  const res = await fetch(`${url}/v1/systemone`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const problem = res.status === 200 ? {} : (JSON.parse(text) as { code?: string; detail?: string });
  // a refusal for the key's share (--compile-share) told apart from one for the whole queue
  const code = `${problem.code ?? ""}${problem.detail?.includes("--compile-share") ? " (the key's share)" : ""}`;
  return { status: res.status, code, retryAfter: res.headers.get("retry-after") };
};
const victimCall = () => post(victimKey, { model: victimModel, state: { n: 21 } });

// the victim's model compiled once, then its calls timed alone
await victimCall();
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
const victim = async (until: number) => {
  const ms: number[] = [];
  while (Date.now() < until) {
    const t = performance.now();
    const r = await victimCall();
    if (r.status !== 200) throw new Error(`the victim's call answered ${r.status} ${r.code}`);
    ms.push(performance.now() - t);
  }
  return ms;
};
const alone = await victim(Date.now() + 5000);
const before = residentMb();

let next = 0;
const answers = new Map<string, number>();
let peak = before;
const cpuBefore = cpuMs();
const until = Date.now() + SECONDS * 1000;
const flooder = async () => {
  while (Date.now() < until) {
    const i = next++;
    const r = await post(keys.funded!, {
      model: { content: heavy(i), questions: { [`d${DECISIONS - 1}`]: question("d?") } },
      state: { n: 1 },
    }).catch((e: Error) => ({ status: 0, code: e.message, retryAfter: null }));
    const k = `${r.status} ${r.code}${r.retryAfter ? ` (Retry-After ${r.retryAfter})` : ""}`;
    answers.set(k, (answers.get(k) ?? 0) + 1);
    peak = Math.max(peak, residentMb());
  }
};
const [flooded] = await Promise.all([victim(until), ...Array.from({ length: FLOODERS }, flooder)]);
const after = residentMb();
const cpu = cpuMs() - cpuBefore;
await stop();

const fmt = (xs: number[]) => `p50 ${quantile(xs, 0.5).toFixed(0)} ms, p99 ${quantile(xs, 0.99).toFixed(0)} ms (${xs.length} calls)`;
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}; flood models of ${DECISIONS} decisions, ${FLOODERS} connections, ${SECONDS} s`,
);
console.log(`victim alone: ${fmt(alone)}`);
console.log(`victim under the flood: ${fmt(flooded)}`);
console.log(`flood answers: ${[...answers].map(([k, n]) => `${n} × ${k}`).join(", ")}`);
console.log(`server process CPU over the flood: ${cpu.toFixed(0)} ms (user + system)`);
console.log(`server RSS: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most, ${after.toFixed(0)} MB after`);
