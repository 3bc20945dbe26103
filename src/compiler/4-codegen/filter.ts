// FEEL filters (`l[condition]`) as a loop of their own, the condition inlined into it
// (runtime/access.ts has the same steps as one function). A fold says what the loop gathers: the
// kept items as a list, or only how many there are when the filter is the argument of `count`.
import type { Expr } from "../../ir/feel-ast.js";
import { emitExpr, mayHoldContexts, readPartial, type ExprContext } from "./expr.js";
import { itemTypeOf } from "./field-slot.js";
import { rawFieldReader, rawFilter, rawItemAt, rawLoop, type RawInput } from "./raw-items.js";
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
  /**
   * For a filter over an input's raw items: the statement adding kept item `v` (JS of its FEEL
   * value, converted only when read) to `acc`, given `rawItem` (JS of the raw JSON item) and the
   * raw input; `keep` when absent or when it gives undefined.
   */
  keepRaw?: (acc: string, v: string, rawItem: string, input: RawInput) => string | undefined;
  /** the result of a raw loop that kept items by `keepRaw` */
  doneRaw?: (acc: string) => string;
  /**
   * For a filter over an input's raw items whose condition picks one by its position: the result
   * from the picked raw item (`rawItem`, JS) and its FEEL value (`item`, JS, converted when read),
   * given `temp`, the JS id of a variable it may use; `whole` of the item when absent or when it
   * gives undefined.
   */
  pickRaw?: (rawItem: string, item: string, input: RawInput, temp: string) => string | undefined;
}

export const LIST_FOLD: FilterFold = { init: "[]", keep: (acc, v) => `${acc}.push(${v});`, done: (acc) => acc, whole: (x) => x };

/**
 * `l[c].f`: `.f` of the kept list, as `field` reads it (`member`, JS of `.f` of any value, takes
 * the filter's value when the loop does not build it). Over an input's raw items, a kept item's
 * field is read from its JSON object where it holds a value of the field's declared kind and the
 * list was not converted yet (as rawProject reads it), so the item is not converted to a FEEL
 * context; the other items are read from their FEEL value once the loop is done, in order, as
 * `field` reads the kept list (a problem an item's field reports comes after the condition's).
 */
export const projectFold = (slot: number, name: string, member: (value: string) => string, cx: ExprContext): FilterFold => ({
  ...LIST_FOLD,
  done: (acc) => `rt.field(${acc}, ${slot}, ${cx.em.lit(name)})`,
  whole: member,
  keepRaw: (acc, v, rawItem, input) => {
    const read = rawFieldReader(input, name, cx);
    if (!read) return undefined;
    const f = cx.em.fresh("fv");
    return `{ const ${f} = ${input.current} === undefined ? ${read(rawItem)} : undefined; ${acc}.push(${f} !== undefined ? ${f} : rt.unread(${v})); }`;
  },
  doneRaw: (acc) => `rt.projected(${acc}, ${slot}, ${cx.em.lit(name)})`,
  pickRaw: (rawItem, item, input, temp) => {
    const read = rawFieldReader(input, name, cx);
    if (!read) return undefined;
    return `((${temp} = ${input.current} === undefined ? ${read(rawItem)} : undefined) !== undefined ? ${temp} : ${member(item)})`;
  },
});

/**
 * `sum(l[c].f)` or `mean(l[c].f)` (`mean`; `aggregate`, JS of the built-in's direct call) of a
 * number field: as projectFold gathers it, but a kept raw item's field is kept as its JSON double
 * (rt.rawDouble), no decimal made for it, and the doubles are summed as scaled integers
 * (runtime/raw-items.ts keptSum), the list of decimals made only where one of them is no double.
 */
