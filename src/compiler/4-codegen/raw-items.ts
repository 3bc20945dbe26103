// Conditions of filters and quantifiers over an input declared as a list of structs, tested on the
// raw JSON items (optimise/raw-items.ts marks the candidates). A hoisted tester reads the fields a
// condition names from the JSON object and answers true or false when each holds a value of its
// declared kind (a finite number, a boolean) and no entry shadows a name the condition uses;
// otherwise it answers undefined and the loop tries the FEEL condition on that item's FEEL value.
//
// A JSON number x (a double) reads as a decimal D(x) that rounds back to x (runtime/json.ts), and x
// compared as a double with another item's number, or with a literal that is what its own double
// reads as, gives exactly what the decimals give: docs/numbers.md, "JSON numbers compared as
// doubles".
import type { Expr } from "../../ir/feel-ast.js";
import type { Type } from "../../ir/types.js";
import { exactNumber } from "../3-optimise/exact-number.js";
import { Decimal } from "../../runtime/decimal.js";
import { readNumber } from "../../runtime/literals.js";
import type { ExprContext } from "./expr.js";
import { refKey, type Scope } from "./scope.js";
import { levelsOf } from "./unary-tests.js";

/** The kinds of field a tester reads raw, with the JS test that a raw value is one of them. */
const FIELD_GUARDS = {
  number: (x: string) => `typeof ${x} === "number" && ${x} - ${x} === 0`,
  boolean: (x: string) => `typeof ${x} === "boolean"`,
} as const;
type FieldKind = keyof typeof FIELD_GUARDS;

/** An input whose FEEL value was converted from a raw JSON value the generated code can read. */
export interface RawInput {
  /** JS id of the raw JSON value (undefined when the input was given as FEEL values) */
  raw: string;
  /** the declared struct's fields of a kind a tester reads raw */
  fields: ReadonlyMap<string, FieldKind>;
}

/** The raw fields of an input of type `t` when it is a list of structs. */
export function rawInput(raw: string, t: Type): RawInput | undefined {
  if (t.kind !== "list" || t.element.kind !== "struct") return undefined;
  const fields = new Map<string, FieldKind>();
  for (const [name, ft] of t.element.fields) {
    // a member of Object.prototype (which has no prototype itself) would be read from it when an item lacks the field
    if ((ft.kind === "number" || ft.kind === "boolean") && !Object.hasOwn(Object.prototype, name)) fields.set(name, ft.kind);
  }
  return { raw, fields };
}

/**
 * The JS number literal of a FEEL numeric literal L when comparing a JSON double with it is exact:
 * L is the shortest form of the double d nearest it (optimise/exact-number.ts), and the number a
 * state's JSON d reads as is L itself (checked here with the reader the state loader uses).
 */
function jsonExactLiteral(e: Expr): string | null {
  const js = exactNumber(e);
  const lit = e.kind === "negate" ? e.operand : e;
  if (js === null || lit.kind !== "number") return null;
  const value = new Decimal(lit.value);
  return readNumber(Number(js.replace(/[()]/g, ""))).eq(e.kind === "negate" ? value.neg() : value) ? js : null;
}

/** How the condition names the item: a filter's item (its entries and `item`), or a quantifier's variable. */
type Binding = { kind: "filter" } | { kind: "variable"; name: string };

interface Operand {
  code: string;
  kind: FieldKind;
}

const JS_COMPARE = { "=": "===", "!=": "!==", "<": "<", "<=": "<=", ">": ">", ">=": ">=" } as const;

/** What a tester reads: each field once, and the entries that must be absent. */
class Reads {
  readonly fields = new Map<string, { id: string; kind: FieldKind }>();
  readonly absent = new Set<string>();
  constructor(private readonly cx: ExprContext) {}
  field(name: string, kind: FieldKind): Operand {
    let f = this.fields.get(name);
    if (!f) this.fields.set(name, (f = { id: this.cx.em.fresh("x"), kind }));
    return { code: f.id, kind };
  }
}

