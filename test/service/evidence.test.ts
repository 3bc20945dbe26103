// System One on evidence that needs reading (real compiler, embedded readers, and a language-model
// reader on a loopback fake): receipts that separate given from read, thresholds, the questions
// cache, service-rate billing on actual provider tokens, and provider failures that charge nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { providerConfig } from "../../src/providers/config.js";
import { directInputName } from "../../src/providers/direct-generator.js";
import { createProviders } from "../../src/providers/registry.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { tokenCost } from "../../src/ledger/money.js";
import { READ_OUTPUT_TOKENS } from "../../src/providers/llm-reader.js";
import { serviceReservation } from "../../src/service/pricing.js";
import { problemBody } from "../../src/service/problems.js";
import { ratesFrom } from "../../src/service/rates.js";
import { verifyReceipt } from "../../src/service/signer.js";
import { systemOne } from "../../src/service/systemone.js";
import { countTokens } from "../../src/service/tokens.js";
import { startFakeLlm, type FakeLlm } from "../server/fake-llm.js";
import { serviceDeps } from "./harness.js";
import { WIRE } from "./wire-draft.js";

const LOAN = {
  content: {
    name: "loan",
    inputs: {
      "annual income": { type: "number", desc: "What is the applicant's annual income?" },
      "credit score": { type: "number [300..850]", desc: "What is the credit score?", threshold: 0.9 },
      "has collateral": { type: "boolean", desc: "Does the applicant offer collateral?", blank: true },
    },
    decisions: { approved: { type: "boolean", expr: "annual income >= 30000 and credit score >= 600" } },
  },
  questions: { approved: { type: "noul", instructions: "Is the loan approved?", criteria: { true: "approve", false: "decline" } } },
};
const TEXT = "The applicant has an annual income of 52,000 and a credit score of 710.";
const QUESTIONS = {
  risk: { type: "score", instructions: "How risky is the claim?", levels: ["low", "medium", "high"] },
  payout: { type: "number", instructions: "How much to pay?", range: { min: 0, max: 10000 } },
};

let deps: ServiceDeps;
let accountId: string;
const call = (body: unknown, account = accountId) =>
  systemOne({ body, inputTokens: countTokens(JSON.stringify(body)), accountId: account, startedAt: performance.now() }, deps);
const balance = (id = accountId) => deps.ledger!.balance(id);
const kinds = (billing: any) => billing.items.map((i: any) => i.kind);

