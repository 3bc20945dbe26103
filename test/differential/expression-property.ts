// The differential property over FEEL expressions, shared by the test (tens of thousands of cases)
// and scripts/differential.ts (millions): a batch of random well-typed expressions and a few random
// states; the optimised module, the -O0 module and the reference interpreter must agree on each.
import fc from "fast-check";
import { anyExpression, inputState, type Kind } from "../support/generate/expressions.js";
import { threeWays, type Disagreement } from "./three-ways.js";

/** npm test's batches: up to 25 expressions (one model) on up to 2 states */
export const BATCH = 25;
export const STATES = 2;

/** cases run, by the kind of value the expression computes */
export const casesByKind = new Map<Kind, number>();

function agree([expressions, states]: [{ kind: Kind; text: string }[], Record<string, unknown>[]]): Disagreement[] {
  for (const e of expressions) casesByKind.set(e.kind, (casesByKind.get(e.kind) ?? 0) + states.length);
  return threeWays(
    expressions.map((e) => e.text),
    states,
  );
}

/** up to `batch` expressions in one model, on up to `states` states (a long run takes bigger batches: fewer compilations per case) */
export const expressionProperty = (batch = BATCH, states = STATES) =>
  fc.property(
    fc.array(anyExpression(3), { minLength: 1, maxLength: batch, size: "max" }),
    fc.array(inputState, { minLength: 1, maxLength: states, size: "max" }),
    (expressions, stateList) => {
      const found = agree([expressions, stateList]);
      if (found.length > 0) throw new Error(found.map((d) => `${d.text}\n  state ${JSON.stringify(d.state)}\n  ${d.why}`).join("\n"));
    },
  );
