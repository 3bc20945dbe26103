import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonErrorOffset, jsonErrorPlace } from "../../src/runtime/json-position.js";

/** JSON texts with whitespace between tokens, and texts one edit away from them (a character dropped, doubled or replaced). */
const spaced = fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 2)).map(([v, indent]) => JSON.stringify(v, null, indent));
const edited = fc
  .tuple(
    spaced,
    fc.nat(),
    fc.constantFrom("drop", "double", "replace"),
    fc.constantFrom(",", ":", "}", "]", '"', "\\", "x", "1", "\n", "-", "."),
  )
  .map(([text, at, how, c]) => {
    const i = at % (text.length + 1);
    return how === "drop"
      ? text.slice(0, i) + text.slice(i + 1)
      : how === "double"
        ? text.slice(0, i) + text[i] + text.slice(i)
        : text.slice(0, i) + c + text.slice(i + 1);
  });

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe("jsonErrorOffset", () => {
  it("finds no fault in JSON, and one wherever JSON.parse fails, at the position JSON.parse names when it names one", () => {
    fc.assert(
      fc.property(fc.oneof(spaced, edited), (text) => {
        const offset = jsonErrorOffset(text);
        expect(offset < 0).toBe(parses(text));
        if (offset >= 0) {
          let message = "";
          try {
            JSON.parse(text);
          } catch (e) {
            message = (e as Error).message;
          }
          const named = /position (\d+)/.exec(message);
          if (named) expect(offset).toBe(Number(named[1]));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("names the line and column of faults JSON.parse gives no position for, and walks deep nesting without recursion", () => {
    expect(jsonErrorPlace('{\n  "a": [1,,2]\n}')).toBe(":2:11");
    expect(jsonErrorPlace('{"a": 1')).toBe(":1:8");
    expect(jsonErrorPlace("\u0000\u0001binary")).toBe(":1:1");
    expect(jsonErrorPlace("nul")).toBe(":1:4");
    expect(jsonErrorPlace('["a\nb"]')).toBe(":1:4");
    expect(jsonErrorPlace("[1]", 7)).toBe("");
    expect(jsonErrorPlace("{,}", 7)).toBe(":7:2");
    const deep = "[".repeat(1_000_000);
    expect(jsonErrorPlace(deep)).toBe(`:1:${deep.length + 1}`);
    expect(jsonErrorOffset(`${"[".repeat(100_000)}${"]".repeat(100_000)}`)).toBe(-1);
  });
});
