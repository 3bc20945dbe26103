// `npm run bench:compile-shapes`: the CPU time and memory of one cold compile (to a verified module,
// its explain part checked too) of models of one shape at n, 2n, 4n and 8n, each in a fresh process,
// to see which shapes cost more than their size: let entries, `for` contexts, function chains,
// nested and wide structs, long literals, wide tables, contexts, questions, a cell of many values, a
// chain of decisions. A size stops the shape when it takes more than 60 s or fails. Prints a table;
// `BENCH_SHAPES=lets,cell` measures only those. Peak memory is the process's peak resident set
// above what it held before the compile.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describeMachine } from "./machine.js";

type Model = { content: Record<string, unknown>; questions?: Record<string, unknown> };
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const X = { x: { type: "number", desc: "What is x?" } };
const decisions = (d: Record<string, unknown>, more: Record<string, unknown> = {}): Model => ({
  content: { name: "shape", inputs: X, ...more, decisions: d },
});
const chain = (n: number, first: string, step: (i: number) => string) =>
  Object.fromEntries(range(n).map((i) => [`a${i}`, i === 0 ? first : step(i)]));
const table = (head: string[], rows: string[][]) => [head, ...rows];

/** Each shape: its first size, whether it needs lenient compiling, and the model at size n. */
const SHAPES: Record<string, { n: number; lenient?: boolean; model: (n: number) => Model }> = {
  lets: { n: 1000, model: (n) => decisions({ d: { let: chain(n, "x", (i) => `a${i - 1} + x`), expr: `a${n - 1}` } }) },
  "let tables": {
    n: 1250,
    lenient: true,
    model: (n) => {
      const lets = Object.fromEntries(
        range(n).map((i) => [
          `t${i}`,
          table(
            ["x", "=> number"],
            [
              [`> ${i}`, String(i)],
              ["-", "0"],
            ],
          ),
        ]),
      );
      return decisions({ d: { let: lets, expr: `t0 + t${n - 1}` } });
    },
  },
  "for contexts": {
    n: 20,
    model: (n) => decisions({ d: `count(for ${range(n).map((i) => `v${i} in [${i === 0 ? "x" : `v${i - 1}`}]`)} return 1)` }),
  },
  "function chain": {
    n: 400,
    model: (n) => {
      const fn = (body: string) => ({ params: { k: "number" }, returns: "number", body });
      const functions = Object.fromEntries(range(n).map((i) => [`f${i}`, fn(i === 0 ? "k" : `f${i - 1}(k) + 1`)]));
      return decisions({ d: `f${n - 1}(x)` }, { functions });
    },
  },
  "function params": {
    n: 250,
    model: (n) => {
      const params = Object.fromEntries(range(n).map((i) => [`p${i}`, "number"]));
      const body = range(Math.min(n, 50))
        .map((i) => `p${i}`)
        .join(" + ");
      return decisions({ d: `f(${range(n).map(() => "x")})` }, { functions: { f: { params, returns: "number", body } } });
    },
  },
  "struct depth": {
    n: 60,
    model: (n) => {
      const types = Object.fromEntries(range(n).map((i) => [`t${i}`, i === 0 ? { v: "number" } : { a: `t${i - 1}` }]));
      return { content: { name: "shape", types, inputs: { s: { type: `t${n - 1}`, desc: "s?" } }, decisions: { d: "s = null" } } };
    },
  },
  "struct width": {
    n: 1250,
    model: (n) => {
      const t = Object.fromEntries(range(n).map((i) => [`f${i}`, "number"]));
      return { content: { name: "shape", types: { t }, inputs: { s: { type: "t", desc: "s?" } }, decisions: { d: `s.f0 + s.f${n - 1}` } } };
    },
  },
  "list literal": { n: 12500, model: (n) => decisions({ d: `count([${range(n)}]) + x` }) },
  "string literal": { n: 625000, model: (n) => decisions({ d: `string length("${"a".repeat(n)}") + x` }) },
  "table input columns": {
    n: 250,
    model: (n) => {
      const inputs = Object.fromEntries(range(n).map((i) => [`x${i}`, { type: "number", desc: `x${i}?` }]));
      const rows = [...range(5).map((r) => [...range(n).map((i) => `> ${r + i}`), String(r)]), [...range(n).map(() => "-"), "0"]];
      return { content: { name: "shape", inputs, decisions: { d: table([...range(n).map((i) => `x${i}`), "=> number"], rows) } } };
    },
  },
  "table output columns": {
    n: 250,
    model: (n) => {
      const rows = [...range(5).map((r) => [`> ${r}`, ...range(n).map((i) => String(r + i))]), ["-", ...range(n).map(() => "0")]];
      return decisions({ d: table(["x", ...range(n).map((i) => `=> o${i}: number`)], rows) });
    },
  },
  "context entries": { n: 1250, model: (n) => decisions({ d: `{${range(n).map((i) => `e${i}: if x > ${i} then ${i} else 0`)}}.e0` }) },
  questions: {
    n: 1250,
    model: (n) => ({
      content: { name: "shape", inputs: X, decisions: Object.fromEntries(range(n).map((i) => [`d${i}`, `x + ${i}`])) },
      questions: Object.fromEntries(range(n).map((i) => [`d${i}`, { type: "number", instructions: `d${i}?` }])),
    }),
  },
  "nested if": {
    n: 20,
    model: (n) => decisions({ d: range(n).reduce((e, i) => `if x > ${i} then ${e} else ${i}`, "x") }),
  },
  "cell values": {
    n: 6250,
    model: (n) =>
      decisions({
        d: table(
          ["x", "=> number"],
          [
            [range(n).join(", "), "1"],
            ["-", "0"],
          ],
        ),
      }),
  },
  "decision chain": {
    n: 3750,
    model: (n) => ({ content: { name: "shape", inputs: X, decisions: chain(n, "x", (i) => `a${i - 1} + 1`) } }),
  },
};

