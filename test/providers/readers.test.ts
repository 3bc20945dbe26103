import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { afterTuning, evaluateFixtures, FIXTURES, figures, loadFixtures } from "../../scripts/eval-reader.js";
import { parseDateString } from "../../src/providers/readers/dates.js";
import { jsonReader, readJson } from "../../src/providers/readers/json-reader.js";
import { parseAmount } from "../../src/providers/readers/numbers.js";
import { readText, textReader } from "../../src/providers/readers/text-reader.js";
import type { ReadValue } from "../../src/providers/types.js";
import { inputsOf, sample } from "./helpers.js";

const lending = sample("lending");
const claims = sample("claims-triage");
const kyc = sample("kyc-risk");
const pricing = sample("pricing");

/**
 * The whole labelled evidence read once for the three tests that score it (over a thousand cases:
 * a minute and more on a loaded machine, hence their own time limit).
 */
let evaluation: Promise<Awaited<ReturnType<typeof evaluateFixtures>>> | undefined;
const evaluated = () => (evaluation ??= evaluateFixtures());
const EVALUATION_MS = 300_000;

const values = (r: Record<string, ReadValue>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.value]));

describe("amounts and dates", () => {
  it.each([
    ["42", 42],
    ["1,234.50", 1234.5],
    ["$52,000", 52000],
    ["52k", 52000],
    ["USD 1.2m", 1200000],
    ["twenty-five", 25],
    ["-3.5", -3.5],
    ["12%", 12],
  ])("%s → %s", (text, value) => expect(parseAmount(text)?.value).toBe(value));

  it("reads percent signs and periods", () => {
    expect(parseAmount("12 %")).toMatchObject({ value: 12, percent: true });
    expect(parseAmount("4,000 a month")).toMatchObject({ value: 4000, period: "month" });
    expect(parseAmount("$90k p.a.")).toMatchObject({ value: 90000, period: "year", currency: "USD" });
    expect(parseAmount("about 12")).toBeUndefined();
  });

  it("dates: ISO, words, US month-first slashes unless the first part exceeds 12, dotted day-first", () => {
    expect(parseDateString("2026-01-03")).toEqual({ iso: "2026-01-03", exact: true });
    expect(parseDateString("3 Jan 2026")?.iso).toBe("2026-01-03");
    expect(parseDateString("01/03/2026")?.iso).toBe("2026-01-03");
    expect(parseDateString("13/01/2026")?.iso).toBe("2026-01-13");
    expect(parseDateString("03.01.2026")?.iso).toBe("2026-01-03");
    expect(parseDateString("2026-01-03T10:00:00Z")?.iso).toBe("2026-01-03");
    expect(parseDateString("2026-02-30")).toBeUndefined();
    expect(parseDateString("see the file")).toBeUndefined();
  });
});

