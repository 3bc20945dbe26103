// A JSON export pasted as a text is read by the JSON reader; a log of changes beside the record
// is applied to it, latest last, and a change that disagrees with the record leaves the place
// unread; a count asked of an empty list is none; a key of years without a thing counts no thing;
// a short answer's bracketed gloss does not make it prose; a list of bullets is summed whole or
// not at all.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { embeddedReader } from "../../src/providers/readers/embedded.js";
import { pathSteps, withChangesApplied } from "../../src/providers/readers/json-changes.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { jsonDocumentOf } from "../../src/providers/readers/json-text.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const rent = inputsOf({ "monthly rent": { type: "number >= 0", desc: "What is the household's monthly rent, in dollars?" } });
const claims = inputsOf({
  "prior claims": { type: "number >= 0", desc: "How many insurance claims has the driver made in the last five years?" },
});
const debts = inputsOf({
  "monthly obligations": { type: "number >= 0", desc: "How many dollars does the household pay each month on all its debts together?" },
});
const defaulted = inputsOf({ "prior default": { type: "boolean", desc: "Has the applicant ever defaulted on a loan?" } });

const amount = fc.integer({ min: 100, max: 9000 });
const days = fc.uniqueArray(fc.integer({ min: 1, max: 28 }), { minLength: 1, maxLength: 4 });
const iso = (d: number) => `2026-03-${String(d).padStart(2, "0")}`;

describe("a text that is one JSON document", () => {
  it("goes to the JSON reader; a text with words around it stays a text", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("a", "b", "c"), fc.integer()), fc.boolean(), (doc, spaced) => {
        const text = JSON.stringify(doc, null, spaced ? 2 : undefined);
        expect(jsonDocumentOf(text)).toEqual(doc);
        expect(embeddedReader(text).name).toBe("json");
        expect(embeddedReader(`Note: ${text}`).name).toBe("text");
        expect(embeddedReader("[Page 1 of 2] rent $900").name).toBe("text");
      }),
    );
  });
});

describe("a log of changes beside the record", () => {
  it("sets the place its field names to the latest change's value, whatever the log's order", () => {
    fc.assert(
      fc.property(amount, fc.array(amount, { minLength: 4, maxLength: 4 }), days, fc.boolean(), (start, values, ds, pathed) => {
        const sorted = [...ds].sort((a, b) => a - b);
        let before = start;
        const changes = sorted.map((d, i) => {
          const c = { date: iso(d), field: pathed ? "application.monthly_rent" : "monthly_rent", old: before, new: values[i]! };
          before = values[i]!;
          return c;
        });
        const doc = { application: { monthly_rent: start, applicant: "A" }, revisions: [...changes].reverse() };
        const applied = withChangesApplied(doc) as Record<string, unknown>;
        expect(applied).toEqual({ application: { monthly_rent: values[sorted.length - 1], applicant: "A" } });
        expect(doc.application.monthly_rent).toBe(start);
        expect(readJson(rent, doc, "2026-04-01")["monthly rent"]?.value).toBe(values[sorted.length - 1]);
      }),
    );
  });

  it("leaves the place unread where the change's old value is neither the record's nor its new one", () => {
    fc.assert(
      fc.property(amount, amount, amount, (held, old, now) => {
        fc.pre(held !== old && held !== now);
        const doc = { application: { monthly_rent: held }, amendments: [{ at: "2026-03-02", field: "monthly_rent", from: old, to: now }] };
        expect(readJson(rent, doc, "2026-04-01")["monthly rent"]).toBeUndefined();
      }),
    );
  });

  it("reaches a member by its index, and leaves a log whose field names no one place as it is", () => {
    const doc = {
      app: { members: [{ income: 1200 }, { income: 0 }] },
      log: [{ field: "members[0].income", old: 1200, new: 950 }],
    };
    expect(withChangesApplied(doc)).toEqual({ app: { members: [{ income: 950 }, { income: 0 }] } });
    const wrapped = { seats: { value: 2400, unit: "seats" }, history: [{ field: "seats", from: 2000, to: 2400 }] };
    expect(withChangesApplied(wrapped)).toEqual({ seats: { value: 2400, unit: "seats" } });
    const twice = { a: { rent: 1 }, b: { rent: 2 }, log: [{ field: "rent", new: 3 }] };
    expect(withChangesApplied(twice)).toBe(twice);
    expect(pathSteps("/a/b[2].c")).toEqual(["a", "b", 2, "c"]);
    expect(pathSteps("[0]")).toBeUndefined();
  });
});

describe("a count asked of a list", () => {
  it("is none for an empty list under the key of the things counted; a list of some says no count; a key of years without claims is no count", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 4 }),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom("years_claim_free", "claimFreeYrs", "yrs_without_claims", "no_claims_years"),
        (n, years, key) => {
          const list = Array.from({ length: n }, (_, i) => ({ year: 2015 + 3 * i, paid: 100 * (i + 1) }));
          const read = readJson(claims, { quote: { [key]: years, claims_5y: list } }, "2026-04-01")["prior claims"];
          // a listed claim may be outside the question's window: only an empty list settles the count
          if (n === 0) expect(read?.value).toBe(0);
          else expect(read?.value).not.toBe(years);
          expect(readJson(claims, { quote: { [key]: years } }, "2026-04-01")["prior claims"]).toBeUndefined();
        },
      ),
    );
  });
});

describe("a short answer with a gloss in brackets", () => {
  it("is read by its words before the gloss, unless the gloss doubts it", () => {
    expect(
      readJson(defaulted, { id: 1, default_hist: "none reported (bureau + self-declared)" }, "2026-04-01")["prior default"]?.value,
    ).toBe(false);
    expect(readJson(defaulted, { id: 1, default_hist: "none known (check pending)" }, "2026-04-01")["prior default"]).toBeUndefined();
  });
});

describe("a sum over a list of bullets", () => {
  const items = fc.array(
    fc.tuple(
      fc.constantFrom("Car loan", "Card", "Phone plan", "Student loan"),
      fc.integer({ min: 20, max: 900 }),
      fc.integer({ min: 1, max: 90 }),
    ),
    { minLength: 2, maxLength: 4 },
  );
  it("of balances and payments takes every bullet's payment, or none when a bullet gives none", () => {
    fc.assert(
      fc.property(items, fc.nat(), (list, gap) => {
        const lines = list.map(([label, v, b]) => `- ${label}: $${b * 100} still owing, $${v} a month`);
        const whole = readText(debts, `Our debts:\n${lines.join("\n")}\n`, "2026-04-01")["monthly obligations"];
        expect(whole?.value).toBe(list.reduce((s, [, v]) => s + v, 0));
        const k = gap % lines.length;
        lines[k] = `- ${list[k]![0]}: $${list[k]![2] * 100} balance, $${list[k]![1]} minimum`;
        const part = readText(debts, `Our debts:\n${lines.join("\n")}\n`, "2026-04-01")["monthly obligations"];
        expect(part).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});
