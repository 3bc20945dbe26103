// The rule a FIRST table fires, as a tree of CASEs instead of one CASE over every rule: a column
// whose cells are all `-` or string literals (`"north"`, `"a", "b"`) splits the rules by its value
// (`CASE column WHEN 'north' THEN <the rules that can match north> … ELSE <the - rules> END`), and
// a column whose cells are all `-` or intervals with literal endpoints (`[18..25)`, `< 10`) by a
// breakpoint (`CASE WHEN column < 25 THEN <the rules whose interval reaches below 25> ELSE <the
// others that can match> END`). Each part keeps its rules in order and is split again, so a row
// tests the few rules of its own part: the first that fires is the same, as a rule left out of a
// part cannot match there (its cell is false). A null value takes the ELSE part, which holds every
// `-` rule; its other rules' cells are false for it.
import type { Expr, UnaryTests } from "../../ir/feel-ast.js";
import { isWellFormed } from "../../runtime/well-formed.js";
import { ordered } from "./compare.js";
import type { SqlContext } from "./context.js";
import { stringLiteral } from "./dialects.js";
import { numberLiteral } from "./numbers.js";
import { allOf } from "./unary-tests.js";
import type { SqlValue } from "./values.js";

/** An interval end: a literal number (canonical digits) and whether it is included. */
interface End {
  value: string;
  included: boolean;
}

/** An interval of numbers; a null end is unbounded. */
export interface Bounds {
  low: End | null;
  high: End | null;
}

/** A rule as the split sees it: its number, each cell's condition (null: `-`), its literals or interval. */
export interface Rule {
  number: number;
  cells: (SqlValue | null)[];
  literals: (string[] | undefined)[];
  bounds: (Bounds | undefined)[];
}

/** Below this many rules a part is one CASE over its rules. */
const PARTITION_MIN = 8;

/** The string literals a cell is equal to, when it is only that (`"a"`, `"a", "b"`, `= "a"`). */
export function literalsOf(cell: UnaryTests, value: SqlValue): string[] | undefined {
  if (cell.kind !== "tests" || value.kind !== "string") return undefined;
  const items = cell.tests.map((t) =>
    (t.kind === "expr" || (t.kind === "compare" && t.op === "=")) && t.value.kind === "string" ? t.value.value : undefined,
  );
  if (items.some((v) => v === undefined || !isWellFormed(v) || v.includes("\0"))) return undefined;
  return items.map((v) => stringLiteral(v!));
}

