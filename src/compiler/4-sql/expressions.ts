// FEEL expressions → SQL expressions, one lowering per node kind, each giving FEEL's exact answer
// (nulls included) or refusing with `sql.unsupported`. The FEEL kinds are known statically: an
// input's declared type, a literal's kind, what each operation makes.
import type { Expr, NameRef } from "../../ir/feel-ast.js";
import type { FunctionIR } from "../../ir/ir.js";
import type { Type } from "../../ir/types.js";
import { fitsPositional } from "../../runtime/builtins/def.js";
import { builtinDef } from "../../runtime/builtins/index.js";
import { MAX_SCALE, MIN_SCALE, ROUNDING_MODES } from "../../runtime/builtins/number.js";
import { namedSignature } from "../../runtime/functions.js";
import { MODES } from "../../runtime/decimal-rounding.js";
import { isWellFormed } from "../../runtime/well-formed.js";
import { YearsMonthsDuration } from "../../runtime/values.js";
import { Decimal } from "../../runtime/decimal.js";
import { equals, not, notEquals, NULL_BOOLEAN, ordered } from "./compare.js";
import { unsupported, type SqlContext } from "./context.js";
import { stringLiteral } from "./dialects.js";
import { clockPart, dateOfDateTime, dateTimeDifference, movedDateTime } from "./date-time-values.js";
import {
  absolute,
  arithmetic,
  common,
  decimalSum,
  heldInteger,
  holdAs,
  modulo,
  negate,
  numberLiteral,
  power,
  quotient,
  reciprocal,
  rescaled,
  roundPlaces,
  roundQuotient,
} from "./numbers.js";
import { lowerAggregate } from "./aggregates.js";
import {
  lambda,
  listBranches,
  listSyntax,
  lowerFilter,
  lowerFor,
  meanParts,
  lowerListCall,
  lowerListLiteral,
  lowerListPath,
  lowerQuantified,
} from "./lists.js";
import { lowerListLogic } from "./list-logic.js";
import { lowerListSet } from "./list-sets.js";
import { lowerListEdit } from "./list-edits.js";
import { lowerListOrder } from "./list-order.js";
import { closedTemporal } from "./closed-temporal.js";
import { dateAtTime, timeMember, type DateAtTime } from "./date-times.js";
import { calendarName, dayOfYear, isoWeek, isoWeekday } from "./calendar.js";
import { lowerContext, lowerContextCall, lowerGetValue } from "./contexts.js";
import { constantDuration, dateMove, movedDate } from "./dates.js";
import {
  asNanos,
  dateDifference,
  durationAbs,
  durationLiteral,
  durationPart,
  durationSum,
  DURATION_KINDS,
  isDuration,
  monthsBetween,
  moveDate,
  negated,
  ofKind,
  durationTimes,
} from "./durations.js";
import { regexReplace } from "./regexes.js";
import { literalPattern, lowerCase, stringJoin, substring, substringAround, upperCase } from "./strings.js";
import { lowerRangeRelation } from "./ranges.js";
import { roundingInside, type BuiltinTest } from "./rounded-choices.js";
import { lowerBody } from "./tables.js";
import { allOf, anyOf, unaryTests } from "./unary-tests.js";
import { decimalShape, deeper, literal, NULL_VALUE, SqlUnsupported, type SqlValue } from "./values.js";

export interface SqlScope {
  /** what names mean here, by `kind:name` of their reference */
  names: ReadonlyMap<string, SqlValue>;
  /** `?` in a unary test */
  input?: SqlValue;
  functions: ReadonlyMap<string, FunctionIR>;
  /** functions being inlined, to refuse recursion */
  calling: readonly string[];
  /** inside filters: the items, innermost first, whose fields shadow names from outside */
  items?: readonly SqlValue[];
}

export const refKey = (ref: NameRef): string => `${ref.kind}:${ref.name}`;

/** The ordered levels of a static type. */
export const levelsOf = (t: Type | undefined): string[] | undefined => (t?.kind === "levels" ? t.values : undefined);

type Lower<K extends Expr["kind"]> = (node: Extract<Expr, { kind: K }>, scope: SqlScope, cx: SqlContext) => SqlValue;

const bool = (sql: string, ...from: SqlValue[]): SqlValue => ({ sql, kind: "boolean", depth: deeper(...from) });

/** A date literal's ISO text when it is a real calendar date of years 1 to 9999. */
function isoDate(text: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(2000, mo - 1, d));
  t.setUTCFullYear(y);
  return y >= 1 && t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d ? text : undefined;
}

type Arith = Extract<Expr, { kind: "arith" }>;

/** The terms of a chain of `+` and `-` (`a + b - (c + d)`: a, b, -c, -d), in order; a date's move by a constant duration is one. */
function termsOf(n: Expr, negative = false): { expr: Expr; negative: boolean }[] {
  if (n.kind !== "arith" || (n.op !== "+" && n.op !== "-") || dateMove(n)) return [{ expr: n, negative }];
  return [...termsOf(n.left, negative), ...termsOf(n.right, n.op === "-" ? !negative : negative)];
}

