// A table exported as text (CSV, semicolon- or tab-separated) under a line of column names is read
// as its rows even when a sentence opens the heading's line ("Today is 2026-06-22. application_id,
// …", as a text prefixed with its day is); and a column's or key's name written as a program
// writes it ("prior_default", "hasPriorDefault") names a fact without saying it: never read as yes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const loan = modelOf("loan-application").ir.inputs;

const SENTENCES = ["Today is 2026-06-22. ", "Export attached. ", "Hi team, see below! ", "Today is 3 June 2026. Row follows. "];
const DELIMITERS = [",", ";", "\t"];
const FLAG_COLUMNS = ["prior_default", "has_prior_default", "prior_default_flag", "priorDefault"];

describe("a table whose heading line a sentence opens", () => {
  it("is read as its row: the flag and the amounts are the cells'", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SENTENCES),
        fc.constantFrom(...DELIMITERS),
        fc.constantFrom(...FLAG_COLUMNS),
        fc.constantFrom<[string, boolean]>(["N", false], ["no", false], ["Y", true], ["yes", true]),
        fc.integer({ min: 2, max: 40 }).map((n) => n * 1000),
        (sentence, d, column, [flag, value], amount) => {
          const head = ["application_id", "requested_amount_usd", column, "notes"].join(d);
          const row = ["A-778120", String(amount), flag, "bureau timeout"].join(d);
          const got = readText(loan, `${sentence}${head}\n${row}`, "2026-06-22");
          expect(got["prior default"]?.value, `${sentence}${head}`).toBe(value);
          expect(got["requested amount"]?.value).toBe(amount);
        },
      ),
    );
  });
});

describe("a column's name written as an identifier", () => {
  it("is never read as a statement of the fact it names", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FLAG_COLUMNS),
        fc.constantFrom("Columns: application_id, employer, {c}, notes", "Fields exported: {c} | fico_score | notes", "{c}, fico_score"),
        (column, line) => {
          const got = readText(loan, `${line.replace("{c}", column)}\nThe export has no rows yet.`, "2026-06-22");
          expect(got["prior default"]?.value, line).not.toBe(true);
        },
      ),
    );
  });

  it("still lets a label with its answer say it", () => {
    expect(readText(loan, "prior_default: yes", "2026-06-22")["prior default"]?.value).toBe(true);
    expect(readText(loan, "The applicant had a prior default in 2019.", "2026-06-22")["prior default"]?.value).toBe(true);
  });
});