/** A literal number's digits, canonical (no leading or trailing zeros), or undefined. */
function digits(e: Expr | null): string | undefined {
  if (e?.kind !== "number") return undefined;
  const m = /^(\d*)(?:\.(\d*))?$/.exec(e.value);
  if (!m) return undefined;
  const whole = m[1]!.replace(/^0+/, "") || "0";
  const fraction = (m[2] ?? "").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The order of two canonical non-negative decimals. */
function cmp(a: string, b: string): number {
  const [aw, af = ""] = a.split(".") as [string, string?];
  const [bw, bf = ""] = b.split(".") as [string, string?];
  if (aw.length !== bw.length) return aw.length - bw.length;
  const width = Math.max(af.length, bf.length);
  const [x, y] = [aw + af.padEnd(width, "0"), bw + bf.padEnd(width, "0")];
  return x < y ? -1 : x > y ? 1 : 0;
}

const COMPARE: Record<string, (v: string) => Bounds> = {
  "<": (v) => ({ low: null, high: { value: v, included: false } }),
  "<=": (v) => ({ low: null, high: { value: v, included: true } }),
  ">": (v) => ({ low: { value: v, included: false }, high: null }),
  ">=": (v) => ({ low: { value: v, included: true }, high: null }),
};

/** The interval a number cell tests, when it is one with literal endpoints (`[1..5]`, `(0..1)`, `< 10`). */
export function cellBounds(cell: UnaryTests, value: SqlValue): Bounds | undefined {
  if (cell.kind !== "tests" || cell.tests.length !== 1 || value.kind !== "number") return undefined;
  const t = cell.tests[0]!;
  if (t.kind === "compare") {
    const v = digits(t.value);
    return v !== undefined && COMPARE[t.op] ? COMPARE[t.op]!(v) : undefined;
  }
  const range = t.kind === "range" ? t.range : t.kind === "expr" && t.value.kind === "range" ? t.value : undefined;
  if (!range || range.test || !range.start || !range.end) return undefined;
  const [low, high] = [digits(range.start), digits(range.end)];
  if (low === undefined || high === undefined) return undefined;
  return { low: { value: low, included: range.startIncluded }, high: { value: high, included: range.endIncluded } };
}

/** Whether the cell (`-` or an interval) can hold a value below b / at or above b. */
const below = (b: Bounds | undefined, at: string) => !b || !b.low || cmp(b.low.value, at) < 0;
const above = (b: Bounds | undefined, at: string) =>
  !b || !b.high || cmp(b.high.value, at) > 0 || (cmp(b.high.value, at) === 0 && b.high.included);

/** Whether column i's cells are all `-` or string literals, at least two of them different. */
function byLiterals(rules: Rule[], i: number): boolean {
  if (!rules.every((r) => r.cells[i] === null || r.literals[i] !== undefined)) return false;
  return new Set(rules.flatMap((r) => r.literals[i] ?? [])).size >= 2;
}

/** The breakpoint of column i that splits the rules most evenly, when each part is smaller than the whole. */
function breakpoint(rules: Rule[], i: number): { at: string; size: number } | undefined {
  if (!rules.every((r) => r.cells[i] === null || r.bounds[i] !== undefined)) return undefined;
  const points = [...new Set(rules.flatMap((r) => [r.bounds[i]?.low?.value, r.bounds[i]?.high?.value]).filter((p) => p !== undefined))];
  points.sort(cmp);
  const at = points[points.length >> 1];
  if (at === undefined) return undefined;
  const size = Math.max(rules.filter((r) => below(r.bounds[i], at)).length, rules.filter((r) => above(r.bounds[i], at)).length);
  return size < rules.length ? { at, size } : undefined;
}

/** The number of the FIRST rule that fires among `rules`, string columns in `used` already split on. */
export function firstRule(rules: Rule[], columns: SqlValue[], used: ReadonlySet<number>, cx: SqlContext): string {
  if (rules.length === 0) return "NULL";
  if (rules.length >= PARTITION_MIN) {
    const split = columns.findIndex((_, i) => !used.has(i) && byLiterals(rules, i));
    if (split >= 0) {
      const values = [...new Set(rules.flatMap((r) => r.literals[split] ?? []))];
      const inner = new Set([...used, split]);
      const part = (keep: (r: Rule) => boolean) => firstRule(rules.filter(keep), columns, inner, cx);
      const arms = values.map((v) => `WHEN ${v} THEN ${part((r) => r.cells[split] === null || r.literals[split]!.includes(v))}`);
      return `CASE ${columns[split]!.sql} ${arms.join(" ")} ELSE ${part((r) => r.cells[split] === null)} END`;
    }
    const best = columns
      .map((_, i) => ({ i, b: breakpoint(rules, i) }))
      .filter((c) => c.b !== undefined)
      .sort((x, y) => x.b!.size - y.b!.size)[0];
    if (best) {
      const { i, b } = best;
      const test = ordered("<", columns[i]!, numberLiteral(b!.at, cx), cx).sql;
      const low = firstRule(
        rules.filter((r) => below(r.bounds[i], b!.at)),
        columns,
        used,
        cx,
      );
      const high = firstRule(
        rules.filter((r) => above(r.bounds[i], b!.at)),
        columns,
        used,
        cx,
      );
      return `CASE WHEN ${test} THEN ${low} ELSE ${high} END`;
    }
  }
  return `CASE ${ladder(rules, columns, used, cx).join(" ")} END`;
}

/** What the earlier rules' failure tells of a column's non-null value: it is at least (or above) `value`. */
interface Floor {
  value: string;
  inclusive: boolean;
}

/** Whether every non-null value at the floor meets the low end. */
function meets(floor: Floor | undefined, low: End): boolean {
  if (!floor) return false;
  const c = cmp(floor.value, low.value);
  return c > 0 || (c === 0 && (low.included || !floor.inclusive));
}

/** The higher of two floors. */
function higher(a: Floor | undefined, b: Floor): Floor {
  if (!a) return b;
  const c = cmp(a.value, b.value);
  return c > 0 || (c === 0 && !a.inclusive) ? a : b;
}

/**
 * Each rule's arm, in order, each cell's low end left out where the rules before it already
 * settle it: a row reaches a rule only when every earlier rule failed, and an earlier rule whose
 * one cell is an interval `< h` (or one whose low end was settled) fails on a non-null value only
 * at or above h. A ladder of ranges (`< 1`, `[1..3)`, `[3..5)`, `>= 5`) tests one end a rule.
 * A null value fails every interval test, kept or not; a cell left with no end is `IS NOT NULL`.
 */
function ladder(rules: Rule[], columns: SqlValue[], used: ReadonlySet<number>, cx: SqlContext): string[] {
  const floors = new Map<number, Floor>();
  return rules.map((r) => {
    const open = r.cells.map((c, i) => (c === null || used.has(i) ? null : c));
    const cells = open.map((c, i) => {
      const b = r.bounds[i];
      if (c === null || !b?.low || !meets(floors.get(i), b.low)) return c;
      if (!b.high) return { sql: `(${columns[i]!.sql} IS NOT NULL)`, kind: "boolean", depth: columns[i]!.depth } satisfies SqlValue;
      return ordered(b.high.included ? "<=" : "<", columns[i]!, numberLiteral(b.high.value, cx), cx);
    });
    const tested = open.flatMap((c, i) => (c === null ? [] : [i]));
    const only = tested.length === 1 ? tested[0]! : -1;
    const b = r.bounds[only];
    if (b?.high && (!b.low || meets(floors.get(only), b.low)))
      floors.set(only, higher(floors.get(only), { value: b.high.value, inclusive: !b.high.included }));
    return `WHEN ${allOf(cells.filter((c): c is SqlValue => c !== null)).sql} THEN ${r.number}`;
  });
}
