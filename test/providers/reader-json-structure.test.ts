// The JSON reader on exports shaped unlike the model: records found by their shape, lists summed
// or counted only for inputs that ask for it, branches of another time, coded values and
// durations. Generated states, so that no one spelling carries the result.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel, type CompiledModel } from "../../src/compiler/index.js";
import type { InputIR } from "../../src/ir/ir.js";
import { readJson } from "../../src/providers/readers/json-reader.js";

function compiled(model: Parameters<typeof compileModel>[0]): CompiledModel {
  const r = compileModel(model);
  if (!r.ok) throw new Error("the model does not compile");
  return r.model;
}
const sample = (name: string): CompiledModel =>
  compiled(JSON.parse(readFileSync(new URL(`../../samples/${name}/model.json`, import.meta.url), "utf8")));
/** Inputs declared as in a model's `inputs`, through the real analyser. */
const inputsOf = (inputs: Record<string, unknown>): InputIR[] =>
  compiled({
    content: {
      name: "t",
      inputs,
      decisions: {
        echo: `count([${Object.keys(inputs)
          .map(() => "1")
          .join(", ")}])`,
      },
    },
  }).ir.inputs;

const eligibility = sample("eligibility");
const lending = sample("lending");
const kyc = sample("kyc-risk");
const pricing = sample("pricing");
const REFERENCE = "2026-11-29";

const KEYS = {
  name: ["name", "nm", "full_name", "fullName", "person_nm"],
  age: ["age", "age_yrs", "yearsOld", "ageInYears"],
  income: ["income", "inc_mo", "monthlyIncome", "mthly_income", "income_monthly"],
  disabled: ["disabled", "dis_yn", "hasDisability", "disability", "disabled_flag"],
} as const;
/** Group keys that name neither the applicant nor the members. */
const GROUPS = ["primary", "hh_head", "p1", "main_contact", "head"];
const LISTS = ["others", "hh_mbrs", "co_residents", "dependants", "rest"];

const person = fc.record({
  name: fc.constantFrom("Ana Lima", "Kofi Mensah", "Lena Berg", "Omar Said"),
  age: fc.integer({ min: 0, max: 99 }),
  income: fc.integer({ min: 0, max: 9000 }),
  disabled: fc.boolean(),
});
const spelling = fc.record({
  name: fc.constantFrom(...KEYS.name),
  age: fc.constantFrom(...KEYS.age),
  income: fc.constantFrom(...KEYS.income),
  disabled: fc.constantFrom(...KEYS.disabled),
});
type Person = { name: string; age: number; income: number; disabled: boolean };
type Spelling = { name: string; age: string; income: string; disabled: string };
const written = (p: Person, s: Spelling, yn: boolean) => ({
  [s.name]: p.name,
  [s.age]: String(p.age),
  [s.income]: `$${p.income.toLocaleString("en-US")}`,
  [s.disabled]: yn ? (p.disabled ? "Y" : "N") : p.disabled,
});

