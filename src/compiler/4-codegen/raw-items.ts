// Conditions of filters and quantifiers over an input declared as a list of structs, tested on the
// raw JSON items (optimise/raw-items.ts marks the candidates). A hoisted tester reads the fields a
// condition names from the JSON object and answers true or false when each holds a value of its
// declared kind (a finite number, a boolean) and no entry shadows a name the condition uses;
// otherwise it answers undefined and the loop tries the FEEL condition on that item's FEEL value.
//
// A JSON number x (a double) reads as a decimal D(x) that rounds back to x (runtime/json.ts), and x
// compared as a double with another item's number, or with a literal that is what its own double
// reads as, gives exactly what the decimals give: docs/numbers.md, "JSON numbers compared as
// doubles". A date field is read as its day number (`rt.epochDay`, exactly the dates the loader
// reads) and compared with another's or with a date literal's: dates compare as their days.
import type { Expr } from "../../ir/feel-ast.js";
import type { Type } from "../../ir/types.js";
import { dayLiteral } from "../3-optimise/day-literal.js";
import { exactNumber } from "../3-optimise/exact-number.js";
import { BUILTINS } from "../../runtime/builtins/index.js";
import { callSteps } from "../../runtime/builtins/metering.js";
import { Decimal } from "../../runtime/decimal.js";
import { readNumber } from "../../runtime/literals.js";
import type { ProjectedKind, RawAggregation } from "../../runtime/raw-items.js";
import { emitExpr, type ExprContext } from "./expr.js";
import { bindRawLocal, rawLocalEntry, type RawLocal } from "./raw-locals.js";
import { refKey, type Scope } from "./scope.js";
import { levelsOf } from "./unary-tests.js";
import { joined } from "./joined.js";
import { itemReader } from "./json-reader.js";

/** The kinds of field a tester reads raw, with the JS test that a raw value is one of them. */
const FIELD_GUARDS = {
  number: (x: string) => `typeof ${x} === "number" && ${x} - ${x} === 0`,
  boolean: (x: string) => `typeof ${x} === "boolean"`,
  // a string, or a choice's value, is read from JSON as the string itself (runtime/json.ts)
  string: (x: string) => `typeof ${x} === "string"`,
  // a date read as its day number: NaN for anything the loader does not read as a date
  date: (x: string) => `${x} === ${x}`,
} as const;
type FieldKind = keyof typeof FIELD_GUARDS;

/**
 * An input declared as a list of structs, read from JSON: its FEEL value is converted on first use
 * (codegen/module.ts), and the paths here read the raw array instead where they can.
 */
export interface RawInput {
  /** JS of the raw array when it has items, else null (runtime rawArray): checked on its first read, once a call */
  array: string;
  /** JS id of the raw array once checked, undefined until then */
  held: string;
  /** JS id of the function that checks it (`array` calls it until then) */
  check: string;
  /** JS of the FEEL value: a call that converts the whole list on its first use */
  feel: string;
  /** JS id of the converted list, undefined until converted */
  current: string;
  /** JS id of the function that converts the list (`feel` calls it) */
  convert: string;
  /** JS id of the input's declared type (hoisted data) */
  type: string;
  /** JS of the runtime function that makes the conversion of one item (json-reader.ts) */
  reader: string;
  /** the declared struct's fields of a kind a tester reads raw */
  fields: ReadonlyMap<string, FieldKind>;
  /** the declared struct's fields a projection reads raw: position and kind */
  projected: ReadonlyMap<string, { slot: number; kind: ProjectedKind }>;
  /** set once a raw path reads the array: the input is then converted lazily */
  used: boolean;
}

/**
 * The kinds of field a projection reads raw (runtime/raw-items.ts rawProject), by the JS kind of the
 * JSON value read as it is: a choice or levels field's string is its FEEL value whether or not it
 * is one of the type's values (runtime/json.ts reads it untyped), as a string field's is.
 */
