// Renders bench/RESULTS.md from the measured cases.
import type { BatchResult } from "./batch/run-batch.js";
import type { Machine } from "./machine.js";

/** Another implementation measured beside a case: an extra hand-written baseline or a peer engine. */
export interface OtherResult {
  label: string;
  kind: "baseline" | "peer";
  /** how the logic is expressed (peers) */
  form?: string;
  hz: number;
  rme: number | null;
  setupMs: number | null;
  note?: string;
}

export interface CaseResult {
  name: string;
  kind: string;
  states: number;
  compiledHz: number | null;
  compiledRme: number | null;
  handwrittenHz: number;
  handwrittenRme: number;
  compileMs: number | null;
  /** why the compiled column is empty, or a mismatch worth knowing */
  note?: string;
  others?: OtherResult[];
  /** a model of the realistic corpus (bench/corpus) */
  corpus?: boolean;
}

const TARGET = 1.5;
const CORPUS_GEOMEAN_TARGET = 2;
const CORPUS_WORST_TARGET = 4;
const PEER_TARGET = 100;
const BATCH_TARGET = 500_000;

const micros = (hz: number | null): string => (hz ? (1e6 / hz >= 10 ? (1e6 / hz).toFixed(0) : (1e6 / hz).toFixed(2)) : "n/a");

function othersSection(results: CaseResult[]): string[] {
  const withOthers = results.filter((r) => r.others && r.others.length > 0);
  if (withOthers.length === 0) return [];
  const rows: string[] = [];
  const verdicts: string[] = [];
  for (const r of withOthers) {
    rows.push(
      `| ${r.name} | compiled (this compiler) | ${ops(r.compiledHz)}${pct(r.compiledRme)} | ${micros(r.compiledHz)} | ${r.compiledHz ? (r.handwrittenHz / r.compiledHz).toFixed(2) : "n/a"}× | — | ${r.compileMs === null ? "n/a" : r.compileMs.toFixed(1)} |`,
    );
    rows.push(
      `| ${r.name} | hand-written (the limit) | ${ops(r.handwrittenHz)}${pct(r.handwrittenRme)} | ${micros(r.handwrittenHz)} | 1.00× | ${r.compiledHz ? (r.compiledHz / r.handwrittenHz).toFixed(2) : "n/a"}× | — |`,
    );
    for (const o of r.others!) {
      const speedup = r.compiledHz ? r.compiledHz / o.hz : null;
      rows.push(
        `| ${r.name} | ${o.label}${o.note ? ` ⚠ ${o.note}` : ""} | ${ops(o.hz)}${pct(o.rme)} | ${micros(o.hz)} | ${(r.handwrittenHz / o.hz).toFixed(2)}× | ${speedup === null ? "n/a" : `${speedup.toFixed(speedup >= 10 ? 0 : 2)}×`} | ${o.setupMs === null ? "—" : o.setupMs.toFixed(1)} |`,
      );
      if (o.kind === "peer" && speedup !== null) {
        verdicts.push(
          `- ${r.name}, ${o.label}: compiled is ${speedup.toFixed(speedup >= 10 ? 0 : 2)}× its throughput — target ${PEER_TARGET}× ${speedup >= PEER_TARGET ? "met" : "NOT met"}.`,
        );
      }
    }
  }
  const forms = withOthers.flatMap((r) => r.others!.filter((o) => o.form).map((o) => `- ${r.name}, ${o.label}: ${o.form}`));
  return [
    "## Peers and baselines",
    "",
    "Slowdown = the limit's ops/s ÷ this row's ops/s. Compiled speed-up = compiled ops/s ÷ this row's ops/s. ms = compile (compiled) or building the peer's decision object (peers).",
    "",
    "| case | implementation | ops/s | µs/eval | slowdown vs limit | compiled speed-up | ms |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    `Peer target (compiled at least ${PEER_TARGET}× the throughput of every peer engine):`,
    "",
    ...verdicts,
    "",
    "How each peer expresses the logic:",
    "",
    ...forms,
    "",
  ];
}

