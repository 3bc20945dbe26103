// Literal bounds of a constrained type's condition, for the JSON Schema and the optimiser.
// `number [0..100]` → minimum 0, maximum 100; `number > 0` → exclusiveMinimum 0;
// `date >= date("2020-01-01")` → after "2020-01-01". Anything less literal keeps only the test.
import type { Expr, UnaryTests } from "../../../ir/feel-ast.js";
import type { Constraint } from "../../../ir/types.js";
import { literalNumber } from "../../../ir/literal-number.js";

type Bounds = Omit<Constraint, "text" | "test">;

const TEMPORAL_CONSTRUCTORS = new Set(["date", "time", "date and time", "duration"]);

function literalTemporal(e: Expr | null): string | undefined {
  if (!e) return undefined;
  if (e.kind === "temporal") return e.value;
  if (e.kind === "call" && e.callee.kind === "name" && TEMPORAL_CONSTRUCTORS.has(e.callee.name) && e.args.length === 1) {
    const arg = e.args[0]!;
    if (arg.kind === "string") return arg.value;
  }
  return undefined;
}

function lower(bounds: Bounds, e: Expr | null, inclusive: boolean): void {
  const n = literalNumber(e);
  if (n !== undefined) {
    if (inclusive) bounds.minimum = n;
    else bounds.exclusiveMinimum = n;
  }
  const t = literalTemporal(e);
  if (t !== undefined) bounds.after = t;
}

function upper(bounds: Bounds, e: Expr | null, inclusive: boolean): void {
  const n = literalNumber(e);
  if (n !== undefined) {
    if (inclusive) bounds.maximum = n;
    else bounds.exclusiveMaximum = n;
  }
  const t = literalTemporal(e);
  if (t !== undefined) bounds.before = t;
}

export function constraintOf(text: string, test: UnaryTests): Constraint {
  const bounds: Bounds = {};
  if (test.kind === "tests" && test.tests.length === 1) {
    const only = test.tests[0]!;
    if (only.kind === "range") {
      lower(bounds, only.range.start, only.range.startIncluded);
      upper(bounds, only.range.end, only.range.endIncluded);
    } else if (only.kind === "compare") {
      if (only.op === ">" || only.op === ">=" || only.op === "=") lower(bounds, only.value, only.op !== ">");
      if (only.op === "<" || only.op === "<=" || only.op === "=") upper(bounds, only.value, only.op !== "<");
    }
  }
  return { text, test, ...bounds };
}
