// One model spelt two ways (its inputs or its questions in another order) is one identity (one
// canonical hash, which receipts sign) but two compiled modules: each answers in its own order (the
// input schema's `required` and properties, the `answers`). Spellings of the sample models, their
// inputs and questions permuted, are sent one after another to one server, and each answer must be,
// byte for byte but for the signature, latency and money, the answer of a server that has seen that
// spelling alone. Then the compile worker's modules kept for evaluations: one per spelling too.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { modelHash } from "../../src/compiler/index.js";
import { load } from "../../src/server/compile-pool/worker.js";
import { appsForBlock, lasting, leafHeader, sampleCases } from "./app-harness.js";

type Model = { content: { inputs: Record<string, unknown> } & Record<string, unknown>; questions: Record<string, unknown> };

const samples = sampleCases<Model>();

/** The object with its members in the order of `keys` (a permutation of its own). */
const inOrder = <T extends Record<string, unknown>>(o: T, keys: readonly string[]): T =>
  Object.fromEntries(keys.map((k) => [k, o[k]])) as T;

const permutation = (keys: string[]) => fc.shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length });

/** A spelling of a sample's model: its inputs and its questions each in some order. */
const spelling = fc.nat({ max: samples.length - 1 }).chain((sample) => {
  const { model, state } = samples[sample]!;
  return fc
    .record({ inputs: permutation(Object.keys(model.content.inputs)), questions: permutation(Object.keys(model.questions)) })
    .map(({ inputs, questions }) => ({
      sample,
      state,
      model: {
        content: { ...model.content, inputs: inOrder(model.content.inputs, inputs) },
        questions: inOrder(model.questions, questions),
      },
    }));
});

describe("one model spelt in several orders", () => {
  const apps = appsForBlock();

  it("answers each spelling as a server that has seen it alone does, under the one identity receipts sign", async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(spelling, { minLength: 2, maxLength: 4 }), async (spellings) => {
        for (const { model, state } of spellings) {
          const body = JSON.stringify({ model, state });
          const shared = await apps.shared().post(body);
          const alone = await (await apps.fresh()).post(body);
          expect(shared.status).toBe(200);
          expect(alone.status).toBe(200);
          expect(lasting(shared.json)).toBe(lasting(alone.json));
          // the input schema and the answers in the order sent
          const required = shared.json.input.required as string[];
          expect(required).toEqual(Object.keys(model.content.inputs).filter((name) => required.includes(name)));
          expect(Object.keys(shared.json.answers)).toEqual(Object.keys(model.questions));
          // the identity signed is the canonical one, the same for every spelling
          expect(leafHeader(shared.json.receipt.receipt).model_hash).toBe(modelHash(model));
          compared++;
        }
      }),
      { numRuns: 8 },
    );
    expect(compared).toBeGreaterThanOrEqual(16);
  });
});

describe("the compile worker's modules for evaluations", () => {
  it("keeps one per spelling: each answers in its own spelling's order", () => {
    fc.assert(
      fc.property(fc.array(spelling, { minLength: 2, maxLength: 4 }), (spellings) => {
        for (const { model } of spellings) {
          const hash = modelHash(model);
          const loaded = load({ id: 0, kind: "evaluate", model, hash });
          expect(loaded.hash).toBe(hash);
          expect(loaded.ir.inputs.map((i) => i.name)).toEqual(Object.keys(model.content.inputs));
        }
      }),
      { numRuns: 10 },
    );
  });
});
