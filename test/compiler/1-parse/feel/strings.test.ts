import { describe, expect, it } from "vitest";
import { parseExpression } from "../../../../src/compiler/1-parse/feel/index.js";
import { lex } from "../../../../src/compiler/1-parse/feel/lexer.js";
import { expr } from "./helpers.js";

const str = (source: string): string => {
  const e = expr(source);
  if (e.kind !== "string") throw new Error(`not a string: ${e.kind}`);
  return e.value;
};

describe("string literals", () => {
  it.each([
    [String.raw`"a\"b"`, 'a"b'],
    [String.raw`"a\\b"`, "a\\b"],
    [String.raw`"a\nb"`, "a\nb"],
    [String.raw`"a\rb"`, "a\rb"],
    [String.raw`"a\tb"`, "a\tb"],
    [String.raw`"it\'s"`, "it's"],
    [String.raw`"\u0041\u00e9"`, "Aé"],
    [String.raw`"\U01F40E"`, "🐎"],
    [String.raw`"\U01F40Ef"`, "🐎f"],
    [String.raw`"\uD83D\uDE00"`, "😀"],
    [String.raw`"\ud83d\ude00"`, "😀"],
    ['"line\none"', "line\none"],
    ['""', ""],
  ])("%s", (source, value) => {
    expect(str(source)).toBe(value);
  });

  it("keeps unknown escapes with their backslash (regular expressions)", () => {
    expect(str(String.raw`"\s+\d\p{L}"`)).toBe(String.raw`\s+\d\p{L}`);
    expect(str(String.raw`"\u12"`)).toBe(String.raw`\u12`);
  });

  it("decodes escapes in temporal literals", () => {
    const e = expr(String.raw`@"2020-01-01T00:00:00@Europe\/Paris"`);
    expect(e.kind === "temporal" && e.value).toBe(String.raw`2020-01-01T00:00:00@Europe\/Paris`);
  });

  it("reports an unterminated string from its opening quote", () => {
    const text = 'concat("abc, x)';
    const r = parseExpression(text);
    expect(r.value).toBeNull();
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ severity: "error", code: "feel.unterminated-string", span: { start: 7, end: text.length } }),
    ]);
    expect(r.diagnostics[0]!.message).toContain("not closed");
  });

  it("does not end a string at an escaped quote", () => {
    expect(parseExpression(String.raw`"abc\"`).diagnostics[0]?.code).toBe("feel.unterminated-string");
  });
});

describe("lexer", () => {
  const kinds = (text: string) => lex(text).tokens.map((t) => `${t.kind}:${t.text}`);

  it("splits ranges from numbers", () => {
    expect(kinds("1..5")).toEqual(["number:1", "punct:..", "number:5", "eof:"]);
    expect(kinds("[.5...5]")).toEqual(["punct:[", "number:.5", "punct:..", "number:.5", "punct:]", "eof:"]);
  });

  it("lexes multi-character operators as one token", () => {
    expect(kinds("a**b<=c>=d!=e->f")).toEqual([
      "word:a",
      "punct:**",
      "word:b",
      "punct:<=",
      "word:c",
      "punct:>=",
      "word:d",
      "punct:!=",
      "word:e",
      "punct:->",
      "word:f",
      "eof:",
    ]);
  });

  it("records offsets and skips comments", () => {
    const { tokens } = lex("a /* x */ + // y\n b");
    expect(tokens.map((t) => [t.text, t.start, t.end])).toEqual([
      ["a", 0, 1],
      ["+", 10, 11],
      ["b", 18, 19],
      ["", 19, 19],
    ]);
  });

  it("reports an unterminated block comment", () => {
    const r = parseExpression("1 + /* never closed");
    expect(r.diagnostics[0]).toMatchObject({ code: "feel.unterminated-comment", span: { start: 4, end: 19 } });
  });

  it("reports a character FEEL does not use", () => {
    const r = parseExpression("a # b");
    expect(r.diagnostics[0]).toMatchObject({ code: "feel.syntax", message: "unexpected character `#`", span: { start: 2, end: 3 } });
  });
});