/** One arithmetic operation of two operands, each lowered by `operand`. */
function pairwise(n: Arith, operand: (e: Expr) => SqlValue, cx: SqlContext): SqlValue {
  const [p, q] = [operand(n.left), operand(n.right)];
  const [a, b] = n.op === "/" && isDuration(p) && family(p) === family(q) ? [amount(p, cx), amount(q, cx, n.right)] : [p, q];
  if (a.kind === "null" || b.kind === "null") return NULL_VALUE;
  if (n.op === "+" && a.kind === "string" && b.kind === "string")
    return { sql: `(${a.sql} || ${b.sql})`, kind: "string", depth: deeper(a, b) };
  const temporal = n.op === "+" || n.op === "-" ? TEMPORAL_ARITHMETIC[`${family(a)}${n.op}${family(b)}`] : undefined;
  if (temporal) return temporal(a, b, cx);
  if (n.op === "*" && isDuration(a) && b.kind === "number") return durationTimes(a, b, cx);
  if (n.op === "*" && a.kind === "number" && isDuration(b)) return durationTimes(b, a, cx);
  if (a.kind !== "number" || b.kind !== "number") throw unsupported(cx, `${a.kind} ${n.op} ${b.kind}`, n.span);
  if (n.op === "/") {
    const inverse = b.constant !== undefined ? reciprocal(b.constant) : undefined;
    if (inverse === undefined) return quotient(a, b, cx, "a quotient not rounded to literal places");
    return arithmetic("*", a, numberLiteral(inverse, cx), cx);
  }
  if (n.op === "**") {
    const exponent = b.constant !== undefined && /^\d$/.test(b.constant) ? Number(b.constant) : undefined;
    if (exponent === undefined) throw unsupported(cx, "a power whose exponent is not a literal whole number from 0 to 9", n.span);
    return power(a, exponent, cx);
  }
  return arithmetic(n.op, a, b, cx);
}

/**
 * A duration as the number FEEL divides it by another of its kind as (runtime temporal/arithmetic.ts):
 * a days and time duration's seconds (its nanoseconds at 9 places), a years and months duration's
 * months; a constant's as its literal, so that a quotient by it is a product where its reciprocal is exact.
 */
function amount(d: SqlValue, cx: SqlContext, written?: Expr): SqlValue {
  const c = written && constantDuration(written);
  if (c) {
    const v = c instanceof YearsMonthsDuration ? new Decimal(c.months) : c.seconds;
    const n = numberLiteral(v.abs().toFixed(), cx);
    return v.isNegative() ? negate(n) : n;
  }
  if (d.kind === "months") return wholeNumber(d.sql, String(d.most ?? Number.MAX_SAFE_INTEGER).length, d, cx);
  const nanos = asNanos(d, cx);
  if (!Number.isFinite(nanos.most)) throw unsupported(cx, "a quotient of durations of no known bound");
  return rescaled(nanos.sql, { scale: 9, bound: BigInt(nanos.most!) + 1n }, cx, nanos.depth);
}

type Temporal = (a: SqlValue, b: SqlValue, cx: SqlContext) => SqlValue;

/** An operand's kind for `+` and `-`: a days and time duration is one, of whole days or not (moveDate and durationSum take either). */
const family = (v: SqlValue): string => (v.kind === "nanos" ? "days" : v.kind);

/** `+` and `-` of dates and durations (runtime temporal/arithmetic.ts), by the operands' kinds; any other pair is refused. */
const TEMPORAL_ARITHMETIC: Record<string, Temporal> = {
  "date-date": dateDifference,
  "datetime-datetime": dateTimeDifference,
  "datetime+days": (a, by, cx) => movedDateTime(a, by, 1, cx),
  "days+datetime": (by, a, cx) => movedDateTime(a, by, 1, cx),
  "datetime-days": (a, by, cx) => movedDateTime(a, by, -1, cx),
  "date+days": (d, by, cx) => moveDate(d, by, 1, cx),
  "days+date": (by, d, cx) => moveDate(d, by, 1, cx),
  "date-days": (d, by, cx) => moveDate(d, by, -1, cx),
  "date+months": (d, by, cx) => moveDate(d, by, 1, cx),
  "months+date": (by, d, cx) => moveDate(d, by, 1, cx),
  "date-months": (d, by, cx) => moveDate(d, by, -1, cx),
  "days+days": (a, b, cx) => durationSum("+", a, b, cx),
  "days-days": (a, b, cx) => durationSum("-", a, b, cx),
  "months+months": (a, b, cx) => durationSum("+", a, b, cx),
  "months-months": (a, b, cx) => durationSum("-", a, b, cx),
};

/** A string literal the dialect can hold: UTF-8 text (no lone surrogates) without NUL. */
function text(value: string, cx: SqlContext): SqlValue {
  if (!isWellFormed(value)) throw unsupported(cx, "a string with a lone surrogate (not UTF-8 text)");
  if (value.includes("\0")) throw unsupported(cx, "a string holding the NUL character");
  return literal(stringLiteral(value), "string");
}

