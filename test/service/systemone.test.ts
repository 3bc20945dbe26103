import { beforeEach, describe, expect, it } from "vitest";
import { systemOne } from "../../src/service/systemone.js";
import { ratesFrom } from "../../src/service/rates.js";
import { verifyReceipt } from "../../src/service/signer.js";
import { countOutputTokens, countTokens } from "../../src/service/tokens.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import type { FakeCompiler } from "./fake-compiler.js";
import { MODEL } from "./fake-compiler.js";
import { serviceDeps } from "./harness.js";

let deps: ServiceDeps;
let compiler: FakeCompiler;
let accountId: string;

async function call(body: unknown) {
  const text = JSON.stringify(body);
  return systemOne({ body, inputTokens: countTokens(text), accountId, startedAt: performance.now() }, deps);
}

async function setup(balance = 1_000_000, rates?: Parameters<typeof serviceDeps>[0]) {
  ({ deps, compiler } = await serviceDeps(rates));
  accountId = (await deps.ledger!.createAccount("acct", balance)).id;
}

const balance = () => deps.ledger!.balance(accountId);

describe("systemOne", () => {
  beforeEach(async () => setup());

  it("runs a complete model on a matching JSON state and returns every field of 4.2", async () => {
    const out = await call({ model: MODEL, state: { a: 4, b: 7 } });
    if (!out.ok) throw new Error(out.problem.detail);
    const body = out.value;
    expect(Object.keys(body).sort()).toEqual(
      ["answers", "billing", "cache_hit", "input", "model", "provider_usage", "receipt", "usage", "warnings"].sort(),
    );
    expect(body.warnings).toEqual([]);
    expect(body.answers).toEqual({ ok: { value: true, probability: 1 }, risk: { value: "high", distribution: { high: 1 } } });
    expect(body.provider_usage).toEqual({ input_tokens: 0, output_tokens: 0 });
    expect(body.cache_hit).toBe(false);
    expect(body.model).toEqual(MODEL);
    const receipt = body.receipt as Record<string, any>;
    expect(receipt.model).toBe("fake lending");
    expect(receipt.given).toEqual({ a: 4, b: 7 });
    expect(receipt.read).toEqual({});
    expect(receipt.decisions).toEqual({ total: { value: 11 }, risk: { value: "high", rule: 1 }, ok: { value: true } });
    expect(receipt.state).toMatchObject({ kind: "json", schema_matched: true, inputs: { a: "given", b: "given" } });
    expect(receipt.state.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Number.isInteger(receipt.latency_ms)).toBe(true);
    expect(receipt.billing).toEqual(body.billing);
  });

  it("charges the input tokens at the System One rate, to the micro-dollar", async () => {
    const request = { model: MODEL, state: { a: 1, b: 2 } };
    const tokens = countTokens(JSON.stringify(request));
    const out = await call(request);
    if (!out.ok) throw new Error(out.problem.detail);
    const usage = out.value.usage as { input_tokens: number; output_tokens: number };
    expect(usage.input_tokens).toBe(tokens);
    expect(usage.output_tokens).toBe(countOutputTokens(out.value));
    const billing = out.value.billing as Record<string, any>;
    expect(billing.cost_usd).toBe((2 * tokens) / 1e6);
    expect(billing.estimated).toBe(false);
    expect(billing.items[0]).toMatchObject({ kind: "systemone_input_tokens", quantity: tokens, amount_usd: (2 * tokens) / 1e6 });
    expect(billing.items[1]).toMatchObject({ kind: "systemone_output_tokens", quantity: usage.output_tokens, amount_usd: 0 });
    expect(await balance()).toEqual({ balance: 1_000_000 - 2 * tokens, reserved: 0, available: 1_000_000 - 2 * tokens });
    expect(billing.balance).toEqual({
      currency: "USD",
      balance_usd: (1_000_000 - 2 * tokens) / 1e6,
      reserved_usd: 0,
      available_usd: (1_000_000 - 2 * tokens) / 1e6,
    });
  });

  it("charges output tokens when the rates say so, rounding each item up to a micro-dollar", async () => {
    const rates = ratesFrom({
      systemone: { input_usd_per_million_tokens: 1.5, output_usd_per_million_tokens: 3 },
      reservation: { max_output_tokens: 10_000, service_provider_allowance_usd: 0.25 },
    });
    await setup(1_000_000, { rates });
    const request = { model: MODEL, state: { a: 1, b: 2 } };
    const inTokens = countTokens(JSON.stringify(request));
    const out = await call(request);
    if (!out.ok) throw new Error(out.problem.detail);
    const outTokens = (out.value.usage as { output_tokens: number }).output_tokens;
    const expected = Math.ceil(inTokens * 1.5) + outTokens * 3;
    expect(Math.round((out.value.billing as { cost_usd: number }).cost_usd * 1e6)).toBe(expected);
    expect((await balance()).balance).toBe(1_000_000 - expected);
  });

  it("accepts the model as a JSON string and as content with the outer questions", async () => {
    const asString = await call({ model: JSON.stringify(MODEL), state: { a: 1, b: 1 } });
    const asContent = await call({ content: MODEL.content, questions: MODEL.questions, state: { a: 1, b: 1 } });
    expect(asString.ok && asContent.ok).toBe(true);
    if (asString.ok && asContent.ok) expect(asString.value.answers).toEqual(asContent.value.answers);
  });

  it.each([
    [{ model: MODEL, content: MODEL.content, state: {} }, "body.content", "request.conflict"],
    [{ content: MODEL.content, state: {} }, "body.questions", "request.missing"],
    [{ model: "{not json", state: {} }, "body.model", "model.not_json"],
    [{ model: MODEL }, "body.state", "request.missing"],
    [{ model: 3, state: {} }, "body.model", "request.type"],
    [{ model: MODEL, state: {}, mode: "slow" }, "body.mode", "request.enum"],
    [{ model: MODEL, questions: { other: {} }, state: {} }, "body.questions", "request.conflict"],
    [[1, 2], "body", "request.type"],
  ])("answers 400 invalid_request for %j", async (body, address, code) => {
    const out = await call(body);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problem).toMatchObject({ status: 400, code: "invalid_request" });
    expect(out.problem.errors).toContainEqual(expect.objectContaining({ address, code }));
    expect(await balance()).toEqual({ balance: 1_000_000, reserved: 0, available: 1_000_000 });
  });

  it("answers 422 invalid_model with the diagnostics and settles nothing", async () => {
    const out = await call({ model: { ...MODEL, content: { ...MODEL.content, name: 5 } }, state: { a: 1, b: 1 } });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problem).toMatchObject({ status: 422, code: "invalid_model" });
    expect(out.problem.errors).toEqual([{ address: "name", code: "schema.required", message: "name is required" }]);
    expect(await balance()).toEqual({ balance: 1_000_000, reserved: 0, available: 1_000_000 });
    expect(await deps.ledger!.entries(accountId)).toHaveLength(1);
  });

  it("answers 422 model_too_large, not invalid_model, for a model whose code passes the compile's limit", async () => {
    const out = await call({ model: { ...MODEL, content: { ...MODEL.content, name: "too large" } }, state: { a: 1, b: 1 } });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problem).toMatchObject({ status: 422, code: "model_too_large" });
    expect(out.problem.detail).toContain("decisions.s");
    expect(out.problem.errors).toEqual([expect.objectContaining({ address: "decisions.s", code: "codegen.too-large" })]);
    expect(await balance()).toEqual({ balance: 1_000_000, reserved: 0, available: 1_000_000 });
  });

  it("sends text states, non-matching JSON and questions alone to the embedded reader and Direct generator, not to a provider", async () => {
    ({ deps } = await serviceDeps({ real: true }));
    accountId = (await deps.ledger!.createAccount("acct", 1_000_000)).id;
    const model = {
      content: {
        name: "sum",
        inputs: {
          "first amount": { type: "number", desc: "What is the first amount?" },
          "second amount": { type: "number", desc: "What is the second amount?" },
        },
        decisions: { total: { type: "number", expr: "first amount + second amount" } },
      },
      questions: { total: { type: "number", instructions: "What is the total?" } },
    };
    const text = await call({ model, state: "The first amount is 4 and the second amount is 7." });
    // (a state that names every input with a value of the wrong type is 422 invalid_state, test/service/reservations.test.ts; here one input goes by another name, so the state needs reading)
    const mismatch = await call({ model, state: { "first amount (EUR)": "4", "second amount": 7 } });
    const questions = await call({ questions: model.questions, state: { total: 11 } });
    for (const out of [text, mismatch, questions]) {
      if (!out.ok) throw new Error(JSON.stringify(out.problem));
      expect((out.value.answers as any).total.value).toBe(11);
      expect(out.value.provider_usage).toEqual({ input_tokens: 0, output_tokens: 0 });
    }
    expect(mismatch.ok && (mismatch.value.receipt as any).given).toEqual({ "second amount": 7 });
    // evidence that does not establish a required input: 422 naming it, and nothing charged
    const before = await balance();
    const missing = await call({ model, state: { "first amount": "four-ish" } });
    expect(!missing.ok && missing.problem.code).toBe("value_not_established");
    if (!missing.ok) expect(missing.problem.errors.map((e) => e.address)).toContain("inputs.second amount");
    expect(await balance()).toEqual({ ...before, reserved: 0 });
  });

  it("a misspelt state key is named with the input it probably means, and nothing is charged", async () => {
    ({ deps } = await serviceDeps({ real: true }));
    accountId = (await deps.ledger!.createAccount("acct", 1_000_000)).id;
    const model = {
      content: {
        name: "score",
        inputs: {
          "credit score": { type: "number [300..850]", desc: "What is the credit score?" },
          "monthly income": { type: "number >= 0", desc: "What is the monthly income?" },
        },
        decisions: { prime: { type: "boolean", expr: "credit score >= 700 and monthly income > 0" } },
      },
      questions: { prime: { type: "noul", instructions: "Is the applicant prime?" } },
    };
    const out = await call({ model, state: { "credit scroe": 700, "monthly income": 5000 } });
    expect(!out.ok && out.problem.code).toBe("value_not_established");
    if (out.ok) return;
    expect(out.problem.detail).toContain("`credit scroe` is not an input; did you mean `credit score`?");
    expect(out.problem.errors[0]).toEqual({
      address: "state.credit scroe",
      code: "state.unknown",
      message: "`credit scroe` is not an input; did you mean `credit score`?",
    });
    expect(out.problem.errors.map((e) => e.address)).toContain("inputs.credit score");
    expect(await balance()).toEqual({ balance: 1_000_000, reserved: 0, available: 1_000_000 });
    // two keys misspelt, each named with its own input
    const both = await call({ model, state: { "credit scroe": 700, "monthly incmoe": 5000 } });
    expect(!both.ok && both.problem.errors.filter((e) => e.code === "state.unknown").map((e) => e.message)).toEqual([
      "`credit scroe` is not an input; did you mean `credit score`?",
      "`monthly incmoe` is not an input; did you mean `monthly income`?",
    ]);
  });

  it("answers what it ignored as warnings: unknown request fields, model keys and extra state keys", async () => {
    ({ deps } = await serviceDeps({ real: true }));
    accountId = (await deps.ledger!.createAccount("acct", 1_000_000)).id;
    const content = {
      name: "sum",
      descriptoin: "adds",
      inputs: { a: { type: "number", desc: "a?" }, b: { type: "number", desc: "b?", descr: "x" } },
      decisions: { total: { type: "number", expr: "a + b" } },
    };
    const out = await call({
      model: { content, questions: { total: { type: "number", instructions: "total?" } } },
      state: { a: 1, b: 2, notes: "called on Monday" },
      explian: true,
    });
    if (!out.ok) throw new Error(out.problem.detail);
    expect((out.value.answers as any).total.value).toBe(3);
    expect(out.value.warnings).toEqual([
      {
        address: "body.explian",
        code: "request.unknown",
        message: "`explian` is not a field of this request and was ignored; did you mean `explain`?",
      },
      { address: "descriptoin", code: "content.unknown-key", message: expect.stringContaining("`descriptoin`") },
      { address: "inputs.b.descr", code: "input.unknown-key", message: expect.stringContaining("did you mean `desc`?") },
      { address: "state.notes", code: "state.unknown", message: "`notes` is not an input of the model and was ignored" },
    ]);
  });

  it("stops a runaway evaluation at the budget with 422 and releases the reservation", async () => {
    await setup(1_000_000, { limits: { evaluationSteps: 10_000 } });
    const looping = { ...MODEL, content: { ...MODEL.content, decisions: { ...MODEL.content.decisions, spin: "loop" } } };
    const out = await call({ model: looping, state: { a: 1, b: 1 } });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.problem).toMatchObject({ status: 422, code: "evaluation_budget_exceeded" });
    expect((await balance()).reserved).toBe(0);
  });

  it("answers 422 value_not_established when a question's decision is null", async () => {
    const nulling = { ...MODEL, content: { ...MODEL.content, decisions: { ...MODEL.content.decisions, ok: "null" } } };
    const out = await call({ model: nulling, state: { a: 1, b: 1 } });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problem).toMatchObject({ status: 422, code: "value_not_established" });
    expect(out.problem.errors).toEqual([{ address: "decisions.ok", code: "decision.null", message: "ok: division by zero" }]);
  });

  it("answers 422 model_too_large above the model size limit", async () => {
    await setup(1_000_000, { limits: { modelBytes: 100 } });
    const out = await call({ model: MODEL, state: { a: 1, b: 1 } });
    expect(!out.ok && out.problem.code).toBe("model_too_large");
  });

  it("answers 402 insufficient_balance when the reservation is not covered", async () => {
    await setup(10);
    const out = await call({ model: MODEL, state: { a: 1, b: 1 } });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.problem).toMatchObject({ status: 402, code: "insufficient_balance" });
    expect(await balance()).toEqual({ balance: 10, reserved: 0, available: 10 });
  });

  it("compiles a repeated model once", async () => {
    await call({ model: MODEL, state: { a: 1, b: 1 } });
    await call({ model: JSON.stringify(MODEL), state: { a: 2, b: 3 } });
    await call({ content: { ...MODEL.content }, questions: MODEL.questions, state: { a: 2, b: 3 } });
    expect(compiler.compiles).toBe(1);
    expect(deps.compiler.stats()).toMatchObject({ size: 1, hits: 2, misses: 1 });
  });

  it("signs the receipt so that it verifies with the published keys, and not after tampering", async () => {
    const out = await call({ model: MODEL, state: { a: 4, b: 7 } });
    if (!out.ok) throw new Error(out.problem.detail);
    const receipt = JSON.parse(JSON.stringify(out.value.receipt)) as Record<string, any>;
    const jwks = JSON.parse(JSON.stringify(deps.signer.jwks()));
    const ok = await verifyReceipt(receipt, jwks);
    expect(ok).toMatchObject({ valid: true, header: { alg: "EdDSA", typ: "pdm-receipt+jws", model_hash: "fake-fake lending" } });
    expect((await verifyReceipt({ ...receipt, given: { a: 5, b: 7 } }, jwks)).valid).toBe(false);
    expect((await verifyReceipt({ ...receipt, billing: { ...receipt.billing, cost_usd: 0 } }, jwks)).valid).toBe(false);
  });

  it("runs unmetered without a ledger", async () => {
    ({ deps } = await serviceDeps({ noLedger: true }));
    const out = await systemOne({ body: { model: MODEL, state: { a: 1, b: 1 } }, inputTokens: 50, accountId: null, startedAt: 0 }, deps);
    if (!out.ok) throw new Error(out.problem.detail);
    expect((out.value.billing as { cost_usd: number }).cost_usd).toBe(0);
  });
});
