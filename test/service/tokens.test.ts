import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encode } from "gpt-tokenizer";
import { CHUNK, countOutputTokens, countTokens } from "../../src/service/tokens.js";

describe("token counting", () => {
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
