// The Direct generator: for every question type, a strict-valid model whose decision is exactly
// the input that carries the question's answer, typed as the question requires.
import { describe, expect, it } from "vitest";
import { compileModel } from "../../src/compiler/index.js";
import { directGenerator, directInputName, directModel } from "../../src/providers/direct-generator.js";
import { ProviderError } from "../../src/providers/types.js";

const QUESTIONS = {
  approved: { type: "noul", instructions: "Is the claim approved?", criteria: { true: "pay it", false: "decline it" } },
  route: { type: "choice", instructions: "Where does the claim go?", options: { fast_track: "pay now", adjuster: "needs review" } },
  listed: { type: "choice", instructions: "Which list?", options: ["red list", "green list"] },
  "odd options": { type: "choice", instructions: "Which?", options: ["a|b", "c<d"] },
  risk: { type: "score", instructions: "How risky?", levels: ["low", "medium", "high"] },
  "odd levels": { type: "score", instructions: "Grade?", levels: ["<1", "1-5", ">5|more"] },
  payout: { type: "number", instructions: "How much?", range: { min: 0, max: 10000 } },
  "at least": { type: "number", instructions: "How many?", range: { min: 1 } },
  "at most": { type: "number", instructions: "How few?", range: { max: 9 } },
  amount: { type: "number", instructions: "Any number?" },
  due: { type: "date", instructions: "When is payment due?" },
  "2nd opinion-needed?": { type: "noul", instructions: "Needs a second opinion?" },
};

const STATE = {
  [directInputName("approved")]: true,
  [directInputName("route")]: "adjuster",
  [directInputName("listed")]: "green list",
  [directInputName("odd options")]: "c<d",
  [directInputName("risk")]: "medium",
  [directInputName("odd levels")]: ">5|more",
  [directInputName("payout")]: 2500,
  [directInputName("at least")]: 3,
  [directInputName("at most")]: 2,
  [directInputName("amount")]: -4.5,
  [directInputName("due")]: "2024-06-30",
  [directInputName("2nd opinion-needed?")]: false,
};

describe("Direct generator", () => {
  const model = directModel(QUESTIONS);
  const compiled = compileModel(model, { strict: true });

  it("generates a model that passes the strict Check with no warnings", () => {
    if (!compiled.ok)
      throw new Error(
        JSON.stringify(
          compiled.check.stages.filter((s) => !s.ok),
          null,
          2,
        ),
      );
    expect(compiled.model.check.warnings).toEqual([]);
    expect(compiled.model.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity !== "info")).toEqual([]);
  });

  it("declares one input per question, typed from the question, pointing the reader at the question id", () => {
    const inputs = model.content.inputs as Record<string, Record<string, unknown>>;
    expect(Object.keys(inputs)).toHaveLength(Object.keys(QUESTIONS).length);
    expect(inputs[directInputName("approved")]).toEqual({
      type: "boolean",
      desc: "Is the claim approved?; true: pay it; false: decline it",
      from: "approved",
    });
    expect(inputs[directInputName("route")]).toMatchObject({
      type: "fast_track|adjuster",
      options: { fast_track: "pay now", adjuster: "needs review" },
    });
    expect(inputs[directInputName("odd options")]!.type).toEqual({ $enum: ["a|b", "c<d"] });
    expect(inputs[directInputName("risk")]!.type).toBe("low<medium<high");
    expect(inputs[directInputName("odd levels")]!.type).toEqual({ $levels: ["<1", "1-5", ">5|more"] });
    expect(inputs[directInputName("payout")]!.type).toBe("number [0..10000]");
    expect(inputs[directInputName("at least")]!.type).toBe("number >= 1");
    expect(inputs[directInputName("at most")]!.type).toBe("number <= 9");
    expect(inputs[directInputName("amount")]!.type).toBe("number");
    expect(inputs[directInputName("due")]!.type).toBe("date");
  });

  it("answers each question with exactly its input's value", () => {
    if (!compiled.ok) throw new Error("not compiled");
    const decisions = compiled.model.evaluate(STATE);
    for (const id of Object.keys(QUESTIONS)) expect(decisions[id]).toEqual(STATE[directInputName(id)]);
    const answers = compiled.model.answers(decisions);
    expect(answers.risk).toEqual({ value: "medium", distribution: { low: 0, medium: 1, high: 0 } });
    expect(answers.approved).toEqual({ value: true, probability: 1 });
  });

  it("the input schema requires every input and bounds the ranged numbers", () => {
    if (!compiled.ok) throw new Error("not compiled");
    const schema = compiled.model.inputSchema as any;
    expect(schema.required).toHaveLength(Object.keys(QUESTIONS).length);
    expect(schema.properties[directInputName("payout")]).toMatchObject({ type: "number", minimum: 0, maximum: 10000 });
    expect(compiled.model.validate({ ...STATE, [directInputName("payout")]: 20000 }).ok).toBe(false);
  });

  it("leaves malformed questions to the Check, which reports them at their address", () => {
    const bad = directModel({ pick: { type: "choice", instructions: "Which?" }, weird: { type: "maybe", instructions: "?" } });
    const r = compileModel(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const addresses = r.check.stages.flatMap((s) => s.diagnostics.filter((d) => d.severity === "error").map((d) => d.address));
      expect(addresses.some((a) => a?.includes("pick"))).toBe(true);
      expect(addresses.some((a) => a?.includes("weird"))).toBe(true);
    }
  });

  it("is a Generator for questions only, with zero usage", async () => {
    const out = await directGenerator.generate({ questions: { ok: QUESTIONS.approved }, mode: "fast", name: "claims" });
    expect(out.usage).toEqual({ input_tokens: 0, output_tokens: 0 });
    expect(out.content.name).toBe("claims");
    expect(out.questions).toEqual({ ok: QUESTIONS.approved });
    await expect(directGenerator.generate({ prompt: "make a model", mode: "fast" })).rejects.toBeInstanceOf(ProviderError);
  });
});
