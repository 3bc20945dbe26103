// The System One response is sent as text assembled from its parts: that text must be exactly what
// JSON.stringify writes for the response object, and its output tokens those of the response
// without its accounting, on arbitrary parts and on real runs of every sample with mixed states.
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { countedText, countedTokens, responseBytes, withBilling, type ResponseHead } from "../../src/service/response-text.js";
import { jsonPayload, jsonPieces } from "../../src/service/metering.js";
import { systemOne } from "../../src/service/systemone.js";
import { verifyReceipt } from "../../src/service/signer.js";
import { countOutputTokens, countTokens } from "../../src/service/tokens.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { serviceDeps } from "./harness.js";

// the receipt's own fields never include the two that signing and settling add
const key = fc.string().filter((k) => k !== "receipt" && k !== "billing");
const object = fc.dictionary(key, fc.jsonValue(), { maxKeys: 6 });
// and are names, not array indices (which an object would list before the signature)
const fields = fc.dictionary(
  key.filter((k) => !/^(0|[1-9]\d*)$/.test(k)),
  fc.jsonValue(),
  { maxKeys: 6 },
);

/** A token usage as the service writes it, with counts JSON writes otherwise now and then; or any JSON. */
const usageOf = fc.oneof(
  fc.record({
    input_tokens: fc.oneof({ weight: 4, arbitrary: fc.nat() }, fc.double(), fc.constant(2 ** 53), fc.jsonValue()),
    output_tokens: fc.oneof({ weight: 4, arbitrary: fc.nat() }, fc.double(), fc.constant(-0), fc.jsonValue()),
  }),
  fc.record({ output_tokens: fc.nat(), input_tokens: fc.nat() }),
  fc.jsonValue(),
);

