// Unary tests (table input cells, `x in ...`): each test is typed against the value under test.
import type { TestMismatchParams } from "../../../ir/diagnostic-catalogue/index.js";
import { diagnostic, type Diagnostic, type Place, type Span } from "../../../ir/diagnostics.js";
import type { Expr, UnaryTest, UnaryTests } from "../../../ir/feel-ast.js";
import type { Type } from "../../../ir/types.js";
import { typeToString } from "./compat.js";
import { at, type ExprContext } from "./context.js";
import { infer } from "./infer.js";
import { comparable, ordersChoice } from "./operators.js";

/** A test that can never match the value under test, as the caller's diagnostic (a cell, `in`, a type condition). */
export type TestMismatch = (params: TestMismatchParams, where: Place & { strict: boolean }) => Diagnostic;

export function inferTests(tests: UnaryTests, ctx: ExprContext, mismatch: TestMismatch): void {
  if (tests.kind === "any") return;
  for (const test of tests.tests) inferTest(test, ctx, mismatch);
}

function inferTest(test: UnaryTest, ctx: ExprContext, mismatch: TestMismatch): void {
  const subject = ctx.inputValue ?? { kind: "any" };
  const check = (t: Type, e: Expr): void => {
    if (!comparable(subject, t))
      ctx.sink.push(mismatch({ test: describe(e), type: typeToString(t), subject: typeToString(subject) }, at(ctx, e.span)));
  };
  switch (test.kind) {
    case "compare":
      check(infer(test.value, ctx), test.value);
      unordered(test.op, subject, test.span, ctx);
      return;
    case "range": {
      infer(test.range, ctx);
      unordered("..", subject, test.span, ctx);
      for (const end of [test.range.start, test.range.end]) if (end) check(end.type ?? { kind: "any" }, end);
      return;
    }
    case "expr": {
      const t = infer(test.value, ctx);
      // a list, a range or a boolean computed from `?` are tests in their own right (DMN 10.3.2.9)
      if (t.kind === "list" || t.kind === "range" || usesInputValue(test.value)) return;
      if (t.kind === "boolean" && subject.kind !== "boolean") return;
      check(t, test.value);
      return;
    }
  }
}

function unordered(op: string, subject: Type, span: Span, ctx: ExprContext): void {
  const choice = ordersChoice(op === ".." ? "<" : op, subject);
  if (choice) ctx.sink.push(diagnostic("types.compare-mismatch", { variant: "unordered", op, type: typeToString(choice) }, at(ctx, span)));
}

const describe = (e: Expr): string =>
  e.kind === "string" ? `the string "${e.value}"` : e.kind === "number" ? `the number ${e.value}` : "this test";

/** Does the expression mention `?` (outside nested type annotations)? */
function usesInputValue(node: unknown): boolean {
  if (node === null || typeof node !== "object") return false;
  if (Array.isArray(node)) return node.some(usesInputValue);
  const rec = node as Record<string, unknown>;
  if (rec.kind === "input-value") return true;
  return Object.entries(rec).some(([k, v]) => k !== "type" && k !== "ref" && k !== "span" && usesInputValue(v));
}