/** The JS of condition `e` on the raw fields, or null when `e` is not one the tester can judge. */
function operand(e: Expr, at: Binding, input: RawInput, reads: Reads, scope: Scope): Operand | null {
  const fieldOf = (name: string): Operand | null => {
    const kind = input.fields.get(name);
    return kind ? reads.field(name, kind) : null;
  };
  const both = (a: Expr, b: Expr) => {
    const [x, y] = [operand(a, at, input, reads, scope), operand(b, at, input, reads, scope)];
    return x && y && x.kind === y.kind ? [x, y] : null;
  };
  switch (e.kind) {
    case "boolean":
      return { code: String(e.value), kind: "boolean" };
    case "number":
    case "negate": {
      const n = jsonExactLiteral(e);
      return n === null ? null : { code: n, kind: "number" };
    }
    case "name":
      // in a filter, a name the analyser left unresolved is an entry of the item
      return at.kind === "filter" && e.ref === undefined ? fieldOf(e.name) : null;
    case "path": {
      const b = e.base;
      if (b.kind !== "name" || b.ref?.kind !== "local") return null;
      if (at.kind === "filter" && b.name === "item") {
        reads.absent.add("item"); // an entry named `item` is what `item` names
        return fieldOf(e.member);
      }
      return at.kind === "variable" && b.name === at.name ? fieldOf(e.member) : null;
    }
    case "compare": {
      if (levelsOf(e.left.type) || levelsOf(e.right.type)) return null;
      const xy = both(e.left, e.right);
      if (!xy || (xy[0].kind === "boolean" && e.op !== "=" && e.op !== "!=")) return null;
      return { code: `${xy[0].code} ${JS_COMPARE[e.op]} ${xy[1].code}`, kind: "boolean" };
    }
    case "between": {
      if (levelsOf(e.value.type) || levelsOf(e.low.type) || levelsOf(e.high.type)) return null;
      const [lo, hi] = [both(e.value, e.low), both(e.value, e.high)];
      if (!lo || !hi || lo[0].kind !== "number") return null;
      return { code: `(${lo[0].code} >= ${lo[1].code} && ${hi[0].code} <= ${hi[1].code})`, kind: "boolean" };
    }
    case "logical": {
      const xy = both(e.left, e.right);
      return xy && xy[0].kind === "boolean"
        ? { code: `(${xy[0].code} ${e.op === "and" ? "&&" : "||"} ${xy[1].code})`, kind: "boolean" }
        : null;
    }
    case "call": {
      const ref = e.callee.kind === "name" ? e.callee.ref : undefined;
      // the built-in `not`, unless a model function or (in a filter) an entry of the item is named so
      if (ref?.kind !== "builtin" || ref.name !== "not" || e.named || e.args.length !== 1 || scope.lookup(refKey(ref))) return null;
      const x = operand(e.args[0]!, at, input, reads, scope);
      if (!x || x.kind !== "boolean") return null;
      if (at.kind === "filter") reads.absent.add(e.callee.kind === "name" ? e.callee.name : "not");
      return { code: `!(${x.code})`, kind: "boolean" };
    }
    default:
      return null;
  }
}

/**
 * Hoists the tester of condition `e` and returns its JS id, or null when the condition is not one
 * it can judge. The tester takes a raw item and answers true, false, or undefined (the FEEL
 * condition decides).
 */
function tester(e: Expr, at: Binding, input: RawInput, scope: Scope, cx: ExprContext): string | null {
  const reads = new Reads(cx);
  const test = operand(e, at, input, reads, scope);
  if (!test || test.kind !== "boolean") return null;
  const [j, o] = [cx.em.fresh("j"), cx.em.fresh("o")];
  const lines = [...reads.fields].map(([name, f]) => `const ${f.id} = ${o}[${JSON.stringify(name)}];`);
  const fit = [
    ...[...reads.fields.values()].map((f) => FIELD_GUARDS[f.kind](f.id)),
    ...[...reads.absent].map((name) => `!(${JSON.stringify(name)} in ${o})`),
  ];
  const body = [
    `const ${o} = rt.rawItem(${j});`,
    `if (${o} === null) return undefined;`,
    ...lines,
    fit.length > 0 ? `if (!(${fit.join(" && ")})) return undefined;` : "",
    `return ${test.code};`,
  ];
  return cx.em.hoist("Q", `(${j}) => { ${body.join(" ")} }`);
}

/** The raw input a marked filter's or quantifier's list is read from, when the code reads it at top level. */
function sourceOf(marked: boolean | undefined, base: string, scope: Scope, cx: ExprContext): RawInput | undefined {
  // inside a filter the names of an outer item may be meant: not judged here
  if (!marked || cx.explain || scope.item !== null) return undefined;
  return cx.raws?.get(base);
}

/** A raw path for a filter over `base` (its emitted list): the raw list's JS and the tester, or null. */
export function rawFilter(
  n: Extract<Expr, { kind: "filter" }>,
  base: string,
  scope: Scope,
  inner: Scope,
  cx: ExprContext,
): { raw: string; test: string } | null {
  const input = sourceOf(n.rawItems, base, scope, cx);
  const test = input && tester(n.filter, { kind: "filter" }, input, inner, cx);
  return input && test ? { raw: input.raw, test } : null;
}

/** A raw path for a quantifier's one iteration over `base`: the raw list's JS and the tester, or null. */
export function rawQuantified(
  n: Extract<Expr, { kind: "quantified" }>,
  base: string,
  scope: Scope,
  cx: ExprContext,
): { raw: string; test: string } | null {
  const input = sourceOf(n.rawItems, base, scope, cx);
  const test = input && tester(n.satisfies, { kind: "variable", name: n.iterations[0]!.name }, input, scope, cx);
  return input && test ? { raw: input.raw, test } : null;
}

/**
 * The loop over `list` (JS id) binding each item to `v` and its condition's result to `r`, then
 * running `body`: the tester's answer for the raw item at the same position when there is one,
 * else `feel`, the FEEL condition on `v`. Every item ticks once, as in the FEEL path.
 */
export function itemLoop(
  raw: { raw: string; test: string } | null,
  list: string,
  v: string,
  r: string,
  feel: string,
  body: string,
  cx: ExprContext,
): string {
  if (!raw) return `for (const ${v} of ${list}) { rt.tick(); const ${r} = ${feel}; ${body} }`;
  const [rows, i] = [cx.em.fresh("R"), cx.em.fresh("i")];
  const tested = `let ${r} = ${rows} === null ? undefined : ${raw.test}(${rows}[${i}]); ${i}++; if (${r} === undefined) ${r} = ${feel};`;
  return `const ${rows} = rt.rawList(${raw.raw}, ${list}); let ${i} = 0; for (const ${v} of ${list}) { rt.tick(); ${tested} ${body} }`;
}