describe("records and lists read by their shape", () => {
  it("the one record outside any list is the applicant, the one list of such records the members", () => {
    fc.assert(
      fc.property(
        person,
        fc.array(person, { minLength: 1, maxLength: 4 }),
        spelling,
        fc.constantFrom(...GROUPS),
        fc.constantFrom(...LISTS),
        fc.boolean(),
        (applicant, members, s, group, list, yn) => {
          const state = { [group]: written(applicant, s, yn), [list]: members.map((m) => written(m, s, yn)), note_id: "X-1" };
          const got = readJson(eligibility.ir.inputs, state, REFERENCE);
          expect(got.applicant?.value).toEqual(applicant);
          expect(got.members?.value).toEqual(members);
          // found by shape, not named: never sure enough for a threshold of 0.9
          expect(got.applicant!.confidence).toBeLessThan(0.9);
          expect(got.members!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("two records that could be the applicant answer nothing", () => {
    fc.assert(
      fc.property(person, person, spelling, (a, b, s) => {
        const got = readJson(eligibility.ir.inputs, { first: written(a, s, false), second: written(b, s, false) }, REFERENCE);
        expect(got.applicant).toBeUndefined();
      }),
      { numRuns: 20 },
    );
  });
});

describe("totals and counts only when asked", () => {
  const totals = inputsOf({
    "total debt": { type: "number >= 0", desc: "What is the total outstanding balance of the applicant's debts, in dollars?" },
    "monthly obligations": { type: "number >= 0", desc: "How many dollars does the applicant pay each month on all debts together?" },
    "requested amount": { type: "number > 0", desc: "How many dollars does the applicant ask to borrow?" },
    "household size": { type: "number [1..20]", desc: "How many people live in the household, the applicant included?" },
  });
  const debt = fc.record({ balance: fc.integer({ min: 100, max: 50000 }), payment: fc.integer({ min: 10, max: 2000 }) });

  it("sums the balances for a total and the monthly payments for a monthly total, never the request", () => {
    fc.assert(
      fc.property(fc.array(debt, { minLength: 2, maxLength: 5 }), (debts) => {
        const state = {
          debts: debts.map((d, i) => ({ lender: `L${i}`, balance: `$${d.balance}`, monthly_payment: d.payment })),
          existing_loans: debts.map((d) => ({ amt: d.balance })),
        };
        const got = readJson(totals, state, REFERENCE);
        expect(got["total debt"]?.value).toBe(debts.reduce((s, d) => s + d.balance, 0));
        expect(got["monthly obligations"]?.value).toBe(debts.reduce((s, d) => s + d.payment, 0));
        expect(got["requested amount"]).toBeUndefined();
        expect(got["total debt"]!.confidence).toBeLessThan(0.9);
      }),
      { numRuns: 40 },
    );
  });
  it("leaves a closed or paid-off debt out of a current total", () => {
    const status = fc.constantFrom("OPEN", "active", "current");
    const ended = fc.constantFrom("CLOSED", "paid off", "Settled", "cancelled");
    fc.assert(
      fc.property(fc.array(debt, { minLength: 2, maxLength: 4 }), debt, status, ended, (open, closed, s, e) => {
        const listed = open.map((d) => ({ balance: d.balance, monthly_payment: d.payment, status: s }));
        const state = { debts: [...listed, { balance: closed.balance, monthly_payment: closed.payment, status: e }] };
        const got = readJson(totals, state, REFERENCE);
        expect(got["monthly obligations"]?.value).toBe(open.reduce((sum, d) => sum + d.payment, 0));
        expect(got["total debt"]?.value).toBe(open.reduce((sum, d) => sum + d.balance, 0));
      }),
      { numRuns: 30 },
    );
  });

  it("counts the applicant with the members of its shape for the household's size", () => {
    fc.assert(
      fc.property(person, fc.array(person, { minLength: 1, maxLength: 6 }), spelling, (applicant, members, s) => {
        const state = { applicant: written(applicant, s, false), members: members.map((m) => written(m, s, false)) };
        expect(readJson(totals, state, REFERENCE)["household size"]?.value).toBe(members.length + 1);
      }),
      { numRuns: 30 },
    );
  });

  it("a field of one listed record answers no input on its own", () => {
    const got = readJson(lending.ir.inputs, { obligations: [{ monthly: 210 }, { monthly: 45 }, { monthly: 99 }], fico: 700 }, REFERENCE);
    // "on existing debts" asks for all of them: the sum, not one
    expect(got["monthly debt"]?.value).toBe(354);
    const one = readJson(lending.ir.inputs, { accounts: [{ monthly_payment: 210 }, { monthly_payment: 45 }], fico: 700 }, REFERENCE);
    expect(one["monthly debt"]).toBeUndefined();
  });
});

describe("branches of another time", () => {
  it("a current value wins over a previous one, and a previous one alone answers nothing", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 300, max: 850 }),
        fc.integer({ min: 300, max: 850 }),
        fc.constantFrom("previous", "history", "old_record", "prior_application", "archived"),
        (now, before, branch) => {
          expect(
            readJson(lending.ir.inputs, { [branch]: { credit_score: before }, credit_score: now }, REFERENCE)["credit score"]?.value,
          ).toBe(now);
          expect(
            readJson(lending.ir.inputs, { [branch]: { credit_score: before }, fico_pulled: "2026-01-02" }, REFERENCE)["credit score"],
          ).toBeUndefined();
          expect(readJson(lending.ir.inputs, { score: { previous: before, current: now } }, REFERENCE)["credit score"]?.value).toBe(now);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("a record of a fact is not another time ('credit_history')", () => {
    expect(readJson(lending.ir.inputs, { credit_history: { score: 712 } }, REFERENCE)["credit score"]?.value).toBe(712);
  });
});

describe("the one date left", () => {
  const claims = sample("claims-triage");
  it("goes to the one date input no key names, never a birth, a document's or a record's own date", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("valid_since", "in_force_since", "active_since", "valid_from"),
        fc.constantFrom("dob", "date_of_birth", "created_at", "passport_expiry", "exported"),
        (key, other) => {
          const base = { date_of_accident: "2026-04-28", notified_on: "2026-04-30" };
          const got = readJson(claims.ir.inputs, { ...base, [key]: "2025-09-01" }, REFERENCE)["policy start"];
          expect(got?.value).toBe("2025-09-01");
          expect(got!.confidence).toBeLessThanOrEqual(0.5);
          expect(readJson(claims.ir.inputs, { ...base, [other]: "1990-02-03" }, REFERENCE)["policy start"]).toBeUndefined();
        },
      ),
      { numRuns: 15 },
    );
  });
  it("a key naming the cover names the policy: its start is read by the name, above what the one date left gets", () => {
    const base = { date_of_accident: "2026-04-28", notified_on: "2026-04-30" };
    for (const key of ["cover_from", "cover_begins"]) {
      const got = readJson(claims.ir.inputs, { ...base, [key]: "2025-09-01" }, REFERENCE)["policy start"];
      expect(got?.value).toBe("2025-09-01");
      expect(got!.confidence).toBeGreaterThan(0.5);
    }
  });
});

describe("coded values and units", () => {
  it("converts a term in months to whole years, and gives nothing for a part of a year", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.constantFrom("term_mo", "termMonths", "contract_length_months"), (years, key) => {
        expect(readJson(pricing.ir.inputs, { [key]: years * 12 }, REFERENCE)["contract years"]?.value).toBe(years);
        expect(readJson(pricing.ir.inputs, { term: `${years * 12} months` }, REFERENCE)["contract years"]?.value).toBe(years);
        expect(readJson(pricing.ir.inputs, { [key]: years * 12 + 5 }, REFERENCE)["contract years"]).toBeUndefined();
      }),
      { numRuns: 15 },
    );
  });

  it("reads one-letter level codes only where the options' initials differ", () => {
    for (const [code, level] of [
      ["H", "high"],
      ["M", "medium"],
      ["L", "low"],
    ])
      expect(readJson(kyc.ir.inputs, { ctry_rating: code }, REFERENCE)["country risk"]?.value).toBe(level);
    const same = inputsOf({ grade: { type: "mild|moderate|severe", desc: "How bad is it?" } });
    expect(readJson(same, { grade: "M", other: 1 }, REFERENCE).grade).toBeUndefined();
  });

  it("reads short coded answers: a denial is false, the question's own words are true, anything else nothing", () => {
    const read = (v: string) => readJson(kyc.ir.inputs, { adverse_media: v, pep_flag: "N" }, REFERENCE)["adverse media"]?.value;
    expect(read("no hits")).toBe(false);
    expect(read("none found")).toBe(false);
    expect(read("relevant hit")).toBe(true);
    expect(read("pending")).toBeUndefined();
    expect(read("N/A - screening failed")).toBeUndefined();
  });

  it("meets abbreviated multi-word names and initials", () => {
    const got = readJson(lending.ir.inputs, { bureau_scr: "702", emp_type: "PERM FT", mthly_oblig: "$1,140" }, REFERENCE);
    expect(got["credit score"]?.value).toBe(702);
    expect(got.employment?.value).toBe("salaried");
    expect(got["monthly debt"]?.value).toBe(1140);
  });
});