describe("JSON reader", () => {
  it("never reads an input from a key that gives another input by its exact name", async () => {
    // every other key holds a value the asked input would accept, so only its name can rule it out
    const EXAMPLE: Record<string, unknown> = { number: 7, boolean: true, date: "2026-01-05", string: "x" };
    let compared = 0;
    for (const model of [lending, claims, kyc, pricing]) {
      for (const asked of model.ir.inputs) {
        const example = asked.options ? Object.keys(asked.options)[0] : EXAMPLE[asked.type.kind];
        if (example === undefined) continue;
        const given = Object.fromEntries(model.ir.inputs.filter((i) => i !== asked).map((i) => [i.name, example]));
        const { values: got } = await jsonReader.read({ inputs: [asked], schema: model.inputSchema, state: given, mode: "fast" });
        expect(got[asked.name]).toBeUndefined();
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it("matches keys by normalised name at any depth and reports the JSON Pointer", () => {
    const got = readJson(lending.ir.inputs, { applicant: { CreditScore: 700, "annual-income": 50000 }, loan: { amount: 9000 } });
    expect(values(got)).toMatchObject({ "credit score": 700, "annual income": 50000, "loan amount": 9000 });
    expect(got["credit score"]!.source).toEqual({ path: "/applicant/CreditScore", text: "700" });
    expect(got["loan amount"]!.source!.path).toBe("/loan/amount");
  });

  it("gives confidence 1 only to the exact key with a value that needs no coercion", () => {
    const got = readJson(lending.ir.inputs, { "credit score": 700, creditScore2: 1, monthly_debt: "1,500", employment: "Salaried" });
    expect(got["credit score"]!.confidence).toBe(1);
    expect(got["monthly debt"]!.value).toBe(1500);
    expect(got["monthly debt"]!.confidence).toBeLessThan(1);
    expect(got.employment).toMatchObject({ value: "salaried" });
    expect(got.employment!.confidence).toBeLessThan(1);
  });

  it("follows `from` hints as dotted paths and JSON Pointers", () => {
    const inputs = inputsOf({
      income: { type: "number", desc: "yearly income", from: "applicant.finances.gross" },
      score: { type: "number", desc: "credit score", from: "/bureau/0/value" },
    });
    const got = readJson(inputs, { applicant: { finances: { gross: "61,000", net: 45000 } }, bureau: [{ value: 640 }] });
    expect(got.income).toMatchObject({ value: 61000, source: { path: "/applicant/finances/gross" } });
    expect(got.score).toMatchObject({ value: 640, source: { path: "/bureau/0/value" } });
  });

  it("finds keys through synonyms and desc words, and converts periods", () => {
    const got = readJson(lending.ir.inputs, { salary: 80000, fico: 701, monthly_obligations: 300, requested: 4000 });
    expect(values(got)).toMatchObject({ "annual income": 80000, "credit score": 701, "monthly debt": 300, "loan amount": 4000 });
    const monthly = readJson(lending.ir.inputs, { monthlyIncome: 5000 });
    expect(monthly["annual income"]!.value).toBe(60000);
    expect(monthly["annual income"]!.confidence).toBeLessThan(0.8);
  });

  it("coerces booleans, dates, percentages and choices by meaning", () => {
    const inputs = inputsOf({
      flag: { type: "boolean", desc: "Is it flagged?" },
      when: { type: "date", desc: "When did it happen?" },
      share: { type: "number [0..1]", desc: "What share is paid?" },
      pct: { type: "number [0..100]", desc: "What percent is paid?" },
      kind: { type: "a|b", desc: "Which kind?", options: { a: "a natural person", b: "a company or partnership" } },
    });
    for (const [raw, want] of [
      ["yes", true],
      ["no", false],
      ["y", true],
      ["true", true],
      ["N", false],
    ] as const)
      expect(readJson(inputs, { flag: raw, other: 1 }).flag!.value).toBe(want);
    const got = readJson(inputs, { when: "3 Jan 2026", share: "12%", pct: "12%", kind: "Partnership" });
    expect(values(got)).toEqual({ when: "2026-01-03", share: 0.12, pct: 12, kind: "b" });
  });

  it("reads structs and lists field by field", () => {
    const eligibility = sample("eligibility");
    const got = readJson(eligibility.ir.inputs, {
      Applicant: { Name: "Ana", Age: "34", monthlyIncome: "1,400", hasDisability: "no" },
      household_members: { name: "Leo", age: 4, income: 0, disabled: false },
    });
    expect(got.applicant!.value).toEqual({ name: "Ana", age: 34, income: 1400, disabled: false });
    expect(got.members!.value).toEqual([{ name: "Leo", age: 4, income: 0, disabled: false }]);
  });

  it("reads name/value record lists and the prose inside string values", () => {
    const got = readJson(claims.ir.inputs, {
      facts: [{ field: "Claim Type", value: "theft" }],
      notes: "The claim was reported on 2026-02-11; the theft happened on 2026-02-08 and the policy started on 2025-01-01. Claimed: $900.",
    });
    expect(values(got)).toMatchObject({
      "claim type": "theft",
      "report date": "2026-02-11",
      "incident date": "2026-02-08",
      "policy start": "2025-01-01",
      "claim amount": 900,
    });
    expect(got["claim type"]!.source!.path).toBe("/facts/0/value");
    expect(got["report date"]!.source!.path).toBe("/notes");
    expect(got["report date"]!.source!.span).toBeDefined();
  });

  it("leaves out what it cannot find or coerce", async () => {
    const got = await jsonReader.read({
      inputs: lending.ir.inputs,
      schema: lending.inputSchema,
      state: { credit_score: "excellent", colour: "red" },
      mode: "fast",
    });
    expect(got.values).toEqual({});
    expect(got.usage).toEqual({ input_tokens: 0, output_tokens: 0 });
  });
});

describe("text reader", () => {
  it("reads currencies and multipliers near their cue words, ignoring distractor numbers", () => {
    const text =
      "Ref 20931. The applicant, 44, has a credit score of 701 and earns 52k a year. She owes $1,100 each month and asks to borrow USD 1.2m. Her employer has 3,400 staff.";
    const got = readText(lending.ir.inputs, text);
    expect(values(got)).toMatchObject({ "credit score": 701, "annual income": 52000, "monthly debt": 1100, "loan amount": 1200000 });
    const span = got["annual income"]!.source!.span!;
    expect(text.slice(span.start, span.end)).toBe(got["annual income"]!.source!.text);
    expect(got["annual income"]!.source!.text).toBe("52k a year");
  });

  it("reads percentages for percent inputs, as fractions when the type is bounded by 1", () => {
    expect(values(readText(pricing.ir.inputs, "The coupon is 15%. Renewals rise 4 percent each year."))).toMatchObject({
      "coupon percent": 15,
      "annual uplift": 4,
    });
    const inputs = inputsOf({ "tax rate": { type: "number [0..1]", desc: "What tax rate applies?" } });
    expect(readText(inputs, "A tax rate of 12% applies.")["tax rate"]!.value).toBe(0.12);
  });

  it("resolves relative dates against the date the text states", () => {
    const text = "Today is 2026-03-01. The accident happened 3 weeks ago and was reported yesterday. The policy started on 5 March 2024.";
    expect(values(readText(claims.ir.inputs, text))).toMatchObject({
      "incident date": "2026-02-08",
      "report date": "2026-02-28",
      "policy start": "2024-03-05",
    });
    const tuesday = readText(claims.ir.inputs, "Today is 2026-03-05. The incident happened last Tuesday.");
    expect(tuesday["incident date"]!.value).toBe("2026-03-03");
  });

  it("gives an implied year a lower confidence", () => {
    const got = readText(claims.ir.inputs, "Today is 2026-03-20. The incident happened on 5 March. The policy started on 5 January 2025.");
    expect(got["incident date"]!.value).toBe("2026-03-05");
    expect(got["incident date"]!.confidence).toBeLessThan(got["policy start"]!.confidence);
  });

  it("reads affirmed and negated booleans", () => {
    const inputs = inputsOf({
      "prior claims": { type: "boolean", desc: "Has the policyholder made prior claims?" },
      pep: { type: "boolean", desc: "Is the customer a politically exposed person?" },
    });
    expect(values(readText(inputs, "The policyholder has no prior claims. The customer is a PEP."))).toEqual({
      "prior claims": false,
      pep: true,
    });
    expect(values(readText(inputs, "She has made two prior claims, and she is not a politically exposed person."))).toEqual({
      "prior claims": true,
      pep: false,
    });
    expect(values(readText(inputs, "PEP: no. Prior claims: yes."))).toEqual({ "prior claims": true, pep: false });
    const pep = readText(inputs, "The customer is a politically exposed person.").pep!;
    expect(pep.confidence).toBeGreaterThanOrEqual(0.9);
    expect(pep.alternatives).toEqual([{ value: false, p: expect.closeTo(1 - pep.confidence, 6) }]);
  });

  it("reads choices by option name and by meaning, spreading probability over close options", () => {
    expect(readText(lending.ir.inputs, "The applicant is a contractor.").employment!.value).toBe("contractor");
    expect(readText(lending.ir.inputs, "She receives a pension and has no salary.").employment!.value).toBe("retired");
    const got = readText(
      kyc.ir.inputs,
      "The customer is a company in a high-risk country; the product is a savings account with domestic transfers only.",
    );
    expect(values(got)).toMatchObject({ "customer type": "business", "country risk": "high", "product risk": "low" });
    const both = readText(claims.ir.inputs, "The claim is for a collision in which the driver was injured.")["claim type"]!;
    expect(["collision", "injury"]).toContain(both.value);
    expect(both.alternatives!.map((a) => a.value)).toContain(both.value === "collision" ? "injury" : "collision");
    expect(both.confidence + both.alternatives!.reduce((s, a) => s + a.p, 0)).toBeLessThanOrEqual(1 + 1e-9);
  });

  it("does not take an option that the text denies", () => {
    expect(readText(lending.ir.inputs, "The applicant is not retired; she is salaried.").employment!.value).toBe("salaried");
  });

  it("never answers string inputs from text, nor a person record the text does not establish whole", async () => {
    const inputs = inputsOf({
      name: { type: "string", desc: "What is the customer's name?" },
      age: { type: "number", desc: "How old is the customer?" },
    });
    const got = await textReader.read({ inputs, schema: {}, state: "The customer's name is Ana and she is 34 years old.", mode: "fast" });
    expect(got.values).toEqual({ age: expect.objectContaining({ value: 34 }) });
    expect(readText(sample("eligibility").ir.inputs, "The applicant Ana is 34 and earns $1,400 a month.")).not.toHaveProperty("applicant");
  });

  it("is deterministic and finds nothing in unrelated text", () => {
    const text = "The weather in Lisbon was pleasant all week.";
    expect(readText(lending.ir.inputs, text)).toEqual({});
    const t = "Credit score 690, salary $70,000 a year, debts $500 a month, loan $9,000, salaried.";
    expect(readText(lending.ir.inputs, t)).toEqual(readText(lending.ir.inputs, t));
  });
});

describe("accuracy on the labelled evidence", () => {
  /**
   * Measured with `npm run eval:reader` when the floors were set: 98.9% overall (281/284 values
   * over 53 cases), 94.9% on the held-out cases (56/59). The floors sit about 4 points below, so
   * a change that breaks a reader feature fails here while small scoring shifts do not.
   */
  const OVERALL_FLOOR = 0.95;
  const HOLDOUT_FLOOR = 0.9;

  it("has at least 40 cases covering every sample and both state kinds", () => {
    const fixtures = loadFixtures();
    expect(fixtures.length).toBeGreaterThanOrEqual(40);
    // the five samples, and small models in test/fixtures/evidence/models/ (property claims; the
    // loan application and motor quote of the unseen split; household totals, counted and summed
    // from listed records)
    expect(new Set(fixtures.map((f) => f.sample))).toEqual(
      new Set([
        "lending",
        "claims-triage",
        "kyc-risk",
        "pricing",
        "eligibility",
        "property-claims",
        "loan-application",
        "motor-quote",
        "household-totals",
      ]),
    );
    expect(fixtures.some((f) => typeof f.state === "string")).toBe(true);
    expect(fixtures.some((f) => typeof f.state !== "string")).toBe(true);
    expect(fixtures.some((f) => f.reference_date)).toBe(true);
  });

  it(
    "stays above the floors",
    async () => {
      // the floors were set on the dev and holdout splits; blind and fresh have their own figures below
      const checks = (await evaluated()).filter((c) => c.split === "dev" || c.split === "holdout");
      const rate = (cs: typeof checks) => cs.filter((c) => c.ok).length / cs.length;
      expect(rate(checks)).toBeGreaterThanOrEqual(OVERALL_FLOOR);
      expect(rate(checks.filter((c) => c.split === "holdout"))).toBeGreaterThanOrEqual(HOLDOUT_FLOOR);
      for (const kind of ["number", "date", "boolean", "choice", "levels", "struct", "list"])
        expect(checks.some((c) => c.kind === kind)).toBe(true);
    },
    EVALUATION_MS,
  );
});

describe("confidence on the labelled evidence", () => {
  /**
   * Measured with `npm run eval:reader` when these bounds were set (bench/READER-EVAL.md):
   * expected calibration error 0.135 on dev, 0.153 on holdout, 0.113 on blind; no wrong value
   * above 0.9 on holdout or blind; blind accuracy 87.3%. The bounds leave a margin of about 0.04
   * (ECE) and 4 points (accuracy) for small scoring shifts.
   */
  const ECE_BOUND = { dev: 0.18, holdout: 0.2, blind: 0.15, fresh: 0.11, unseen: 0.24 } as const;
  const BLIND_FLOOR = 0.83;
  /**
   * The fresh split (70 cases written after the calibration work, committed before the readers
   * ran on them): 76.2% at its first run, 81.2% after the changes its errors led to; ECE 0.041 then, 0.073 after.
   */
  const FRESH_FLOOR = 0.76;
  /**
   * The unseen split (24 cases for the move onto the English model, committed before the readers
   * ran on them): 73.7% at its first run, 93.2% after; ECE 0.089 then, 0.200 after (caution:
   * values between 0.6 and 0.9 are right more often than they say).
   */
  const UNSEEN_FLOOR = 0.9;

  it("has at least 60 blind cases, written before the calibration work and never tuned on, with facts left unstated", () => {
    const blind = loadFixtures().filter((f) => f.split === "blind");
    expect(blind.length).toBeGreaterThanOrEqual(60);
    expect(blind.some((f) => Object.values(f.expected).some((v) => v === null))).toBe(true);
    expect(blind.filter((f) => typeof f.state === "string").length).toBeGreaterThan(blind.length / 2);
  });

  it("has at least 60 fresh cases over every sample, mostly text, with facts left unstated", () => {
    const fresh = loadFixtures().filter((f) => f.split === "fresh");
    expect(fresh.length).toBeGreaterThanOrEqual(60);
    // every sample model the cases use (the models in test/fixtures/evidence/models/ came with later cases)
    const samples = loadFixtures().filter((f) => existsSync(join(FIXTURES, "..", "..", "..", "samples", f.sample)));
    const freshSamples = new Set(fresh.map((f) => f.sample));
    expect(samples.length).toBeGreaterThan(0);
    for (const f of samples) expect(freshSamples).toContain(f.sample);
    expect(fresh.some((f) => Object.values(f.expected).some((v) => v === null))).toBe(true);
    expect(fresh.filter((f) => typeof f.state === "string").length).toBeGreaterThan(fresh.length / 2);
  });

  it(
    "no value read from evidence written after the tuning is wrong with confidence above 0.9",
    async () => {
      const unseen = (await evaluated()).filter(afterTuning);
      const wrongAndSure = unseen.filter((c) => c.answered && !c.ok && (c.confidence ?? 1) > 0.9);
      expect(wrongAndSure.map((c) => `${c.file} ${c.input}: ${JSON.stringify(c.got)} at ${c.confidence}`)).toEqual([]);
      expect(figures(unseen).wrongAbove90).toBe(0);
    },
    EVALUATION_MS,
  );

  it(
    "keeps the calibration error of each split under its bound, and the blind and fresh accuracy above their floors",
    async () => {
      const checks = await evaluated();
      for (const split of ["dev", "holdout", "blind", "fresh", "unseen"] as const) {
        const f = figures(checks.filter((c) => c.split === split));
        expect(f.answered).toBeGreaterThan(0);
        expect(f.ece).toBeLessThan(ECE_BOUND[split]);
      }
      expect(figures(checks.filter((c) => c.split === "blind")).accuracy).toBeGreaterThanOrEqual(BLIND_FLOOR);
      expect(figures(checks.filter((c) => c.split === "fresh")).accuracy).toBeGreaterThanOrEqual(FRESH_FLOOR);
      expect(figures(checks.filter((c) => c.split === "unseen")).accuracy).toBeGreaterThanOrEqual(UNSEEN_FLOOR);
    },
    EVALUATION_MS,
  );
});
