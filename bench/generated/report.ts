// The generated-models benchmark's figures and RESULTS-generated.md: the ratio of compiled to
// straight-JS time over every timed model (geometric mean, median, 95th percentile, worst), the
// ratio by feature, the worst models, and what the answer check found.
import type { Machine } from "../machine.js";
import { timingNote, type ModelResult } from "./one-model.js";

/** The geometric mean of positive numbers (NaN for none). */
export const geomean = (xs: readonly number[]): number => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const f2 = (x: number) => x.toFixed(2);
const ns = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} µs` : `${x.toFixed(0)} ns`);

/** The sections (`## ` headings) this report writes itself; every other one is prose kept from the file it replaces. */
const WRITTEN = new Set(["By feature", "Worst models"]);

/**
 * The prose sections of a report written before (measurements of a change, where the time goes),
 * which a run keeps: every `## ` section whose heading the report does not write, in order, each
 * ending in one blank line. Empty for a file with none.
 */
export function keptSections(previous: string): string {
  const parts = previous.split(/^(?=## )/m).filter((part) => part.startsWith("## "));
  return parts
    .filter((part) => !WRITTEN.has(part.slice(3).split("\n", 1)[0]!.trim()))
    .map((part) => `${part.trimEnd()}\n\n`)
    .join("");
}

/** What was timed against the baseline: the compiled model, or its `-o` module (BENCH_GENERATED_NUMBERS). */
function compiledSide(): string {
  const numbers = process.env.BENCH_GENERATED_NUMBERS;
  return numbers
    ? `The compiled side is each model's \`-o\` module built with \`--numbers ${numbers}\` (its \`evaluateUnchecked\`: no state check).`
    : "The compiled side is the built compiler's `evaluate` (the unchecked entry: no state check).";
}

/** The report of a run: its figures, then `kept` (keptSections of the file it replaces), then the tables by feature and of the worst models. */
export function renderGenerated(
  machine: Machine,
  results: ModelResult[],
  seconds: number,
  kept = "",
): { summary: string; markdown: string } {
  const timed = results.filter((r): r is ModelResult & { ratio: number; compiledNs: number; baselineNs: number } => r.ratio !== undefined);
  const ratios = timed.map((r) => r.ratio).sort((a, b) => a - b);
  const worst = timed.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const refused = results.filter((r) => r.refused);
  const allDropped = results.filter((r) => !r.refused && r.ratio === undefined);
  const sum = (f: (r: ModelResult) => number) => results.reduce((a, r) => a + f(r), 0);
  const summary =
    `generated models: ${timed.length} timed, compiled / straight JS: geometric mean ${f2(geomean(ratios))}×, ` +
    `median ${f2(quantile(ratios, 0.5))}×, 95th percentile ${f2(quantile(ratios, 0.95))}×, worst ${f2(worst.ratio)}× (seed ${worst.seed}); ` +
    `answers: ${sum((r) => r.equal)} equal, ${sum((r) => r.apart)} apart where doubles and decimals differ, ${sum((r) => r.differing)} differing; ` +
    `load ${machine.load?.map(f2).join(" → ")}, ${seconds.toFixed(0)} s`;

  const byFeature = new Map<string, number[]>();
  for (const r of timed) for (const f of r.features) byFeature.set(f, [...(byFeature.get(f) ?? []), r.ratio]);
  const featureRows = [...byFeature.entries()]
    .filter(([, xs]) => xs.length >= 5)
    .map(([f, xs]) => ({
      f,
      n: xs.length,
      g: geomean(xs),
      p95: quantile(
        [...xs].sort((a, b) => a - b),
        0.95,
      ),
    }))
    .sort((a, b) => b.g - a.g);
  const worstRows = [...timed].sort((a, b) => b.ratio - a.ratio).slice(0, 20);
  const differing = results.filter((r) => r.differing > 0);

  const markdown = [
    "# Generated models: compiled against straight JS",
    "",
    "`npm run bench` (step `bench/generated.ts`). Each model is drawn at random from its seed by `test/support/generate/typed-models.ts`: number, boolean, choice and date inputs and a list of structs; functions of number parameters; decisions over every arithmetic, comparison and boolean operator, `abs`, `floor`, `ceiling`, `sqrt`, `min`, `max`, `modulo`, `decimal`, function calls, `let` entries, contexts, `for` over ranges and lists, `some`/`every`, filters and aggregates (`count`, `sum`, `min`, `max`, `mean`) over the list; tables of 5 to 500 rules (log-uniform) over number, computed, choice, boolean and date columns under every hit policy (FIRST 45%, UNIQUE and ANY as grids of the columns' partitions, now and then with a rule that overlaps, PRIORITY and OUTPUT ORDER over listed choices, RULE ORDER, COLLECT and its SUM, MIN, MAX and COUNT; a model with any but FIRST compiled leniently). No shape of the corpus was chosen for it.",
    "",
    "The baseline is the same model as straight JS on doubles, written by the benchmark's own emitter (`bench/generated/doubles-js.ts`): plain operators and `Math`, loops over the raw JSON items, an `if` chain per FIRST table (the matches of another policy pushed on an array, summed or ranked as they come), half-even rounding for `decimal`; no FEEL runtime. " +
      `${compiledSide()} Both take the same 64 random null-free states round-robin; the time of a call is ` +
      `${timingNote()}; models run ${process.env.BENCH_GENERATED_CHUNK ?? 50} to a Node process.`,
    "",
    "Before timing, every decision of every state is compared: equal, apart (both numbers within 1e-9 relative, or the baseline's checked form met a comparison, rounding or modulo within 1e-9 of its edge, where 34-digit decimals and doubles may legitimately decide differently: the comparison is skipped, the model kept), or differing (a bug of one side). A state on which an aggregate of an empty filtered list is met (null in FEEL) is dropped; a model left with no state is not timed.",
    "",
    `Machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${machine.platform}, ${machine.date}; load average ${machine.load?.map(f2).join(" before, ")} after; ${seconds.toFixed(0)} s in all.`,
    "",
    "| models timed | geometric mean | median | 95th percentile | worst | best |",
    "|---|---|---|---|---|---|",
    `| ${timed.length} | ${f2(geomean(ratios))}× | ${f2(quantile(ratios, 0.5))}× | ${f2(quantile(ratios, 0.95))}× | ${f2(worst.ratio)}× (seed ${worst.seed}) | ${f2(ratios[0]!)}× |`,
    "",
    `Models drawn: ${results.length}; refused by the compiler: ${refused.length}; no state left: ${allDropped.length}; states dropped for an empty aggregate: ${sum((r) => r.dropped)}. Decision values compared: ${sum((r) => r.equal)} equal, ${sum((r) => r.apart)} apart (skipped), ${sum((r) => r.differing)} differing.`,
    ...(refused.length > 0 ? ["", "Refused:", "", ...refused.slice(0, 10).map((r) => `- seed ${r.seed}: ${r.refused}`)] : []),
    ...(differing.length > 0
      ? ["", "Differing (first of each model):", "", ...differing.slice(0, 10).map((r) => `- seed ${r.seed}: ${r.example}`)]
      : []),
    "",
    ...(kept === "" ? [] : [kept.trimEnd(), ""]),
    "## By feature",
    "",
    "Models holding each kind of node (a model holds several): geometric mean and 95th percentile of their ratios.",
    "",
    "| feature | models | geometric mean | 95th percentile |",
    "|---|---|---|---|",
    ...featureRows.map((r) => `| ${r.f} | ${r.n} | ${f2(r.g)}× | ${f2(r.p95)}× |`),
    "",
    "## Worst models",
    "",
    "`typedModel(seed)` redraws one; `contentOf` gives its JSON.",
    "",
    "| seed | ratio | compiled | straight JS | features |",
    "|---|---|---|---|---|",
    ...worstRows.map((r) => `| ${r.seed} | ${f2(r.ratio)}× | ${ns(r.compiledNs)} | ${ns(r.baselineNs)} | ${r.features.join(", ")} |`),
    "",
  ].join("\n");
  return { summary, markdown };
}
