// The direct path of `evaluate` for models whose every decision is an indexed table over inputs
// (codegen/table-lookup.ts): when every lookup finds a rule and each rule's output has a constant
// JSON form, `run` returns those constants without the FEEL runtime. Anything else (FEEL inputs, a
// trace, a value an index cannot judge, no rule matched, an output that is not constant) takes
// the full body. Kept as a separate small `run` so that V8 can inline all of it into the caller.
import type { Emitter } from "./emitter.js";
import type { IndexedLookup } from "./table-lookup.js";
import { joined } from "./joined.js";

export interface DirectDecision {
  /** the decision's name as an object literal key (Emitter.key) */
  key: string;
  lookup: IndexedLookup;
}

/**
 * The statement that answers from the lookups when it can; `reads` gives the JS that reads each
 * raw value from the state.
 */
export function directPath(decisions: DirectDecision[], reads: Map<string, string>, em: Emitter): string {
  const raws = [...new Set(decisions.flatMap((d) => d.lookup.raws))];
  const lines = raws.map((raw) => `const ${raw} = ${reads.get(raw)!};`);
  const rules = decisions.map(() => em.fresh("k"));
  const values = decisions.map(() => em.fresh("v"));
  const found = decisions.map((d, i) => `const ${rules[i]} = ${d.lookup.call};`);
  const known = decisions.map((d, i) => `const ${values[i]} = ${rules[i]} < 0 ? undefined : ${d.lookup.json}[${rules[i]}];`);
  const result = decisions.map((d, i) => `${d.key}: ${values[i]}`).join(", ");
  return [
    "if (S !== null && TR === null && J) {",
    ...lines,
    ...found,
    ...known,
    `if (${joined(
      values.map((v) => `${v} !== undefined`),
      "&&",
    )}) return { ${result} };`,
    "}",
  ].join(" ");
}
