// The graph stage: `requires`, cycles among decisions, topological order, unused inputs.
import { diagnostic, type Diagnostic } from "../../ir/diagnostics.js";
import type { DecisionIR, InputIR } from "../../ir/ir.js";
import { findCycles, formatCycle, topologicalOrder } from "./expressions/graph.js";
import { didYouMean } from "../1-parse/suggest.js";
import type { DecisionSpec } from "../1-parse/content/decisions.js";

/** `requires` names inputs or decisions that must be established; they count as dependencies. */
export function applyRequires(
  ir: DecisionIR,
  spec: DecisionSpec,
  inputs: InputIR[],
  decisions: ReadonlyMap<string, unknown>,
  sink: Diagnostic[],
): void {
  if (spec.requires.length === 0) return;
  const known = [...inputs.map((i) => i.name), ...decisions.keys()];
  const ok = spec.requires.filter((name) => {
    if (known.includes(name)) return true;
    sink.push(
      diagnostic(
        "names.unknown",
        { variant: "requires", name, didYouMean: didYouMean(name, known) },
        { address: `${spec.address}.requires` },
      ),
    );
    return false;
  });
  ir.requires = ok;
  ir.deps = [...new Set([...ir.deps, ...ok])];
}

/** Orders the decisions; reports each cycle once, naming it, and inputs no decision reads. */
export function orderDecisions(decisions: DecisionIR[], inputs: InputIR[], sink: Diagnostic[]): DecisionIR[] {
  const names = new Set(decisions.map((d) => d.name));
  const nodes = decisions.map((d) => ({ name: d.name, uses: d.deps.filter((x) => names.has(x)) }));
  for (const cycle of findCycles(nodes))
    sink.push(diagnostic("graph.cycle", { cycle: formatCycle(cycle) }, { address: `decisions.${cycle[0]}` }));
  const used = new Set(decisions.flatMap((d) => d.deps));
  for (const input of inputs)
    if (!used.has(input.name)) sink.push(diagnostic("graph.unused-input", { name: input.name }, { address: input.address }));
  const byName = new Map(decisions.map((d) => [d.name, d]));
  return topologicalOrder(nodes).map((n) => byName.get(n)!);
}
