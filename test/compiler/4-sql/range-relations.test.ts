// The range built-ins (ranges.ts): random calls of every relation over points and range literals —
// closed, open and half-open `[a..b]`, the open forms `< x`, `>= x`, the `=x` and `!=x` forms, each
// endpoint an input (null on some rows), a literal, a sum or null itself — of numbers, strings
// (astral code points against ones above them in UTF-16 units) and dates, each form the built-in
// takes, positional or named; drawn over few values, so that ties between endpoints
// and points are common, and compared with evaluate() row by row in both dialects.
import fc from "fast-check";
import { describe, it } from "vitest";
import { builtinDef } from "../../../src/runtime/builtins/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { expectEveryModelAgrees, expectRefusedAtDecision } from "./differential.js";
import { type Row, useEngines } from "./engines.js";
import { RANGE_RELATIONS } from "../../support/generate/builtin-calls.js";

const engines = useEngines("SQL range built-ins");

const INPUTS = {
  a: { type: "number", desc: "a?", blank: true },
  b: { type: "number", desc: "b?", blank: true },
  c: { type: "number", desc: "c?", blank: true },
  s: { type: "string", desc: "s?", blank: true },
  t: { type: "string", desc: "t?", blank: true },
  p: { type: "date", desc: "p?", blank: true },
  q: { type: "date", desc: "q?", blank: true },
};

/** Values of each kind: inputs, literals among the inputs' values, a sum, null. */
const VALUES = {
  number: ["a", "b", "c", "1", "2", "2.5", "(a + 1)", "null"],
  string: ["s", "t", '"b"', '""', '"😀"', '"\uff5e"', '(s + "b")', "null"],
  date: ["p", "q", 'date("2024-02-29")', '@"2024-03-01"', '(p + @"P1D")', "null"],
};
type Kind = keyof typeof VALUES;

/** A point, or a range literal of one of the forms (and whether it is one), of values of one kind. */
const side = (kind: Kind): fc.Arbitrary<[string, boolean]> => {
  const v = fc.constantFrom(...VALUES[kind]);
  return fc.oneof(
    { arbitrary: v.map((x): [string, boolean] => [x, false]), weight: 2 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom("[", "(", "]"), v, v, fc.constantFrom("]", ")", "["))
        .map(([o, x, y, c]): [string, boolean] => [`${o}${x}..${y}${c}`, true]),
      weight: 4,
    },
    {
      arbitrary: fc.tuple(fc.constantFrom("<", "<=", ">", ">=", "=", "!="), v).map(([op, x]): [string, boolean] => [`(${op} ${x})`, true]),
      weight: 2,
    },
  );
};

/** The parameters of each form, by whether each argument is a range (runtime/builtins/range.ts). */
const PARAMS: Record<string, string> = {
  "false,false": "point1,point2",
  "false,true": "point,range",
  "true,false": "range,point",
  "true,true": "range1,range2",
};

/** A call of a relation in a form it takes, positional or named (the second argument first). */
const call: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...RANGE_RELATIONS), fc.constantFrom<Kind>("number", "string", "date"), fc.boolean())
  .chain(([name, kind, named]) =>
    fc
      .tuple(side(kind), side(kind))
      .filter(([[, p], [, q]]) => builtinDef(name)!.signatures.some((sig) => sig.params.join() === PARAMS[`${p},${q}`]))
      .map(([[x, p], [y, q]]) => {
        const [n1, n2] = PARAMS[`${p},${q}`]!.split(",");
        return named ? `${name}(${n2}: ${y}, ${n1}: ${x})` : `${name}(${x}, ${y})`;
      }),
  );

const rangeModel: fc.Arbitrary<ModelInput> = fc.array(call, { minLength: 3, maxLength: 6 }).map((ds) => ({
  content: { name: "ranges", inputs: INPUTS, decisions: Object.fromEntries(ds.map((d, i) => [`d${i}`, d])) },
}));

/** States over few values (ties everywhere), each input null now and then. */
const rangeStates = (count: number, seed: number): Row[] => {
  const or = <T>(xs: T[]) => fc.oneof({ arbitrary: fc.constantFrom(...xs), weight: 6 }, { arbitrary: fc.constant(null), weight: 1 });
  const strings = ["", "b", "bb", "😀", "\uff5e", "a😀", "a\uff5e"];
  const dates = ["2024-02-28", "2024-02-29", "2024-03-01", "2024-03-02"];
  return fc.sample(
    fc.record({ a: or([0, 1, 2, 2.5, 3]), b: or([1, 2, 3]), c: or([0, 2]), s: or(strings), t: or(strings), p: or(dates), q: or(dates) }),
    {
      numRuns: count,
      seed,
    },
  );
};

describe("the range built-ins in SQL", () => {
  it("every random call of them compiles in each dialect and agrees with evaluate()", { timeout: 600_000 }, async () => {
    const models = fc.sample(rangeModel, { numRuns: 150, seed: 20261203 });
    await expectEveryModelAgrees(models, (i) => rangeStates(60, i), engines, { strict: true, states: 10 });
  });

  it("points and endpoints of two kinds are refused at the decision", () => {
    expectRefusedAtDecision(INPUTS, "before(a, [s..t])", "of kinds other than one of number, string or date");
    expectRefusedAtDecision(INPUTS, "includes([p..q], a)", "of kinds other than one of number, string or date");
  });
});