const geomean = (xs: number[]): number => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);

function corpusSection(results: CaseResult[]): string[] {
  const corpus = results.filter((r) => r.corpus);
  if (corpus.length === 0) return [];
  const ratios = corpus.map(slowdown).filter((x): x is number => x !== null);
  const worst = corpus.reduce<CaseResult | null>((w, r) => ((slowdown(r) ?? 0) > (w ? (slowdown(w) ?? 0) : 0) ? r : w), null);
  const g = ratios.length === corpus.length ? geomean(ratios) : null;
  const w = worst ? slowdown(worst) : null;
  return [
    "## Realistic corpus",
    "",
    "Eight models written for the benchmark (`bench/corpus/`), each with 2,000 seeded random states and a hand-written JS (doubles) baseline that `test/bench/corpus.test.ts` checks equal to the compiled decisions on 2,000 other random states. Ratio = hand-written ops/s ÷ compiled ops/s.",
    "",
    "| model | kind | compiled ops/s | µs/eval | hand-written ops/s | ratio | compile ms |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...corpus.map((r) => {
      const ratio = slowdown(r);
      return `| ${r.name} | ${r.kind} | ${ops(r.compiledHz)}${pct(r.compiledRme)} | ${micros(r.compiledHz)} | ${ops(r.handwrittenHz)}${pct(r.handwrittenRme)} | ${ratio === null ? "n/a" : `${ratio.toFixed(2)}×`} | ${r.compileMs === null ? "n/a" : r.compileMs.toFixed(1)} |`;
    }),
    "",
    g === null || w === null
      ? "Corpus targets: not measured (a model did not compile)."
      : `Geometric mean ${g.toFixed(2)}× (target ≤ ${CORPUS_GEOMEAN_TARGET}×: ${g <= CORPUS_GEOMEAN_TARGET ? "met" : "NOT met"}); worst ${w.toFixed(2)}× on ${worst!.name} (target ≤ ${CORPUS_WORST_TARGET}×: ${w <= CORPUS_WORST_TARGET ? "met" : "NOT met"}).`,
    "",
  ];
}

function batchSection(batch: BatchResult[]): string[] {
  if (batch.length === 0) return [];
  const ratio = (b: BatchResult) =>
    b.rowsPerSecond && b.handwritten?.rowsPerSecond ? `${(b.handwritten.rowsPerSecond / b.rowsPerSecond).toFixed(2)}×` : "n/a";
  const rows = batch.map(
    (b) =>
      `| ${b.model} | ${b.workers} | ${b.rows.toLocaleString("en-US")} | ${b.inputMB.toFixed(0)} | ${b.rounds} | ${b.seconds === null ? "n/a" : b.seconds.toFixed(2)} | ${ops(b.rowsPerSecond)} | ${ops(b.medianRowsPerSecond)} | ${b.handwritten ? ops(b.handwritten.rowsPerSecond) : "—"} | ${b.handwritten ? ratio(b) : "—"} |`,
  );
  const verdicts = batch
    .filter((b) => b.workers === 2)
    .map((two) =>
      two.rowsPerSecond == null
        ? `- ${two.model}: not measured${two.note ? ` (${two.note})` : ""}.`
        : `- ${two.model}: ${two.rowsPerSecond >= BATCH_TARGET ? "met" : "NOT met"} (best round ${ops(two.rowsPerSecond)} rows/s, median ${ops(two.medianRowsPerSecond)}${two.handwritten?.rowsPerSecond ? `; the hand-written pipeline ${ops(two.handwritten.rowsPerSecond)}` : ""}).`,
    );
  const handwrittenNotes = batch
    .filter((b) => b.handwritten?.note)
    .map((b) => `- ${b.model}, hand-written pipeline: ${b.handwritten!.note}`);
  return [
    "## Batch scoring (JSONL in and out)",
    "",
    "Hand-written = the same rows through `bench/batch/handwritten-pipeline.ts` (JSON.parse, the corpus model's hand-written JS, JSON.stringify, the same number of worker threads), in the same rounds; ratio = hand-written rows/s ÷ compiled rows/s.",
    "",
    "| model | workers | rows | input MB | rounds | best wall s | best rows/s | median rows/s | hand-written best rows/s | ratio |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    `Batch target (${BATCH_TARGET.toLocaleString("en-US")} rows/s on 2 workers, JSONL in and out):`,
    "",
    ...verdicts,
    "",
    ...(handwrittenNotes.length ? [...handwrittenNotes, ""] : []),
  ];
}