const lowerers: { [K in Expr["kind"]]: Lower<K> } = {
  number: (n, _s, cx) => numberLiteral(n.value, cx),
  string: (n, _s, cx) => text(n.value, cx),
  boolean: (n) => literal(n.value ? "TRUE" : "FALSE", "boolean"),
  null: () => NULL_VALUE,
  temporal: (n, _s, cx) => {
    const duration = constantDuration(n);
    if (duration) return durationLiteral(duration, cx);
    const iso = isoDate(n.value);
    if (!iso) throw unsupported(cx, `the temporal literal @"${n.value}" (only dates are lowered)`, n.span);
    return literal(cx.dialect.date(iso), "date");
  },
  name: (n, scope, cx) => {
    const own = itemEntry(n, scope);
    if (own) return own;
    const v = n.ref && scope.names.get(refKey(n.ref));
    if (!v) throw unsupported(cx, `the name ${n.name} used as a value here`, n.span);
    return v;
  },
  "input-value": (n, scope, cx) => {
    if (!scope.input) throw unsupported(cx, "`?` outside a test", n.span);
    return scope.input;
  },
  path: (n, scope, cx) => {
    const at = dateAtTime(n.base, shadowed(scope));
    if (at) {
      // a member of a date at a constant time: the date's, or the time's constant
      const d = dateOf(at, scope, cx);
      const member = timeMember(d, at.time, n.member, cx) ?? (d.kind === "null" ? NULL_VALUE : dateMember(d, n.member, cx));
      if (member) return member;
    }
    const base = lowerExpr(n.base, scope, cx);
    // a member of null is null (runtime/access.ts)
    if (base.kind === "null") return NULL_VALUE;
    if (base.kind === "list") return lowerListPath(base, n.member, n, cx);
    if (base.kind === "record") {
      const field = base.fields!.get(n.member) ?? NULL_VALUE;
      // an entry of a context that is null is null
      if (base.sql === "TRUE" || field.kind === "null") return field;
      return {
        ...field,
        sql: `CASE WHEN ${base.sql} THEN ${field.sql} END`,
        depth: deeper(base, field),
        atomic: false,
        constant: undefined,
      };
    }
    const member =
      base.kind === "date" ? dateMember(base, n.member, cx) : base.kind === "datetime" ? dateTimeMember(base, n.member, cx) : undefined;
    if (member) return member;
    const part = isDuration(base) ? durationPart(base, n.member, cx) : undefined;
    if (part?.scale) return rescaled(part.sql, { scale: part.scale, bound: 10n ** BigInt(part.digits) }, cx, part.depth);
    if (part) return wholeNumber(part.sql, part.digits, { ...base, depth: part.depth }, cx);
    throw unsupported(cx, `.${n.member} of a ${base.kind}`, n.span);
  },
  filter: (n, scope, cx) => lowerFilter(n, scope, cx),
  call: (n, scope, cx) => lowerCall(n, scope, cx),
  negate: (n, scope, cx) => {
    const v = lowerExpr(n.operand, scope, cx);
    if (v.kind === "null") return v;
    if (isDuration(v)) return negated(v);
    if (v.kind !== "number") throw unsupported(cx, `the negation of a ${v.kind}`, n.span);
    return negate(v);
  },
  arith: (n, scope, cx) => {
    const move = dateMove(n);
    if (move) {
      const d = lowerExpr(move.date, scope, cx);
      if (d.kind === "null") return NULL_VALUE;
      // a duration and a constant one: their sum or difference
      if (isDuration(d)) {
        const c = durationLiteral(move.by, cx);
        return pairwise(n, (e) => (e === move.date ? d : c), cx);
      }
      if (d.kind === "datetime" && !(move.by instanceof YearsMonthsDuration))
        return movedDateTime(d, durationLiteral(move.by, cx), n.op === "-" ? -1 : 1, cx);
      if (d.kind !== "date") throw unsupported(cx, `a ${d.kind} moved by a duration`, n.span);
      return movedDate(d, move.by, n.op === "-" ? -1 : 1, cx);
    }
    if (n.op === "+" || n.op === "-") {
      // a chain of sums and differences, each term lowered once: summed at once where its terms allow
      const terms = termsOf(n).map((t) => ({ ...t, value: lowerExpr(t.expr, scope, cx) }));
      const lowered = new Map(terms.map((t) => [t.expr, t.value]));
      // else one operation at a time, as written (a string's `+`, a date's `-`)
      const combine = (e: Expr): SqlValue => lowered.get(e) ?? pairwise(e as Arith, combine, cx);
      return decimalSum(terms, cx) ?? combine(n);
    }
    return pairwise(n, (e) => lowerExpr(e, scope, cx), cx);
  },
  compare: (n, scope, cx) => {
    const levels = levelsOf(n.left.type) ?? levelsOf(n.right.type);
    const [a, b] = [withLevels(lowerExpr(n.left, scope, cx), levels), withLevels(lowerExpr(n.right, scope, cx), levels)];
    if (n.op === "=") return equals(a, b, cx);
    if (n.op === "!=") return notEquals(a, b, cx);
    return ordered(n.op, a, b, cx);
  },
  logical: (n, scope, cx) => {
    // a value that is not a boolean counts as null (runtime/logic.ts)
    const [a, b] = [asCondition(lowerExpr(n.left, scope, cx)), asCondition(lowerExpr(n.right, scope, cx))];
    return n.op === "and" ? allOf([a, b]) : anyOf([a, b]);
  },
  between: (n, scope, cx) => {
    const levels = levelsOf(n.value.type) ?? levelsOf(n.low.type) ?? levelsOf(n.high.type);
    const v = cx.layers.bind(withLevels(lowerExpr(n.value, scope, cx), levels));
    const [low, high] = [withLevels(lowerExpr(n.low, scope, cx), levels), withLevels(lowerExpr(n.high, scope, cx), levels)];
    return allOf([ordered(">=", v, low, cx), ordered("<=", v, high, cx)]);
  },
  in: (n, scope, cx) => {
    const levels = levelsOf(n.value.type);
    return unaryTests(n.tests, cx.layers.bind(lowerExpr(n.value, scope, cx)), scope, cx, levels);
  },
  "instance-of": (n, _s, cx) => refuse(cx, "`instance of`", n),
  if: (n, scope, cx) => {
    const cond = lowerExpr(n.cond, scope, cx);
    if (cond.kind !== "boolean" && cond.kind !== "null") throw unsupported(cx, "an `if` whose condition is not a boolean", n.cond.span);
    const written = [lowerExpr(n.then, scope, cx), lowerExpr(n.else, scope, cx)];
    const [then, otherwise] = branches(written, cx) as [SqlValue, SqlValue];
    const sql = `CASE WHEN ${cond.sql} THEN ${then.sql} ELSE ${otherwise.sql} END`;
    const value = {
      ...(then.kind === "null" ? otherwise : then),
      sql,
      depth: deeper(cond, then, otherwise),
      atomic: false,
      constant: undefined,
    };
    // branches held as integers of the result's scale: the same choice between the integers
    if (value.kind === "number" && written.some((v) => v.kind !== "null")) {
      const scale = value.shape!.scale;
      const [t, e] = written.map((v) => (v.kind === "null" ? { sql: "CAST(NULL AS BIGINT)", depth: 0 } : heldInteger(v, scale, cx)));
      if (t && e) holdAs(value, `CASE WHEN ${cond.sql} THEN ${t.sql} ELSE ${e.sql} END`, Math.max(cond.depth, t.depth, e.depth), cx);
    }
    return value;
  },
  for: (n, scope, cx) => lowerFor(n, scope, cx),
  quantified: (n, scope, cx) => lowerQuantified(n, scope, cx),
  list: (n, scope, cx) => lowerListLiteral(n, scope, cx),
  context: (n, scope, cx) => lowerContext(n, scope, cx),
  range: (n, _s, cx) => refuse(cx, "a range used as a value", n),
  function: (n, _s, cx) => refuse(cx, "a function definition", n),
};

