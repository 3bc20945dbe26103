// What a call reserves is what it can cost, estimated before the work: a small account can make a
// small call, the estimate bounds the real charge, and a state that names the inputs with values
// that do not fit is answered 422, naming each input, without reading or charging.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import type { ServiceDeps } from "../../src/service/deps.js";
import { tokenCost } from "../../src/ledger/money.js";
import { serviceReservation, systemOneReservation } from "../../src/service/pricing.js";
import { ratesFrom } from "../../src/service/rates.js";
import { systemOne } from "../../src/service/systemone.js";
import { countTokens } from "../../src/service/tokens.js";
import { serviceDeps } from "./harness.js";

const LOAN = {
  content: {
    name: "loan",
    inputs: {
      "annual income": { type: "number", desc: "What is the applicant's annual income?" },
      "credit score": { type: "number [300..850]", desc: "What is the credit score?" },
      employment: { type: "salaried|contractor|retired", desc: "How is the applicant employed?" },
    },
    decisions: { approved: { type: "boolean", expr: "annual income >= 30000 and credit score >= 600" } },
  },
  questions: { approved: { type: "noul", instructions: "Is the loan approved?", criteria: { true: "approve", false: "decline" } } },
};
const GOOD = { "annual income": 52000, "credit score": 710, employment: "salaried" };

let deps: ServiceDeps;
const call = (body: unknown, accountId: string) =>
  systemOne({ body, inputTokens: countTokens(JSON.stringify(body)), accountId, startedAt: performance.now() }, deps);
const account = async (micros: number) => (await deps.ledger!.createAccount(`a${Math.random()}`, micros)).id;

beforeEach(async () => {
  // output tokens priced too, so that every part of the estimate is exercised
  const rates = ratesFrom({ systemone: { input_usd_per_million_tokens: 2, output_usd_per_million_tokens: 1 } });
  ({ deps } = await serviceDeps({ real: true, rates }));
});

describe("reservations", () => {
  it("an account holding 0.50 USD can make a text call with the embedded reader, and is charged what it cost", async () => {
    const id = await account(500_000);
    const out = await call({ model: LOAN, state: "Salaried applicant, annual income 52,000, credit score 710." }, id);
    if (!out.ok) throw new Error(JSON.stringify(out.problem));
    const cost = (out.value.billing as { cost_usd: number }).cost_usd;
    expect(cost).toBeGreaterThan(0);
    expect(cost).toBeLessThan(0.1);
    expect((await deps.ledger!.balance(id)).balance).toBe(500_000 - Math.round(cost * 1e6));
  });

  it("the estimate bounds what calls of every size are charged, for the embedded reader and for deterministic runs", async () => {
    const id = await account(1_000_000_000);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 400 }), fc.boolean(), async (padding, text) => {
        const filler = " The file notes nothing else of interest.".repeat(padding);
        const state = text ? `Salaried, income 52,000, credit score 710.${filler}` : { ...GOOD, note: filler };
        const body = { model: LOAN, state };
        const out = await call(body, id);
        if (!out.ok) throw new Error(JSON.stringify(out.problem));
        const charged = Math.round((out.value.billing as { cost_usd: number }).cost_usd * 1e6);
        const tokens = countTokens(JSON.stringify(body));
        const reserved = text ? serviceReservation(tokens, deps.rates) : systemOneReservation(tokens, deps.rates);
        // the charge was not capped by the reservation: it is strictly inside it
        expect(charged).toBeLessThan(reserved);
      }),
      { numRuns: 25 },
    );
  });

  it("reserves, for each use of a language model, its rounds at their most: the request read, the previous round and the output bound, both ways", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200_000 }),
        fc.array(fc.record({ rounds: fc.integer({ min: 1, max: 5 }), outputPerRound: fc.integer({ min: 1, max: 20_000 }) }), {
          maxLength: 2,
        }),
        (tokens, work) => {
          const api = serviceReservation(tokens, deps.rates);
          const worst = work.reduce(
            (sum, w) =>
              sum +
              w.rounds *
                (tokenCost(Math.ceil(1.5 * tokens) + 1_500 + w.outputPerRound, deps.rates.service.providerInput) +
                  tokenCost(w.outputPerRound, deps.rates.service.providerOutput)),
            0,
          );
          expect(serviceReservation(tokens, deps.rates, work)).toBe(api + worst);
        },
      ),
    );
  });
});

describe("a state that names the inputs with values that do not fit", () => {
  it.each([
    [{ ...GOOD, "credit score": 900 }, "inputs.credit score", "state.range", "850"],
    [{ ...GOOD, "credit score": "780" }, "inputs.credit score", "state.type", "number"],
    [{ ...GOOD, employment: "astronaut" }, "inputs.employment", "state.enum", "salaried"],
  ])("%j: 422 invalid_state naming the input and what it must be, nothing charged", async (state, address, code, hint) => {
    const id = await account(10_000_000);
    const out = await call({ model: LOAN, state }, id);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problem.code).toBe("invalid_state");
    expect(out.problem.errors).toEqual([expect.objectContaining({ address, code, message: expect.stringContaining(hint) })]);
    expect((await deps.ledger!.balance(id)).balance).toBe(10_000_000);
  });

  it("JSON that does not name the inputs still goes to the reader", async () => {
    const id = await account(10_000_000);
    const out = await call(
      { model: LOAN, state: { applicant: { "annual income": 52000, "credit score": 710, employment: "salaried" } } },
      id,
    );
    if (!out.ok) throw new Error(JSON.stringify(out.problem));
    expect((out.value.receipt as { read: Record<string, unknown> }).read["credit score"]).toBeDefined();
  });

  it("charges the whole of its items when an answer outgrows its reservation: cost_usd is their sum, on every 200", async () => {
    // an answer of n numbers takes about n output tokens, far more than its small request's estimate
    const listing = {
      content: {
        name: "listing",
        inputs: { n: { type: "number", desc: "n?" } },
        decisions: { all: "for i in 1..n return i * 7", size: "count(all)" },
      },
      questions: { size: { type: "number", instructions: "size?" } },
    };
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6_000 }), async (n) => {
        const id = await account(10_000_000);
        const body = { model: listing, state: { n } };
        const before = await deps.ledger!.balance(id);
        const out = await call(body, id);
        if (!out.ok) throw new Error(JSON.stringify(out.problem));
        const billing = out.value.billing as { cost_usd: number; items: { amount_usd: number }[] };
        const micros = Math.round(billing.cost_usd * 1e6);
        expect(micros).toBe(billing.items.reduce((sum, i) => sum + Math.round(i.amount_usd * 1e6), 0));
        expect((await deps.ledger!.balance(id)).balance).toBe(before.balance - micros);
      }),
      { numRuns: 12 },
    );
  });

  it("answers 402, charging nothing, when the work done costs more than the funds can cover", async () => {
    const body = {
      model: { ...LOAN, content: { ...LOAN.content, decisions: { ...LOAN.content.decisions, all: "for i in 1..6000 return i" } } },
      state: GOOD,
    };
    const estimate = systemOneReservation(countTokens(JSON.stringify(body)), deps.rates);
    const id = await account(estimate + 1);
    const out = await call(body, id);
    expect(out.ok ? 200 : out.problem.code).toBe("insufficient_balance");
    expect(await deps.ledger!.balance(id)).toEqual({ balance: estimate + 1, reserved: 0, available: estimate + 1 });
  });
});
