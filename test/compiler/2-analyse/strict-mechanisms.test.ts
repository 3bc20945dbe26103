// The strict check's general mechanisms, each against an oracle of its own on generated input:
// a built-in called with constant arguments that is null for every state; a list in a cell of a
// column whose values are not lists; a bare word in single quotes in a text column; an output
// heading's type; the clock; and the inconsistent-bound warning between rules another column keeps apart.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../../src/ir/diagnostics.js";
import { content, lenient, strict } from "./helpers.js";

const INPUTS = {
  age: { type: "number", desc: "Age in years" },
  day: { type: "date", desc: "On what day?" },
  country: { type: "string", desc: "Which country code?" },
  sector: { type: "food|tech", desc: "Which sector?" },
};

const diagnosticsOf = (decisions: Record<string, unknown>, mode = strict): Diagnostic[] =>
  mode(content({ inputs: INPUTS, decisions })).diagnostics.filter((d) => d.code !== "graph.unused-input");

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Whether a calendar date exists, by the platform's own calendar. */
const realDate = (y: number, m: number, d: number): boolean => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

describe("a built-in called with constant arguments", () => {
  it("is an error at its place exactly when it is null for every state (date strings)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 0, max: 14 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const text = `${y}-${pad(m)}-${pad(d)}`;
        const found = diagnosticsOf({ late: `day > date("${text}")` });
        const constantNull = found.filter((x) => x.code === "types.constant-null");
        if (realDate(y, m, d)) expect(found).toEqual([]);
        else {
          expect(constantNull.map((x) => [x.severity, x.address])).toEqual([["error", "decisions.late"]]);
          expect(constantNull[0]!.message).toContain("`date`");
          expect(constantNull[0]!.span).toBeDefined();
        }
      }),
      { numRuns: 150 },
    );
  });

  it.each([
    ['duration("1D")', true],
    ['duration("P1D")', false],
    ['duration("P1Y2M")', false],
    ['duration("PT")', true],
    ['substring("abc", 2)', false],
    ['substring("abc", 0)', true],
    ['number("1.000,5", ".", ",")', false],
    ['number("1,5", ",", ",")', true],
    ['time("25:00:00")', true],
    ['date and time("2026-01-01T10:00:00")', false],
  ])("%s: an error %s", (call, isError) => {
    const found = diagnosticsOf({ d: `if age > 0 then ${call} else null` }).map((x) => x.code);
    expect(found.includes("types.constant-null")).toBe(isError);
  });

  it("is left to run time in a lenient model (imports: the DMN TCK expects the null)", () => {
    expect(diagnosticsOf({ d: 'if age > 0 then date("2026-13-01") else null' }, lenient)).toEqual([]);
  });
});

describe("a list in a cell", () => {
  it("is an error in a number column, suggesting the interval when its two items ascend", () => {
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 500 }), fc.integer({ min: -500, max: 500 }), (a, b) => {
        const found = diagnosticsOf({
          band: [
            ["age", "=> number"],
            [`[${a}, ${b}]`, "1"],
            ["-", "2"],
          ],
        });
        expect(found.map((x) => [x.code, x.address])).toEqual([["tables.cell-intent", "decisions.band.rule[1]"]]);
        if (a < b) expect(found[0]!.message).toContain(`\`[${a}..${b}]\``);
        else expect(found[0]!.message).toContain(`\`${a}, ${b}\``);
      }),
      { numRuns: 40 },
    );
  });

  it("is a list test where the column holds lists", () => {
    const inputs = { ...INPUTS, codes: { type: ["number"], desc: "Which codes?" } };
    const r = strict(
      content({
        inputs,
        decisions: {
          d: [
            ["codes", "=> number"],
            ["[1, 2]", "1"],
            ["-", "2"],
          ],
        },
      }),
    );
    expect(r.diagnostics.filter((x) => x.code === "tables.cell-intent")).toEqual([]);
  });
});

describe("a bare word in single quotes in a text column", () => {
  const word = fc.stringMatching(/^[A-Z]{2,3}$/);
  it("is an error naming the word, in a plain string column as in a choice column's output", () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 4 }), (words) => {
        const cell = words.map((w) => `'${w}'`).join(", ");
        const found = diagnosticsOf({
          eu: [
            ["country", "=> boolean"],
            [cell, "true"],
            ["-", "false"],
          ],
        });
        expect(found.map((x) => [x.code, x.address])).toEqual(words.map(() => ["tables.bare-word-quoted", "decisions.eu.rule[1]"]));
        words.forEach((w, i) => expect(found[i]!.message).toContain(`write \`${w}\``));
        // without the quotes: nothing to say
        expect(
          diagnosticsOf({
            eu: [
              ["country", "=> boolean"],
              [words.join(", "), "true"],
              ["-", "false"],
            ],
          }),
        ).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});

describe("an output heading's type", () => {
  const misspellings = ["nmber", "numbr", "boolen", "strng", "dat"];
  it.each(misspellings)("`=> %s` is an unknown type with a suggestion", (typo) => {
    const found = diagnosticsOf({
      out: [
        ["age", `=> ${typo}`],
        ["> 1", "1"],
        ["-", "2"],
      ],
    });
    expect(found.map((x) => [x.code, x.address])).toEqual([["types.unknown", "decisions.out.rule[0]"]]);
    expect(found[0]!.message).toMatch(/did you mean `(number|boolean|string|date)`\?/);
  });

  it("names the output when the word is no type's misspelling", () => {
    expect(
      diagnosticsOf({
        out: [
          ["age", "=> score"],
          ["> 1", "1"],
          ["-", "2"],
        ],
      }),
    ).toEqual([]);
  });
});

describe("the clock", () => {
  it.each(["today()", "now()"])("%s in a strict model is a warning naming the decision", (clock) => {
    const found = diagnosticsOf({ recent: `${clock} > day` });
    expect(found.map((x) => [x.severity, x.code, x.address])).toEqual([["warning", "graph.clock", "decisions.recent"]]);
    expect(found[0]!.message).toContain("decisions.recent");
    expect(diagnosticsOf({ recent: `${clock} > day` }, lenient)).toEqual([]);
  });
});

describe("tables.inconsistent-bound", () => {
  const table = (first: string, second: string) => ({
    share: [
      ["sector", "age", "=> number"],
      [first, "[20..100)", "1"],
      [second, "(25..100]", "2"],
      ["-", "-", "3"],
    ],
  });
  const bounds = (found: Diagnostic[]) => found.filter((x) => x.code === "tables.inconsistent-bound").map((x) => x.address);

  it("is not raised between rules another column keeps apart", () => {
    expect(bounds(diagnosticsOf(table("food", "tech")))).toEqual([]);
  });

  it("is raised between rules that can meet", () => {
    expect(bounds(diagnosticsOf(table("food", "food")))).toEqual(["decisions.share.rule[2]"]);
    expect(bounds(diagnosticsOf(table("food", "-")))).toEqual(["decisions.share.rule[2]"]);
  });
});
