// FEEL numbers in SQL, exactly (docs/sql.md). Every number carries a shape (values.ts) bounding its
// digits; + - × whose result shape has at most 34 digits are exact in FEEL and in SQL's decimals
// alike. A rounding to literal places is done on scaled integers with FEEL's own modes (half-even
// for `decimal`), never with a dialect's `round`, which rounds halves away from zero. A quotient
// is rounded to places in one step from its two integers, where the argument of docs/numbers.md
// shows that equals FEEL's two roundings (the 34-digit quotient, then the places); any other is
// FEEL's 34-digit quotient where the dialect computes it exactly (`quotient`).
import { MODES, type Rounding } from "../../runtime/decimal-rounding.js";
import { unsupported, type SqlContext } from "./context.js";
import { stringLiteral } from "./dialects.js";
import { deeper, digitsOf, FEEL_DIGITS, literal, rescale, widthOf, type Shape, type SqlValue } from "./values.js";

/** A one-step rounding needs numerator + denominator below this (docs/numbers.md: (Q + 1) q < 10^33). */
const QUOTIENT_LIMIT = 10n ** 33n;

/** A number of this shape, its SQL typed so that the dialect's arithmetic on it stays exact. */
function typed(sql: string, shape: Shape, cx: SqlContext, depth: number): SqlValue {
  const text = cx.dialect.name === "postgres" ? sql : `CAST(${sql} AS ${cx.dialect.decimal(widthOf(shape), shape.scale)})`;
  return { sql: text, kind: "number", shape, depth };
}

export function checked(shape: Shape, cx: SqlContext, what: string): Shape {
  if (digitsOf(shape) > FEEL_DIGITS || widthOf(shape) > cx.dialect.maxDigits)
    throw unsupported(cx, `${what} may need more than ${FEEL_DIGITS} digits`);
  return shape;
}

/** A FEEL number literal (digits, maybe a point and more digits). */
export function numberLiteral(text: string, cx: SqlContext): SqlValue {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) throw unsupported(cx, `the number ${text}`);
  const whole = match[1]!.replace(/^0+/, "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  const canonical = `${whole || "0"}${fraction ? `.${fraction}` : ""}`;
  const shape = checked({ scale: fraction.length, bound: BigInt(`${whole}${fraction}` || "0") + 1n }, cx, `the literal ${text}`);
  const type = cx.dialect.decimal(widthOf(shape), shape.scale);
  return literal(`CAST(${stringLiteral(canonical)} AS ${type})`, "number", { shape, constant: canonical });
}

/** A column already of the number type its shape names (an input of the bottom layer). */
export const numberColumn = (sql: string, shape: Shape): SqlValue => literal(sql, "number", { shape });

/** Scaled integers stay below this: BIGINT holds them, and twice them (a rounding's remainder). */
const INTEGER_LIMIT = 10n ** 18n;

/** A bound column of the layers (layers.ts names them `$n`): read as it stands. */
const COLUMN = /^"\$\d+"$/;

/** A BIGINT literal. */
const bigintLiteral = (n: bigint): string => `CAST(${stringLiteral(String(n))} AS BIGINT)`;

/**
 * The 64-bit integer m of a number as m × 10^-scale (`scale` at least its own), where DuckDB holds
 * one without a cast: a literal's digits, or the integer a rounding, an exact sum or product of
 * such, an `if` of such or a table's literal outputs were computed in (`Layers.integerOf`). Numbers
 * held that way stay integers from one operation to the next, with no decimal in between (docs/sql.md,
 * _Scaled integers_). Undefined in another dialect, or where m might not fit 10^18.
 */
export function heldInteger(
  v: SqlValue,
  scale: number,
  cx: SqlContext,
  casts = true,
): { sql: string; depth: number; constant: boolean } | undefined {
  if (cx.dialect.name !== "duckdb" || cx.naive || v.kind !== "number" || !v.shape) return undefined;
  const s = v.shape.scale;
  if (scale < s || rescale(v.shape, scale).bound > INTEGER_LIMIT) return undefined;
  if (v.constant !== undefined) {
    const [whole, fraction = ""] = v.constant.split(".");
    const units = BigInt(`${whole}${fraction}`) * 10n ** BigInt(scale - fraction.length);
    return { sql: bigintLiteral(units), depth: 0, constant: true };
  }
  const held = cx.layers.integerOf(v.sql);
  if (!held || held.scale !== s || (held.cast && !casts)) return undefined;
  const sql = scale === s ? held.sql : `(${held.sql} * ${bigintLiteral(10n ** BigInt(scale - s))})`;
  return { sql, depth: Math.max(held.depth, v.depth), constant: false };
}

