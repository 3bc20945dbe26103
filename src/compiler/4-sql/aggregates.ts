// The aggregates of numbers beside sum (runtime/builtins/aggregate.ts): `product` and `median`
// of a list or of their arguments, exact, and `stddev` where the dialect computes it exactly.
// FEEL's rules: null for an empty list, for a null list and for any item that is not a number (a
// null item too).
import type { Expr } from "../../ir/feel-ast.js";
import { unsupported, type SqlContext } from "./context.js";
import { lowerExpr, type SqlScope } from "./expressions.js";
import { asList, freshVariable, Inline, itemAt, listSyntax, lowerListLiteral } from "./lists.js";
import { arithmetic, checked, numberLiteral, rescaled, unscaledDecimal } from "./numbers.js";
import { deeper, FEEL_DIGITS, NULL_VALUE, type Shape, type SqlValue } from "./values.js";

type Aggregate = (list: SqlValue, cx: SqlContext, n: Expr) => SqlValue;

/**
 * The shape of a product of at most `count` numbers of shape `s`: its bound the item's to that
 * power (a product of fewer items is below it too), found without a number of thousands of digits.
 */
function productShape(s: Shape, count: number, cx: SqlContext): Shape {
  const limit = 10n ** BigInt(FEEL_DIGITS + 1);
  let bound = 1n;
  for (let i = 0; i < count && bound <= limit && s.bound > 2n; i++) bound *= s.bound - 1n;
  const shape = { scale: s.scale * count, bound: bound > limit ? limit : bound + 1n };
  return checked(shape, cx, `a product of up to ${count} numbers of ${s.bound - 1n} units`);
}

/** Whether every item is present and there is one: the rows on which FEEL's aggregate is a number. */
const someAndComplete = (list: SqlValue, cx: SqlContext): string => {
  const lists = listSyntax(cx);
  return `${lists.present(list.sql)} = ${lists.length(list.sql)} AND ${lists.length(list.sql)} > 0`;
};

/**
 * `product(l)`: the items' integers multiplied in the dialect's integer type (DuckDB's HUGEINT,
 * PostgreSQL's numeric), exact below 10^34 on every row by the shape, then scaled back. FEEL's
 * product rounds each partial product to 34 digits, which the shape shows it never needs to.
 */
const product: Aggregate = (list, cx) => {
  const lists = listSyntax(cx);
  const element = list.element!;
  const shape = productShape(element.shape!, list.maxItems!, cx);
  const v = freshVariable();
  const inner = { ...cx, layers: new Inline(cx.layers) };
  const integer = unscaledDecimal(itemAt(element, v, 0, inner), cx.dialect.integer, inner);
  // bound once: PostgreSQL's running product reads the list at each step
  const integers = cx.layers.bind({ sql: lists.map(list.sql, v, integer), kind: "list", element: NULL_VALUE, depth: list.depth });
  const value = rescaled(lists.product(integers.sql), shape, cx, integers.depth);
  return { ...value, sql: `CASE WHEN ${someAndComplete(list, cx)} THEN ${value.sql} END`, depth: deeper(value, list) };
};

/**
 * `median(l)`: the sorted items' lower and upper middle ((n + 1) div 2 and n div 2 + 1, the same
 * item for an odd count) added and halved — × 0.5, exact while the shape fits 34 digits, as FEEL's
 * sum and division by 2 are then.
 */
const median: Aggregate = (list, cx) => {
  const lists = listSyntax(cx);
  const element = list.element!;
  const sorted = cx.layers.bind({ ...list, sql: lists.sorted(list.sql, element.kind), atomic: false });
  const n = lists.length(sorted.sql);
  const at = (index: string): SqlValue => ({ ...element, sql: lists.at(sorted.sql, index), depth: sorted.depth, atomic: false });
  const [lower, upper] = [at(cx.dialect.quotient(`(${n} + 1)`, "2")), at(`(${cx.dialect.quotient(n, "2")} + 1)`)];
  const half = arithmetic("*", arithmetic("+", lower, upper, cx), numberLiteral("0.5", cx), cx);
  return { ...half, sql: `CASE WHEN ${someAndComplete(list, cx)} THEN ${half.sql} END`, depth: deeper(half, list) };
};

/**
 * `stddev(l)`: FEEL's is the square root of the exact sample variance rounded once to 34
 * significant digits, half-even (the runtime works it in integers of about 72 digits): the
 * dialect's `stddev` where its integers hold them (PostgreSQL's numeric); DuckDB's hold 38 digits
 * and its square root is a double's, so there it is refused. Its value has 34 significant digits
 * at any scale, so its shape is wider than 34 digits: it is compared, chosen and returned exactly,
 * and arithmetic on it (which FEEL rounds) is refused by the arithmetic's own check. At least two
 * items; at most √2 times the largest item's size (the variance of n items within ±b is at most
 * n/(n−1) b²), at least 10^-k / √n where not 0.
 */
const stddev: Aggregate = (list, cx, n) => {
  const lists = listSyntax(cx);
  if (!lists.stddev)
    throw unsupported(
      cx,
      `stddev(): FEEL's square root to 34 significant digits, half-even, which ${cx.dialect.title} does not compute digit for digit`,
      n.span,
    );
  const s = list.element!.shape!;
  const scale = s.scale + String(list.maxItems).length + FEEL_DIGITS;
  const shape = { scale, bound: 2n * (s.bound - 1n) * 10n ** BigInt(scale - s.scale) + 1n };
  const some = `${lists.present(list.sql)} = ${lists.length(list.sql)} AND ${lists.length(list.sql)} > 1`;
  return { kind: "number", shape, sql: `CASE WHEN ${some} THEN ${lists.stddev(list.sql, s.scale)} END`, depth: list.depth };
};

const AGGREGATES: Record<string, Aggregate> = { product, median, stddev };

/**
 * `product`, `median` or `stddev` of one list, or of two or more arguments (the list of them, as
 * the runtime takes them); undefined for any other call.
 */
export function lowerAggregate(name: string, args: Expr[], scope: SqlScope, cx: SqlContext, n: Expr): SqlValue | undefined {
  const aggregate = Object.hasOwn(AGGREGATES, name) ? AGGREGATES[name]! : undefined;
  if (!aggregate || args.length === 0) return undefined;
  const value =
    args.length === 1
      ? cx.layers.bind(lowerExpr(args[0]!, scope, cx))
      : cx.layers.bind(lowerListLiteral({ kind: "list", items: args, span: n.span }, scope, cx));
  const list = asList(value, `${name}()`, cx, n);
  // an empty list, a null list, a list of nulls or of anything but numbers: null
  if (!list || list.element!.kind !== "number") return NULL_VALUE;
  return aggregate(list, cx, n);
}
