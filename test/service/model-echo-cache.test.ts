// What a System One answer echoes of its model (the model, its input schema, the identity its
// receipt signs) is made once per model and kept: by the model's bytes (known-models.ts), its JSON
// text (identity.ts, response-text.ts) and its canonical hash (the compile cache). A kept part that
// went stale would answer for another model. Models that differ from each other in one byte, or
// only in their members' order, are sent one after another to one server, and each answer is
// checked against the answer of a server that has never seen a model, and against the identity
// computed from the model alone.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { modelHash } from "../../src/compiler/index.js";
import { appsForBlock, lasting, leafHeader, sampleCases } from "./app-harness.js";

const samples = sampleCases<{ content: Record<string, unknown> }>();

type Model = { content: Record<string, unknown>; questions?: unknown };

/** The object with its members in the reverse order (nested objects as they are). */
const reversed = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).reverse()) as T;

/**
 * A variant of a sample's model: its name ending in one letter of a few (so two variants may
 * differ in that one byte alone), and its content's members in the reverse order or not (the
 * same model, spelt otherwise: one identity, and the same answer but for the echo of the model).
 */
const variant = fc
  .record({
    sample: fc.nat({ max: samples.length - 1 }),
    letter: fc.constantFrom("a", "b", "c"),
    reverse: fc.boolean(),
  })
  .map(({ sample, letter, reverse }) => {
    const { model, state } = samples[sample]!;
    const name = `${typeof model.content.name === "string" ? model.content.name : "model"} ${letter}`;
    const named = { ...model.content, name };
    const content = reverse ? reversed(named) : named;
    const { questions } = model as Model;
    const sent: Model = questions === undefined ? { content } : { content, questions };
    return { sent, state, sample, letter };
  });

describe("the model a System One answer echoes, made once per model", () => {
  const apps = appsForBlock();

  it("is the model sent, its input schema and its identity, for models one byte or their members' order apart sent in turn", async () => {
    const hashes = new Map<string, string>();
    let recognised = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(variant, { minLength: 2, maxLength: 6 }), async (variants) => {
        // a server that has seen none of them answers each the slow way: nothing kept yet
        const fresh = await apps.fresh();
        const app = apps.shared();
        for (const { sent, state, sample, letter } of variants) {
          const body = JSON.stringify({ model: sent, state });
          // twice: the second time its bytes are known, and its echo, identity and count come from memory
          const first = await app.post(body);
          const again = await app.post(body);
          const slow = await fresh.post(body);
          for (const answer of [first, again]) {
            expect(answer.status).toBe(200);
            expect(answer.text).toBe(JSON.stringify(answer.json));
            // the echo is the model as it was sent, member order included
            expect(JSON.stringify(answer.json.model)).toBe(JSON.stringify({ content: sent.content, questions: sent.questions ?? null }));
            expect(answer.text.startsWith(`{"model":${JSON.stringify(answer.json.model)},"input":`)).toBe(true);
            // the identity it signs is the model's own, whatever came before it
            expect(leafHeader(answer.json.receipt.receipt).model_hash).toBe(modelHash(sent));
            expect(lasting(answer.json)).toBe(lasting(slow.json));
            expect(answer.json.usage).toEqual(slow.json.usage);
          }
          recognised++;
          // one identity per sample and letter, whatever the order of the content's members; another letter, another identity
          const id = `${sample} ${letter}`;
          const hash = modelHash(sent);
          expect(hashes.get(id) ?? hash).toBe(hash);
          hashes.set(id, hash);
        }
      }),
      { numRuns: 15 },
    );
    expect(recognised).toBeGreaterThan(15);
    // the letters gave distinct identities: models one byte apart are never taken for each other
    const bySample = new Map<string, Set<string>>();
    for (const [id, hash] of hashes) {
      const sample = id.split(" ")[0]!;
      bySample.set(sample, (bySample.get(sample) ?? new Set()).add(hash));
    }
    for (const [sample, set] of bySample) expect(set.size).toBe([...hashes.keys()].filter((id) => id.split(" ")[0] === sample).length);
  });
});