/**
 * Two numbers as integers of one scale, where both are held (heldInteger) and not both literals:
 * what an exact comparison of them needs, with no decimal cast.
 */
export function heldPair(a: SqlValue, b: SqlValue, cx: SqlContext, casts = false): [string, string, number] | undefined {
  if (!a.shape || !b.shape) return undefined;
  const scale = Math.max(a.shape.scale, b.shape.scale);
  const [x, y] = [heldInteger(a, scale, cx, casts), heldInteger(b, scale, cx, casts)];
  if (!x || !y || (x.constant && y.constant)) return undefined;
  return [x.sql, y.sql, Math.max(x.depth, y.depth)];
}

/**
 * The number of the given shape whose scaled integer is `m` (a BIGINT expression reading layers up
 * to `depth`), recorded as held; the decimal is made from the integer only where something reads
 * the decimal (an output, an operation on an operand not held). `bind`: the integer is bound to a
 * column first, where it is worth computing once (a rounding's); a sum stays an expression, so a
 * chain of them is one expression, not a layer each.
 */
function fromInteger(m: string, shape: Shape, cx: SqlContext, depth: number, bind = false): SqlValue {
  const integer = bind ? cx.layers.bind({ sql: m, kind: "number", depth }) : { sql: m, depth };
  const value = rescaled(integer.sql, shape, cx, integer.depth);
  cx.layers.holdInteger(value.sql, { sql: integer.sql, scale: shape.scale, depth: integer.depth });
  return value;
}

/** Records that a number (its SQL as it stands) is also the BIGINT `m` at its scale. */
export function holdAs(v: SqlValue, m: string, depth: number, cx: SqlContext, cast = false): void {
  cx.layers.holdInteger(v.sql, { sql: m, scale: v.shape!.scale, depth, cast });
}

/**
 * A number held as its integer too, cast once from its decimal where arithmetic or a rounding reads
 * it (DuckDB, 64 bits): an input's column, a table's output. Bounded by the decimal, so by its
 * shape, on every row, scored or not. A comparison reads the decimal, which costs no cast.
 */
export function holdCast(v: SqlValue, cx: SqlContext): void {
  if (cx.dialect.name !== "duckdb" || cx.naive || !fitsBigint(v.shape!)) return;
  // cast from the value's own column, not from its expression written again
  const column = cx.layers.bind(v);
  holdAs(column, unscaledDecimal(column, "BIGINT", cx), column.depth, cx, true);
  if (column.sql !== v.sql) holdAs(v, unscaledDecimal(column, "BIGINT", cx), column.depth, cx, true);
}