/** A date and time's `.year`, `.month`, `.day`, `.weekday` (its date's), `.hour`, `.minute`, `.second`; undefined for another member. */
function dateTimeMember(a: SqlValue, member: string, cx: SqlContext): SqlValue | undefined {
  const x = cx.layers.bind(a);
  const part = clockPart(x, member, cx);
  if (part?.scale) return rescaled(part.sql, { scale: part.scale, bound: 10n ** 11n }, cx, x.depth);
  if (part) return wholeNumber(part.sql, 2, x, cx);
  return dateMember(dateOfDateTime(x, cx), member, cx);
}

/** A date's `.year`, `.month`, `.day` or `.weekday`; undefined for another member. */
function dateMember(d: SqlValue, member: string, cx: SqlContext): SqlValue | undefined {
  if (member === "year" || member === "month" || member === "day")
    // a date moved may be of a year past 9999 or before 1 (both dialects hold years of 7 digits)
    return wholeNumber(cx.dialect.datePart(member, d.sql), member === "year" ? 7 : 2, d, cx);
  return member === "weekday" ? whole(isoWeekday(d, cx), 1, cx) : undefined;
}

/** Whether a built-in's name is a name the scope binds instead. */
const shadowed =
  (scope: SqlScope) =>
  (name: string): boolean =>
    scope.names.has(refKey({ kind: "builtin", name }));

/** The date of a date at a constant time: null where it is not a date (the runtime's `date and time` is null then). */
function dateOf(at: DateAtTime, scope: SqlScope, cx: SqlContext): SqlValue {
  const d = lowerExpr(at.date, scope, cx);
  return d.kind === "date" ? d : NULL_VALUE;
}

/**
 * Inside a filter, a name the items' structs declare is the innermost such item's field (`age` in
 * `members[age >= 18]`), and `item` the item itself, as the runtime reads them (runtime/tables.ts
 * `entryOr`). A struct item of a list the model reads is never null on a scored row (the input
 * schema requires each item and every field).
 */
function itemEntry(n: Extract<Expr, { kind: "name" }>, scope: SqlScope): SqlValue | undefined {
  if (!scope.items) return undefined;
  if (n.ref?.kind === "local") return n.name === "item" ? scope.items[0] : undefined;
  for (const item of scope.items) {
    const field = item.kind === "record" ? item.fields!.get(n.name) : undefined;
    if (field)
      return item.sql === "TRUE"
        ? field
        : { ...field, sql: `CASE WHEN ${item.sql} THEN ${field.sql} END`, atomic: false, constant: undefined };
  }
  return undefined;
}

function refuse(cx: SqlContext, what: string, n: Expr): never {
  throw unsupported(cx, what, n.span);
}

/** An integer of at most `digits` digits as a number. */
const wholeNumber = (sql: string, digits: number, from: SqlValue, cx: SqlContext): SqlValue => ({
  sql: `CAST(${sql} AS ${cx.dialect.decimal(digits, 0)})`,
  kind: "number",
  shape: decimalShape(digits, 0),
  depth: from.depth,
});

/** An integer value of at most `digits` digits as a number. */
const whole = (v: SqlValue, digits: number, cx: SqlContext): SqlValue => wholeNumber(v.sql, digits, v, cx);

const withLevels = (v: SqlValue, levels: string[] | undefined): SqlValue => (levels && v.kind === "string" ? { ...v, levels } : v);

/** A boolean, or null for any other kind: what `and`, `or` and `not` take. */
const asCondition = (v: SqlValue): SqlValue => (v.kind === "boolean" ? v : NULL_BOOLEAN);

