// A problem message says what was wrong with a value in words: every built-in called with values of
// every kind (a context, a list of contexts, a function, a range among them) reports nothing that
// only stringifies an object (`time(10, 0, 0, {a: 1})` said "got [object Object]").
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as rt from "../../src/runtime/index.js";
import { BUILTINS } from "../../src/runtime/builtins/index.js";
import { withBudget } from "../../src/runtime/budget.js";
import { ctx, n, t, withProblems, type V } from "./helpers.js";

const VALUES: V[] = [
  null,
  n(5),
  n("-1.5"),
  "x",
  true,
  ctx({ a: n(1) }),
  [ctx({ a: n(1) })],
  [n(1), "y"],
  t("P1D"),
  t("P1Y"),
  t("2020-01-01"),
  t("10:00:00"),
  t("2020-01-01T10:00:00Z"),
  rt.builtin("abs")!,
];

const UNREADABLE = /\[object \w+\]|undefined|function \w*\(|=>/;

describe("problem messages of the built-ins", () => {
  it("never show a value as [object Object], undefined or JavaScript source", () => {
    const calls = BUILTINS.flatMap((def) => def.signatures.map((s) => ({ name: def.name, arity: s.params.length })));
    fc.assert(
      fc.property(
        fc.constantFrom(...calls),
        fc.array(fc.constantFrom(...VALUES), { minLength: 4, maxLength: 4 }),
        ({ name, arity }, args) => {
          const { problems } = withProblems(() => {
            try {
              return withBudget({ steps: 100_000, size: 100_000 }, () => rt.call(rt.builtin(name), args.slice(0, arity)));
            } catch {
              return null;
            }
          });
          for (const p of problems)
            expect(
              p,
              `${name}(${args
                .slice(0, arity)
                .map((a) => (a === null ? "null" : typeof a))
                .join(", ")})`,
            ).not.toMatch(UNREADABLE);
        },
      ),
      { numRuns: 4_000 },
    );
  });
});
