// A strict model's list or context decision whose declared type constrains its parts (a list of
// `number >= 0`, a context with a field `string "a","b"`, a list of such contexts, a list of lists)
// is lowered as a constrained scalar decision is: every item and field tested, and a row where any
// falls outside left unscored, for the batch engine's JS fallback to write the decision's error
// record. Random such models, against evaluate() row by row in both dialects.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare } from "./differential.js";
import { useEngines } from "./engines.js";

const engines = useEngines("declared parts");

const INPUTS = {
  a: { type: "number", desc: "a?" },
  b: { type: "number [-20..20]", desc: "b?" },
  s: { type: "string", desc: "s?", blank: true },
};

/** A condition on numbers near the values the bodies compute. */
const numberCondition = fc
  .tuple(fc.integer({ min: -10, max: 10 }), fc.integer({ min: 0, max: 20 }), fc.constantFrom(">=", ">", "<=", "<", "[..]", "(..]", "list"))
  .map(([lo, width, shape]) =>
    shape === "[..]"
      ? `[${lo}..${lo + width}]`
      : shape === "(..]"
        ? `(${lo}..${lo + width}]`
        : shape === "list"
          ? `${lo}, ${lo + 1}, 0`
          : `${shape} ${lo}`,
  );
const stringCondition = fc.constantFrom('"a", "b"', '>= "b"', '["a".."m"]', 'not("z")');

/** A number body over a and b, and a string body over s. */
const numberBody = fc.constantFrom("a", "a - b", "b * 2", "a + b", "-b", "a * b", "null");
const stringBody = fc.constantFrom("s", '"a"', '"z"', 'if a > b then "b" else s', 's + "a"');

/** A model whose decision `d` is declared with constrained parts of one of the shapes, and a body of that type. */
const model: fc.Arbitrary<ModelInput> = fc
  .tuple(
    numberCondition,
    stringCondition,
    fc.array(numberBody, { minLength: 1, maxLength: 4 }),
    stringBody,
    fc.constantFrom("list", "context", "list of contexts", "list of lists", "context of a list"),
  )
  .map(([nc, sc, ns, str, shape]) => {
    const n = `number ${nc}`;
    const [type, expr] = {
      list: [[n], `[${ns.join(", ")}]`],
      context: [{ p: n, q: `string ${sc}`, r: "number" }, `{p: ${ns[0]}, q: ${str}, r: a}`],
      "list of contexts": [[{ p: n }], `[${ns.map((x) => `{p: ${x}}`).join(", ")}]`],
      "list of lists": [[[n]], `[[${ns[0]}], [${ns.join(", ")}]]`],
      "context of a list": [{ xs: [n], q: `string ${sc}` }, `{xs: [${ns.join(", ")}], q: ${str}}`],
    }[shape] as [unknown, string];
    return { content: { name: "parts", inputs: INPUTS, decisions: { d: { type, expr } } } } as unknown as ModelInput;
  });

const state = fc.record({
  a: fc.oneof(fc.integer({ min: -20, max: 20 }), fc.constantFrom(0.5, -0.25)),
  b: fc.integer({ min: -20, max: 20 }),
  s: fc.constantFrom("a", "b", "m", "z", "", null),
});

describe("SQL of list and context decisions whose declared types constrain their parts", () => {
  it(
    "rows within agree with evaluate(); a row where any part falls outside is left to the JS engine's error",
    { timeout: 300_000 },
    async () => {
      const models = fc.sample(model, 40);
      const scored = new Map<string, number>();
      const outside = new Map<string, number>();
      for (const m of models) {
        const states = fc.sample(state, 30);
        for (const engine of engines) {
          const c = await compare(m, states, engine);
          expect(c.disagreements.slice(0, 3), `${engine.dialect}: ${JSON.stringify(m.content)}`).toEqual([]);
          scored.set(engine.dialect, (scored.get(engine.dialect) ?? 0) + c.scored);
          outside.set(engine.dialect, (outside.get(engine.dialect) ?? 0) + c.outside);
        }
      }
      // not vacuous: rows within and rows outside, in each dialect
      for (const engine of engines) {
        expect(scored.get(engine.dialect), engine.dialect).toBeGreaterThan(100);
        expect(outside.get(engine.dialect), engine.dialect).toBeGreaterThan(100);
      }
    },
  );
});