export function arithmetic(op: "+" | "-" | "*", a: SqlValue, b: SqlValue, cx: SqlContext): SqlValue {
  const [x, y] = [a.shape!, b.shape!];
  if (op === "*") {
    const shape = checked({ scale: x.scale + y.scale, bound: (x.bound - 1n) * (y.bound - 1n) + 1n }, cx, "a product");
    // held integers multiply as integers, the product's scale the sum of theirs
    const [p, q] = [heldInteger(a, x.scale, cx), heldInteger(b, y.scale, cx)];
    if (p && q && !(p.constant && q.constant) && shape.bound <= INTEGER_LIMIT)
      return fromInteger(`(${p.sql} * ${q.sql})`, shape, cx, Math.max(p.depth, q.depth));
    // DuckDB types a product DECIMAL(w1 + w2, s1 + s2) but multiplies in the operands' own integers:
    // a product wider than 18 digits needs an operand held in 128 bits
    const wide = cx.dialect.name === "duckdb" && widthOf(shape) > 18 && widthOf(x) <= 18 && widthOf(y) <= 18;
    const left = wide ? `CAST(${a.sql} AS ${cx.dialect.decimal(19, x.scale)})` : a.sql;
    if ((wide ? 19 : widthOf(x)) + widthOf(y) > cx.dialect.maxDigits) throw unsupported(cx, "a product of numbers of many digits");
    return typed(`(${left} * ${b.sql})`, shape, cx, deeper(a, b));
  }
  const scale = Math.max(x.scale, y.scale);
  const shape = checked(
    { scale, bound: rescale(x, scale).bound + rescale(y, scale).bound - 1n },
    cx,
    op === "+" ? "a sum" : "a difference",
  );
  const held = shape.bound <= INTEGER_LIMIT ? heldPair(a, b, cx, true) : undefined;
  if (held) return fromInteger(`(${held[0]} ${op} ${held[1]})`, shape, cx, held[2]);
  // both operands of the result's type, so DuckDB's own result type (one digit wider) stays within 38
  const [p, q] = cx.dialect.name === "postgres" ? [a, b] : [typed(a.sql, shape, cx, a.depth), typed(b.sql, shape, cx, b.depth)];
  return typed(`(${p.sql} ${op} ${q.sql})`, shape, cx, deeper(a, b));
}

/** A term of a sum: a number, added or subtracted. */
export interface Term {
  value: SqlValue;
  negative: boolean;
}

/** DuckDB's own type of a sum or difference of DECIMAL(w1, s1) and DECIMAL(w2, s2): one digit more than the wider whole part. */
function sumType(a: { width: number; scale: number }, b: { width: number; scale: number }): { width: number; scale: number } {
  const scale = Math.max(a.scale, b.scale);
  return { width: Math.max(a.width - a.scale, b.width - b.scale) + scale + 1, scale };
}

/**
 * A sum of three or more numbers (`a + b - c + …`) in DuckDB's own decimal types: a balanced tree of
 * additions with no cast, then one cast to the sum's shape. DuckDB types each addition one digit
 * wider than its operands, so every intermediate holds its exact value; a cast costs a division or
 * a multiplication a row where an addition of two 64-bit decimals is one instruction (the
 * scorecard's 40 points: 0.16 CPU s a million rows as held integers, each cast from its decimal,
 * 0.04 as this). Only where no term is held as a computed integer (numbers.ts `heldInteger`: its
 * decimal would be made from the integer first) and the tree stays within 18 digits (64 bits);
 * else undefined, and the sum is lowered one operation at a time.
 */
export function decimalSum(terms: readonly Term[], cx: SqlContext): SqlValue | undefined {
  if (cx.dialect.name !== "duckdb" || cx.naive || terms.length < 3) return undefined;
  if (terms.some((t) => t.value.kind !== "number" || !t.value.shape)) return undefined;
  if (terms.every((t) => t.value.constant !== undefined)) return undefined;
  const computed = (v: SqlValue) => v.constant === undefined && heldInteger(v, v.shape!.scale, cx, false) !== undefined;
  if (terms.some((t) => computed(t.value))) return undefined;
  const scale = Math.max(...terms.map((t) => t.value.shape!.scale));
  const bound = terms.reduce((b, t) => b + rescale(t.value.shape!, scale).bound - 1n, 1n);
  const shape = checked({ scale, bound }, cx, "a sum");
  type Node = { sql: string; width: number; scale: number };
  const tree = (nodes: Node[]): Node | undefined => {
    if (nodes.length === 0) return undefined;
    if (nodes.length === 1) return nodes[0];
    const half = nodes.length >> 1;
    const [l, r] = [tree(nodes.slice(0, half))!, tree(nodes.slice(half))!];
    return { sql: `(${l.sql} + ${r.sql})`, ...sumType(l, r) };
  };
  const leaf = (t: Term): Node => ({ sql: t.value.sql, width: widthOf(t.value.shape!), scale: t.value.shape!.scale });
  const [plus, minus] = [tree(terms.filter((t) => !t.negative).map(leaf)), tree(terms.filter((t) => t.negative).map(leaf))];
  const top: Node = !minus
    ? plus!
    : !plus
      ? { ...minus, sql: `(-${minus.sql})` }
      : { sql: `(${plus.sql} - ${minus.sql})`, ...sumType(plus, minus) };
  if (top.width > 18) return undefined;
  return typed(top.sql, shape, cx, deeper(...terms.map((t) => t.value)));
}