describe("the assembled response text", () => {
  it("is JSON.stringify of the response, and its counted part that of the response without accounting", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          model: object,
          input: object,
          answers: object,
          receipt: object,
          payload: fields,
          cacheHit: fc.boolean(),
          warnings: fc.oneof(fc.constant([] as unknown[]), fc.array(fc.jsonValue(), { maxLength: 3 })),
          // the answers' text written with the receipt's, or not
          answersWritten: fc.boolean(),
        }),
        usageOf,
        // any text, and the base64url and dots a real signature is made of
        fc.oneof(fc.string(), fc.stringMatching(/^[\w.-]{0,80}$/)),
        fc.tuple(usageOf, fc.jsonValue()),
        async (p, providerUsage, signature, [usage, billing]) => {
          const head: ResponseHead = {
            modelText: JSON.stringify(p.model),
            inputText: JSON.stringify(p.input),
            answers: p.answers,
            ...(p.answersWritten ? { answersText: JSON.stringify(p.answers) } : {}),
            receiptText: JSON.stringify(p.receipt),
            cacheHit: p.cacheHit,
            providerUsage,
            warnings: p.warnings,
          };
          const payload = { ...p.payload, billing };
          const response = {
            model: p.model,
            input: p.input,
            answers: p.answers,
            receipt: { receipt: signature, ...payload },
            cache_hit: p.cacheHit,
            provider_usage: providerUsage,
            warnings: p.warnings,
            usage,
            billing,
          };
          const billingText = JSON.stringify(billing);
          expect(withBilling(JSON.stringify(p.payload), billingText)).toBe(JSON.stringify(payload));
          const unsigned = { ...response, receipt: p.receipt };
          const withoutBilling = { ...response, receipt: { receipt: signature, ...p.receipt, billing } };
          expect(countedText(head)).toBe(JSON.stringify({ ...unsigned, usage: undefined, billing: undefined }));
          expect(countTokens(countedText(head))).toBe(countOutputTokens(withoutBilling));
          // the same answer as UTF-8 and the same count, from the lead made once per input schema object
          expect(await countedTokens(head, p.input)).toBe(countOutputTokens(withoutBilling));
          const pieces = responseBytes(head, p.input, withBilling(JSON.stringify(p.payload), billingText), usage, billingText)(signature);
          expect(Buffer.concat(pieces).equals(Buffer.from(JSON.stringify(response)))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

const SAMPLES = join(import.meta.dirname, "../../samples");
const samples = readdirSync(SAMPLES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== "broken")
  .map((d) => {
    const dir = join(SAMPLES, d.name);
    const states = readdirSync(join(dir, "cases")).map(
      (f) => (JSON.parse(readFileSync(join(dir, "cases", f), "utf8")) as { state: Record<string, unknown> }).state,
    );
    return { name: d.name, model: JSON.parse(readFileSync(join(dir, "model.json"), "utf8")) as unknown, states };
  });

describe("System One answers over the samples", () => {
  let deps: ServiceDeps;
  let accountId: string;
  beforeAll(async () => {
    ({ deps } = await serviceDeps({ real: true }));
    accountId = (await deps.ledger!.createAccount("samples", 1_000_000_000)).id;
  });

  /** A state of the sample: each input's value taken from one of its cases (a mix none of them gives whole). */
  const mixedState = (states: Record<string, unknown>[]) =>
    fc.array(fc.nat(), { minLength: 1, maxLength: 40 }).map((picks) => {
      const names = [...new Set(states.flatMap((s) => Object.keys(s)))];
      const state: Record<string, unknown> = {};
      names.forEach((name, i) => {
        const from = states.filter((s) => name in s);
        state[name] = from[picks[i % picks.length]! % from.length]![name];
      });
      return state;
    });

  it.each(samples.map((s) => [s.name, s] as const))(
    "%s: the text sent is the response's JSON, its tokens and receipt exact",
    async (_, s) => {
      let answered = 0;
      await fc.assert(
        fc.asyncProperty(mixedState(s.states), async (state) => {
          const body = { model: s.model, state };
          const out = await systemOne(
            { body, inputTokens: countTokens(JSON.stringify(body)), accountId, startedAt: performance.now() },
            deps,
          );
          if (!out.ok) return;
          answered++;
          // what is sent: the pieces assembled from the parts, joined
          expect(jsonPayload(out.value).toString()).toBe(JSON.stringify(out.value));
          const usage = out.value.usage as { output_tokens: number };
          expect(usage.output_tokens).toBe(countOutputTokens(out.value));
          expect(await verifyReceipt(out.value.receipt as Record<string, unknown>, deps.signer.jwks())).toMatchObject({ valid: true });
        }),
        { numRuns: 25 },
      );
      expect(answered).toBeGreaterThan(0);
    },
  );

  it.each(samples.map((s) => [s.name, s] as const))(
    "%s: every answer of one model sends its echo (the model and its input schema) as the same bytes, made once",
    async (_, s) => {
      let lead: Buffer | undefined;
      let answered = 0;
      await fc.assert(
        fc.asyncProperty(mixedState(s.states), async (state) => {
          // the model parsed anew for each call, as a body the service has not recognised would bring it
          const body = { model: JSON.parse(JSON.stringify(s.model)) as unknown, state };
          const out = await systemOne(
            { body, inputTokens: countTokens(JSON.stringify(body)), accountId, startedAt: performance.now() },
            deps,
          );
          if (!out.ok) return;
          answered++;
          const [first, ...rest] = jsonPieces(out.value)!;
          const echo = `{"model":${JSON.stringify(out.value.model)},"input":${JSON.stringify(out.value.input)},"answers":`;
          expect(first!.toString()).toBe(echo);
          expect(Buffer.concat([first!, ...rest]).toString()).toBe(JSON.stringify(out.value));
          // one Buffer for every answer of the model: its bytes are not written again per request
          lead ??= first;
          expect(first).toBe(lead);
        }),
        { numRuns: 10 },
      );
      expect(answered).toBeGreaterThan(1);
    },
  );
});
