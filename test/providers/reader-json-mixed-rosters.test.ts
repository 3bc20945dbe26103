// A household exported as one list of records of several kinds (people beside a lease or a
// vehicle): the person whose role marks the roster's reference ("Head of household",
// "householder", "HEAD") is the applicant, the other people are the members, and a record of its
// own kind is no member but a record of its own, so its weekly rent answers the monthly rent.
// Fields as exports write them: a dollar named by its country ("NZ$", "C$"), a yearly amount under
// one key saying its period, a baby's age in months or weeks, a disability said by what it is.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { sample } from "./helpers.js";

const inputs = sample("eligibility").ir.inputs;

const person = fc.record({
  name: fc.constantFrom("Aroha Ngata", "Liam Byrne", "Mei Chen", "Kofi Mensah", "Ana Silva"),
  age: fc.integer({ min: 2, max: 90 }),
  yearly: fc.nat({ max: 90 }).map((n) => n * 1200),
  disabled: fc.boolean(),
});
const headRole = fc.constantFrom("HEAD", "Head of household", "householder", "Self");
const otherRole = fc.constantFrom("SPOUSE", "CHILD", "Grandparent", "lodger");
const dollar = fc.constantFrom("NZ$", "C$", "A$", "$");
const condition = fc.constantFrom("ACC long-term incapacity", "multiple sclerosis, uses a wheelchair", "registered blind");
const baby = fc.constantFrom<[string, number]>(["8 mths", 0], ["10 weeks", 0], ["18 months", 1], ["30 months", 2]);

describe("a roster listed beside records of another kind", () => {
  it("reads the head as the applicant, the other people as the members and the lone record's rent", () => {
    fc.assert(
      fc.property(
        headRole,
        person,
        fc.array(fc.tuple(otherRole, person), { minLength: 1, maxLength: 3 }),
        baby,
        dollar,
        condition,
        fc.integer({ min: 100, max: 900 }),
        (role, head, others, [babyAge, babyYears], cur, cond, weekly) => {
          const rec = (r: string, p: { name: string; age: number | string; yearly: number; disabled: boolean }) => ({
            type: "HOUSEHOLD_MEMBER",
            rel: r,
            full_name: p.name,
            age_yrs: p.age,
            income: { annual_gross: `${cur}${p.yearly.toLocaleString("en-US")}` },
            disability: p.disabled ? cond : "none",
          });
          const state = [
            rec(role, head),
            ...others.map(([r, p]) => rec(r, p)),
            rec("CHILD", { name: "Baby Ngata", age: babyAge, yearly: 0, disabled: false }),
            { type: "TENANCY", landlord: "Harbour Homes", weekly_rent: `${cur}${weekly}`, bond_paid: true },
          ];
          const read = readJson(inputs, state, "2026-11-29");
          const monthly = (p: { yearly: number }) => p.yearly / 12;
          expect(read.applicant?.value).toEqual({ name: head.name, age: head.age, income: monthly(head), disabled: head.disabled });
          expect(read.members?.value).toEqual([
            ...others.map(([, p]) => ({ name: p.name, age: p.age, income: monthly(p), disabled: p.disabled })),
            { name: "Baby Ngata", age: babyYears, income: 0, disabled: false },
          ]);
          expect(read.members!.confidence).toBeLessThan(0.9);
          expect(read["monthly rent"]?.value).toBeCloseTo((weekly * 52) / 12, 2);
        },
      ),
      { numRuns: 40 },
    );
  });
  it("answers nothing for a yes/no field whose value says nothing is known", () => {
    const state = [
      { rel: "HEAD", full_name: "Mei Chen", age_yrs: 40, income: { annual_gross: "$24,000" }, disability: "unknown - not stated" },
      { rel: "CHILD", full_name: "Li Chen", age_yrs: 9, income: { annual_gross: "$0" }, disability: "none" },
    ];
    expect(readJson(inputs, state, "2026-11-29").applicant).toBeUndefined();
  });
});