export const negate = (a: SqlValue): SqlValue => ({ ...a, sql: `(-${a.sql})`, atomic: false, constant: undefined });

export const absolute = (a: SqlValue): SqlValue => ({ ...a, sql: `abs(${a.sql})`, atomic: false, constant: undefined });

/** What numbers are brought to one type for, as a refusal names it. */
export type CommonUse = "compared" | "chosen between" | "held in one list";

/** Numbers as one type: what a comparison, a CASE or a list of them needs to stay exact. */
export function common(values: SqlValue[], cx: SqlContext, use: CommonUse): SqlValue[] {
  const scale = Math.max(...values.map((v) => v.shape!.scale));
  const bound = values.reduce((b, v) => (rescale(v.shape!, scale).bound > b ? rescale(v.shape!, scale).bound : b), 1n);
  const shape = { scale, bound };
  if (widthOf(shape) > cx.dialect.maxDigits) throw unsupported(cx, `numbers of ${widthOf(shape)} digits ${use}`);
  const type = (s: Shape) => cx.dialect.decimal(widthOf(s), s.scale);
  return values.map((v) => (type(v.shape!) === type(shape) ? { ...v, shape } : { ...typed(v.sql, shape, cx, v.depth), atomic: v.atomic }));
}

/**
 * The integer type of a rounding whose integers stay below `max` in magnitude: DuckDB's BIGINT while
 * twice the largest fits in 63 bits (its HUGEINT division and its DECIMAL(38) casts cost about a
 * hundred times more a row: docs/sql.md), else the dialect's own.
 */
function integerType(max: bigint, cx: SqlContext): string {
  return cx.dialect.name === "duckdb" && 2n * max + 2n < 2n ** 63n ? "BIGINT" : cx.dialect.integer;
}

/** A whole number as a literal of an integer type. */
const integerLiteral = (n: bigint, type: string): SqlValue => literal(`CAST(${stringLiteral(String(n))} AS ${type})`, "number");

/** The integer m of a number m × 10^-scale held in 64 bits (width ≤ 18, scale ≤ 9), as a BIGINT. */
function bigintUnscaled(v: string, scale: number, width: number): string {
  const ten = stringLiteral(`1${"0".repeat(scale)}`);
  // DECIMAL(w, s) × DECIMAL(s + 1, 0) is a DECIMAL(w + s + 1, s), multiplied in 64 bits while that
  // is at most 18 digits, and whole: one product, cast exactly (a third of the cost of the split below)
  if (width + scale + 1 <= 18) return `CAST(${v} * CAST(${ten} AS DECIMAL(${scale + 1}, 0)) AS BIGINT)`;
  // m < 10^w ≤ 10^18, as its whole part × 10^s plus its fraction × 10^s: DuckDB multiplies
  // decimals in their own 64-bit integers, and the fraction's is below 10^s ≤ 10^9
  const whole = `trunc(${v})`;
  return `(CAST(${whole} AS BIGINT) * CAST(${ten} AS BIGINT) + CAST((${v} - ${whole}) * CAST(${ten} AS DECIMAL(${scale + 1}, 0)) AS BIGINT))`;
}

/**
 * The integer m of a number m × 10^-scale, as the integer type `type`. In DuckDB, a number held in
 * 64 bits is unscaled in them (and widened after); a wider one is too on the rows where it fits
 * DECIMAL(18, s): a 128-bit decimal's cast to an integer divides in 128 bits, about a hundred times
 * the cost (docs/sql.md), so it is left to the rows whose value needs it.
 */
function unscaled(x: SqlValue, type: string, cx: SqlContext): { sql: string; depth: number } {
  const held = heldInteger(x, x.shape!.scale, cx);
  if (held) return { sql: type === "BIGINT" ? held.sql : `CAST(${held.sql} AS ${type})`, depth: held.depth };
  return { sql: unscaledDecimal(x, type, cx), depth: x.depth };
}

