// The pay of a job the text says was left ("left her job at Corwin (was on 62k salary)") is no
// income now: it is not read as the annual income. Said after the present ("quit his job and now
// earns 47,500"), the figure is the income now and is read.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const lending = inputsOf({
  "annual income": { type: "number >= 0", desc: "What is the applicant's annual income in dollars?" },
  "loan amount": { type: "number >= 0", desc: "How many dollars does the applicant want to borrow?" },
});

const LEAVING = ["left", "quit", "resigned from", "lost"];
const JOBS = ["job", "position", "role", "post"];
const WHO = ["her", "his", "their"];
const FIGURE = fc.integer({ min: 20, max: 180 }).map((k) => k * 1000);
const written = (n: number, form: number): string =>
  [`${n / 1000}k`, `$${n.toLocaleString("en-US")}`, `${n.toLocaleString("en-US")}`][form % 3]!;

/** A job left, as a caller tells it: "quit his position", with the pay written in one of three forms. */
const leftJob = fc.record({
  left: fc
    .tuple(fc.constantFrom(...LEAVING), fc.constantFrom(...WHO), fc.constantFrom(...JOBS))
    .map((words) => `${words.join(" ")} at Marlow Freight`),
  pay: FIGURE,
  form: fc.nat(2),
});

describe("the pay of a job left", () => {
  it("is not read as the annual income", () => {
    fc.assert(
      fc.property(leftJob, fc.boolean(), ({ left, pay, form }, parenthesis) => {
        const said = parenthesis ? `(was on ${written(pay, form)} salary)` : `where the salary was ${written(pay, form)}`;
        const read = readText(
          lending,
          `Caller ${left} ${said} in the spring; now runs a small bakery. Wants to borrow 15,000.`,
          "2026-10-01",
        );
        expect(read["annual income"]).toBeUndefined();
        expect(read["loan amount"]?.value).toBe(15000);
      }),
      { numRuns: 80 },
    );
  });

  it("is read when the figure is the pay now, after the leaving", () => {
    fc.assert(
      fc.property(leftJob, ({ left, pay, form }) => {
        const text = `Caller ${left} last year and now earns ${written(pay, form)} a year as a driver.`;
        expect(readText(lending, text, "2026-10-01")["annual income"]?.value).toBe(pay);
      }),
      { numRuns: 80 },
    );
  });
});

/** A past verb of pay, a time gone by the span ended at, and a present that follows it. */
const PAST_PAY = ["earned", "made", "was on", "took home"];
const GONE_BY = ["until November", "till last spring", "until 2025", "up until March", "till recently"];

describe("the pay of a span that ended", () => {
  it("is not read as the annual income ('earned 41,600 a year there until November')", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAST_PAY), FIGURE, fc.nat(2), fc.constantFrom(...GONE_BY), (verb, pay, form, until) => {
        const text = `Pay: ${verb} ${written(pay, form)} a year at the depot ${until}. Wants to borrow 15,000.`;
        const read = readText(lending, text, "2026-10-01");
        expect(read["annual income"]).toBeUndefined();
        expect(read["loan amount"]?.value).toBe(15000);
      }),
      { numRuns: 80 },
    );
  });

  it("is read when the present stands before the figure ('now earns … until')", () => {
    fc.assert(
      fc.property(FIGURE, fc.nat(2), fc.constantFrom(...GONE_BY), (pay, form, until) => {
        const text = `Pay: now earns ${written(pay, form)} a year, fixed ${until.replace(/^(?:up )?(?:until|till)/, "since")}.`;
        expect(readText(lending, text, "2026-10-01")["annual income"]?.value).toBe(pay);
      }),
      { numRuns: 80 },
    );
  });
});
