// Unary tests (DMN 1.5, 10.3.2.9 and 10.3.3): does a value pass a cell like `< 10, [20..30], "x"`.
import type { UnaryTests } from "../../../src/ir/feel-ast.js";
import { equal } from "./compare.js";
import { compareOp, evaluate, type Scope } from "./interpret.js";
import { inRange } from "./ranges.js";
import { has, isList, type RRange, type RValue } from "./values.js";

/** one plain expression as a test: equal to it, in it (a list or a range), or true when it uses `?` */
function expressionTest(v: RValue, x: RValue): boolean | null {
  if (x === true || x === false) return typeof v === "boolean" ? v === x : x;
  if (isList(x)) return x.some((y) => equal(v, y) === true);
  if (x !== null && has(x, "range")) return inRange(x, v);
  return equal(v, x);
}

export function matchesTests(tests: UnaryTests, v: RValue, outer: Scope): boolean | null {
  if (tests.kind === "any") return true;
  const scope = outer.child([["?", v]]);
  let result: boolean | null = false;
  for (const t of tests.tests) {
    let r: boolean | null;
    if (t.kind === "compare") r = compareOp(t.op, v, evaluate(t.value, scope));
    else if (t.kind === "range") r = inRange(evaluate(t.range, scope) as RRange, v);
    else r = expressionTest(v, evaluate(t.value, scope));
    if (r === true) {
      result = true;
      break;
    }
    if (r === null) result = null;
  }
  if (tests.kind === "not") return result === null ? null : !result;
  return result;
}
