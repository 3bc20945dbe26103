// min, max and sum as generated code calls them (runtime/builtins/aggregate.ts: two or three
// arguments taken as parameters, a list checked and folded in one scan) against the -O0 module and
// the reference interpreter, on random arguments and states: each argument a number, a quotient,
// null or a string, in every order, so that the least or greatest is in every position.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inputState } from "../support/generate/expressions.js";
import { threeWays } from "./three-ways.js";

/** a value of an argument: numbers of every form (equal ones among them), null, a string */
const number = fc.constantFrom("x", "y", "-x", "x / 3", "y * 2.50", "1.5", "1.50", "-7", "0");
const argument = fc.oneof({ arbitrary: number, weight: 12 }, { arbitrary: fc.constantFrom("null", "s"), weight: 1 });

/** a list: the input, items of arguments, a loop over the input */
const list = fc.oneof(
  fc.constant("xs"),
  fc.array(argument, { minLength: 0, maxLength: 5 }).map((items) => `[${items.join(", ")}]`),
  number.map((a) => `for i in xs return i * ${a}`),
);

const call = fc.oneof(
  fc
    .tuple(fc.constantFrom("min", "max"), fc.array(argument, { minLength: 2, maxLength: 4 }))
    .map(([f, args]) => `${f}(${args.join(", ")})`),
  fc.tuple(fc.constantFrom("min", "max", "sum"), list).map(([f, l]) => `${f}(${l})`),
);

describe("differential: min, max and sum", () => {
  it("of two, three or four arguments and of lists agree three ways", () => {
    let cases = 0;
    fc.assert(
      fc.property(
        fc.array(call, { minLength: 1, maxLength: 20 }),
        fc.array(inputState, { minLength: 1, maxLength: 3 }),
        (texts, states) => {
          cases += texts.length * states.length;
          const found = threeWays(texts, states);
          expect(found.map((d) => `${d.text} on ${JSON.stringify(d.state)}: ${d.why}`)).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
    expect(cases).toBeGreaterThan(1000);
  }, 120_000);
});