const PROJECTED: ReadonlyMap<string, ProjectedKind> = new Map([
  ["number", "number"],
  ["boolean", "boolean"],
  ["string", "string"],
  ["choice", "string"],
  ["levels", "string"],
]);

/** The raw reading of an input of type `t` when it is a list of structs; `ids` names its JS values (made only then). */
export function rawInput(t: Type, ids: () => Omit<RawInput, "fields" | "projected" | "used">): RawInput | undefined {
  if (t.kind !== "list" || t.element.kind !== "struct") return undefined;
  const fields = new Map<string, FieldKind>();
  const projected = new Map<string, { slot: number; kind: ProjectedKind }>();
  t.element.fields.forEach(([name, ft], slot) => {
    // a member of Object.prototype (which has no prototype itself) would be read from it when an item lacks the field
    if (Object.hasOwn(Object.prototype, name)) return;
    if (ft.kind === "number" || ft.kind === "boolean" || ft.kind === "date") fields.set(name, ft.kind);
    // ordered levels compare by rank, not as strings: left to FEEL
    if (ft.kind === "string" || ft.kind === "choice") fields.set(name, "string");
    const kind = PROJECTED.get(ft.kind);
    if (kind) projected.set(name, { slot, kind });
  });
  return { ...ids(), fields, projected, used: false };
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
  /** a value from outside the condition: a number's nearest double */
  outer?: boolean;
}

/** Kinds of value from outside the condition a tester is passed (a date as its day number, `rt.dateDay`). */
const OUTER_KINDS = new Set<string | undefined>(["number", "boolean", "string", "date"] satisfies FieldKind[]);
const isOuterKind = (kind: string | undefined): kind is FieldKind => OUTER_KINDS.has(kind);

/** JS of the value a tester is passed for an outside value of `kind` read by `code`: a number as its nearest double, a date as its day number. */
const OUTER_READS: Partial<Record<FieldKind, (code: string) => string>> = {
  number: (code) => `rt.nearestDouble(${code})`,
  date: (code) => `rt.dateDay(${code})`,
};

/** Names of values worked out before the list is read (no loop variable, no item entry): read once, outside the loop. */
const OUTER_NAMES = new Set(["input", "decision", "let", "param"]);

const JS_COMPARE = { "=": "===", "!=": "!==", "<": "<", "<=": "<=", ">": ">", ">=": ">=" } as const;

/** The built-in `date`, whose calls on a string literal the tester reads as day numbers. */
const DATE = BUILTINS.find((d) => d.name === "date")!;

/** Kinds whose order the tester decides: numbers as doubles, dates as day numbers (strings are ordered by FEEL's own rules). */
const ORDERED = new Set<FieldKind>(["number", "date"]);

/** JS that reads field `name` of raw item `o` as a tester of `kind` compares it. */
const readField = (o: string, name: string, kind: FieldKind): string =>
  kind === "date" ? `rt.epochDay(${o}[${JSON.stringify(name)}])` : `${o}[${JSON.stringify(name)}]`;

/**
 * What a tester reads: each field once, the entries that must be absent, the values from outside
 * the condition it is passed, and the pairs of number operands that must differ for the doubles to
 * decide (an outside number is its nearest double, which may equal another operand's double while
 * the decimals differ).
 */
class Reads {
  readonly fields = new Map<string, { id: string; kind: FieldKind }>();
  readonly absent = new Set<string>();
  readonly outer = new Map<string, OuterValue>();
  readonly apart: string[] = [];
  /** budget steps the FEEL condition's built-in calls take on each item, charged where the tester decides */
  steps = 0;
  constructor(
    private readonly cx: ExprContext,
    /** JS that reads a name's value outside the loop */
    private readonly outside: (e: Expr) => string,
  ) {}
  /** a string literal, escaped */
  literal(text: string): string {
    return this.cx.em.lit(text);
  }
  field(name: string, kind: FieldKind): Operand {
    let f = this.fields.get(name);
    if (!f) this.fields.set(name, (f = { id: this.cx.em.fresh("x"), kind }));
    return { code: f.id, kind };
  }
  outerValue(e: Expr, kind: FieldKind): Operand {
    const code = this.outside(e);
    let o = this.outer.get(code);
    if (!o) this.outer.set(code, (o = { id: this.cx.em.fresh("w"), code, kind }));
    return { code: o.id, kind, outer: true };
  }
  /** the doubles of number operands a and b decide their comparison only where they differ, if either is from outside */
  compared(a: Operand, b: Operand): void {
    if (a.kind === "number" && (a.outer || b.outer)) this.apart.push(`${a.code} !== ${b.code}`);
  }
}

