// Hints for names and types people bring from other languages come from a table of known
// confusions: every suggestion in it exists, each confused name gets exactly its suggestions, and
// the rest of a type (its range) is kept.
import { describe, expect, it } from "vitest";
import { checkModel } from "../../src/compiler/index.js";
import { suggestions } from "../../src/compiler/1-parse/suggest.js";
import { BUILTIN_NAMES } from "../../src/compiler/2-analyse/expressions/builtins.js";
import { NAME_CONFUSIONS, TYPE_CONFUSIONS } from "../../src/compiler/2-analyse/known-confusions.js";

const model = (inputType: string, expr: string) => ({
  content: {
    name: "m",
    inputs: { x: { type: inputType, desc: "x?" } },
    decisions: { d: { type: "number", expr } },
  },
});
const messages = (m: unknown, strict = true) =>
  checkModel(m as never, { strict })
    .stages.flatMap((s) => s.diagnostics)
    .filter((d) => d.code === "names.unknown" || d.code === "types.unknown")
    .map((d) => d.message);
const listed = (names: readonly string[]) => {
  const q = names.map((n) => `\`${n}\``);
  return q.length === 1 ? q[0] : `${q.slice(0, -1).join(", ")} or ${q.at(-1)}`;
};

describe("known confusions", () => {
  it("suggest only built-in functions, for names that are not built-ins", () => {
    for (const [wrong, right] of Object.entries(NAME_CONFUSIONS)) {
      expect(BUILTIN_NAMES.has(wrong), wrong).toBe(false);
      for (const r of right) expect(BUILTIN_NAMES.has(r), `${wrong} → ${r}`).toBe(true);
    }
  });

  it("suggest only types a lenient check knows, for names that are not types", () => {
    for (const [wrong, right] of Object.entries(TYPE_CONFUSIONS)) {
      expect(messages(model(wrong, "1"), false), wrong).toHaveLength(1);
      for (const r of right) expect(messages(model(r, "1"), false), `${wrong} → ${r}`).toEqual([]);
    }
  });

  it("a call of each confused name is answered with its suggestions, not the nearest spelling", () => {
    for (const [wrong, right] of Object.entries(NAME_CONFUSIONS)) {
      expect(messages(model("number", `${wrong}(x)`))).toEqual([`unknown name \`${wrong}\`; did you mean ${listed(right)}?`]);
    }
    expect(messages(model("number", "round(x, 2)"))[0]).toBe(
      "unknown name `round`; did you mean `decimal`, `round half up`, `round half down`, `round up` or `round down`?",
    );
  });

  it("a confused type keeps its condition, and strict checks leave out lenient-only suggestions", () => {
    expect(messages(model("integer [0..20]", "x"))).toEqual(["unknown type `integer [0..20]`; did you mean `number [0..20]`?"]);
    expect(messages(model("bool", "1"))).toEqual(["unknown type `bool`; did you mean `boolean`?"]);
    expect(suggestions("duration", ["number", "days and time duration"], TYPE_CONFUSIONS)).toEqual(["days and time duration"]);
    // nothing known: the nearest spelling, as before
    expect(suggestions("numbr", ["number", "string"], TYPE_CONFUSIONS)).toEqual(["number"]);
    expect(suggestions("integral", ["number"], TYPE_CONFUSIONS)).toEqual([]);
  });

  it("a name that is only a variable is not taken for a function", () => {
    expect(messages(model("number", "round + 1"))).toEqual(["unknown name `round`"]);
  });
});
