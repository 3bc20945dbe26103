// A model's identity is made once per request and passed on to the compile cache: it must be the
// canonical hash of the model it was made for, remembered or not, and a cache handed another
// model's identity must still answer for the model itself, never for the other one.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canonicalHash, createResultCache, identifyModel, modelHash, moduleKey } from "../../src/compiler/index.js";

const content = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 });
const model = fc.record({ content, questions: fc.option(content, { nil: undefined }) });

/** the same value with every object's members in reverse order */
const reordered = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(reordered)
    : v !== null && typeof v === "object"
      ? Object.fromEntries(
          Object.entries(v)
            .reverse()
            .map(([k, x]) => [k, reordered(x)]),
        )
      : v;

describe("model identity", () => {
  it("is the canonical hash of {content, questions}, the same in any member order and when remembered", () => {
    fc.assert(
      fc.property(model, (m) => {
        const expected = canonicalHash({ content: m.content, questions: m.questions ?? null });
        const first = identifyModel(m);
        expect(first.hash).toBe(expected);
        expect(first.text).toBe(JSON.stringify({ content: m.content, questions: m.questions ?? null }));
        expect(identifyModel(m).hash).toBe(expected);
        expect(identifyModel(reordered(m) as typeof m).hash).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("given for another model, is not used: the cache answers for the model it is asked about", () => {
    fc.assert(
      fc.property(model, model, (a, b) => {
        const cache = createResultCache((m, _options, hash) => ({ of: m, hash }));
        const answer = cache.get(a, {}, identifyModel(b));
        expect(answer.of).toBe(a);
        expect(answer.hash).toBe(modelHash(a));
        expect(cache.has(b, {}, identifyModel(a))).toBe(moduleKey(identifyModel(a)) === moduleKey(identifyModel(b)));
        expect(cache.get(a, {}, identifyModel(a))).toBe(answer);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a spelling's result apart from another spelling's of the same model, each made under the one hash", () => {
    fc.assert(
      fc.property(model, (m) => {
        const other = reordered(m) as typeof m;
        const cache = createResultCache((made, _options, hash) => ({ text: JSON.stringify(made), hash }));
        const mine = cache.get(m);
        const theirs = cache.get(other);
        expect(theirs.hash).toBe(mine.hash);
        expect(theirs.hash).toBe(modelHash(m));
        // one spelling (one identity text: {content, questions} in that order) is one entry, another its own
        const sameSpelling = identifyModel(other).text === identifyModel(m).text;
        expect(theirs.text).toBe(JSON.stringify(sameSpelling ? m : other));
        expect(mine.text).toBe(JSON.stringify(m));
        // the same spelling again is the same entry
        expect(cache.get(JSON.parse(JSON.stringify(other)) as typeof m)).toBe(theirs);
        expect(identifyModel(other).spelling === identifyModel(m).spelling).toBe(sameSpelling);
      }),
      { numRuns: 300 },
    );
  });
});
