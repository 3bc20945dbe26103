// A let or a decision whose value folds to a literal stands as that literal where it is read by
// name (optimise/fold.ts): random models of constant and input-reading decisions and lets, under
// every kind of declared type, give the same values, traces, JSON and messages optimised and not (-O0).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import { collectProblems } from "../../../src/runtime/index.js";

function compiled(content: Record<string, unknown>, optimise: boolean) {
  const r = compileUncached({ name: "t", ...content } as unknown as ModelInput, { strict: false, optimise });
  if (!r.ok) throw new Error(`${JSON.stringify(content)}: ${JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics))}`);
  return r.model;
}

const inputs = {
  x: { type: "number", desc: "x?" },
  s: { type: "string", desc: "s?" },
  xs: { type: [{ a: "number", k: "number" }], desc: "xs?" },
};

/** A value: a constant (folding to a number, string, boolean, null or not at all) or one read from the inputs. */
const constant = fc.constantFrom(
  "7",
  "-3",
  "2.5",
  "5 - 214",
  "1 / 3",
  '"a"',
  '"z"',
  "true",
  "null",
  "1 / 0",
  'date("2022-12-31")',
  "abs(-4)",
);
const reading = fc.constantFrom("x", "x * 2", "count(xs)", "s", "sum(xs.a)");
/** Declared types: none (inferred), the plain kinds and ones that hold the value to more. */
const declared = fc.constantFrom(undefined, "number", "number [0..5]", "string", "a|b", "boolean", "number > 0");

/** Readers of k (a decision) and p (a let): operators, an `if`, a filter whose items have a field `k`. */
const reader = fc.constantFrom(
  "k * 3 + p",
  "if k > 2 then p else k",
  "count(xs[a > k])",
  "count(xs[k > 1])",
  "k = p",
  "string length(k) + p",
  "[k, p, x]",
  "decimal(k / 7, 2)",
);

describe("names of constant values", () => {
  it("stand as their literals, answering as the unoptimised module does", () => {
    fc.assert(
      fc.property(
        fc.oneof(constant, reading),
        declared,
        fc.oneof(constant, reading),
        reader,
        fc.array(fc.record({ x: fc.integer({ min: -5, max: 9 }), s: fc.constantFrom("a", "b"), n: fc.nat(3) }), {
          minLength: 1,
          maxLength: 4,
        }),
        (kExpr, kType, pExpr, readExpr, states) => {
          const content = {
            inputs,
            decisions: {
              k: kType === undefined ? kExpr : { type: kType, expr: kExpr },
              out: { let: { p: pExpr }, expr: readExpr },
              again: "out",
            },
          };
          const [folded, plain] = [compiled(content, true), compiled(content, false)];
          for (const { x, s, n } of states) {
            const state = { x, s, xs: Array.from({ length: n }, (_, i) => ({ a: i + x, k: i })) };
            const run = (m: typeof folded) => [
              collectProblems(() => m.evaluateTraced(state, { exactDecimals: true })),
              collectProblems(() => m.evaluate(state)),
            ];
            expect(run(folded), JSON.stringify(content)).toEqual(run(plain));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("fold on where they are read: no arithmetic left of constant lets and decisions", () => {
    const model = compiled(
      { inputs, decisions: { k: "7", out: { let: { p: "214", q: "0" }, expr: "((5 - p) + q) * k" }, again: "out + 1" } },
      true,
    );
    expect(model.source).not.toMatch(/rt\.(add|sub|mul)\(/);
    expect(model.evaluate({ x: 1, s: "a", xs: [] })).toMatchObject({ k: 7, out: -1463, again: -1462 });
    // a decision held to a type its literal does not meet is not its literal (null, with a message)
    const held = compiled({ inputs, decisions: { k: { type: "number [0..5]", expr: "7" }, out: "k * 3" } }, true);
    expect(held.source).toMatch(/rt\.mul\(/);
  });
});