const ops = (hz: number | null): string => (hz === null ? "n/a" : Math.round(hz).toLocaleString("en-US"));
const pct = (rme: number | null): string => (rme === null ? "" : ` ±${rme.toFixed(1)}%`);

/** How many times slower the compiled model is than the hand-written function (1 = equal). */
export const slowdown = (r: CaseResult): number | null => (r.compiledHz ? r.handwrittenHz / r.compiledHz : null);

export function renderResults(machine: Machine, all: CaseResult[], method: string[], batch: BatchResult[] = []): string {
  const results = all.filter((r) => !r.corpus);
  const rows = results.map((r) => {
    const ratio = slowdown(r);
    return `| ${r.name} | ${r.kind} | ${r.states} | ${ops(r.compiledHz)}${pct(r.compiledRme)} | ${ops(r.handwrittenHz)}${pct(r.handwrittenRme)} | ${ratio === null ? "n/a" : `${ratio.toFixed(2)}×`} | ${r.compileMs === null ? "n/a" : r.compileMs.toFixed(1)} |`;
  });
  const tableHeavy = results.find((r) => r.kind === "table-heavy");
  const tableRatio = tableHeavy ? slowdown(tableHeavy) : null;
  // The if-chain is the hand-written JS a person writes from the table; the lookup uses its structure.
  const chain = tableHeavy?.others?.find((o) => o.label.includes("if-chain"));
  const chainRatio = chain?.hz && tableHeavy?.compiledHz ? chain.hz / tableHeavy.compiledHz : null;
  const judge = (label: string, ratio: number | null) =>
    ratio === null ? `${label}: not measured.` : `${label}: ${ratio <= TARGET ? "met" : "NOT met"} (${ratio.toFixed(2)}×).`;
  const verdict = [
    judge(`Table-heavy target, within ${TARGET}× of the hand-written if-chain`, chainRatio),
    judge(`Table-heavy target, within ${TARGET}× of the hand-written indexed lookup (the limit)`, tableRatio),
  ].join(" ");
  const notes = all.filter((r) => r.note).map((r) => `- ${r.name}: ${r.note}`);
  return [
    "# Benchmark results",
    "",
    "Generated by `npm run bench` (`bench/run.ts`); do not edit by hand.",
    "",
    "## Machine",
    "",
    `- CPU: ${machine.cpu} (${machine.cores} logical cores)`,
    `- Node: ${machine.node} (${machine.platform})`,
    `- Date: ${machine.date}`,
    ...(machine.load ? [`- Load average (1 min) before / after: ${machine.load[0].toFixed(2)} / ${machine.load[1].toFixed(2)}`] : []),
    "",
    "## Results",
    "",
    "Ratio = hand-written ops/s ÷ compiled ops/s: how many times slower the compiled model is (below 1 means faster). For table200 the hand-written column is the indexed lookup (the limit); the other baselines are under Peers and baselines.",
    "",
    "| case | kind | states | compiled ops/s | hand-written ops/s | ratio | compile ms |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    verdict,
    "",
    ...corpusSection(all),
    ...othersSection(results),
    ...batchSection(batch),
    ...(notes.length ? ["## Notes", "", ...notes, ""] : []),
    "## Method",
    "",
    ...method.map((m) => `- ${m}`),
    "",
  ].join("\n");
}
