// `explain: true` on POST /v1/systemone: the receipt carries the same explanation the compiled
// model gives for the state, signed like the rest of the receipt, at the price of a plain call.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { loadSamples } from "../../bench/load-samples.js";
import { compileModel } from "../../src/compiler/index.js";
import { DeclaredResultError } from "../../src/runtime/declared.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { verifyReceipt } from "../../src/service/signer.js";
import { systemOne } from "../../src/service/systemone.js";
import { countTokens } from "../../src/service/tokens.js";
import { arbitraryFor } from "../support/arbitrary-state.js";
import { serviceDeps } from "./harness.js";

let deps: ServiceDeps;
let accountId: string;

async function call(body: Record<string, unknown>, inputTokens = countTokens(JSON.stringify(body))) {
  const out = await systemOne({ body, inputTokens, accountId, startedAt: performance.now() }, deps);
  if (!out.ok) throw new Error(`${out.problem.title}: ${out.problem.detail}`);
  return out.value as { receipt: Record<string, any>; billing: { cost_usd: number }; usage: { output_tokens: number } };
}

const samples = loadSamples();
const lending = samples.find((s) => s.name === "lending")!;

const compiled = (model: Parameters<typeof compileModel>[0]) => {
  const r = compileModel(model);
  if (!r.ok) throw new Error("sample does not compile");
  return r.model;
};

describe("systemone explain", () => {
  beforeEach(async () => {
    ({ deps } = await serviceDeps({ real: true }));
    accountId = (await deps.ledger!.createAccount("acct", 1_000_000_000)).id;
  });

  it("adds no explanation unless asked", async () => {
    const c = lending.cases[0]!;
    expect((await call({ model: lending.model, state: c.state })).receipt).not.toHaveProperty("explanation");
    expect((await call({ model: lending.model, state: c.state, explain: false })).receipt).not.toHaveProperty("explanation");
  });

  for (const sample of samples) {
    it(`${sample.name}: the receipt's explanation is the compiled model's, for random states`, async () => {
      const model = compiled(sample.model);
      // questions refuse null decisions, and every entry a decision outside its declared type (422):
      // only states whose questions are answered run here
      const answered = (s: Record<string, unknown>) => {
        try {
          const decisions = model.evaluate(s);
          return Object.keys(sample.model.questions).every((q) => decisions[q] !== null);
        } catch (e) {
          if (e instanceof DeclaredResultError) return false;
          throw e;
        }
      };
      const states = arbitraryFor(model.inputSchema).filter(
        (s) => model.validate(s).ok && answered(s as Record<string, unknown>),
      ) as fc.Arbitrary<Record<string, unknown>>;
      await fc.assert(
        fc.asyncProperty(states, async (state) => {
          const { receipt } = await call({ model: sample.model, state, explain: true });
          expect(receipt.explanation).toEqual(JSON.parse(JSON.stringify(model.explain(state).explanation)));
          for (const [name, d] of Object.entries(receipt.explanation.decisions as Record<string, { value: unknown }>)) {
            expect(d.value).toEqual(receipt.decisions[name].value);
          }
        }),
        { numRuns: 15 },
      );
    });
  }

  it("signs the explanation with the receipt: changing it breaks the signature", async () => {
    const { receipt } = await call({ model: lending.model, state: lending.cases[0]!.state, explain: true });
    const jwks = JSON.parse(JSON.stringify(deps.signer.jwks()));
    expect((await verifyReceipt(receipt, jwks)).valid).toBe(true);
    const risk = receipt.explanation.decisions.risk;
    const tampered = { ...receipt.explanation, decisions: { ...receipt.explanation.decisions, risk: { ...risk, value: "tampered" } } };
    expect((await verifyReceipt({ ...receipt, explanation: tampered }, jwks)).valid).toBe(false);
  });

  it("explains a reader run on the values read, and those decisions are the receipt's", async () => {
    const loan = {
      content: {
        name: "loan",
        inputs: {
          "annual income": { type: "number", desc: "What is the applicant's annual income?" },
          "credit score": { type: "number [300..850]", desc: "What is the credit score?" },
        },
        decisions: { approved: { type: "boolean", expr: "annual income >= 30000 and credit score >= 600" } },
      },
      questions: { approved: { type: "noul", instructions: "Is the loan approved?", criteria: { true: "approve", false: "decline" } } },
    };
    const text = "The applicant has an annual income of 52,000 and a credit score of 710.";
    const { receipt } = await call({ model: loan, state: text, explain: true });
    const read = Object.fromEntries(Object.entries(receipt.read as Record<string, { value: unknown }>).map(([n, r]) => [n, r.value]));
    expect(read).toEqual({ "annual income": 52000, "credit score": 710 });
    expect(receipt.explanation).toEqual(JSON.parse(JSON.stringify(compiled(loan).explain(read).explanation)));
    expect(receipt.explanation.decisions.approved.value).toEqual(receipt.decisions.approved.value);
  });

  it("costs what a plain call costs: System One output tokens are free by default", async () => {
    const request = { model: lending.model, state: lending.cases[0]!.state };
    const plain = await call(request, 1000);
    const explained = await call({ ...request, explain: true }, 1000);
    expect(explained.usage.output_tokens).toBeGreaterThan(plain.usage.output_tokens);
    expect(deps.rates.systemone.output).toBe(0);
    expect(explained.billing.cost_usd).toBe(plain.billing.cost_usd);
  });
});