describe("percents stored as fractions or basis points", () => {
  it("reads basis points as a percent, and a fraction as a percent less surely", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 2000 }), (coupon, bps) => {
        const state = { deal: { coupon_pct: coupon / 100, escalator_bps: bps, qty: 10 } };
        const got = readJson(pricing.ir.inputs, state, REFERENCE);
        expect(got["coupon percent"]?.value).toBeCloseTo(coupon, 9);
        expect(got["annual uplift"]?.value).toBeCloseTo(bps / 100, 9);
        // a fraction may be a small percent: never as sure as the basis points the key names
        expect(got["coupon percent"]!.confidence).toBeLessThan(got["annual uplift"]!.confidence);
        expect(got["coupon percent"]!.confidence).toBeLessThanOrEqual(0.6);
      }),
      { numRuns: 30 },
    );
  });
  it("leaves a percent of 1 or more as written", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (coupon) => {
        expect(readJson(pricing.ir.inputs, { deal: { coupon_pct: coupon, qty: 10 } }, REFERENCE)["coupon percent"]?.value).toBe(coupon);
      }),
      { numRuns: 20 },
    );
  });
});

describe("an option coded by letters of its name as written", () => {
  it("reads 'RTD' and 'UNEMPD', and no short word that happens to share letters", () => {
    const read = (code: string) => readJson(lending.ir.inputs, { app: { emp_status: code, fico: 700 } }, REFERENCE).employment?.value;
    fc.assert(
      fc.property(fc.constantFrom("RTD", "rtd", "Retd", "UNEMPD", "unempd"), (code) => {
        expect(read(code)).toBe(code.toLowerCase().startsWith("u") ? "unemployed" : "retired");
      }),
      { numRuns: 10 },
    );
    // two consonants are too few to be a code of a name: "rtd" is one, "rid" and "rod" are not
    for (const word of ["rid", "rod", "sad"]) expect(read(word)).toBeUndefined();
  });
});

