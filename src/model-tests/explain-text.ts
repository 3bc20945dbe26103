// Explanations (docs/explanations.md) as text for a terminal: `pdm run --explain` and the failing
// decisions of `pdm test`. The explanation holds addresses and values only; here they are resolved
// back to the model's text: a table's column headers and the cell of each rule that failed.
import type { TableText } from "../compiler/model-text.js";
import type { DecisionExplanation, Explanation, StepExplanation } from "../ir/explanation.js";

const show = (v: unknown): string => JSON.stringify(v) ?? "null";

/** The part of an address after `marker` (`decisions.price.let.base` → `base`). */
const after = (address: string, marker: string): string => address.slice(address.lastIndexOf(marker) + marker.length);

const STEPS: Record<StepExplanation["kind"], (s: StepExplanation) => string> = {
  let: (s) => `let ${after(s.address, ".let.")} = ${show(s.value)}`,
  call: (s) => `call ${after(s.address, "functions.")} gave ${show(s.value)}`,
  if: (s) => `if took ${s.branch ? `the ${s.branch} branch` : "neither branch (the condition is not a boolean)"}: ${show(s.value)}`,
};

/** One decision: its value, its steps, the rules its table tried and why it is null. */
function decisionLines(name: string, d: DecisionExplanation, text: TableText | undefined): string[] {
  const lines = [`${name} = ${show(d.value)}`];
  for (const s of d.steps ?? []) lines.push(`  ${STEPS[s.kind](s)}`);
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
export function explanationLines(explanation: Explanation, tables: ReadonlyMap<string, TableText>, indent = "  "): string[] {
  return Object.entries(explanation.decisions).flatMap(([name, d]) => decisionLines(name, d, tables.get(name)).map((l) => indent + l));
}