/** A value from outside the condition the tester is passed: its JS id, the JS that reads it, its kind. */
interface OuterValue {
  id: string;
  code: string;
  kind: FieldKind;
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
    case "string":
      return { code: reads.literal(e.value), kind: "string" };
    case "number":
    case "negate": {
      const n = jsonExactLiteral(e);
      return n === null ? null : { code: n, kind: "number" };
    }
    case "name": {
      // in a filter, a name the analyser left unresolved is an entry of the item
      if (at.kind === "filter" && e.ref === undefined) return fieldOf(e.name);
      const kind = e.type?.kind === "string" || e.type?.kind === "choice" ? "string" : e.type?.kind;
      if (!e.ref || !OUTER_NAMES.has(e.ref.kind) || !isOuterKind(kind)) return null;
      // in a filter, an entry of the item by that name is what the name means
      if (at.kind === "filter") reads.absent.add(e.name);
      return reads.outerValue(e, kind);
    }
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
      // strings are ordered by FEEL's own rules: only their equality is decided here
      if (!xy || (!ORDERED.has(xy[0].kind) && e.op !== "=" && e.op !== "!=")) return null;
      reads.compared(xy[0], xy[1]);
      return { code: `${xy[0].code} ${JS_COMPARE[e.op]} ${xy[1].code}`, kind: "boolean" };
    }
    case "between": {
      if (levelsOf(e.value.type) || levelsOf(e.low.type) || levelsOf(e.high.type)) return null;
      const [lo, hi] = [both(e.value, e.low), both(e.value, e.high)];
      if (!lo || !hi || !ORDERED.has(lo[0].kind)) return null;
      reads.compared(lo[0], lo[1]);
      reads.compared(hi[0], hi[1]);
      return { code: `(${lo[0].code} >= ${lo[1].code} && ${hi[0].code} <= ${hi[1].code})`, kind: "boolean" };
    }
    case "in": {
      // `x in (a, b)`, `x in not(a)`: x equal to one of the values (DMN 1.5 10.3.2.9: a plain
      // value that is no list, range or boolean matches by equality; the guards keep to those)
      if (levelsOf(e.value.type) || e.tests.kind === "any" || e.tests.tests.length === 0) return null;
      const x = operand(e.value, at, input, reads, scope);
      if (!x || x.kind === "boolean") return null;
      const equal: string[] = [];
      for (const t of e.tests.tests) {
        const y = t.kind === "expr" ? operand(t.value, at, input, reads, scope) : null;
        if (!y || y.kind !== x.kind) return null;
        reads.compared(x, y);
        equal.push(`${x.code} === ${y.code}`);
      }
      const any = `(${joined(equal, "||")})`;
      return { code: e.tests.kind === "not" ? `!${any}` : any, kind: "boolean" };
    }
    case "logical": {
      const xy = both(e.left, e.right);
      return xy && xy[0].kind === "boolean"
        ? { code: `(${xy[0].code} ${e.op === "and" ? "&&" : "||"} ${xy[1].code})`, kind: "boolean" }
        : null;
    }
    case "temporal": {
      const day = dayLiteral(e);
      return day === null ? null : { code: String(day), kind: "date" };
    }
    case "call": {
      const ref = e.callee.kind === "name" ? e.callee.ref : undefined;
      // `date("2024-01-31")` of the built-in: its day number, unless (in a filter) an entry of the item is
      // named `date`. A filter's FEEL condition calls it on every item it tests, as an entry may name
      // it (its connectives evaluate every operand): the tester charges those steps where it decides.
      // Elsewhere the call is a constant, made once.
      const day = dayLiteral(e);
      const steps = day !== null && e.args[0]?.kind === "string" ? callSteps(DATE, [e.args[0].value]) : undefined;
      if (day !== null && steps !== undefined && ref !== undefined && !scope.lookup(refKey(ref))) {
        if (at.kind === "filter") {
          reads.absent.add("date");
          reads.steps += steps;
        }
        return { code: String(day), kind: "date" };
      }
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
function tester(
  e: Expr,
  at: Binding,
  input: RawInput,
  scope: Scope,
  outside: (e: Expr) => string,
  cx: ExprContext,
): { test: string; outer: OuterValue[] } | null {
  const reads = new Reads(cx, outside);
  const test = operand(e, at, input, reads, scope);
  if (!test || test.kind !== "boolean") return null;
  // the item is a plain object (runtime rawArray takes no other)
  const o = cx.em.fresh("o");
  const outer = [...reads.outer.values()];
  const lines = [...reads.fields].map(([name, f]) => `const ${f.id} = ${readField(o, name, f.kind)};`);
  const fit = [
    ...[...reads.fields.values(), ...outer].map((f) => FIELD_GUARDS[f.kind](f.id)),
    ...[...reads.absent].map((name) => `!(${JSON.stringify(name)} in ${o})`),
    ...reads.apart,
  ];
  const charge = reads.steps > 0 ? [`rt.tick(${reads.steps});`] : [];
  const body = [...lines, fit.length > 0 ? `if (!(${fit.join(" && ")})) return undefined;` : "", ...charge, `return ${test.code};`];
  return { test: cx.em.hoist("Q", `(${[o, ...outer.map((w) => w.id)].join(", ")}) => { ${body.join(" ")} }`), outer };
}

/** The raw input a marked node's list is read from (`base` is its emitted JS), when the code reads it at top level. */
function sourceOf(marked: boolean | undefined, base: string, scope: Scope, cx: ExprContext): RawInput | undefined {
  // inside a filter the names of an outer item may be meant: not judged here
  if (!marked || cx.explain || scope.item !== null) return undefined;
  return cx.raws?.get(base);
}

/** `path` with its input marked as read raw: the module then converts the input lazily. */
function using<T>(input: RawInput, path: T): T {
  input.used = true;
  return path;
}

/** A raw path for a list: its input and, for a condition, the tester's JS id (null when there is none) and the values from outside it is passed. */
export interface RawPath {
  input: RawInput;
  test: string | null;
  outer: OuterValue[];
}

/**
 * A raw path for a filter over `base` (its emitted list), or null: with a tester when the condition
 * is one it judges, else each item's condition is the FEEL condition on the item converted alone
 * (an index picks its item without the list converted).
 */
export function rawFilter(n: Extract<Expr, { kind: "filter" }>, base: string, scope: Scope, inner: Scope, cx: ExprContext): RawPath | null {
  const input = sourceOf(n.rawItems, base, scope, cx);
  if (!input) return null;
  const test = tester(n.filter, { kind: "filter" }, input, inner, (x) => emitExpr(x, scope, cx), cx);
  return using(input, { input, test: null, outer: [], ...test });
}

/** JS of the FEEL value of item `i` (JS of a 0-based position) of the input's list: the item converted alone, or read from the converted list. */
export const rawItemAt = (input: RawInput, i: string, cx: ExprContext): string =>
  `rt.rawItemValue(${input.array}, ${input.current}, ${i}, ${itemConverter(input, cx)})`;

/** A raw path for a quantifier's one iteration over `base`, or null. */
export function rawQuantified(n: Extract<Expr, { kind: "quantified" }>, base: string, scope: Scope, cx: ExprContext): RawPath | null {
  const input = sourceOf(n.rawItems, base, scope, cx);
  const at = { kind: "variable", name: n.iterations[0]!.name } as const;
  const test = input && tester(n.satisfies, at, input, scope, (x) => emitExpr(x, scope, cx), cx);
  return input && test ? using(input, { input, ...test }) : null;
}

/** `count(l)` of a marked call over an input's list (`base`, its emitted JS) from the raw array; `direct` counts the FEEL value otherwise. */
export function rawCountOf(marked: boolean | undefined, base: string, direct: string, scope: Scope, cx: ExprContext): string | null {
  const input = sourceOf(marked, base, scope, cx);
  if (input) return using(input, `(${input.array} !== null ? rt.rawCount(${input.array}) : ${direct}(${input.feel}))`);
  const plain = marked ? plainList(base, scope, cx) : undefined;
  if (!plain) return null;
  return `(rt.plainArray(${plain.raw}, ${cx.em.lit(plain.type.element.kind)}) ? rt.rawCount(${plain.raw}) : ${direct}(${base}))`;
}

/** The raw JSON of the input of plain items whose FEEL value `base` reads (not inside a filter, nor explained). */
const plainList = (base: string, scope: Scope, cx: ExprContext) =>
  cx.explain || scope.item !== null ? undefined : cx.plainLists?.get(base);

/**
 * `l.f` of a marked path over an input's list for a field projected raw, or null. With
 * `aggregate`, that aggregate (`how`; `direct`, JS of the built-in's direct call, takes the
 * projection's list where the doubles do not decide) of a number field read from the JSON doubles
 * (runtime/raw-items.ts rawAggregate), or null for a field of another kind. With `loop`, the
 * aggregate of a loop that projects the field, as written (JS), for an input that is no JSON array.
 */
export function rawProjection(
  n: Extract<Expr, { kind: "path" }>,
  base: string,
  scope: Scope,
  cx: ExprContext,
  aggregate?: { how: RawAggregation; direct: string; loop?: () => string },
): string | null {
  const input = sourceOf(n.rawItems, base, scope, cx);
  const field = input?.projected.get(n.member);
  if (!input || !field || (aggregate && field.kind !== "number")) return null;
  const args = [input.array, input.current, input.convert, itemConverter(input, cx), String(field.slot), cx.em.lit(n.member)];
  if (aggregate) {
    const how = typeof aggregate.how === "number" ? aggregate.how : cx.em.lit(aggregate.how);
    if (!aggregate.loop) return using(input, `rt.rawAggregate(${args.join(", ")}, ${how}, ${aggregate.direct})`);
    // of a loop (`loopProjection`): while the input is a JSON array, the list the loop makes charged
    // as it makes it; the loop as written (`loop`) otherwise
    return using(
      input,
      `(${input.array} !== null ? rt.rawAggregate(${args.join(", ")}, ${how}, ${aggregate.direct}, true) : ${aggregate.loop()})`,
    );
  }
  return using(input, `rt.rawProject(${[...args, cx.em.lit(field.kind)].join(", ")})`);
}

/**
 * `for x in l return x.f` (one iteration, its body a field of the loop's item) as the path `l.f`:
 * over a list they make the same list, charged the same steps (a step per item), and report the
 * same problems. Undefined for any other loop. (Over null or a single value they differ: the loop
 * makes an empty list or a list of one.)
 */
export function loopProjection(n: Expr): Extract<Expr, { kind: "path" }> | undefined {
  if (n.kind !== "for" || n.iterations.length !== 1 || n.runningTotals) return undefined;
  const [it, body] = [n.iterations[0]!, n.body];
  if (it.to || body.kind !== "path" || body.base.kind !== "name" || body.base.name !== it.name) return undefined;
  return { kind: "path", base: it.source, member: body.member, rawItems: it.rawItems, type: n.type, span: n.span };
}

/** JS id of the hoisted conversion of one item of the input's list (runtime/json.ts itemConverter). */
const itemConverter = (input: RawInput, cx: ExprContext): string => cx.em.hoist("C", `${input.reader}(${input.type})`);

/** How the certified double-doubles' loops read an input's list item by item (codegen/certified-dd-code.ts). */
export interface RawListRead {
  /** JS of the raw JSON array the loop reads, or null where it reads the FEEL list */
  raw: string;
  /** JS of the list's FEEL value, read where `raw` is null */
  feel: string;
  /** JS id of the conversion of one item, for an item (or a field) that holds no JSON number */
  item: string;
  /** a list of structs: its number fields read raw, by name, with their declared positions */
  fields: ReadonlyMap<string, number>;
}

/** The runtime readers of one certified form (double-doubles or doubles with a bound): of a raw item, of a FEEL value, of a raw item's field. */
export interface CertifiedItemReaders {
  item: string;
  value: string;
  field: string;
}

/** The two parameters of a certified function that reads `raw`: the raw array (null where the FEEL list is read), and the FEEL list where it is null. */
export const rawListParams = (raw: RawListRead, param: (code: string) => string): [r: string, f: string] => [
  param(raw.raw),
  param(`(${raw.raw} !== null ? null : ${raw.feel})`),
];

/**
 * How a certified loop reads pass `j` of `raw` through its parameters: the count of passes, the
 * pass's item (its FEEL value), its value as a number, and a struct item's number field read raw
 * (undefined for a field that is not read so), each by the form's `readers`.
 */
export function rawPasses(
  raw: RawListRead,
  param: (code: string) => string,
  j: string,
  lit: (s: string) => string,
  readers: CertifiedItemReaders,
) {
  const [r, f] = rawListParams(raw, param);
  return {
    count: `${r} !== null ? ${r} : ${f}`,
    item: `(${r} !== null ? ${raw.item}(${r}[${j}]) : ${f}[${j}])`,
    value: `(${r} !== null ? rt.${readers.item}(${r}[${j}], ${raw.item}) : rt.${readers.value}(${f}[${j}]))`,
    entry: (member: string): string | undefined => {
      const slot = raw.fields.get(member);
      const name = lit(member);
      return slot === undefined
        ? undefined
        : `(${r} !== null ? rt.${readers.field}(${r}[${j}], ${name}, ${slot}, ${raw.item}) : rt.${readers.value}(rt.certMember(${f}[${j}], ${slot}, ${name})))`;
    },
  };
}

/**
 * The raw reading of the list `base` (its emitted JS) by the certified double-doubles' loops, when it
 * is an input's: a list of structs from its raw array while the list is not converted (problems
 * heard convert it at once, and an item converted again would report its problem twice), its
 * number fields read raw; a list of numbers from its raw JSON array (runtime ddRawList). Undefined
 * for any other list.
 */
export function rawListRead(base: string, scope: Scope, cx: ExprContext): RawListRead | undefined {
  const input = sourceOf(true, base, scope, cx);
  if (input) {
    const fields = new Map([...input.projected].flatMap(([name, f]) => (f.kind === "number" ? [[name, f.slot] as const] : [])));
    return using(input, {
      raw: `(${input.current} === undefined ? ${input.array} : null)`,
      feel: input.feel,
      item: itemConverter(input, cx),
      fields,
    });
  }
  const numbers = plainList(base, scope, cx);
  if (numbers?.type.element.kind !== "number") return undefined;
  const item = cx.em.hoist("C", `${itemReader(numbers.type)}(${cx.em.type(numbers.type)})`);
  return { raw: `rt.ddRawList(${numbers.raw})`, feel: base, item, fields: new Map() };
}

/**
 * The loop over the raw array of `raw`'s input, binding each item's condition result to `r`, then
 * running `body(item)`, where `item` is JS of the item's FEEL value: the tester's answer for the
 * raw item when there is one, else `feel`, the FEEL condition on `v`, the item converted alone (or
 * read from the converted list; not made first when the condition does not read it, `readsItem`). Every item ticks once, as in the FEEL path; `i` (JS id) counts
 * the items tried; `body` is also given the JS id of the raw item.
 */
export function rawLoop(
  raw: RawPath,
  v: string,
  r: string,
  i: string,
  feel: string,
  body: (item: string, rawItem: string) => string,
  cx: ExprContext,
  readsItem = true,
): string {
  const { input, test, outer } = raw;
  const j = cx.em.fresh("j");
  const item = rawItemAt(input, i, cx);
  const kept = body(`(${v} !== undefined ? ${v} : ${item})`, j);
  // values from outside the condition, once: a number as its nearest double
  const values = outer.map((w) => `const ${w.id} = ${OUTER_READS[w.kind]?.(w.code) ?? w.code};`);
  const args = [j, ...outer.map((w) => w.id)].join(", ");
  // a condition that does not read the item (an index) is not given it: the item is converted only if kept
  const judge = readsItem ? `${v} = ${item}; ${r} = ${feel};` : `${r} = ${feel};`;
  const tested = test === null ? `let ${r}; ${judge}` : `let ${r} = ${test}(${args}); if (${r} === undefined) { ${judge} }`;
  return `${values.join(" ")} let ${i} = 0; for (const ${j} of ${input.array}) { rt.tick(); let ${v}; ${tested} ${kept} ${i}++; }`;
}

/**
 * The field `member` of the items of a filter over an input's list, read from each kept raw item
 * where it holds a value of the field's declared kind, as `rawProject` reads it: `l[c].f` is then
 * gathered in the filter's own loop, with no item converted to a FEEL context. Undefined when the
 * struct has no such field read raw.
 */
export function rawFieldReader(input: RawInput, member: string, cx: ExprContext): ((rawItem: string) => string) | undefined {
  const field = input.projected.get(member);
  if (!field) return undefined;
  const [name, kind] = [cx.em.lit(member), cx.em.lit(field.kind)];
  return (rawItem) => `rt.rawField(${rawItem}, ${name}, ${kind})`;
}

/**
 * The loop over the iteration `for m in l` of an input's list (`source`, its emitted JS): over the
 * raw array when it has items, each item converted only when FEEL code reads it whole, and over the
 * FEEL list otherwise. `value` is the JS of the item's FEEL value the body reads `m` as; `loop`
 * wraps the body's JS in the loop. Null when the list is not read raw here.
 */
export function rawIteration(
  marked: boolean | undefined,
  source: string,
  scope: Scope,
  cx: ExprContext,
): { value: string; loop: (body: string) => string } | null {
  const input = sourceOf(marked, source, scope, cx);
  if (!input) return null;
  const [x, k, n, v, t] = ["x", "k", "ix", "v", "t"].map((p) => cx.em.fresh(p));
  const a = input.array;
  const value = `(${a} === null ? ${x} : ${v} !== undefined ? ${v} : (${v} = ${rawItemAt(input, k, cx)}))`;
  const local: RawLocal = { array: a, current: input.current, projected: input.projected, rawItem: x, temp: t, fields: 0 };
  bindRawLocal(cx.em, value, local);
  const loop = (body: string) => {
    // A body that reads items whole converts each alone: the list is converted first instead (once,
    // as FEEL code elsewhere may convert it), and its fields are then read from the converted items.
    const whole = body.split(value).length - 1 > local.fields ? `if (${a} !== null) ${input.convert}();` : "";
    // the position and the converted item are the iteration's own: a function made in the body keeps them
    return `{ let ${n} = 0; ${whole} for (const ${x} of (${a} !== null ? ${a} : rt.iter(${source}))) { const ${k} = ${n}++; let ${v}, ${t}; ${body} } }`;
  };
  return using(input, { value, loop });
}

/**
 * `m.f` of a loop variable bound to raw items (rawIteration; `base` is the JS the path's base was
 * emitted as), for a field read raw: the raw item's field where it can be, else the field of the
 * item's FEEL value, as `field` reads it. Null for any other path.
 */
export const rawLocalField = (base: string, member: string, cx: ExprContext): string | null =>
  rawLocalEntry(cx.em, base, member, (slot) => `rt.field(${base}, ${slot}, ${cx.em.lit(member)})`) ?? null;
