// Models recognised by their text (known-models.ts) change nothing a client can see: a body parses
// to what JSON.parse makes of it, its tokens are countTokens of it, and the answers over HTTP are
// the ones a body that is not recognised gets, for every sample and random states.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { parseBody, parseChunks, parseWhole } from "../../src/service/known-models.js";
import { countOutputTokens, countPrefix, countTokens, CHUNK } from "../../src/service/tokens.js";
import { systemOneApp } from "./app-harness.js";

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

/** JSON's whitespace (the bytes that are not, a no-break space and a BOM, come in by mutation) */
const space = fc.constantFrom("", "", " ", "\n", "\t ", "\r\n  ");
/** The model's key as JSON reads it: "model", also with escapes. */
const modelKey = fc.constantFrom('"model"', '"model"', '"mod\\u0065l"', '"\\u006dodel"');
/** Values of the other members: states, strings holding a model's text or a body's, escapes, faults. */
const otherValue = (text: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    fc.constantFrom(
      JSON.stringify(`{"model":${text}}`),
      JSON.stringify(text),
      `{"content":${JSON.stringify(text)}}`,
      '"a \\"quoted\\" \\\\ }{ ]["',
      '"\\ud800"',
      "1e400",
      "1e-400",
      `${"[".repeat(130)}${"]".repeat(130)}`,
      "[1,2,{}]",
      "{}",
    ),
  );
const otherKey = fc.oneof(
  fc.constantFrom('"state"', '"explain"', '"mode"', '"content"', '"__proto__"'),
  fc.string().map((k) => JSON.stringify(k)),
);

/** A member: its key and its value, as text. */
type Member = [string, string];

/**
 * A model, and a body of its members in any order around it: the model's own text once, twice or
 * not at all, odd whitespace between the tokens, and sometimes a byte deleted, added or changed.
 */
const randomBody = model.chain((m) => {
  const text = JSON.stringify(m);
  const member = (key: fc.Arbitrary<string>, value: fc.Arbitrary<string>) => fc.tuple(key, value) as fc.Arbitrary<Member>;
  const modelMember = member(modelKey, fc.oneof({ weight: 4, arbitrary: fc.constant(text) }, { weight: 1, arbitrary: otherValue(text) }));
  // mostly one model member, as clients send it; else none, or the key repeated
  const models = fc.oneof({ weight: 3, arbitrary: modelMember.map((x) => [x]) }, fc.array(modelMember, { maxLength: 2 }));
  const others = fc.array(member(otherKey, otherValue(text)), { maxLength: 3 });
  // one body in three is mutated
  const mutation = fc.oneof(
    { weight: 2, arbitrary: fc.constant(null) },
    fc.tuple(
      fc.nat(),
      fc.constantFrom("delete", "insert", "replace"),
      fc.constantFrom(...'"\\{}[],: x0'.split(""), "\u00ff", "\u00a0", "\ufeff"),
    ),
  );
  return fc
    .tuple(models, others, fc.nat(), fc.array(space, { minLength: 64, maxLength: 64 }), mutation)
    .map(([ms, os, at, spaces, mutate]) => {
      const members = [...os];
      // the model's members among the others, wherever `at` puts them
      for (const [i, x] of ms.entries()) members.splice((at + i) % (members.length + 1), 0, x);
      let s = 0;
      const w = () => spaces[s++ % spaces.length]!;
      const inner = members.map(([k, v]) => `${w()}${k}${w()}:${w()}${v}${w()}`).join(",");
      let body = `${w()}{${inner.length > 0 ? inner : w()}}${w()}`;
      if (mutate) {
        const [where, how, c] = mutate;
        const i = where % (body.length + 1);
        body =
          how === "delete"
            ? body.slice(0, i) + body.slice(i + 1)
            : how === "insert"
              ? body.slice(0, i) + c + body.slice(i)
              : body.slice(0, i) + c + body.slice(i + 1);
      }
      return { text, m, bytes: Buffer.from(body) };
    });
});

/** Bodies that end, or go on, just where a model that comes first ends. */
const edgeBody = fc
  .tuple(
    model,
    fc.constantFrom(
      (t: string) => `{"model":${t},}`,
      (t: string) => `{"model":${t}}}`,
      (t: string) => `{"model":${t}}x`,
      (t: string) => `{"model":${t}`,
      (t: string) => `{"model":${t},"model":null}`,
      (t: string) => `{"model":${t},"mod\\u0065l":null}`,
      (t: string) => `{"model":${t} , "state":1 }`,
      (t: string) => ` {"model":${t}}\n`,
      (t: string) => `{"model":${t},"a":1,}`,
      (t: string) => `{"model":${t} "a":1}`,
      (t: string) => `{"model":${t},"1":1,"__proto__":{"a":2}}`,
      (t: string) => `{"model":${t},"state":${"[".repeat(128)}${"]".repeat(128)}}`,
    ),
  )
  .map(([m, spell]) => {
    const text = JSON.stringify(m);
    return { text, m, bytes: Buffer.from(spell(text)) };
  });