describe("reading evidence with the embedded readers", () => {
  beforeEach(async () => {
    ({ deps } = await serviceDeps({ real: true }));
    accountId = (await deps.ledger!.createAccount("acct", 10_000_000)).id;
  });

  it("reads a text state: values in receipt.read with their spans, answers, service rates, a verifiable receipt", async () => {
    const out = await call({ model: LOAN, state: TEXT });
    if (!out.ok) throw new Error(JSON.stringify(out.problem));
    const body = out.value as any;
    expect(body.cache_hit).toBe(false);
    expect(body.provider_usage).toEqual({ input_tokens: 0, output_tokens: 0 });
    expect(body.receipt.given).toEqual({});
    const income = body.receipt.read["annual income"];
    expect(income.value).toBe(52000);
    expect(income.confidence).toBeGreaterThan(0);
    expect(income.confidence).toBeLessThanOrEqual(1);
    expect(TEXT.slice(income.source.span.start, income.source.span.end)).toBe("52,000");
    expect(body.receipt.state).toMatchObject({
      kind: "text",
      schema_matched: false,
      inputs: { "annual income": "read", "credit score": "read", "has collateral": "absent" },
    });
    expect(body.answers.approved.value).toBe(true);
    expect(body.answers.approved.probability).toBeGreaterThan(0.5);
    expect(body.receipt.decisions.approved).toEqual({ value: true });
    expect(kinds(body.billing)).toEqual([
      "service_input_tokens",
      "service_output_tokens",
      "provider_input_tokens",
      "provider_output_tokens",
    ]);
    expect(body.billing.items[0].quantity).toBe(countTokens(JSON.stringify({ model: LOAN, state: TEXT })));
    expect(await verifyReceipt(body.receipt, deps.signer.jwks())).toMatchObject({ valid: true });
    expect((await balance()).reserved).toBe(0);
    expect((await balance()).balance).toBe(10_000_000 - Math.round(body.billing.cost_usd * 1e6));
  });

  it("separates given from read for a JSON state that does not match the schema", async () => {
    // (a state that names every input with a value of the wrong type is 422 invalid_state, test/service/reservations.test.ts; here one input goes by another name, so the state needs reading)
    const state = { income: "52000 USD", "credit score": 710 };
    const out = await call({ model: LOAN, state });
    if (!out.ok) throw new Error(JSON.stringify(out.problem));
    const receipt = (out.value as any).receipt;
    expect(receipt.given).toEqual({ "credit score": 710 });
    expect(receipt.read["annual income"]).toMatchObject({ value: 52000, source: { path: "/income" } });
    expect(receipt.state).toMatchObject({
      kind: "json",
      schema_matched: false,
      inputs: { "annual income": "read", "credit score": "given" },
    });
    expect(kinds((out.value as any).billing)[0]).toBe("service_input_tokens");
  });

  it("a value read below the input's threshold is missing: 422 with one entry per input, nothing charged", async () => {
    // a score said in a sentence of its own, without "credit": read, but below 0.9
    const out = await call({ model: LOAN, state: "The applicant has an annual income of 52,000. Score 710." });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problem).toMatchObject({ status: 422, code: "value_not_established" });
    expect(out.problem.errors).toEqual([
      { address: "inputs.credit score", code: "input.not_established", message: expect.stringMatching(/threshold 0\.9/) },
    ]);
    expect(await balance()).toEqual({ balance: 10_000_000, reserved: 0, available: 10_000_000 });
    // a hedged score is not read at all (docs/readers.md): missing, not a guess below the threshold
    const hedged = await call({
      model: LOAN,
      state: "The applicant has an annual income of 52,000 and a credit score of maybe 710 or so.",
    });
    expect(!hedged.ok && hedged.problem.errors).toEqual([
      { address: "inputs.credit score", code: "input.not_established", message: "not found in the evidence" },
    ]);
  });

  it("lists every required input the evidence does not establish", async () => {
    const out = await call({ model: LOAN, state: "Nothing useful here." });
    expect(!out.ok && out.problem.errors.map((e) => e.address).sort()).toEqual(["inputs.annual income", "inputs.credit score"]);
  });

  it("a JSON state needing the reader moves to the service reservation, and 402 when that is not covered", async () => {
    const systemOneOnly = (await deps.ledger!.createAccount("small", 2_000)).id;
    const matching = await call({ model: LOAN, state: { "annual income": 52000, "credit score": 710 } }, systemOneOnly);
    expect(matching.ok).toBe(true);
    const needsReading = await call({ model: LOAN, state: { income: "52000 USD", "credit score": 710 } }, systemOneOnly);
    expect(!needsReading.ok && needsReading.problem.code).toBe("insufficient_balance");
    expect((await balance(systemOneOnly)).reserved).toBe(0);
  });
});

describe("questions without a model", () => {
  beforeEach(async () => {
    ({ deps } = await serviceDeps({ real: true }));
    accountId = (await deps.ledger!.createAccount("acct", 10_000_000)).id;
  });

  it("generates a model with the Direct generator, caches it per account by canonical questions, never by state", async () => {
    const first = await call({ questions: QUESTIONS, state: { risk: "high", payout: 2500 } });
    if (!first.ok) throw new Error(JSON.stringify(first.problem));
    const a = first.value as any;
    expect(a.cache_hit).toBe(false);
    expect(Object.keys(a.model.content.inputs)).toEqual([directInputName("risk"), directInputName("payout")]);
    expect(a.answers.risk.value).toBe("high");
    expect(a.answers.payout.value).toBe(2500);
    expect(kinds(a.billing)[0]).toBe("service_input_tokens");

    // the same questions in another key order and another state: a hit, with fresh answers
    const reordered = {
      payout: QUESTIONS.payout,
      risk: { levels: QUESTIONS.risk.levels, instructions: QUESTIONS.risk.instructions, type: "score" },
    };
    const second = await call({ questions: reordered, state: "Risk is low. The payout is 400." });
    if (!second.ok) throw new Error(JSON.stringify(second.problem));
    const b = second.value as any;
    expect(b.cache_hit).toBe(true);
    expect(b.model).toEqual(a.model);
    expect(b.answers.payout.value).toBe(400);
    expect(kinds(b.billing)[0]).toBe("service_input_tokens");
    expect(b.billing.cost_usd).toBeGreaterThan(0);

    const thinking = await call({ questions: QUESTIONS, state: { risk: "low", payout: 1 }, mode: "thinking" });
    expect(thinking.ok && (thinking.value as any).cache_hit).toBe(false);
    const other = (await deps.ledger!.createAccount("other", 10_000_000)).id;
    const elsewhere = await call({ questions: QUESTIONS, state: { risk: "low", payout: 1 } }, other);
    expect(elsewhere.ok && (elsewhere.value as any).cache_hit).toBe(false);
  });

  it("malformed questions: 422 invalid_model at the question's address, nothing cached or charged", async () => {
    const bad = { pick: { type: "choice", instructions: "Which?" } };
    for (let i = 0; i < 2; i++) {
      const out = await call({ questions: bad, state: {} });
      expect(!out.ok && out.problem.code).toBe("invalid_model");
      expect(!out.ok && out.problem.errors.some((e) => e.address.includes("pick"))).toBe(true);
    }
    expect(await balance()).toEqual({ balance: 10_000_000, reserved: 0, available: 10_000_000 });
  });
});

