// A key that cuts a word of the input's name to its first letters (`tax_ex_flag` for "tax
// exempt", `adv_med` for "adverse media"), at least two letters and a third of the word: the
// JSON reader reads the input there. Its yes/no codes ("Y", "N") give the value.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { inputsOf } from "./helpers.js";

const NAMES: [string, string][] = [
  ["tax", "exempt"],
  ["adverse", "media"],
  ["prior", "default"],
  ["police", "report"],
];
const inputs = inputsOf(Object.fromEntries(NAMES.map(([a, b]) => [`${a} ${b}`, { type: "boolean", desc: `Is there ${a} ${b}?` }])));

/** A name's second word cut to its first letters: two or more, a third of the word or more, never all. */
const clippedKey = fc
  .tuple(fc.constantFrom(...NAMES), fc.nat(), fc.constantFrom("", "_flag", "_ind"))
  .map(([[first, second], cut, form]) => {
    const least = Math.max(2, Math.ceil(second.length / 3));
    const letters = least + (cut % (second.length - least));
    return { name: `${first} ${second}`, key: `${first}_${second.slice(0, letters)}${form}` };
  });

describe("a key word cut to its first letters", () => {
  it("names the input whose word it cuts, and its Y/N code is the value", () => {
    fc.assert(
      fc.property(clippedKey, fc.boolean(), ({ name, key }, yes) => {
        const read = readJson(inputs, { record: { id: "R-204", [key]: yes ? "Y" : "N" } }, "2026-05-01");
        expect(read[name]?.value).toBe(yes);
      }),
      { numRuns: 120 },
    );
  });
});
