// The unknown keys of a large state, worded a slice at a time between turns of the event loop, are
// those worded at once: the same entries, in the same order, with the same inputs suggested.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { unknownStateKeys, unknownStateKeysInTurns } from "../../src/service/state-keys.js";

const name = fc.oneof(fc.constantFrom("credit score", "credit scroe", "age", "agee", "n", "__proto__"), fc.string({ maxLength: 12 }));

describe("unknown keys of a state", () => {
  it("are the same worded in turns as at once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(name, fc.jsonValue({ maxDepth: 1 })),
        fc.uniqueArray(name, { maxLength: 6 }),
        async (state, inputs) => {
          expect(await unknownStateKeysInTurns(state, inputs)).toEqual(unknownStateKeys(state, inputs));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("of 90,000 keys are all worded, each suggesting the input it misspells where one is near", async () => {
    const state: Record<string, number> = { "credit scroe": 1 };
    for (let i = 0; i < 90_000; i++) state[`k${i}`] = 0;
    const inputs = ["credit score"];
    const inTurns = await unknownStateKeysInTurns(state, inputs);
    expect(inTurns).toEqual(unknownStateKeys(state, inputs));
    expect(inTurns).toHaveLength(90_001);
    expect(inTurns[0]).toMatchObject({ input: "credit score", entry: { address: "state.credit scroe", code: "state.unknown" } });
  });
});
