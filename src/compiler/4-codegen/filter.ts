// FEEL filters (`l[condition]`) as a loop of their own, the condition inlined into it
// (runtime/access.ts has the same steps as one function). A fold says what the loop gathers: the
// kept items as a list, or only how many there are when the filter is the argument of `count`.
import type { Expr } from "../../ir/feel-ast.js";
import { emitExpr, mayHoldContexts, readPartial, type ExprContext } from "./expr.js";
import { itemTypeOf } from "./field-slot.js";
import { rawFilter, rawLoop } from "./raw-items.js";
import type { Scope } from "./scope.js";

type Filter = Extract<Expr, { kind: "filter" }>;

export interface FilterFold {
  /** the accumulator's first value */
  init: string;
  /** the statement adding kept item `v` to accumulator `acc` */
  keep: (acc: string, v: string) => string;
  /** the result once every item was tried */
  done: (acc: string) => string;
  /** the result when the filter's value is not built by the loop (an item picked by index, null, an empty list) */
  whole: (value: string) => string;
}

export const LIST_FOLD: FilterFold = { init: "[]", keep: (acc, v) => `${acc}.push(${v});`, done: (acc) => acc, whole: (x) => x };

/** `count(l[c])`: the kept items counted, charged as `count` charges their list; `count` (JS id) takes any other value. */
export const countFold = (count: string): FilterFold => ({
  init: "0",
  keep: (acc) => `${acc}++;`,
  done: (acc) => `rt.countOf(${acc})`,
  whole: (x) => `${count}(${x})`,
});

export function emitFilter(n: Filter, scope: Scope, cx: ExprContext, fold: FilterFold): string {
  const item = cx.em.fresh("it");
  const inner = scope.child({ item, itemType: itemTypeOf(n.base.type), itemEntries: mayHoldContexts(n.base) }).bind("local", "item", item);
  const base = emitExpr(n.base, scope, cx);
  // `partial[-1]` filters the results so far without copying them: a filter picks an item or
  // builds a new list, and nothing is added to the results while the body is evaluated
  const source = scope.partial !== null && base === readPartial(scope.partial) ? scope.partial : base;
  const [base0, list, acc, first, v, r, p, i] = ["b", "l", "k", "f", "v", "r", "p", "ix"].map((x) => cx.em.fresh(x));
  const other = (items: string, isFirst: string) => fold.whole(`rt.filterOther(${items}, ${isFirst}, ${r})`);
  const judged = (item: string, items: string, isFirst: string) =>
    `if (${r} === true) ${fold.keep(acc, item)} else if (${r} !== false && ${r} !== null) return ${other(items, isFirst)};`;
  const loop = `for (const ${v} of ${list}) { rt.tick(); const ${r} = ${p}(${v}); ${judged(v, list, first)} ${first} = false; }`;
  // no item tried (an empty list, or null): filterNone tells an empty result from null
  const none = fold.whole(`rt.filterNone(${base0}, ${p})`);
  const body = `const ${list} = rt.filterItems(${base0}); let ${acc} = ${fold.init}; let ${first} = true; ${loop} return ${first} ? ${none} : ${fold.done(acc)};`;
  const predicate = `(${item}) => ${emitExpr(n.filter, inner, cx)}`;
  // an input's raw JSON items: a tester judges those it can, the condition the others' FEEL values
  const raw = rawFilter(n, source, scope, inner, cx);
  if (!raw) return `((${base0}, ${p}) => { ${body} })(${source}, ${predicate})`;
  const items = raw.input.feel;
  const rawBody = rawLoop(raw, v, r, i, `${p}(${v})`, (kept) => judged(kept, items, `${i} === 0`), cx);
  // every item of a non-empty array is tried: the loop builds the value unless an item picks or nulls it
  const fast = `if (${raw.input.array} !== null) { let ${acc} = ${fold.init}; ${rawBody} return ${fold.done(acc)}; }`;
  return `((${p}) => { ${fast} const ${base0} = ${source}; ${body} })(${predicate})`;
}