describe("a language-model reader", () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterAll(() => llm.close());
  const setup = async (timeoutMs: number, env: Record<string, string> = {}) => {
    const providers = createProviders(
      providerConfig({ PDM_OPENAI_BASE_URL: llm.openaiUrl, PDM_READER: "openai", PDM_PROVIDER_TIMEOUT_MS: String(timeoutMs), ...env }),
    );
    const rates = ratesFrom({ reservation: { max_output_tokens: 2000, service_provider_allowance_usd: 0.5 } });
    ({ deps } = await serviceDeps({ real: true, providers, rates }));
    accountId = (await deps.ledger!.createAccount("acct", 10_000_000)).id;
    llm.requests.length = 0;
  };
  beforeEach(() => setup(10_000));

  const reading = {
    "annual income": { value: 52000, confidence: 0.97, evidence: "annual income of 52,000", path: null },
    "credit score": { value: 710, confidence: 0.95, evidence: "credit score of 710", path: null },
    "has collateral": { value: null, confidence: 0, evidence: null, path: null },
  };

  it("bills the provider's actual tokens at the service rates and reports them in provider_usage", async () => {
    llm.script({ kind: "answer", json: reading, usage: { input: 1234, output: 56 } });
    const out = await call({ model: LOAN, state: TEXT });
    if (!out.ok) throw new Error(JSON.stringify(out.problem));
    const body = out.value as any;
    expect(body.provider_usage).toEqual({ input_tokens: 1234, output_tokens: 56 });
    const items = Object.fromEntries(body.billing.items.map((i: any) => [i.kind, i]));
    expect(items.provider_input_tokens).toMatchObject({ quantity: 1234, unit_price_usd_per_million: 6, amount_usd: 0.007404 });
    expect(items.provider_output_tokens).toMatchObject({ quantity: 56, unit_price_usd_per_million: 30, amount_usd: 0.00168 });
    const start = TEXT.indexOf("credit score of 710");
    expect(body.receipt.read["credit score"]).toEqual({
      value: 710,
      confidence: 0.95,
      source: { text: "credit score of 710", span: { start, end: start + "credit score of 710".length } },
    });
    // only the inputs the state does not give are asked
    expect(Object.keys(llm.requests[0]!.body.response_format.json_schema.schema.properties)).toEqual(Object.keys(LOAN.content.inputs));
  });

  /** The failed_provider items of a problem body, by kind, and what they cost in micro-dollars. */
  const failedItems = (body: any) => ({
    items: Object.fromEntries(body.billing.items.map((i: any) => [i.kind, i.quantity])),
    micros: Math.round(body.billing.cost_usd * 1e6),
  });

  it("bounds each reading request's output and reserves that worst case: a key that cannot cover it gets 402 before the provider is asked", async () => {
    llm.script({ kind: "answer", json: reading, usage: { input: 100, output: 10 } });
    const out = await call({ model: LOAN, state: TEXT });
    expect(out.ok).toBe(true);
    expect(llm.requests[0]!.body.max_tokens).toBe(READ_OUTPUT_TOKENS);
    llm.requests.length = 0;
    const tokens = countTokens(JSON.stringify({ model: LOAN, state: TEXT }));
    const worst = serviceReservation(tokens, deps.rates, [deps.providers.languageModelWork("reader", "fast")!]);
    const poor = (await deps.ledger!.createAccount("poor", worst - 1)).id;
    const refused = await call({ model: LOAN, state: TEXT }, poor);
    expect(!refused.ok && refused.problem.code).toBe("insufficient_balance");
    expect(llm.requests).toHaveLength(0);
    expect(await balance(poor)).toEqual({ balance: worst - 1, reserved: 0, available: worst - 1 });
  });

  it("a reading that leaves an input unestablished after the provider answered: 422, its tokens billed as failed provider work and shown", async () => {
    llm.script({
      kind: "answer",
      json: { ...reading, "credit score": { value: null, confidence: 0, evidence: null, path: null } },
      usage: { input: 800, output: 40 },
    });
    const out = await call({ model: LOAN, state: TEXT });
    if (out.ok) throw new Error("the credit score was not read");
    expect(out.problem.code).toBe("value_not_established");
    const body = problemBody(out.problem) as any;
    expect(body.provider_usage).toEqual({ input_tokens: 800, output_tokens: 40 });
    const { items, micros } = failedItems(body);
    expect(items).toEqual({ failed_provider_input_tokens: 800, failed_provider_output_tokens: 40 });
    expect(micros).toBe(tokenCost(800, deps.rates.service.providerInput) + tokenCost(40, deps.rates.service.providerOutput));
    expect(await balance()).toEqual({ balance: 10_000_000 - micros, reserved: 0, available: 10_000_000 - micros });
  });

  it("thinking mode: when one sample fails, the samples the provider answered are billed with the 502", async () => {
    llm.script(
      { kind: "answer", json: reading, usage: { input: 500, output: 30 } },
      { kind: "text", text: "not JSON", usage: { input: 500, output: 7 } },
      { kind: "answer", json: reading, usage: { input: 500, output: 30 } },
    );
    const out = await call({ model: LOAN, state: TEXT, mode: "thinking" });
    if (out.ok) throw new Error("a sample that is not JSON fails the reading");
    expect(out.problem.code).toBe("provider_error");
    expect(llm.requests).toHaveLength(3);
    const body = problemBody(out.problem) as any;
    expect(body.provider_usage).toEqual({ input_tokens: 1_500, output_tokens: 67 });
    const { items, micros } = failedItems(body);
    expect(items).toEqual({ failed_provider_input_tokens: 1_500, failed_provider_output_tokens: 67 });
    expect((await balance()).balance).toBe(10_000_000 - micros);
  });

  it("questions whose generated model fails the Check every round: 422 generation_failed, the rounds billed and shown, nothing cached", async () => {
    await setup(10_000, {
      PDM_GENERATORS: JSON.stringify({ quick: { provider: "openai", model: "small-model" } }),
      PDM_QUESTIONS_GENERATOR: "quick",
    });
    const broken = { ...WIRE, decisions: [{ ...WIRE.decisions[0]!, expr: "agee >= 18" }, WIRE.decisions[1]!] };
    llm.script(
      { kind: "answer", json: broken, usage: { input: 1_000, output: 300 } },
      { kind: "answer", json: broken, usage: { input: 1_100, output: 300 } },
      { kind: "answer", json: broken, usage: { input: 1_200, output: 300 } },
    );
    const body = { questions: { adult: WIRE.questions[0] }, state: { age: 30, member: true } };
    const work = ["questions", "reader"] as const;
    const reserved = serviceReservation(
      countTokens(JSON.stringify(body)),
      deps.rates,
      work.map((use) => deps.providers.languageModelWork(use, "fast")!),
    );
    const out = await call(body);
    if (out.ok) throw new Error("a model that never passes the Check cannot answer");
    expect(out.problem.code).toBe("generation_failed");
    expect(llm.requests).toHaveLength(3);
    const problem = problemBody(out.problem) as any;
    expect(problem.provider_usage).toEqual({ input_tokens: 3_300, output_tokens: 900 });
    const { items, micros } = failedItems(problem);
    expect(items).toEqual({ failed_provider_input_tokens: 3_300, failed_provider_output_tokens: 900 });
    expect(micros).toBeLessThan(reserved);
    expect(await balance()).toEqual({ balance: 10_000_000 - micros, reserved: 0, available: 10_000_000 - micros });
  });

  it("maps a provider failure to 502 provider_error and a hang to 504 provider_timeout; neither charges", async () => {
    llm.script({ kind: "status", status: 500 });
    const failed = await call({ model: LOAN, state: TEXT });
    expect(!failed.ok && failed.problem).toMatchObject({ status: 502, code: "provider_error" });
    expect(await balance()).toEqual({ balance: 10_000_000, reserved: 0, available: 10_000_000 });
    await setup(300);
    llm.script({ kind: "hang" });
    const timeout = await call({ model: LOAN, state: TEXT });
    expect(!timeout.ok && timeout.problem).toMatchObject({ status: 504, code: "provider_timeout" });
    expect(await balance()).toEqual({ balance: 10_000_000, reserved: 0, available: 10_000_000 });
    expect(await deps.ledger!.entries(accountId)).toHaveLength(1);
  });
});
