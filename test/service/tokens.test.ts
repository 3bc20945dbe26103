import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { encode } from "gpt-tokenizer";
import { CHUNK, countOutputTokens, countTokens, countTokensYielding, lastBoundary, tokensAtLeast } from "../../src/service/tokens.js";

/** The tokenizer as counting calls it, its calls counted (the pieces counting did not find remembered). */
const tokenizerCalls = vi.hoisted(() => ({ n: 0 }));
vi.mock("gpt-tokenizer", async (original) => {
  const real = await original<typeof import("gpt-tokenizer")>();
  return {
    ...real,
    countTokens: (...args: Parameters<typeof real.countTokens>) => {
      tokenizerCalls.n++;
      return real.countTokens(...args);
    },
  };
});

describe("token counting", () => {
  it("counts a text it has counted before without the tokenizer, its short pieces too", () => {
    // a response's counted text: the pieces of each chunk, the last of them a few characters long
    const text = JSON.stringify({
      answers: { decision: "approved", rate: 0.0525 },
      receipt: { given: Object.fromEntries(Array.from({ length: 90 }, (_, i) => [`input ${i}`, i * 7])), latency_ms: 3 },
      cache_hit: false,
    });
    expect(text.length).toBeGreaterThan(CHUNK);
    const first = countTokens(text);
    tokenizerCalls.n = 0;
    expect(countTokens(text)).toBe(first);
    expect(tokenizerCalls.n).toBe(0);
    expect(first).toBe(encode(text, { disallowedSpecial: new Set() }).length);
  });

  it("matches the tokenizer on text shorter than a chunk", () => {
    const text = JSON.stringify({ state: { "credit score": 712, employment: "salaried" }, note: "héllo wörld 🙂" });
    expect(countTokens(text)).toBe(encode(text).length);
  });

  it("matches whole-text counting on longer text cut before whitespace", () => {
    const text = Array.from({ length: 2000 }, (_, i) => `word${i % 97} is, "quoted"`).join(" ");
    expect(text.length).toBeGreaterThan(CHUNK * 5);
    expect(countTokens(text)).toBe(encode(text).length);
  });

  it("counts remembered chunks exactly as the tokenizer does, on first and repeated calls", () => {
    const texts = fc.array(
      fc.oneof(
        fc.string({ unit: "grapheme", maxLength: 40 }),
        fc.jsonValue().map((v) => JSON.stringify(v)),
      ),
      {
        minLength: 20,
        maxLength: 200,
      },
    );
    fc.assert(
      fc.property(texts, (parts) => {
        const text = parts.join(" ");
        const expected = text.length <= CHUNK ? encode(text, { disallowedSpecial: new Set() }).length : null;
        const first = countTokens(text);
        const again = countTokens(text);
        expect(again).toBe(first);
        if (expected !== null) expect(first).toBe(expected);
      }),
      { numRuns: 150 },
    );
  });

  it("counts texts that differ only in a number in the middle exactly, call after call", () => {
    // the pieces such texts share are remembered, and the piece with the number is each text's own
    const words = fc.array(fc.constantFrom("approved", "given", "rate", "risk low", '"k":', " ", "é", "0.5"), {
      minLength: 5,
      maxLength: 80,
    });
    fc.assert(
      fc.property(words, words, fc.array(fc.nat({ max: 3000 }), { minLength: 2, maxLength: 6 }), (before, after, numbers) => {
        for (const n of [...numbers, ...numbers]) {
          const text = `${before.join(" ")} "latency_ms":${n}} ${after.join(" ")}`;
          expect(countTokens(text)).toBe(encode(text, { disallowedSpecial: new Set() }).length);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("never answers a remembered count for another text with the same length, head and tail", () => {
    const middle = fc.array(fc.constantFrom("a", " ", "ab", "1", "é", "}", "\n"), { minLength: 300, maxLength: 600 });
    fc.assert(
      fc.property(fc.tuple(middle, middle), ([m1, m2]) => {
        const head = "x".repeat(40);
        const tail = "y".repeat(40);
        const [a, b] = [m1.join(""), m2.join("")];
        const pad = (m: string, n: number) => m + "z".repeat(n - m.length);
        const n = Math.max(a.length, b.length);
        for (const text of [head + pad(a, n) + tail, head + pad(b, n) + tail, head + pad(a, n) + tail]) {
          expect(countTokens(text)).toBe(encode(text, { disallowedSpecial: new Set() }).length);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("counts text many chunks long exactly as the tokenizer counts it whole: CJK, emoji, runs of one character, line breaks", async () => {
    const cjk = fc.string({ unit: fc.integer({ min: 0x4e00, max: 0x9fff }).map((c) => String.fromCharCode(c)), maxLength: 60 });
    const emoji = fc.string({ unit: fc.constantFrom("🙂", "👍🏽", "🇫🇷", "👨‍👩‍👧", "é", "\u0301"), maxLength: 12 });
    // a run shorter than a chunk: a longer pre-token is the one place counting is sliced
    const run = fc
      .tuple(fc.constantFrom("a", " ", "\n", "-", "0", "中", "🙂", "\t", "."), fc.integer({ min: 1, max: CHUNK / 4 }))
      .map(([c, n]) => c.repeat(n));
    const word = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("don't", "HTTPServer", "12345678", "<|endoftext|>", "a/b\r\n"));
    const gap = fc.constantFrom(" ", "  ", "\n", " \n", "\n\n", "\t", "\u3000", "\r\n ", "");
    const text = fc
      .array(fc.tuple(fc.oneof(cjk, emoji, run, word), gap), { minLength: 20, maxLength: 400 })
      .map((parts) => parts.flat().join(""));
    await fc.assert(
      fc.asyncProperty(text, async (t) => {
        // the claim is for text with a place to cut in every CHUNK characters (joined parts can make a
        // run of punctuation or whitespace longer than that: the next test bounds those)
        fc.pre(cutEveryChunk(t));
        const whole = encode(t, { disallowedSpecial: new Set() }).length;
        expect(countTokens(t)).toBe(whole);
        expect(await countTokensYielding(t)).toBe(whole);
        const bytes = Buffer.byteLength(t);
        expect(tokensAtLeast(bytes)).toBeLessThanOrEqual(whole);
        expect(whole).toBeLessThanOrEqual(bytes);
      }),
      { numRuns: 120 },
    );
  });

  it("bounds any count by the text's bytes, pre-tokens longer than a chunk included", () => {
    const long = fc
      .tuple(fc.constantFrom("a", "中", "🙂", " ", "ab", "-"), fc.integer({ min: CHUNK, max: 4 * CHUNK }))
      .map(([c, n]) => c.repeat(n));
    fc.assert(
      fc.property(long, fc.string({ maxLength: 20 }), (run, tail) => {
        const t = run + tail;
        const bytes = Buffer.byteLength(t);
        const n = countTokens(t);
        expect(tokensAtLeast(bytes)).toBeLessThanOrEqual(n);
        expect(n).toBeLessThanOrEqual(bytes);
      }),
      { numRuns: 30 },
    );
  });

  it("counts special-token text as plain text instead of throwing", () => {
    expect(countTokens("a <|endoftext|> b")).toBeGreaterThan(3);
  });

  it("counts a megabyte without whitespace (chunked, not quadratic)", () => {
    expect(countTokens("a".repeat(1_000_000))).toBeGreaterThan(100_000);
  });

  it("leaves the accounting metadata out of output tokens", () => {
    const base = { answers: { x: { value: 1 } }, receipt: { model: "m", decisions: {} } };
    const withAccounting = {
      ...base,
      usage: { input_tokens: 1, output_tokens: 2 },
      billing: { cost_usd: 1, items: ["a long line item description"] },
      receipt: { receipt: "eyJhbGciOi..signature", ...base.receipt, billing: { cost_usd: 1 } },
    };
    expect(countOutputTokens(withAccounting)).toBe(countTokens(JSON.stringify(base)));
  });
});

/** Whether counting finds a place to cut in every CHUNK characters of `t`, as it walks it. */
function cutEveryChunk(t: string): boolean {
  for (let start = 0; t.length - start > CHUNK;) {
    const cut = lastBoundary(t, start, start + CHUNK);
    if (cut <= start) return false;
    start = cut;
  }
  return true;
}

describe("where counting may cut a text", () => {
  it("every place it would cut splits the tokenizer's count exactly: words, marks, numbers, apostrophes, emoji, whitespace, JSON", () => {
    const unit = fc.constantFrom(
      ...["a", "B", "é", "\u0301", "中", "1", "23", "½", "'", "’", "s", "t", "ll", "re", " ", "  ", "\t", "\n", "\r\n", "\u3000"],
      ...["🙂", "👍🏽", "👨‍👩‍👧", "-", ".", ",", '"', ":", "{", "}", "/", "$", "_", "<|endoftext|>", "\u200d"],
    );
    fc.assert(
      fc.property(
        fc.array(unit, { minLength: 2, maxLength: 40 }).map((a) => a.join("")),
        (t) => {
          const whole = encode(t, { disallowedSpecial: new Set() }).length;
          for (let i = 1; i < t.length; i++) {
            if (lastBoundary(t, i - 1, i) !== i) continue;
            const split =
              encode(t.slice(0, i), { disallowedSpecial: new Set() }).length + encode(t.slice(i), { disallowedSpecial: new Set() }).length;
            expect(split, `${JSON.stringify(t.slice(0, i))} | ${JSON.stringify(t.slice(i))}`).toBe(whole);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("finds places to cut minified JSON, so a long state without spaces is counted exactly", () => {
    const json = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ applicant: `n${i}`, income: i * 1234.5, ok: i % 2 === 0 })));
    expect(json.length).toBeGreaterThan(4 * CHUNK);
    expect(countTokens(json)).toBe(encode(json, { disallowedSpecial: new Set() }).length);
  });
});