/** The values a CASE chooses between, of one kind (null takes any) and numbers of one type. */
export function branches(values: SqlValue[], cx: SqlContext): SqlValue[] {
  const kinds = new Set(values.map((v) => v.kind).filter((k) => k !== "null"));
  // whole days chosen with nanoseconds: all nanoseconds
  if (kinds.has("days") && kinds.has("nanos"))
    return branches(
      values.map((v) => asNanos(v, cx)),
      cx,
    );
  if (kinds.size > 1) throw unsupported(cx, `a value that may be a ${[...kinds].join(" or a ")}`);
  if (kinds.has("record")) throw unsupported(cx, "a choice between contexts");
  if (kinds.has("days") || kinds.has("nanos") || kinds.has("months")) {
    // a duration chosen is at most the most of any
    const most = Math.max(...values.map((v) => (v.kind === "null" ? 0 : (v.most ?? Infinity))));
    return values.map((v) => (v.kind === "null" ? v : { ...v, most }));
  }
  if (kinds.has("date") || kinds.has("datetime")) {
    // a date chosen may have been moved as far as any
    const moved = Math.max(...values.map((v) => v.moved ?? 0));
    return values.map((v) => (v.kind === "null" ? v : { ...v, moved }));
  }
  if (kinds.has("list")) return listBranches(values, cx);
  if (!kinds.has("number")) return values;
  const numbers = common(
    values.filter((v) => v.kind === "number"),
    cx,
    "chosen between",
  );
  let i = 0;
  const shape = numbers[0]!.shape!;
  return values.map((v) => (v.kind === "number" ? numbers[i++]! : { ...v, kind: "number", shape, sql: "NULL" }));
}

/**
 * The rounding built-ins' scale: a literal whole number (negative: tens, hundreds…) within the
 * runtime's (beyond them its rounding is null), or 0 when left out (floor, ceiling).
 */
function placesOf(args: Expr[]): number | undefined {
  if (args.length === 1) return 0;
  const p = args[1];
  const text = p?.kind === "number" ? p.value : p?.kind === "negate" && p.operand.kind === "number" ? `-${p.operand.value}` : "";
  const places = /^-?\d+$/.test(text) ? Number(text) : NaN;
  return places >= MIN_SCALE && places <= MAX_SCALE ? places : undefined;
}

/**
 * Built-ins other than the roundings: each takes lowered arguments of the kinds it names (a list:
 * any of them), the first `required` of them (default: all) given. An argument of any other kind
 * makes the runtime's built-in null (a problem reported).
 */
const BUILTINS: Record<
  string,
  { args: (SqlValue["kind"] | SqlValue["kind"][])[]; required?: number; lower: (args: SqlValue[], cx: SqlContext) => SqlValue }
> = {
  abs: { args: [["number", "days", "nanos", "months"]], lower: ([n]) => (n!.kind === "number" ? absolute(n!) : durationAbs(n!)) },
  "years and months duration": { args: ["date", "date"], lower: ([a, b], cx) => monthsBetween(a!, b!, cx) },
  modulo: { args: ["number", "number"], lower: ([a, b], cx) => modulo(a!, b!, cx) },
  "upper case": { args: ["string"], lower: ([s], cx) => upperCase(s!, cx) },
  "lower case": { args: ["string"], lower: ([s], cx) => lowerCase(s!, cx) },
  "substring before": { args: ["string", "string"], lower: ([s, m], cx) => substringAround("before", s!, m!, cx) },
  "substring after": { args: ["string", "string"], lower: ([s, m], cx) => substringAround("after", s!, m!, cx) },
  substring: { args: ["string", "number", "number"], required: 2, lower: ([s, p, n], cx) => substring(s!, p!, n, cx) },
  not: { args: ["boolean"], lower: ([b]) => not(b!) },
  even: { args: ["number"], lower: ([x], cx) => parity(x!, "=", cx) },
  odd: { args: ["number"], lower: ([x], cx) => parity(x!, "<>", cx) },
  "string length": { args: ["string"], lower: ([s], cx) => wholeNumber(cx.dialect.length(s!.sql), 10, s!, cx) },
  "day of year": { args: ["date"], lower: ([d], cx) => whole(dayOfYear(d!, cx), 3, cx) },
  "week of year": { args: ["date"], lower: ([d], cx) => whole(isoWeek(d!, cx), 2, cx) },
  "day of week": { args: ["date"], lower: ([d], cx) => calendarName("weekday", d!, cx) },
  "month of year": { args: ["date"], lower: ([d], cx) => calendarName("month", d!, cx) },
  "string join": { args: ["list", ["string", "null"]], required: 1, lower: ([l, d], cx) => stringJoin(l!, d, cx) },
  contains: { args: ["string", "string"], lower: ([s, t], cx) => bool(cx.dialect.contains(s!.sql, t!.sql), s!, t!) },
  "starts with": { args: ["string", "string"], lower: ([s, t], cx) => bool(cx.dialect.startsWith(s!.sql, t!.sql), s!, t!) },
  "ends with": { args: ["string", "string"], lower: ([s, t], cx) => bool(cx.dialect.endsWith(s!.sql, t!.sql), s!, t!) },
};

/** `even(n)` (`=`) / `odd(n)` (`<>`): whether n's remainder by 2 is 0; null for a non-integer (runtime/builtins/number.ts). */
function parity(n: SqlValue, zero: "=" | "<>", cx: SqlContext): SqlValue {
  const x = cx.layers.bind(n);
  const test = `${cx.dialect.remainder(`CAST(${x.sql} AS ${cx.dialect.integer})`, "2")} ${zero} 0`;
  return bool(x.shape!.scale === 0 ? test : `CASE WHEN ${x.sql} = trunc(${x.sql}) THEN ${test} END`, x);
}

