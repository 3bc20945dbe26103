// A large state's hash, written and hashed a slice at a time between turns of the event loop, is
// the hash of its canonical JSON written whole, on any value (what is not plain data goes the
// general way, whole), and the pieces joined are that text, whatever their size.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canonicalJson, canonicalJsonPieces, GeneralPath } from "../../src/compiler/canonical-json.js";
import { canonicalHash } from "../../src/compiler/identity.js";
import { canonicalHashYielding } from "../../src/service/state-hash.js";

const outcome = async (f: () => unknown): Promise<{ value: unknown } | { error: string }> => {
  try {
    return { value: await f() };
  } catch (e) {
    return { error: (e as Error).message };
  }
};

const value = fc.oneof(
  fc.jsonValue(),
  fc.anything({ withSparseArray: true, withNullPrototype: true, withDate: true, withBoxedValues: true, withUnicodeString: true }),
  fc.dictionary(fc.string({ unit: "binary" }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 17, maxKeys: 60 }),
);

describe("a large state's hash", () => {
  it("is canonicalHash of the state, on any value", async () => {
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        expect(await outcome(() => canonicalHashYielding(v))).toEqual(await outcome(() => canonicalHash(v)));
      }),
      { numRuns: 1500 },
    );
  });

  it("is written in pieces that join into canonicalJson's text, or not at all where that text is the general path's", () => {
    fc.assert(
      fc.property(value, fc.integer({ min: 1, max: 64 }), (v, size) => {
        let joined: string | undefined;
        try {
          joined = [...canonicalJsonPieces(v, size)].join("");
        } catch (e) {
          if (!(e instanceof GeneralPath)) throw e;
          return;
        }
        expect(joined).toBe(canonicalJson(v));
      }),
      { numRuns: 1500 },
    );
  });

  it("of 90,000 keys is the state's canonical hash", async () => {
    const state: Record<string, unknown> = { n: 5 };
    for (let i = 0; i < 90_000; i++) state[`k${i}`] = i % 3 === 0 ? [i, { x: `v${i}` }] : i;
    expect(await canonicalHashYielding(state)).toBe(canonicalHash(state));
  });
});