/** unscaled() of a number held as a decimal. */
export function unscaledDecimal(x: SqlValue, type: string, cx: SqlContext): string {
  const { scale } = x.shape!;
  const width = widthOf(x.shape!);
  if (cx.dialect.name === "postgres") return scale === 0 ? x.sql : `(${x.sql} * ${integerLiteral(10n ** BigInt(scale), type).sql})`;
  if (scale === 0) return `CAST(${x.sql} AS ${type})`;
  const widen = (sql: string) => (type === "BIGINT" ? sql : `CAST(${sql} AS ${type})`);
  if (fitsBigint(x.shape!)) return widen(bigintUnscaled(cx.layers.bind(x).sql, scale, width));
  // DECIMAL(w, s) × DECIMAL(38 - w, 0) is a DECIMAL(38, s), exact while w + s ≤ 38
  if (width + scale > 38) throw unsupported(cx, `a number of ${width} digits rounded`);
  const v = cx.layers.bind(x).sql;
  const ten = stringLiteral(`1${"0".repeat(scale)}`);
  const wide = `CAST(${v} * CAST(${ten} AS DECIMAL(${38 - width}, 0)) AS ${type})`;
  if (scale > 9) return wide;
  const limit = `${"9".repeat(18 - scale)}.${"9".repeat(scale)}`;
  const narrow = widen(bigintUnscaled(`CAST(${v} AS DECIMAL(18, ${scale}))`, scale, 18));
  return `CASE WHEN abs(${v}) <= ${limit} THEN ${narrow} ELSE ${wide} END`;
}

/** Whether unscaled() of a number of this shape can be a BIGINT (its integer below 10^18). */
const fitsBigint = (x: Shape): boolean => widthOf(x) <= 18 && x.scale <= 9;

/** An integer R back as the number R × 10^-places of the given shape. */
export function rescaled(r: string, shape: Shape, cx: SqlContext, depth: number): SqlValue {
  const { scale } = shape;
  const width = widthOf(shape);
  if (cx.dialect.name === "postgres")
    return { sql: scale === 0 ? r : `(${r} * ${stringLiteral(`0.${"0".repeat(scale - 1)}1`)}::NUMERIC)`, kind: "number", shape, depth };
  if (scale === 0) return typed(r, shape, cx, depth);
  // DuckDB types the product DECIMAL(38, scale) at most, checked, and it holds R × 10^-scale (width ≤ 38)
  if (width > 38 || scale > 38) throw unsupported(cx, `a rounded number of ${width} digits`);
  const unit = `CAST(${stringLiteral(`0.${"0".repeat(scale - 1)}1`)} AS DECIMAL(${scale}, ${scale}))`;
  return typed(`CAST(${r} AS DECIMAL(${width}, 0)) * ${unit}`, shape, cx, depth);
}

/**
 * Whether the magnitude q moves one unit away from zero, given twice the remainder r2 and the
 * divisor d (both ≥ 0, d > 0) and the sign; the same table as runtime/decimal-rounding.ts.
 */
const AWAY: Record<Rounding, (r2: string, d: string, odd: string, neg: string) => string> = {
  [MODES.ROUND_UP]: (r2) => `${r2} > 0`,
  [MODES.ROUND_DOWN]: () => "FALSE",
  [MODES.ROUND_CEIL]: (r2, _d, _o, neg) => `(${r2} > 0 AND NOT ${neg})`,
  [MODES.ROUND_FLOOR]: (r2, _d, _o, neg) => `(${r2} > 0 AND ${neg})`,
  [MODES.ROUND_HALF_UP]: (r2, d) => `${r2} >= ${d}`,
  [MODES.ROUND_HALF_DOWN]: (r2, d) => `${r2} > ${d}`,
  [MODES.ROUND_HALF_EVEN]: (r2, d, odd) => `(${r2} > ${d} OR (${r2} = ${d} AND ${odd}))`,
  [MODES.ROUND_HALF_CEIL]: (r2, d, _o, neg) => `(${r2} > ${d} OR (${r2} = ${d} AND NOT ${neg}))`,
  [MODES.ROUND_HALF_FLOOR]: (r2, d, _o, neg) => `(${r2} > ${d} OR (${r2} = ${d} AND ${neg}))`,
};