const utf8 = new TextDecoder("utf-8", { fatal: true });
const decode = (bytes: Uint8Array) => utf8.decode(bytes);

/** What a parse gives, in a form to compare: the error it throws, the fault it finds, or the body (its key order too) and its tokens. */
async function outcome(parse: () => ReturnType<typeof parseBody>): Promise<unknown> {
  let parsed: ReturnType<typeof parseBody>;
  try {
    parsed = parse();
  } catch (e) {
    return { error: (e as Error).message };
  }
  if (!parsed.ok) return { fault: parsed.fault };
  return { body: parsed.body, text: JSON.stringify(parsed.body), tokens: await parsed.tokens() };
}

describe("models recognised by their text", () => {
  it("parse, fault and count tokens as the whole body parsed does, wherever the model stands and however the body is spelt", async () => {
    let recognised = 0;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof({ weight: 4, arbitrary: randomBody }, edgeBody), async ({ text, bytes }) => {
        runs++;
        // the model sent once on its own, so that the bodies after it may be recognised
        const first = parseBody(Buffer.from(`{"model":${text}}`), decode);
        const known = first.ok ? (first.body as { model: unknown }).model : undefined;
        const expected = await outcome(() => parseWhole(bytes, decode));
        if (Buffer.from(bytes).toString("utf8").startsWith("{")) expect(expected).toBeDefined();
        for (let i = 0; i < 2; i++) {
          const got = await outcome(() => parseBody(bytes, decode));
          expect(got).toEqual(expected);
          if (i === 0 && (got as { body?: { model?: unknown } }).body?.model === known) recognised++;
        }
      }),
      { numRuns: 400 },
    );
    // the property held for bodies that took the short way, not only for those parsed whole
    expect(recognised).toBeGreaterThan(runs / 5);
  });

  it("parse a body that arrives in chunks, cut anywhere, as the whole body parsed does", async () => {
    let recognised = 0;
    let runs = 0;
    const cuts = fc.array(fc.nat(), { maxLength: 4 });
    /** A body whose model is a known model's text with one letter changed, anywhere: its bytes differ from the known model's in one place. */
    const nearBody = fc.tuple(model, fc.nat(), fc.constantFrom("q", "Z")).map(([m, n, c]) => {
      const text = JSON.stringify(m);
      const letters = [...text.matchAll(/[a-pr-y]/g)].map((x) => x.index);
      const i = letters[n % letters.length]!;
      return { text, m, bytes: Buffer.from(`{"model":${text.slice(0, i)}${c}${text.slice(i + 1)},"state":{}}`) };
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof({ weight: 3, arbitrary: randomBody }, edgeBody, nearBody), cuts, async ({ text, bytes }, at) => {
        runs++;
        const first = parseBody(Buffer.from(`{"model":${text}}`), decode);
        const known = first.ok ? (first.body as { model: unknown }).model : undefined;
        // the body cut at those places (a chunk may be empty), in order
        const ends = [...at.map((n) => n % (bytes.length + 1)).sort((a, b) => a - b), bytes.length];
        const chunks = ends.map((end, i) => Buffer.from(bytes.subarray(i === 0 ? 0 : ends[i - 1]!, end)));
        const expected = await outcome(() => parseWhole(bytes, decode));
        const got = await outcome(() => parseChunks(chunks, bytes.length, decode));
        expect(got).toEqual(expected);
        if (chunks.length > 1 && (got as { body?: { model?: unknown } }).body?.model === known) recognised++;
      }),
      { numRuns: 400 },
    );
    // bodies in several chunks took the short way, not only the joined one
    expect(recognised).toBeGreaterThan(runs / 10);
  });

  it("counts the chunks a prefix shares with every longer text as countTokens does", async () => {
    const text = fc.string({
      unit: fc.constantFrom("a", "b", " ", "\n", "é", "{", '"', "\u{1F600}", "\u{20000}", "1"),
      maxLength: 4 * CHUNK,
    });
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
  let app: Awaited<ReturnType<typeof systemOneApp>> | undefined;
  beforeAll(async () => {
    app = await systemOneApp();
  });
  afterAll(async () => app?.close());
  const post = (payload: string) => app!.post(payload);
  /** What differs between the two spellings: the receipt's signature, latency and billing (their texts differ in tokens). */
  const lasting = (r: Record<string, any>) => {
    if (!r.receipt) return r;
    const { receipt: _sig, latency_ms: _l, billing: _b, ...receipt } = r.receipt;
    return { ...r, receipt };
  };

  let spelling = 0;
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
        // the same request, spelt so that it is not recognised: spaces in the model's text that no body had before
        const fresh = await post(`{"state":${JSON.stringify(state)},"model":{${" ".repeat(++spelling)}${JSON.stringify(m).slice(1)}}`);
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
