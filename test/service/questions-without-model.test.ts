// A questions-only call with no language model configured: the Direct generator reads each answer
// straight from the evidence, so a state that gives other facts is refused with what the caller
// can do (the key the state would need, how to configure a language model, or to send a model).
// With a language model, the drafting prompt carries the state's shape (keys and types), never
// its values.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { llmGenerator } from "../../src/providers/llm-generator.js";
import type { StructuredClient } from "../../src/providers/llm/structured.js";
import { stateShape } from "../../src/providers/state-shape.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { systemOne } from "../../src/service/systemone.js";
import { countTokens } from "../../src/service/tokens.js";
import { serviceDeps } from "./harness.js";

let deps: ServiceDeps;
let accountId: string;

const call = (body: unknown) =>
  systemOne({ body, inputTokens: countTokens(JSON.stringify(body)), accountId, startedAt: performance.now() }, deps);

const APPROVED = { approved: { type: "noul", instructions: "Is the loan approved?" } };

describe("questions-only calls without a language model", () => {
  beforeEach(async () => {
    ({ deps } = await serviceDeps({ real: true }));
    accountId = (await deps.ledger!.createAccount("acct", 1_000_000)).id;
  });

  it("says the service cannot work the answer out of other facts, how to configure a language model, and the key the state needs", async () => {
    const out = await call({ questions: APPROVED, state: { "credit score": 720, income: 90000 } });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problem.status).toBe(422);
    expect(out.problem.code).toBe("value_not_established");
    const detail = out.problem.detail;
    expect(detail).toMatch(/^the evidence does not establish approved: no language model is configured/);
    expect(detail).toContain("cannot work the answer out of other facts (the state gives credit score, income)");
    expect(detail).toContain('send the state with the key "approved"');
    expect(detail).toContain("PDM_QUESTIONS_GENERATOR=<alias>");
    expect(detail).toContain("send a complete model");
    // the entries still name the input that was not established
    expect(out.problem.errors).toContainEqual(
      expect.objectContaining({ address: "inputs.observed approved", code: "input.not_established" }),
    );
    expect(await deps.ledger!.balance(accountId)).toEqual({ balance: 1_000_000, reserved: 0, available: 1_000_000 });
  });

  it("tells a text state to state the answer, or to send the key", async () => {
    const out = await call({ questions: APPROVED, state: "Credit score 720, income 90,000 a year." });
    expect(!out.ok && out.problem.detail).toContain('state approved in the evidence, or send a JSON state with the key "approved"');
  });

  it("answers when the state gives the key the advice names", async () => {
    const out = await call({ questions: APPROVED, state: { approved: true, "credit score": 720 } });
    if (!out.ok) throw new Error(out.problem.detail);
    expect(out.value.answers).toEqual({ approved: { value: true, probability: expect.any(Number) } });
  });
});

describe("the drafting prompt for questions", () => {
  const capture = () => {
    const seen: Parameters<StructuredClient["call"]>[0][] = [];
    const client: StructuredClient = {
      name: "fake:model",
      async call(request) {
        seen.push(request);
        throw new Error("no answer needed");
      },
    };
    return { seen, generator: llmGenerator(client, "fake") };
  };

  it("carries every key of the state and its type, and none of its values", async () => {
    const json = fc.oneof(
      fc.integer({ min: 100_000, max: 999_999 }),
      fc.constant(true),
      fc.string({ minLength: 12, maxLength: 20 }).map((s) => `v:${s}`),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.stringMatching(/^[a-z][a-z ]{2,12}$/), json, { minKeys: 1, maxKeys: 6 }), async (state) => {
        const { seen, generator } = capture();
        await generator.generate({ questions: APPROVED, stateShape: stateShape(state)!, mode: "fast" }).catch(() => undefined);
        const prompt = seen[0]!.user;
        for (const [key, value] of Object.entries(state)) {
          expect(prompt).toContain(`- ${JSON.stringify(key)}: ${typeof value}`);
          expect(prompt).not.toContain(String(value));
        }
      }),
      { numRuns: 40 },
    );
  });

  it("gives nested keys as paths and arrays by their elements", () => {
    expect(stateShape({ applicant: { income: 5, name: "x" }, debts: [{ monthly: 2 }], note: null })).toEqual({
      applicant: "object",
      "applicant.income": "number",
      "applicant.name": "string",
      debts: "array of object",
      "debts[].monthly": "number",
      note: "null",
    });
    expect(stateShape("a text")).toBeUndefined();
  });
});
