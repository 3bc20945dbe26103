// Explanations (docs/explanations.md) as text for a terminal: `pdm run --explain` and the failing
// decisions of `pdm test`. The explanation holds addresses and values only; here they are resolved
// back to the model's text: a table's column headers and the cell of each rule that failed.
import { NO_MODEL_TEXT, type ModelText, type TableText } from "../compiler/model-text.js";
import type { DecisionExplanation, Explanation, StepExplanation } from "../ir/explanation.js";

const show = (v: unknown): string => JSON.stringify(v) ?? "null";

/** The part of an address after `marker` (`decisions.price.let.base` → `base`). */
const after = (address: string, marker: string): string => address.slice(address.lastIndexOf(marker) + marker.length);

/** An `if`'s condition as written, when the model's text is at hand. */
function condition(s: StepExplanation, expressions: ReadonlyMap<string, string>): string {
  const text = s.condition && expressions.get(s.address)?.slice(s.condition.start, s.condition.end);
  return text ? ` ${text}` : "";
}

const STEPS: Record<StepExplanation["kind"], (s: StepExplanation, expressions: ReadonlyMap<string, string>) => string> = {
  let: (s) => `let ${after(s.address, ".let.")} = ${show(s.value)}`,
  call: (s) => `call ${after(s.address, "functions.")} gave ${show(s.value)}`,
  if: (s, expressions) =>
    `if${condition(s, expressions)} took ${s.branch ? `the ${s.branch} branch` : "neither branch (the condition is not a boolean)"}: ${show(s.value)}`,
};

/**
 * The lines of the steps, each once: a step repeated (an `if` in a loop: the same place, branch and
 * value) says how many times. Two places that read alike (nested `if`s on one condition) stay two.
 */
function stepLines(steps: readonly StepExplanation[], expressions: ReadonlyMap<string, string>): string[] {
  const counts = new Map<string, { line: string; n: number }>();
  for (const s of steps) {
    const line = STEPS[s.kind](s, expressions);
    const key = JSON.stringify([s.address, s.condition?.start, s.condition?.end, line]);
    const seen = counts.get(key);
    if (seen) seen.n++;
    else counts.set(key, { line, n: 1 });
  }
  return [...counts.values()].map(({ line, n }) => `  ${line}${n > 1 ? ` (${n} times)` : ""}`);
}

/** One decision: its value, its steps, the rules its table tried and why it is null. */
function decisionLines(
  name: string,
  d: DecisionExplanation,
  text: TableText | undefined,
  expressions: ReadonlyMap<string, string>,
): string[] {
  const lines = [`${name} = ${show(d.value)}`, ...stepLines(d.steps ?? [], expressions)];
  const t = d.table;
  if (t) {
    const column = (c: number) => text?.columns[c - 1] ?? `column ${c}`;
    lines.push(`  table (${t.hitPolicy}) on ${t.inputs.map((v, i) => `${column(i + 1)} = ${show(v)}`).join(", ")}`);
    for (const r of t.rules) {
      if (!r.failed) {
        lines.push(`  rule ${r.rule} matched`);
        continue;
      }
      const cell = text?.cells[r.rule - 1]?.[r.failed.column - 1];
      const against = cell === undefined ? "its cell" : JSON.stringify(cell);
      lines.push(`  rule ${r.rule} failed: ${column(r.failed.column)} = ${show(r.failed.value)} does not match ${against}`);
    }
    if (t.matched.length === 0) lines.push(t.defaulted ? "  no rule matched: the table's default gave the value" : "  no rule matched");
  }
  const cause = d.nullCause;
  if (cause) lines.push(`  null: ${cause.detail} (${cause.reason} at ${cause.address})`);
  return lines;
}

/** Every decision of an explanation, indented by `indent`. */
export function explanationLines(explanation: Explanation, text: ModelText = NO_MODEL_TEXT, indent = "  "): string[] {
  return Object.entries(explanation.decisions).flatMap(([name, d]) =>
    decisionLines(name, d, text.tables.get(name), text.expressions).map((l) => indent + l),
  );
}