/** The largest 64-bit integer. */
const BIGINT_MAX = 2n ** 63n - 1n;

/**
 * A quotient or remainder of two integers n ≥ 0 and d > 0 of the type `type`: DuckDB divides 128-bit
 * integers bit by bit, about a hundred times the cost of a 64-bit division, so the rows whose
 * operands fit 64 bits divide in them.
 */
function narrowed(op: (n: string, d: string) => string, n: string, d: string, type: string, cx: SqlContext): string {
  if (cx.dialect.name !== "duckdb" || type !== "HUGEINT") return op(n, d);
  const fits = `${n} <= ${BIGINT_MAX} AND ${d} <= ${BIGINT_MAX}`;
  return `CASE WHEN ${fits} THEN CAST(${op(`CAST(${n} AS BIGINT)`, `CAST(${d} AS BIGINT)`)} AS HUGEINT) ELSE ${op(n, d)} END`;
}

/**
 * n / d rounded to an integer by `mode` and given the scale of `shape`: n and d are integers, d
 * either a positive integer literal (`positive`) or any integer expression (a zero divisor gives null).
 */
function roundedDivision(
  n: SqlValue,
  d: SqlValue,
  positive: boolean,
  mode: Rounding,
  shape: Shape,
  type: string,
  cx: SqlContext,
): SqlValue {
  const { layers, dialect } = cx;
  const N = layers.bind(n);
  const D = positive ? d : layers.bind({ ...d, sql: `NULLIF(${d.sql}, 0)` });
  const int = (sql: string, depth: number): SqlValue => ({ sql, kind: "number", depth });
  const mag = layers.bind(int(`abs(${N.sql})`, deeper(N)));
  const div = positive ? D : layers.bind(int(`abs(${D.sql})`, deeper(D)));
  const neg = layers.bind({
    sql: positive ? `(${N.sql} < 0)` : `((${N.sql} < 0) <> (${D.sql} < 0))`,
    kind: "boolean",
    depth: deeper(N, D),
  });
  const q = layers.bind(int(narrowed(dialect.quotient, mag.sql, div.sql, type, cx), deeper(mag, div)));
  const r2 = layers.bind(int(`(2 * ${narrowed(dialect.remainder, mag.sql, div.sql, type, cx)})`, deeper(mag, div)));
  const odd = `(${narrowed(dialect.remainder, q.sql, "2", type, cx)} = 1)`;
  const magnitude = `(${q.sql} + CASE WHEN ${AWAY[mode](r2.sql, div.sql, odd, neg.sql)} THEN 1 ELSE 0 END)`;
  const signed = `CASE WHEN ${neg.sql} THEN -${magnitude} ELSE ${magnitude} END`;
  // a result in 64 bits stays an integer for what reads it (heldInteger)
  if (dialect.name === "duckdb" && type === "BIGINT" && shape.bound <= INTEGER_LIMIT)
    return fromInteger(signed, shape, cx, deeper(q, r2, neg, div), true);
  return rescaled(signed, shape, cx, deeper(q, r2, neg, div));
}

/**
 * `decimal(x, places)` and the other roundings to a literal scale: m of m × 10^-scale divided by
 * 10^(scale − places) and rounded by the mode. A negative scale rounds to tens, hundreds…: the
 * rounded integer counts units of 10^-places, multiplied back exactly (the runtime's `roundTo`).
 */