/**
 * A call's arguments in the order of the parameters: a named call of a built-in as the positional
 * call that binds the same signature to the same values (no optional parameter left out before one
 * given), a model function's by its parameters; undefined where there is none.
 */
function positionalArgs(n: Extract<Expr, { kind: "call" }>, ref: NameRef | undefined, scope: SqlScope): Expr[] | undefined {
  if (!n.named) return n.args;
  const given = new Map(n.named.map((a) => [a.name, a.value]));
  if (ref?.kind === "function") {
    const params = scope.functions.get(ref.name)?.params.map((p) => p.name);
    return params && params.length === given.size && params.every((p) => given.has(p)) ? params.map((p) => given.get(p)!) : undefined;
  }
  const def = ref?.kind === "builtin" ? builtinDef(ref.name) : undefined;
  const sig = def && namedSignature(def, [...given.keys()]);
  if (!def || !sig) return undefined;
  const params = sig.params.slice(0, Math.max(...[...given.keys()].map((p) => sig.params.indexOf(p))) + 1);
  // (the same implementation: the range built-ins' forms, one function of the values)
  if (params.some((p) => !given.has(p)) || def.signatures.find((s) => fitsPositional(s, params.length))?.impl !== sig.impl)
    return undefined;
  return params.map((p) => given.get(p)!);
}

/**
 * `(function(u, v) body)(a, b)`: the body over the arguments, each bound once, as the runtime
 * invokes a function value (runtime/functions.ts): a parameter a named call leaves out is null;
 * a positional call of another arity, or parameters with declared types, are refused.
 */
function lambdaCall(
  call: Extract<Expr, { kind: "call" }>,
  f: Extract<Expr, { kind: "function" }>,
  scope: SqlScope,
  cx: SqlContext,
): SqlValue {
  const params = f.params.map((p) => p.name);
  if (f.external || f.params.some((p) => p.type) || (!call.named && call.args.length !== params.length))
    throw unsupported(cx, "a call of a function value", call.span);
  const given = call.named ? new Map(call.named.map((a) => [a.name, a.value])) : new Map(params.map((p, i) => [p, call.args[i]!]));
  if ([...given.keys()].some((k) => !params.includes(k))) throw unsupported(cx, "a call of a function value", call.span);
  const names = new Map(scope.names);
  for (const p of params) {
    const arg = given.get(p);
    names.set(refKey({ kind: "local", name: p }), arg ? cx.layers.bind(lowerExpr(arg, scope, cx)) : NULL_VALUE);
  }
  return lowerExpr(f.body, { ...scope, names }, cx);
}

/** Whether a call's callee is the built-in of that name, not a name the scope binds. */
const builtinTest =
  (scope: SqlScope): BuiltinTest =>
  (x, name) =>
    x.kind === "call" &&
    x.callee.kind === "name" &&
    x.callee.ref?.kind === "builtin" &&
    x.callee.ref.name === name &&
    !scope.names.has(refKey(x.callee.ref));

