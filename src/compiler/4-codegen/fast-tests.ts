// Cell tests on raw JS values for columns the optimiser specialised. Each test runs on the raw
// value only when the guard holds (a JS number / string, exactly as FEEL would see it) and falls
// back to the FEEL runtime otherwise, so results are identical to the general path.
import type { Expr, UnaryTest, UnaryTests } from "../../ir/feel-ast.js";
import type { SpecialisedKind } from "../../ir/ir.js";
import type { ExprContext } from "./expr.js";
import { emitUnaryTestsTri } from "./unary-tests.js";
import { joined } from "./joined.js";
import { Scope } from "./scope.js";
import { exactNumber } from "../3-optimise/exact-number.js";
import { dayLiteral } from "../3-optimise/day-literal.js";

export interface ColumnPlan {
  kind: SpecialisedKind;
  /** JS id of the FEEL value */
  feel: string;
  /** JS id of the raw value tested directly */
  raw: string;
  /** JS id of a boolean: the raw value can be tested directly */
  guard: string;
  /** how often emitted fallbacks mention `feel` (when nothing else does, it is converted lazily) */
  fallbackUses: number;
  /** a computed column's: the statements that declare `feel`, `raw` and `guard` before the table's tests */
  setup?: string;
}

/** The doubles of the number literals the cells compare with (the raw tests write each as `exactNumber` gives it). */
export function numberLiterals(cells: UnaryTests[]): number[] {
  const found = new Set<number>();
  const add = (e: Expr | null) => {
    const text = e && exactNumber(e);
    if (text) found.add(Number(text.replace(/[()]/g, "")));
  };
  for (const cell of cells) {
    if (cell.kind === "any") continue;
    for (const t of cell.tests) {
      if (t.kind === "range") [t.range.start, t.range.end].forEach(add);
      else add(t.value);
    }
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * JS boolean: `raw` can be tested directly. A number must also be finite: FEEL reads NaN and
 * ±Infinity as null (x - x is 0 exactly for finite x).
 */
export const rawGuard = (kind: ColumnPlan["kind"], raw: string): string =>
  kind === "number" || kind === "date" ? `typeof ${raw} === "number" && ${raw} - ${raw} === 0` : `typeof ${raw} === "${kind}"`;

const JS_OPS = { "<": "<", "<=": "<=", ">": ">", ">=": ">=", "=": "===", "!=": "!==" } as const;

/** Comparisons of the raw number (a date's day number) with the JS literals `literal` gives. */
const orderedTest =
  (literal: (e: Expr) => string | null) =>
  (t: UnaryTest, x: string): string | null => {
    if (t.kind === "compare") {
      const v = literal(t.value);
      return v && `${x} ${JS_OPS[t.op]} ${v}`;
    }
    if (t.kind === "expr") {
      const v = literal(t.value);
      return v && `${x} === ${v}`;
    }
    const r = t.range;
    const lo = r.start ? literal(r.start) : null;
    const hi = r.end ? literal(r.end) : null;
    if ((r.start && !lo) || (r.end && !hi)) return null;
    const parts = [lo && `${x} ${r.startIncluded ? ">=" : ">"} ${lo}`, hi && `${x} ${r.endIncluded ? "<=" : "<"} ${hi}`];
    return parts.filter(Boolean).join(" && ") || "true";
  };

const dayText = (e: Expr): string | null => {
  const day = dayLiteral(e);
  return day === null ? null : day < 0 ? `(${day})` : String(day);
};

/** Equality (or inequality) with a string or boolean literal. */
const literalTest =
  (kind: "string" | "boolean") =>
  (t: UnaryTest, x: string): string | null => {
    const value = t.kind === "range" ? null : t.value;
    if (!value || value.kind !== kind) return null;
    if (t.kind === "compare" && t.op !== "=" && t.op !== "!=") return null;
    const op = t.kind === "compare" && t.op === "!=" ? "!==" : "===";
    return `${x} ${op} ${JSON.stringify(value.value)}`;
  };

const TESTERS = {
  number: orderedTest(exactNumber),
  date: orderedTest(dayText),
  string: literalTest("string"),
  boolean: literalTest("boolean"),
};

export function fastCellTest(plan: ColumnPlan, cell: UnaryTests, cx: ExprContext): string | null {
  if (cell.kind === "any") return "true";
  const parts = cell.tests.map((t) => TESTERS[plan.kind](t, plan.raw));
  if (parts.some((p) => p === null)) return null;
  const anyOf =
    parts.length === 1
      ? parts[0]!
      : joined(
          parts.map((p) => `(${p})`),
          "||",
        );
  const fast = cell.kind === "not" ? `!(${anyOf})` : anyOf;
  const slow = `${emitUnaryTestsTri(cell, plan.feel, new Scope(), cx)} === true`;
  plan.fallbackUses += (slow.match(new RegExp(`\\b${plan.feel}\\b`, "g")) ?? []).length;
  return `(${plan.guard} ? ${fast} : ${slow})`;
}