interface Result {
  cpuMs: number;
  peakMb: number;
  ok: boolean;
}

/** In the child: compiles the shape at n and prints its result. */
async function measureHere(name: string, n: number): Promise<void> {
  const { compileUncached } = await import("../src/compiler/index.js");
  const shape = SHAPES[name]!;
  const model = shape.model(n);
  const rss = process.memoryUsage().rss;
  const before = process.cpuUsage();
  const r = compileUncached(model, { strict: !shape.lenient, verifyExplain: true });
  const cpu = process.cpuUsage(before);
  const peakMb = Math.round((process.resourceUsage().maxRSS * 1024 - rss) / 1e6);
  const result: Result = { cpuMs: Math.round((cpu.user + cpu.system) / 1000), peakMb, ok: r.ok };
  console.log(`SHAPE ${JSON.stringify(result)}`);
}

function measure(name: string, n: number): Result | null {
  const child = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), name, String(n)], {
    encoding: "utf8",
    timeout: 60_000,
    maxBuffer: 1 << 20,
  });
  const line = child.stdout?.split("\n").find((l) => l.startsWith("SHAPE "));
  return line ? (JSON.parse(line.slice(6)) as Result) : null;
}

async function main(): Promise<void> {
  const [name, size] = process.argv.slice(2);
  if (name && size) return measureHere(name, Number(size));
  const only = process.env.BENCH_SHAPES?.split(",");
  const machine = describeMachine();
  console.log(`${machine.cpu}, ${machine.cores} cores, Node ${machine.node}`);
  console.log("| shape | n | CPU ms | peak MB | ok |\n|---|---:|---:|---:|---|");
  for (const [shape, { n }] of Object.entries(SHAPES)) {
    if (only && !only.includes(shape)) continue;
    for (let size = n; size <= 8 * n; size *= 2) {
      const r = measure(shape, size);
      console.log(`| ${shape} | ${size} | ${r ? r.cpuMs : "> 60 s"} | ${r ? r.peakMb : ""} | ${r ? r.ok : "no"} |`);
      if (!r || !r.ok) break;
    }
  }
}

await main();