function lowerCall(call: Extract<Expr, { kind: "call" }>, scope: SqlScope, cx: SqlContext): SqlValue {
  if (call.callee.kind === "function") return lambdaCall(call, call.callee, scope, cx);
  const ref = call.callee.kind === "name" ? call.callee.ref : undefined;
  const positional = positionalArgs(call, ref, scope);
  if (!positional) throw unsupported(cx, "a call with named arguments that no positional call makes", call.span);
  const n = { ...call, args: positional, named: undefined };
  if (ref?.kind === "function") return inlineFunction(ref.name, n.args, scope, cx, n);
  if (ref?.kind !== "builtin" || scope.names.has(refKey(ref))) throw unsupported(cx, "a call of a function value", n.span);
  const mode = ROUNDING_MODES[ref.name];
  if (mode !== undefined) {
    const places = placesOf(n.args);
    const single = n.args.length === 1 && (mode === MODES.ROUND_FLOOR || mode === MODES.ROUND_CEIL);
    if (places === undefined || (n.args.length !== 2 && !single))
      throw unsupported(cx, `${ref.name}() without a literal whole scale from ${MIN_SCALE} to ${MAX_SCALE}`, n.span);
    const x = n.args[0]!;
    const builtin = builtinTest(scope);
    // `decimal(max(10, min(a / 12, b)), 2)`: the choice of the roundings (rounded-choices.ts)
    const inside = places >= 0 ? roundingInside(n, builtin) : undefined;
    if (inside) return lowerExpr(inside, scope, cx);
    // (a quotient or a mean to a negative scale: the rounding of its value, below)
    if (x.kind === "arith" && x.op === "/" && places >= 0) {
      const [a, b] = [lowerExpr(x.left, scope, cx), lowerExpr(x.right, scope, cx)];
      if (a.kind === "null" || b.kind === "null") return NULL_VALUE;
      if (a.kind === "number" && b.kind === "number") return roundQuotient(a, b, places, mode, cx);
    }
    // `decimal(mean(l), 2)`, `decimal(mean(a, b), 2)`: the list's sum over its count, rounded as a quotient
    if (x.kind === "call" && !x.named && x.args.length > 0 && places >= 0 && builtin(x, "mean")) {
      const parts = meanParts(x.args.length === 1 ? x.args[0]! : { kind: "list", items: x.args, span: x.span }, scope, cx, x);
      return parts ? roundQuotient(parts.sum, parts.count, places, mode, cx) : NULL_VALUE;
    }
    const v = lowerExpr(x, scope, cx);
    if (v.kind === "null") return NULL_VALUE;
    if (v.kind !== "number") throw unsupported(cx, `${ref.name}() of a ${v.kind}`, n.span);
    return roundPlaces(v, places, mode, cx);
  }
  if ((ref.name === "min" || ref.name === "max") && n.args.length >= 2) return extreme(ref.name, n.args, scope, cx);
  // `mean(l)`, `mean(a, b, …)`: the list's sum over its count, FEEL's quotient (null for no items)
  if (ref.name === "mean" && n.args.length > 0) {
    const parts = meanParts(n.args.length === 1 ? n.args[0]! : { kind: "list", items: n.args, span: n.span }, scope, cx, n);
    return parts ? quotient(parts.sum, parts.count, cx, "the built-in mean()") : NULL_VALUE;
  }
  const aggregated = lowerAggregate(ref.name, n.args, scope, cx, n);
  if (aggregated) return aggregated;
  const listed =
    lowerListCall(ref.name, n.args, scope, cx, n) ??
    lowerListLogic(ref.name, n.args, scope, cx, n) ??
    lowerListSet(ref.name, n.args, scope, cx, n) ??
    lowerListEdit(ref.name, n.args, scope, cx, n) ??
    lowerListOrder(ref.name, n.args, scope, cx, n) ??
    lowerGetValue(ref.name, n.args, scope, cx, n) ??
    lowerContextCall(ref.name, n.args, scope, cx, n);
  if (listed) return listed;
  const at = ref.name === "date" && n.args.length === 1 ? dateAtTime(n.args[0]!, shadowed(scope)) : undefined;
  if (at) return dateOf(at, scope, cx);
  if (ref.name === "date" && n.args.length === 1 && n.args[0]!.kind === "string") {
    const iso = isoDate(n.args[0]!.value);
    return iso ? literal(cx.dialect.date(iso), "date") : NULL_VALUE;
  }
  // `date(2021, 6, 30)` of literal whole numbers naming a real calendar date (any other: refused)
  const parts =
    ref.name === "date" && n.args.length === 3 ? n.args.map((a) => (a.kind === "number" && /^\d{1,4}$/.test(a.value) ? a.value : "")) : [];
  const made =
    parts.length === 3 && parts.every(Boolean)
      ? isoDate(`${parts[0]!.padStart(4, "0")}-${parts[1]!.padStart(2, "0")}-${parts[2]!.padStart(2, "0")}`)
      : undefined;
  if (made) return literal(cx.dialect.date(made), "date");
  // `duration("P30D")`, `years and months duration(date("2020-01-31"), date("2021-03-01"))`: worked out at compile time
  const duration = DURATION_CONSTRUCTORS.has(ref.name) ? constantDuration(n) : null;
  if (duration) return durationLiteral(duration, cx);
  if (ref.name === "date" && n.args.length === 1) {
    // `date(a)` of a date and time: its date; of a date, the date; of anything else, refused as before
    const a = lowerExpr(n.args[0]!, scope, cx);
    if (a.kind === "datetime") return dateOfDateTime(a, cx);
    if (a.kind === "date" || a.kind === "null") return a;
  }
  const replaced = literalPattern(ref.name, n.args, (e) => lowerExpr(e, scope, cx), cx);
  if (replaced) return replaced;
  const regex = regexReplace(ref.name, n.args, (e) => lowerExpr(e, scope, cx), cx);
  if (regex) return regex;
  const related = lowerRangeRelation(ref.name, n.args, (e) => lowerExpr(e, scope, cx), cx, n);
  if (related) return related;
  const builtin = Object.hasOwn(BUILTINS, ref.name) ? BUILTINS[ref.name] : undefined;
  if (!builtin || n.args.length > builtin.args.length || n.args.length < (builtin.required ?? builtin.args.length))
    throw unsupported(cx, `the built-in ${ref.name}()`, n.span);
  const args = n.args.map((a) => lowerExpr(a, scope, cx));
  // an argument of another kind makes the built-in null
  if (args.some((a, i) => ![builtin.args[i]].flat().includes(a.kind))) return NULL_VALUE;
  return builtin.lower(args, cx);
}

/** The built-ins that make a duration: of constant arguments, a constant. */
const DURATION_CONSTRUCTORS = new Set(["duration", "years and months duration"]);

/** `min(a, b, …)` / `max(…)` of numbers or dates: null when any is null (runtime/builtins/aggregate.ts). */
function extreme(name: "min" | "max", nodes: Expr[], scope: SqlScope, cx: SqlContext): SqlValue {
  const args = nodes.map((a) => lowerExpr(a, scope, cx));
  if (args.some((a) => a.kind === "null")) return NULL_VALUE;
  const kind = args[0]!.kind;
  if ((kind !== "number" && kind !== "date") || args.some((a) => a.kind !== kind)) throw unsupported(cx, `${name}() of these values`);
  const values = (kind === "number" ? common(args, cx, "chosen between") : branches(args, cx)).map((a) => cx.layers.bind(a));
  const sql = `CASE WHEN ${values.map((v) => `${v.sql} IS NULL`).join(" OR ")} THEN NULL ELSE ${name === "min" ? "LEAST" : "GREATEST"}(${values.map((v) => v.sql).join(", ")}) END`;
  return { ...values[0]!, sql, depth: deeper(...values), atomic: false, constant: undefined };
}