export function sumFold(
  slot: number,
  name: string,
  member: (value: string) => string,
  mean: boolean,
  aggregate: string,
  cx: ExprContext,
): FilterFold {
  const project = projectFold(slot, name, member, cx);
  const aggregated = (x: string) => `${aggregate}(${x})`;
  return {
    ...project,
    done: (acc) => aggregated(project.done(acc)),
    whole: (x) => aggregated(project.whole(x)),
    keepRaw: (acc, v, rawItem, input) => {
      if (input.projected.get(name)?.kind !== "number") return undefined;
      const f = cx.em.fresh("fv");
      const read = `rt.rawDouble(${rawItem}, ${cx.em.lit(name)})`;
      return `{ const ${f} = ${input.current} === undefined ? ${read} : undefined; ${acc}.push(${f} !== undefined ? ${f} : rt.unread(${v})); }`;
    },
    doneRaw: (acc) => `rt.keptSum(${acc}, ${slot}, ${cx.em.lit(name)}, ${mean}, ${aggregate})`,
    pickRaw: (rawItem, item, input, temp) => {
      const picked = project.pickRaw?.(rawItem, item, input, temp);
      return picked === undefined ? undefined : aggregated(picked);
    },
  };
}

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
  const judged = (item: string, items: string, isFirst: string, keep = fold.keep(acc, item)) =>
    `if (${r} === true) ${keep} else if (${r} !== false && ${r} !== null) return ${other(items, isFirst)};`;
  const loop = `for (const ${v} of ${list}) { rt.tick(); const ${r} = ${p}(${v}); ${judged(v, list, first)} ${first} = false; }`;
  // no item tried (an empty list, or null): filterNone tells an empty result from null
  const none = fold.whole(`rt.filterNone(${base0}, ${p})`);
  const body = `const ${list} = rt.filterItems(${base0}); let ${acc} = ${fold.init}; let ${first} = true; ${loop} return ${first} ? ${none} : ${fold.done(acc)};`;
  const condition = emitExpr(n.filter, inner, cx);
  const predicate = `(${item}) => ${condition}`;
  // an input's raw JSON items: a tester judges those it can, the condition the others' FEEL values
  const raw = rawFilter(n, source, scope, inner, cx);
  // the condition is not given an item it does not read (an index); one it reads with no tester
  // to judge the raw items would convert each alone: the list is then converted whole, as before
  const readsItem = new RegExp(`\\b${item}\\b`).test(condition);
  if (!raw || (raw.test === null && readsItem)) return `((${base0}, ${p}) => { ${body} })(${source}, ${predicate})`;
  const { input } = raw;
  let keptRaw = false;
  const keep = (kept: string, rawItem: string) => {
    const code = fold.keepRaw?.(acc, kept, rawItem, input);
    keptRaw ||= code !== undefined;
    return code ?? fold.keep(acc, kept);
  };
  // a number from the first item picks an item of the raw array (rt.rawPosition), converted only where read
  const [at, temps] = [cx.em.fresh("P"), cx.em.fresh("fv")];
  const pickedItem = rawItemAt(input, at, cx);
  const picked = fold.pickRaw?.(`${input.array}[${at}]`, pickedItem, input, temps) ?? fold.whole(pickedItem);
  const pick = `(${i} === 0 && (${at} = rt.rawPosition(${input.array}, ${r})) !== undefined ? (${at} < 0 ? ${fold.whole("null")} : ${picked}) : ${other(input.feel, `${i} === 0`)})`;
  const judgedRaw = (kept: string, rawItem: string) =>
    `if (${r} === true) ${keep(kept, rawItem)} else if (${r} !== false && ${r} !== null) return ${pick};`;
  const rawBody = rawLoop(raw, v, r, i, `${p}(${readsItem ? v : "null"})`, judgedRaw, cx, readsItem);
  const done = keptRaw && fold.doneRaw ? fold.doneRaw(acc) : fold.done(acc);
  // every item of a non-empty array is tried: the loop builds the value unless an item picks or nulls it
  const fast = `if (${input.array} !== null) { let ${acc} = ${fold.init}; let ${at}, ${temps}; ${rawBody} return ${done}; }`;
  return `((${p}) => { ${fast} const ${base0} = ${source}; ${body} })(${predicate})`;
}
