// A COLLECT SUM table's JSON output on certified double-doubles (runtime/certified-dd.ts), for a
// table the optimiser marked (optimise/certify-output.ts `certifySum`): the matched rules are
// gathered as positions, each one's output worked out as a double-double and added in rule order
// by `ddAdd` (whose bound covers FEEL's rounding of each partial sum, as `sum` adds), and the sum's
// nearest double is the JSON output where the bound decides it. Elsewhere (a trace asked for, a
// value not certain, a non-JSON answer) the decimals sum the same positions' outputs as the
// table always did.
import type { Expr } from "../../ir/feel-ast.js";
import { CALL_STEPS } from "../../runtime/budget.js";
import { holdsLoop } from "../3-optimise/certify.js";
import { literalTriple } from "./certified-dd-code.js";
import type { ExprContext } from "./expr.js";

/** What codegen/module.ts hands the table: the JSON output's variable, each rule's form and its inlined calls, and the code of a form. */
export interface CertifiedSum {
  json: string;
  forms: readonly Expr[];
  calls: readonly number[];
  /** the call working out a form (its hi answered, lo and bound left in `rt.ddState`) */
  code: (form: Expr) => string;
}

/**
 * Statements assigning the sum of the matched rules' outputs (`positions`, in rule order, with
 * their numbers in `rules`) to the JSON output where the double-doubles decide it, else to `target`
 * as the decimals' sum (`decimal(q)`: the code of the output at position q); the rule numbers
 * traced; `fallback` (the table's default, or null) when nothing matched.
 */
export function summedHits(
  sum: CertifiedSum,
  hits: { rules: string; positions: string },
  to: { target: string; trace: string },
  fallback: string,
  decimal: (q: string) => string,
  cx: ExprContext,
): string {
  const em = cx.em;
  const state = em.hoist("dd", "rt.ddState");
  const [h, l, e, sh, sl, se, ck, tk, q, v, p, vs, at] = ["h", "l", "e", "s", "s", "s", "ck", "tk", "q", "v", "q", "o", "w"].map((x) =>
    em.fresh(x),
  );
  const leaves = sum.forms.map((form, k) => {
    const known = literalTriple(form);
    const set = known
      ? `${h} = ${known.h}; ${l} = ${known.l}; ${e} = ${known.e};`
      : `${h} = ${sum.code(form)}; ${l} = ${state}[0]; ${e} = ${state}[1];${holdsLoop(form) ? ` ${tk} = ${tk} - ${state}[2];` : ""}`;
    const calls = sum.calls[k]! > 0 ? ` ${ck} = ${ck} - ${sum.calls[k]! * CALL_STEPS};` : "";
    return `${set}${calls}`;
  });
  // the position's output found through a balanced tree of comparisons, in a function of its own:
  // written out in the decision's code, a large table's tree kept V8 from optimising it (414 rules: 1.6× slower)
  const tree = (from: number, to: number): string => {
    if (to - from === 1) return leaves[from]!;
    const mid = (from + to) >>> 1;
    return `if (${q} < ${mid}) { ${tree(from, mid)} } else { ${tree(mid, to)} }`;
  };
  const certified = [
    `let ${sh} = 0, ${sl} = 0, ${se} = 0, ${ck} = 0, ${tk} = 0;`,
    `const ${at} = (${q}) => { let ${h} = 0, ${l} = 0, ${e} = 0; ${tree(0, leaves.length)} ${state}[0] = ${l}; ${state}[1] = ${e}; return ${h}; };`,
    `for (const ${q} of ${hits.positions}) { const ${h} = ${at}(${q});`,
    `${sh} = rt.ddAdd(${sh}, ${sl}, ${se}, ${h}, ${state}[0], ${state}[1]); ${sl} = ${state}[0]; ${se} = ${state}[1]; if (${se} !== ${se}) break; }`,
    // the loops' passes were charged as the double-doubles walked them: given back when the decimals
    // walk them after all; the inlined calls' steps, which the decimals charge, charged when they do not
    // (both counted below zero: the generated code has no `+`, codegen/verify.ts)
    `const ${v} = rt.ddNearest(${sh}, ${sl}, ${se}); if (${v} === ${v}) { ${sum.json} = ${v}; if (${ck} < 0) rt.tick(-${ck}); } else rt.ddGiveBack(-${tk});`,
  ].join(" ");
  const aggregate = em.hoist("A", `rt.aggregator("SUM")`);
  const traced = (rules: string) => (to.trace === "null" ? "" : ` if (${to.trace} !== null) ${to.trace}.rule = ${rules};`);
  return (
    `if (${hits.rules}.length > 0) { if (J && ${to.trace} === null) { ${certified} } ` +
    `if (${sum.json} === undefined) { const ${vs} = []; for (const ${p} of ${hits.positions}) ${vs}.push(${decimal(p)}); ${to.target} = ${aggregate}(${vs}); }${traced(hits.rules)} } ` +
    `else { ${to.target} = ${fallback};${traced(hits.rules)} }`
  );
}