describe("an amount with its period beside it", () => {
  const PER = {
    month: ["MONTH", "MONTHLY", "per_month", "SEAT_MONTH", "mth"],
    year: ["YEAR", "ANNUAL", "yearly", "p.a.", "USER_YEAR"],
  } as const;
  it("converts an amount object to the input's period by its period key, read at the object or at its amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 20_000 }),
        fc.constantFrom("month", "year"),
        fc.constantFrom("period", "per", "frequency"),
        fc.constantFrom("amount", "value"),
        fc.nat(4),
        (amount, period, key, inner, pick) => {
          const word = PER[period][pick % PER[period].length]!;
          const state = { borrower: { salary: { [inner]: amount, [key]: word, currency: "USD" }, fico: 700 } };
          const got = readJson(lending.ir.inputs, state, REFERENCE)["annual income"];
          expect(got?.value).toBeCloseTo(period === "month" ? amount * 12 : amount, 6);
        },
      ),
      { numRuns: 40 },
    );
  });
  it("keeps the amount as it stands when the object names no period, or two", () => {
    for (const per of [undefined, "MONTH_OR_YEAR"]) {
      const state = { borrower: { salary: { amount: 4800, ...(per ? { period: per } : {}) }, fico: 700 } };
      expect(readJson(lending.ir.inputs, state, REFERENCE)["annual income"]?.value).toBe(4800);
    }
  });
});

describe("keys that give only a unit, codes described beside them, denied answers", () => {
  it("reads a percent under a key that names the fact and a leaf that names only its unit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1500 }), fc.integer({ min: 1, max: 40 }), (bps, pct) => {
        const state = { deal: { qty: 10, escalator: { bps }, coupon: { code: "X1", pct } } };
        const got = readJson(pricing.ir.inputs, state, REFERENCE);
        expect(got["annual uplift"]?.value).toBeCloseTo(bps / 100, 9);
        expect(got["coupon percent"]?.value).toBe(pct);
      }),
      { numRuns: 25 },
    );
  });
  it("reads a code's description beside it, not the code", () => {
    const loan = inputsOf({
      employment: {
        type: "employed|freelance|retired",
        desc: "What is the applicant's employment status?",
        options: { employed: "works for an employer for a wage", freelance: "self-employed", retired: "stopped working" },
      },
    });
    for (const [code, description] of [
      ["FT", "Full-time employee"],
      ["R", "Retired since 2019"],
      ["F", "Employee of a school"],
    ] as const) {
      const got = readJson(loan, { emp: { code, description } }, REFERENCE).employment;
      expect(got?.value, `${code}: ${description}`).toBe(description.startsWith("Retired") ? "retired" : "employed");
    }
  });
  it("reads 'not' or 'non' before the question's own word as false, before another word as nothing", () => {
    for (const value of ["NOT_EXEMPT", "non-exempt", "Not exempt"])
      expect(readJson(pricing.ir.inputs, { qty: 5, tax: { exemption_status: value } }, REFERENCE)["tax exempt"]?.value, value).toBe(false);
    for (const value of ["not run", "not checked yet", "non applicable"])
      expect(readJson(pricing.ir.inputs, { qty: 5, tax: { exemption_status: value } }, REFERENCE)["tax exempt"], value).toBeUndefined();
  });
});

describe("an amount record that names its own kind", () => {
  it("answers the input its type names, in the period it states, and no other", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 5000 }),
        fc.constantFrom("RENT", "Rent", "rental"),
        fc.constantFrom("type", "kind", "category"),
        (amount, kind, key) => {
          const state = { case: "C-1", housingCost: { [key]: kind, amount, period: "MONTH" } };
          expect(readJson(eligibility.ir.inputs, state, REFERENCE)["monthly rent"]?.value).toBe(amount);
          const other = { case: "C-1", housingCost: { [key]: "MORTGAGE", amount, period: "MONTH" } };
          expect(readJson(eligibility.ir.inputs, other, REFERENCE)["monthly rent"]).toBeUndefined();
        },
      ),
      { numRuns: 20 },
    );
  });
});
