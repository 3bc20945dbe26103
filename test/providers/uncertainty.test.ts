import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readState } from "../../src/providers/read-state.js";
import type { Reader, ReadResult, ReadValue } from "../../src/providers/types.js";
import { answersUnderUncertainty, distributionOf } from "../../src/providers/uncertainty.js";
import { compile, sample } from "./helpers.js";

/** review = pep or level = "high"; fee = if pep then 100 else 50; grade = level; note = blank flag */
const model = compile({
  content: {
    name: "toy",
    inputs: {
      pep: { type: "boolean", desc: "Is the customer a politically exposed person?", threshold: 0.9 },
      level: { type: "low<medium<high", desc: "What is the country risk?" },
      flag: { type: "boolean", desc: "Did screening return a hit?", blank: true },
      name: { type: "string", desc: "What is the customer's name?", blank: true },
    },
    decisions: {
      review: 'pep or level = "high"',
      fee: "if pep then 100 else 50",
      grade: { type: "low<medium<high", expr: "level" },
      screened: "if flag = null then false else true",
    },
  },
  questions: {
    review: { type: "noul", instructions: "Review?" },
    fee: { type: "number", instructions: "Fee?" },
    grade: { type: "score", instructions: "Grade?", levels: ["low", "medium", "high"] },
    screened: { type: "noul", instructions: "Screened?" },
  },
});

const rv = (value: unknown, confidence: number, alternatives?: { value: unknown; p: number }[]): ReadValue => ({
  value,
  confidence,
  ...(alternatives ? { alternatives } : {}),
});

describe("distributions of read values", () => {
  const [pep, , flag] = model.ir.inputs;
  it("renormalises the value and its alternatives", () => {
    expect(distributionOf(pep, rv(true, 0.6, [{ value: false, p: 0.2 }]))).toEqual([
      { value: true, p: 0.75 },
      { value: false, p: 0.25 },
    ]);
  });
  it("keeps a required value whole when there are no alternatives, and gives a blank input's rest to null", () => {
    expect(distributionOf(pep, rv(true, 0.7))).toEqual([{ value: true, p: 1 }]);
    const d = distributionOf(flag, rv(true, 0.7));
    expect(d.map((o) => o.value)).toEqual([true, null]);
    expect(d[1]!.p).toBeCloseTo(0.3, 12);
  });
  it("merges a value repeated among the alternatives", () => {
    expect(
      distributionOf(
        pep,
        rv(true, 0.5, [
          { value: true, p: 0.3 },
          { value: false, p: 0.2 },
        ]),
      ),
    ).toEqual([
      { value: true, p: 0.8 },
      { value: false, p: 0.2 },
    ]);
  });
});

describe("answers under uncertainty", () => {
  const read = {
    pep: rv(true, 0.8, [{ value: false, p: 0.2 }]),
    level: rv("high", 0.5, [
      { value: "medium", p: 0.3 },
      { value: "low", p: 0.2 },
    ]),
  };

  it("enumerates the combinations exactly (hand-computed probabilities)", () => {
    const r = answersUnderUncertainty(model, {}, read);
    expect(r.uncertainty).toMatchObject({ method: "exact", combinations: 6, evaluated: 6 });
    // P(review) = 1 - P(not pep) * P(level != high) = 1 - 0.2 * 0.5
    expect(r.answers.review).toEqual({ value: true, probability: 0.9 });
    expect(r.answers.fee).toEqual({
      value: 100,
      distribution: [
        { value: 100, p: 0.8 },
        { value: 50, p: 0.2 },
      ],
    });
    expect(r.answers.grade).toEqual({ value: "high", distribution: { low: 0.2, medium: 0.3, high: 0.5 } });
    // flag was not read: it is absent, so null, in every combination
    expect(r.answers.screened).toEqual({ value: false, probability: 0 });
  });

  it("takes the decisions and trace of the most probable combination", () => {
    const r = answersUnderUncertainty(model, {}, read);
    expect(r.decisions).toEqual(model.evaluate({ pep: true, level: "high" }));
    expect(r.trace).toEqual(model.evaluateTraced({ pep: true, level: "high" }).trace);
  });

  it("gives a blank input's unassigned mass to null", () => {
    const r = answersUnderUncertainty(model, { pep: false, level: "low" }, { flag: rv(true, 0.7) });
    expect(r.answers.screened.probability).toBeCloseTo(0.7, 12);
    expect(r.uncertainty.inputs.flag!.map((o) => o.value)).toEqual([true, null]);
  });

  it("equals the point-mass answers when nothing is uncertain", () => {
    for (const name of ["lending", "claims-triage", "kyc-risk", "pricing", "eligibility"]) {
      const m = sample(name);
      const dir = new URL(`../../samples/${name}/cases/`, import.meta.url);
      for (const file of readdirSync(dir)) {
        const state = JSON.parse(readFileSync(new URL(file, dir), "utf8")).state as Record<string, unknown>;
        const names = Object.keys(state);
        const half = names.slice(0, Math.ceil(names.length / 2));
        const given = Object.fromEntries(names.filter((n) => !half.includes(n)).map((n) => [n, state[n]]));
        const asRead = Object.fromEntries(half.map((n) => [n, rv(state[n], 1)]));
        const r = answersUnderUncertainty(m, given, asRead);
        const decisions = m.evaluate(state);
        expect(r.answers, `${name}/${file}`).toEqual(m.answers(decisions));
        expect(r.decisions).toEqual(decisions);
        expect(r.uncertainty.combinations).toBe(1);
      }
    }
  });

  it("samples beyond maxCombinations, deterministically for a seed and close to the exact answer", () => {
    const a = answersUnderUncertainty(model, {}, read, { maxCombinations: 2, samples: 4000, seed: 7 });
    const b = answersUnderUncertainty(model, {}, read, { maxCombinations: 2, samples: 4000, seed: 7 });
    const c = answersUnderUncertainty(model, {}, read, { maxCombinations: 2, samples: 4000, seed: 8 });
    expect(a.uncertainty).toMatchObject({ method: "sampled", samples: 4000, combinations: 6 });
    expect(a.answers).toEqual(b.answers);
    expect(a.answers).not.toEqual(c.answers);
    expect(a.answers.review.probability).toBeCloseTo(0.9, 1);
    const grade = a.answers.grade.distribution as Record<string, number>;
    expect(grade.low + grade.medium + grade.high).toBeCloseTo(1, 9);
    expect(grade.high).toBeCloseTo(0.5, 1);
  });
});

