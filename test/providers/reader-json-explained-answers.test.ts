// A yes or no with its reason after it ("Yes - Deputy Mayor of Segou", "No (search run 2 April)")
// answers the question: the JSON reader reads the yes or no. A reason that doubts the answer
// ("Yes - to be confirmed", "No? under review") leaves it unread.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { inputsOf } from "./helpers.js";

const kyc = inputsOf({ pep: { type: "boolean", desc: "Is the customer a politically exposed person?" } });

const ANSWERS: [string, boolean][] = [
  ["Yes", true],
  ["yes", true],
  ["Y", true],
  ["No", false],
  ["no", false],
  ["N", false],
];
const REASONS = ["Deputy Mayor of Segou", "sits on the regional assembly", "checked against the register", "search run 2026-04-02"];
const JOINS: [string, string][] = [
  [" - ", ""],
  [" – ", ""],
  [": ", ""],
  [", ", ""],
  [" (", ")"],
];
const DOUBTS = ["to be confirmed", "pending the registry check", "under review", "maybe, ask the RM"];

const written = (answer: string, [open, close]: [string, string], reason: string): string => `${answer}${open}${reason}${close}`;
const read = (value: string) => readJson(kyc, { client: { name: "I. Brandt", pep_status: value } }, "2026-05-01").pep;

describe("a yes or no with its reason after it", () => {
  it("is read as the yes or no", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ANSWERS), fc.constantFrom(...JOINS), fc.constantFrom(...REASONS), ([answer, yes], join, reason) => {
        expect(read(written(answer, join, reason))?.value).toBe(yes);
      }),
    );
  });

  it("is not read when the reason doubts it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ANSWERS), fc.constantFrom(...JOINS), fc.constantFrom(...DOUBTS), ([answer], join, doubt) => {
        expect(read(written(answer, join, doubt))).toBeUndefined();
      }),
    );
  });
});