export function roundPlaces(x: SqlValue, places: number, mode: Rounding, cx: SqlContext): SqlValue {
  const { scale, bound } = x.shape!;
  if (places >= scale) return x;
  const to = Math.max(places, 0);
  const divisor = 10n ** BigInt(scale - places);
  // |m| ≤ bound - 1 units of 10^-scale: rounded, at most one more unit of 10^-places
  const shape = { scale: to, bound: (bound - 1n) / divisor + 2n };
  // to a negative scale, the rounded integer is multiplied by 10^-places: its shape checked first
  const result =
    places < 0 ? checked({ scale: 0, bound: (shape.bound - 1n) * 10n ** BigInt(-places) + 1n }, cx, "a rounded number") : shape;
  if (cx.naive) return typed(`round(${x.sql}, ${places})`, result, cx, x.depth);
  if (divisor.toString().length > cx.dialect.maxDigits)
    throw unsupported(cx, `a number of ${widthOf(x.shape!)} digits rounded to ${places} places`);
  const type = fitsBigint(x.shape!) ? integerType(bound > divisor ? bound : divisor, cx) : cx.dialect.integer;
  const m = unscaled(x, type, cx);
  // a held integer's column is read as it stands, not bound again
  const n: SqlValue = { ...m, kind: "number", atomic: COLUMN.test(m.sql) };
  const rounded = roundedDivision(n, integerLiteral(divisor, type), true, mode, shape, type, cx);
  return places < 0 ? arithmetic("*", rounded, numberLiteral(`1${"0".repeat(-places)}`, cx), cx) : rounded;
}

/**
 * `a / b` not rounded to places: FEEL's quotient rounded to 34 significant digits, half-even, where
 * the dialect computes it exactly (its `divide`), null for a zero divisor; `what` the refusal
 * elsewhere. Its value has 34 significant digits at any scale, so its shape is wider than 34 digits:
 * compared, chosen, rounded to places and returned exactly, while arithmetic on it (which FEEL
 * rounds) is refused by the arithmetic's own check. |a / b| ≤ |a|'s bound over one unit of 10^-sb;
 * where not 0, at least 10^(sb − sa) / (b's bound), so its 34th significant digit is within
 * sa − sb + digits(b) + 34 places.
 */
export function quotient(a: SqlValue, b: SqlValue, cx: SqlContext, what: string): SqlValue {
  const divide = cx.dialect.divide;
  if (!divide) throw unsupported(cx, what);
  const [x, y] = [a.shape!, b.shape!];
  const scale = Math.max(0, x.scale - y.scale + digitsOf(y) + FEEL_DIGITS);
  const shape = { scale, bound: (x.bound - 1n) * 10n ** BigInt(y.scale - x.scale + scale) + 1n };
  if (widthOf(shape) > cx.dialect.maxDigits) throw unsupported(cx, what);
  const [A, B] = [cx.layers.bind(a), cx.layers.bind(b)];
  const sql = `CASE WHEN ${B.sql} <> 0 THEN ${divide(A.sql, B.sql, Math.max(x.scale, y.scale))} END`;
  return { sql, kind: "number", shape, depth: deeper(A, B) };
}

/** `decimal(a / b, places)`: the rational a × 10^places / b rounded once (docs/numbers.md). */
export function roundQuotient(a: SqlValue, b: SqlValue, places: number, mode: Rounding, cx: SqlContext): SqlValue {
  const [x, y] = [a.shape!, b.shape!];
  // (A × 10^-sa) / (B × 10^-sb) × 10^places = A × 10^e / B
  const e = y.scale - x.scale + places;
  const [up, down] = [10n ** BigInt(Math.max(e, 0)), 10n ** BigInt(Math.max(-e, 0))];
  const [n, d] = [(x.bound - 1n) * up, (y.bound - 1n) * down];
  if (n + d >= QUOTIENT_LIMIT)
    throw unsupported(cx, `a quotient of numbers of ${digitsOf(x)} and ${digitsOf(y)} digits rounded to ${places} places`);
  const type = fitsBigint(x) && fitsBigint(y) ? integerType(n > d ? n : d, cx) : cx.dialect.integer;
  const scaled = (v: SqlValue, by: number): SqlValue => {
    const m = unscaled(v, type, cx);
    if (by === 0) return { ...m, kind: "number", atomic: COLUMN.test(m.sql) };
    return { sql: `(${m.sql} * ${integerLiteral(10n ** BigInt(by), type).sql})`, kind: "number", depth: m.depth, atomic: false };
  };
  // |a / b| ≤ (A - 1) × 10^-sa / 10^-sb, as b is at least one unit of 10^-sb; rounded, one unit more
  const shape = checked({ scale: places, bound: ((x.bound - 1n) * up) / down + 3n }, cx, "a rounded quotient");
  if (cx.naive) return typed(`round(${a.sql} / NULLIF(${b.sql}, 0), ${places})`, shape, cx, deeper(a, b));
  const numerator = scaled(a, Math.max(e, 0));
  // a literal divisor is a positive integer literal too: B × 10^-e
  const constant = b.constant === undefined ? 0n : BigInt(b.constant.replace(".", "")) * 10n ** BigInt(Math.max(-e, 0));
  if (constant > 0n) return roundedDivision(numerator, integerLiteral(constant, type), true, mode, shape, type, cx);
  return roundedDivision(numerator, scaled(b, Math.max(-e, 0)), false, mode, shape, type, cx);
}