describe("readState", () => {
  /** These states are small: an "evidence too large" outcome here is a failure. */
  const readOk = async (...args: Parameters<typeof readState>) => {
    const out = await readState(...args);
    if ("tooLarge" in out) throw new Error(`unexpected: ${JSON.stringify(out)}`);
    return out;
  };
  const fixed = (values: Record<string, ReadValue>): Reader & { asked: string[][] } => {
    const asked: string[][] = [];
    return {
      name: "fixed",
      asked,
      async read(req): Promise<ReadResult> {
        asked.push(req.inputs.map((i) => i.name));
        return { values, usage: { input_tokens: 3, output_tokens: 1 } };
      },
    };
  };

  it("recognises text states", async () => {
    const { isTextState } = await import("../../src/providers/read-state.js");
    expect(isTextState("hello")).toBe(true);
    expect(isTextState({ a: 1 })).toBe(false);
    expect(isTextState(["a"])).toBe(false);
  });

  it("takes exact, valid keys as given and asks the reader for the rest", async () => {
    const reader = fixed({ level: rv("medium", 0.8) });
    const out = await readOk(model, { pep: false, level: "MEDIUM", extra: 1 }, reader, "fast");
    expect(out.given).toEqual({ pep: false });
    expect(reader.asked).toEqual([["level", "flag", "name"]]);
    expect(out.read).toEqual({ level: rv("medium", 0.8) });
    expect(out.missing).toEqual([]);
    expect(out.usage).toEqual({ input_tokens: 3, output_tokens: 1 });
  });

  it("does not call the reader when the state gives everything", async () => {
    const reader = fixed({});
    const out = await readOk(model, { pep: true, level: "low", flag: null, name: "Ann" }, reader, "fast");
    expect(reader.asked).toEqual([]);
    expect(out).toEqual({
      given: { pep: true, level: "low", flag: null, name: "Ann" },
      read: {},
      missing: [],
      usage: { input_tokens: 0, output_tokens: 0 },
    });
  });

  it("counts confidence below the threshold as missing, with the reason", async () => {
    const out = await readOk(model, "text", fixed({ pep: rv(true, 0.42), level: rv("high", 0.5) }), "fast");
    expect(out.read).toEqual({ level: rv("high", 0.5) });
    expect(out.missing).toEqual([{ input: "pep", address: "inputs.pep", reason: "confidence 0.42 below threshold 0.9" }]);
  });

  it("lets blank inputs be missing, lists required ones not found, and never reads strings from text", async () => {
    const reader = fixed({ name: rv("Ann", 1), flag: rv(true, 0.1) });
    const out = await readOk(model, "The customer Ann is a PEP.", reader, "fast");
    expect(reader.asked).toEqual([["pep", "level", "flag"]]);
    expect(out.read).toEqual({ flag: rv(true, 0.1) });
    expect(out.missing).toEqual([
      { input: "pep", address: "inputs.pep", reason: "not found in the evidence" },
      { input: "level", address: "inputs.level", reason: "not found in the evidence" },
    ]);
  });

  it("refuses read values that do not fit the input's type", async () => {
    const out = await readOk(model, "x", fixed({ pep: rv("maybe", 0.95), level: rv("extreme", 0.9) }), "fast");
    expect(out.read).toEqual({});
    expect(out.missing.map((m) => m.input)).toEqual(["pep", "level"]);
    expect(out.missing[0]!.reason).toMatch(/^the value read is not valid: /);
  });
});
