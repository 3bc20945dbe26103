// Models recognised by their text (known-models.ts) change nothing a client can see: a body parses
// to what JSON.parse makes of it, its tokens are countTokens of it, and the answers over HTTP are
// the ones a body that is not recognised gets, for every sample and random states.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { parseBody } from "../../src/service/known-models.js";
import { countOutputTokens, countPrefix, countTokens, CHUNK } from "../../src/service/tokens.js";
import { buildApp } from "../../src/server/app.js";
import { memoryRateLimiter } from "../../src/server/rate-limit.js";
import { hashApiKey, keyPrefix, newApiKey } from "../../src/ledger/api-keys.js";
import { serviceDeps } from "./harness.js";

const SAMPLES = join(import.meta.dirname, "../../samples");
const samples = readdirSync(SAMPLES)
  .filter((name) => existsSync(join(SAMPLES, name, "cases")))
  .map((name) => ({
    model: JSON.parse(readFileSync(join(SAMPLES, name, "model.json"), "utf8")) as Record<string, unknown>,
    states: readdirSync(join(SAMPLES, name, "cases")).map(
      (c) => (JSON.parse(readFileSync(join(SAMPLES, name, "cases", c), "utf8")) as { state: Record<string, unknown> }).state,
    ),
  }));

/** A sample's model, sometimes made longer than several token chunks by a long name. */
const model = fc
  .tuple(fc.constantFrom(...samples.map((s) => s.model)), fc.nat({ max: 3 * CHUNK }), fc.constantFrom("a", "ab cd ", "é\n"))
  .map(([m, n, unit]) => (n < CHUNK / 2 ? m : { ...m, content: { ...(m.content as object), name: unit.repeat(n) } }));

/** Bodies around a model: as clients send them, and the spellings the recognition must not misread. */
const bodyBytes = fc.tuple(model, fc.jsonValue(), fc.nat({ max: 7 })).map(([m, state, variant]) => {
  const text = JSON.stringify(m);
  const s = JSON.stringify(state);
  // bytes that are not UTF-8 after the model
  if (variant === 7) return Buffer.concat([Buffer.from(`{"model":${text},"state":"`), Buffer.from([0xff]), Buffer.from('"}')]);
  const spelt = [
    `{"model":${text},"state":${s}}`,
    `{"model":${text}}`,
    `{"model":${text},"state":${s},"model":{"content":{}}}`,
    `{"model":${text},"mod\\u0065l":1,"state":${s}}`,
    `{"model":${text} ,"state":${s}}`,
    `{"model":${text},"state":${s}`,
    `{"model":${text},"state":"\\ud800"}`,
  ][variant]!;
  return Buffer.from(spelt);
});

const utf8 = new TextDecoder("utf-8", { fatal: true });
const decode = (bytes: Uint8Array) => utf8.decode(bytes);

const parseOrError = (parse: () => unknown): unknown => {
  try {
    return { value: parse() };
  } catch (e) {
    return { error: (e as Error).message };
  }
};

describe("models recognised by their text", () => {
  it("parse as JSON.parse does, fault as the limits do, and count as many tokens, the first time and every time after", async () => {
    await fc.assert(
      fc.asyncProperty(bodyBytes, async (bytes) => {
        const expected = parseOrError(() => JSON.parse(decode(bytes))) as { value?: unknown; error?: string };
        for (let i = 0; i < 2; i++) {
          const got = parseOrError(() => parseBody(bytes, decode)) as { value?: ReturnType<typeof parseBody>; error?: string };
          if ("error" in expected) {
            expect(got).toEqual(expected);
            continue;
          }
          const parsed = got.value!;
          if (!parsed.ok) {
            expect(parsed.fault.kind).toBe("surrogate");
            continue;
          }
          // equal, in the same key order
          expect(JSON.stringify(parsed.body)).toBe(JSON.stringify(expected.value));
          expect(parsed.body).toEqual(expected.value);
          expect(await parsed.tokens()).toBe(countTokens(decode(bytes)));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("counts the chunks a prefix shares with every longer text as countTokens does", async () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "é", "{", '"'), maxLength: 4 * CHUNK });
    await fc.assert(
      fc.asyncProperty(text, text, async (prefix, rest) => {
        const { end, tokens } = await countPrefix(prefix);
        expect(end).toBeLessThanOrEqual(prefix.length);
        expect(tokens + countTokens((prefix + rest).slice(end))).toBe(countTokens(prefix + rest));
      }),
      { numRuns: 100 },
    );
  });
});

describe("answers for a recognised model", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const { deps } = await serviceDeps({ real: true });
    const account = await deps.ledger!.createAccount("known", 1_000_000_000);
    key = newApiKey();
    await deps.ledger!.addKey(account.id, hashApiKey(key), keyPrefix(key));
    const rateLimiter = memoryRateLimiter({ max: 1_000_000, windowMs: 60_000 });
    app = buildApp({ service: deps, rateLimiter, bodyLimit: 1024 * 1024, version: "test" });
    await app.ready();
  });
  afterAll(async () => app?.close());
  let key = "";
  const post = async (payload: string) => {
    const res = await app.inject({
      method: "POST",
      url: "/v1/systemone",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      payload,
    });
    return { status: res.statusCode, text: res.body, json: res.json() as Record<string, any> };
  };
  /** What differs between the two spellings: the receipt's signature, latency and billing (their texts differ in tokens). */
  const lasting = (r: Record<string, any>) => {
    if (!r.receipt) return r;
    const { receipt: _sig, latency_ms: _l, billing: _b, ...receipt } = r.receipt;
    return { ...r, receipt };
  };

  it("are the answers of a body that is not recognised, counted and serialised as before", async () => {
    const sampleState = fc.constantFrom(...samples).chain((s) =>
      fc.tuple(
        fc.constant(s.model),
        fc.constantFrom(...s.states).chain((state) =>
          fc.tuple(fc.constant(state), fc.subarray(Object.keys(state)), fc.jsonValue()).map(([st, keys, v]) => {
            const changed = { ...st };
            for (const k of keys) changed[k] = v;
            return changed;
          }),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(sampleState, async ([m, state]) => {
        const sent = JSON.stringify({ model: m, state });
        const known = await post(sent);
        // the same request, spelt so that it is not recognised: state first
        const fresh = await post(JSON.stringify({ state, model: m }));
        expect(known.status).toBe(fresh.status);
        expect(known.text).toBe(JSON.stringify(known.json));
        if (known.status !== 200) {
          expect(known.json.code).toBe(fresh.json.code);
          return;
        }
        const { usage: ku, billing: kb, ...kRest } = lasting(known.json);
        const { usage: _fu, billing: _fb, ...fRest } = lasting(fresh.json);
        expect(kRest).toEqual(fRest);
        expect(known.text).toContain(`{"model":${JSON.stringify({ content: m.content, questions: m.questions })},`);
        expect(ku).toEqual({ input_tokens: countTokens(sent), output_tokens: countOutputTokens(known.json) });
        expect(kb.items.map((i: { quantity: number }) => i.quantity)).toEqual([ku.input_tokens, ku.output_tokens]);
      }),
      { numRuns: 40 },
    );
  });
});