/** A call of one of the model's functions, its body written out over the arguments (bound once). */
function inlineFunction(name: string, argNodes: Expr[], scope: SqlScope, cx: SqlContext, n: Expr): SqlValue {
  const f = scope.functions.get(name);
  if (!f || scope.calling.includes(name)) throw unsupported(cx, `a recursive call of ${name}`, n.span);
  if (argNodes.length !== f.params.length) throw unsupported(cx, `${name} called with ${argNodes.length} arguments`, n.span);
  const args = argNodes.map((a) => cx.layers.bind(lowerExpr(a, scope, cx)));
  const names = new Map<string, SqlValue>();
  const conforming: SqlValue[] = [];
  f.params.forEach((p, i) => {
    const arg = args[i]!;
    const { value, conforms } = coerced(arg, p.type, cx);
    names.set(refKey({ kind: "param", name: p.name }), withLevels(value, levelsOf(p.type)));
    // an argument that does not conform to its parameter's type makes the invocation null
    if (conforms) conforming.push(conforms);
  });
  const inner: SqlScope = { names, functions: scope.functions, calling: [...scope.calling, name] };
  const place = f.body.kind === "expr" ? { address: f.address, source: f.body.text } : { address: f.address };
  const body = coerced(lowerBody(f.body, inner, { ...cx, place }).value, f.returns, cx).value;
  if (conforming.length === 0) return withLevels(body, levelsOf(f.returns));
  const guard = allOf(conforming);
  return { ...body, sql: `CASE WHEN ${guard.sql} THEN ${body.sql} END`, depth: deeper(guard, body), atomic: false, constant: undefined };
}

/**
 * A value converted to a declared type as DMN does (runtime/types.ts `coerce`): unchanged when it
 * conforms, null otherwise. `conforms`, when given, is the condition that it does (null or a member
 * of the choice); kinds that cannot conform give null outright.
 */
export function coerced(v: SqlValue, t: Type, cx: SqlContext): { value: SqlValue; conforms?: SqlValue } {
  if (v.kind === "null" || t.kind === "any") return { value: v };
  // any context: a context is one as it is
  if (t.kind === "context" && v.kind === "record") return { value: v };
  if (t.kind === "list" && v.kind === "list") {
    // items of the item type already (a `for`'s contexts, a filtered list): the list as it is
    const item = v.element!;
    const c = coerced(item, t.element, cx);
    if (c.value === item && !c.conforms) return { value: v };
    // items kept where they conform (a choice's members, a context's entries): the list where every one does, else null
    const record = item.kind === "record" && c.value.kind === "record";
    if ((c.conforms && item.kind !== "record" && item.kind !== "list") || record) {
      const l = cx.layers.bind(v);
      const { v: x, item: at, inner } = lambda(l, cx);
      const each = coerced(at, t.element, inner);
      // a context conforms where it is null or its converted presence holds
      const conforms = record ? `(NOT ${at.sql} OR COALESCE(${each.value.sql}, FALSE))` : each.conforms!.sql;
      const lists = listSyntax(cx);
      const all = `NOT ${lists.has(lists.map(l.sql, x, conforms), "FALSE")}`;
      return {
        value: { ...l, sql: `CASE WHEN ${all} THEN ${l.sql} END`, atomic: false, constant: undefined },
        conforms: bool(`(${l.sql} IS NULL OR ${all})`, l),
      };
    }
  }
  const kind = KIND_OF_TYPE[t.kind];
  if (kind === undefined) throw unsupported(cx, `a value of the type ${t.kind}`);
  if (kind === "record") {
    if (v.kind !== "record" || t.kind !== "struct") throw unsupported(cx, "a value converted to a context type");
    // a context missing a declared entry never conforms; one whose entries do not conform is null
    if (t.fields.some(([f]) => !v.fields!.has(f))) return { value: NULL_VALUE };
    const conditions = t.fields.flatMap(([f, ft]) => {
      const field = v.fields!.get(f)!;
      const c = coerced(field, ft, cx);
      if (c.conforms) return [c.conforms];
      return c.value.kind === "null" && field.kind !== "null" ? [bool(`(${field.sql} IS NULL)`, field)] : [];
    });
    if (conditions.length === 0) return { value: v };
    const present = allOf([v, ...conditions]);
    return { value: { ...v, sql: present.sql, depth: deeper(present, v) } };
  }
  if (!ofKind(v, kind)) return { value: NULL_VALUE };
  if (t.kind !== "choice" && t.kind !== "levels") return { value: v };
  const member = bool(`(${v.sql} IN (${t.values.map(stringLiteral).join(", ")}))`, v);
  return {
    value: { ...v, sql: `CASE WHEN ${member.sql} THEN ${v.sql} END`, atomic: false },
    conforms: bool(`(${v.sql} IS NULL OR ${member.sql})`, v),
  };
}

const KIND_OF_TYPE: Partial<Record<Type["kind"], SqlValue["kind"]>> = {
  number: "number",
  string: "string",
  choice: "string",
  levels: "string",
  boolean: "boolean",
  date: "date",
  "date and time": "datetime",
  struct: "record",
  ...DURATION_KINDS,
};

export function lowerExpr(node: Expr, scope: SqlScope, cx: SqlContext): SqlValue {
  const lower = lowerers[node.kind] as Lower<typeof node.kind>;
  try {
    return lower(node as never, scope, cx);
  } catch (e) {
    // a closed expression about dates, times or durations refused as written: its value, when a literal holds it
    const closed = e instanceof SqlUnsupported ? closedTemporal(node, cx) : undefined;
    if (closed) return closed;
    // a refusal from deeper down (a rounding, a sum) points at the innermost expression it came from
    if (e instanceof SqlUnsupported && !e.place.span) throw new SqlUnsupported(e.what, { ...e.place, span: node.span });
    throw e;
  }
}