/** A power with a literal whole exponent from 0 to 9: the exact product, while it fits. */
export function power(a: SqlValue, n: number, cx: SqlContext): SqlValue {
  if (n === 0) return numberLiteral("1", cx);
  const base = n > 1 ? cx.layers.bind(a) : a;
  let result = base;
  for (let i = 1; i < n; i++) result = arithmetic("*", result, base, cx);
  return result;
}

/** x / c for a literal c whose reciprocal is a finite decimal (2, 4, 5, 8, 10, 100, 0.5…): x × (1/c), exact. */
export function reciprocal(text: string): string | undefined {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? "";
  let m = BigInt(`${match[1] || "0"}${fraction}` || "0");
  if (m === 0n) return undefined;
  // c = m / 10^f; 1/c = 10^f / m is finite when m = 2^i 5^j
  let [twos, fives] = [0, 0];
  while (m % 2n === 0n) [m, twos] = [m / 2n, twos + 1];
  while (m % 5n === 0n) [m, fives] = [m / 5n, fives + 1];
  if (m !== 1n) return undefined;
  // 1 / (2^i 5^j) = 2^(k-i) 5^(k-j) / 10^k with k = max(i, j)
  const k = Math.max(twos, fives);
  const digits = (2n ** BigInt(k - twos) * 5n ** BigInt(k - fives)).toString();
  // × 10^f / 10^k
  const shift = fraction.length - k;
  if (shift >= 0) return digits + "0".repeat(shift);
  const padded = digits.padStart(-shift + 1, "0");
  return `${padded.slice(0, shift)}.${padded.slice(shift)}`;
}

/**
 * `modulo(a, b)` (runtime/builtins/number.ts): the remainder with the sign of the divisor, of the
 * two numbers' integers at their common scale; a zero divisor gives null. The remainder is below
 * the divisor, so its shape is the divisor's.
 */
export function modulo(a: SqlValue, b: SqlValue, cx: SqlContext): SqlValue {
  const scale = Math.max(a.shape!.scale, b.shape!.scale);
  const [x, y] = [rescale(a.shape!, scale), rescale(b.shape!, scale)];
  const largest = x.bound > y.bound ? x.bound : y.bound;
  if (largest >= QUOTIENT_LIMIT) throw unsupported(cx, `modulo() of numbers of ${digitsOf(a.shape!)} and ${digitsOf(b.shape!)} digits`);
  const type = fitsBigint(a.shape!) && fitsBigint(b.shape!) ? integerType(largest, cx) : cx.dialect.integer;
  const int = (v: SqlValue): SqlValue => {
    const m = unscaled(v, type, cx);
    const by = scale - v.shape!.scale;
    const sql = by === 0 ? m.sql : `(${m.sql} * ${integerLiteral(10n ** BigInt(by), type).sql})`;
    return cx.layers.bind({ sql, kind: "number", depth: m.depth });
  };
  const [n, m] = [int(a), int(b)];
  const d = cx.layers.bind({ ...m, sql: `NULLIF(${m.sql}, 0)`, atomic: false });
  // the dialect's remainder has the sign of the dividend: moved by the divisor where the signs differ
  const r = cx.layers.bind({ sql: cx.dialect.remainder(n.sql, d.sql), kind: "number", depth: deeper(n, d) });
  const signed = `CASE WHEN ${r.sql} <> 0 AND ((${r.sql} < 0) <> (${d.sql} < 0)) THEN ${r.sql} + ${d.sql} ELSE ${r.sql} END`;
  return rescaled(signed, { scale, bound: y.bound }, cx, deeper(r, d));
}
