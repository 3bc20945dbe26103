// System One on evidence over the embedded readers' size limit: 422 evidence_too_large naming the
// limit and the size received; a text state is refused before any reservation, a JSON state that
// needs reading once it is known not to match; nothing is charged either way.
import { beforeEach, describe, expect, it } from "vitest";
import type { Ledger } from "../../src/ledger/types.js";
import { EMBEDDED_LIMITS } from "../../src/providers/readers/limits.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { systemOne } from "../../src/service/systemone.js";
import { countTokens } from "../../src/service/tokens.js";
import { generatedEvidence } from "../../scripts/evidence-generator.js";
import { serviceDeps } from "./harness.js";

const LOAN = {
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
const QUESTIONS = { payout: { type: "number", instructions: "How much to pay?", range: { min: 0, max: 10000 } } };

let deps: ServiceDeps;
let reservations: number;
const FULL = 10_000_000;
const call = (body: unknown, accountId: string) =>
  systemOne({ body, inputTokens: countTokens(JSON.stringify(body)), accountId, startedAt: performance.now() }, deps);

/** The ledger, counting reservations: a refusal "before reserving" must make none. */
function counting(ledger: Ledger): Ledger {
  return new Proxy(ledger, {
    get(target, prop) {
      if (prop === "reserve") return (...args: Parameters<Ledger["reserve"]>) => (reservations++, target.reserve(...args));
      const v = Reflect.get(target, prop);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

const fmt = (n: number) => n.toLocaleString("en-US");

beforeEach(async () => {
  ({ deps } = await serviceDeps({ real: true }));
  deps.ledger = counting(deps.ledger!);
  reservations = 0;
});

describe("evidence over the embedded readers' limit", () => {
  it("a 900 KB text: 422 evidence_too_large naming the limit and the size, before any reservation, nothing charged", async () => {
    const id = (await deps.ledger!.createAccount("acct", FULL)).id;
    const text = generatedEvidence(900 * 1024);
    for (const body of [
      { model: LOAN, state: text },
      { questions: QUESTIONS, state: text },
    ]) {
      const out = await call(body, id);
      expect(out.ok).toBe(false);
      if (out.ok) return;
      expect(out.problem).toMatchObject({ status: 422, code: "evidence_too_large" });
      expect(out.problem.detail).toContain(fmt(text.length));
      expect(out.problem.detail).toContain(fmt(EMBEDDED_LIMITS.textChars));
      expect(out.problem.errors).toEqual([
        {
          address: "body.state",
          code: "evidence.too_large",
          message: `${fmt(text.length)} characters of text; the embedded readers take at most ${fmt(EMBEDDED_LIMITS.textChars)}`,
        },
      ]);
    }
    expect(reservations).toBe(0);
    expect(await deps.ledger!.balance(id)).toEqual({ balance: FULL, reserved: 0, available: FULL });
  });

  it("is checked before the reservation: an account that could not pay still gets 422, not 402", async () => {
    const broke = (await deps.ledger!.createAccount("broke", 0)).id;
    const over = await call({ model: LOAN, state: "a".repeat(EMBEDDED_LIMITS.textChars + 1) }, broke);
    expect(!over.ok && over.problem.code).toBe("evidence_too_large");
    const under = await call({ model: LOAN, state: "a".repeat(EMBEDDED_LIMITS.textChars) }, broke);
    expect(!under.ok && under.problem.code).toBe("insufficient_balance");
  });

  it("a text at the limit is read", async () => {
    const id = (await deps.ledger!.createAccount("acct", FULL)).id;
    const filler = generatedEvidence(EMBEDDED_LIMITS.textChars).slice(0, EMBEDDED_LIMITS.textChars - 80);
    const text = `${filler} Summary: annual income of $52,000 and a credit score of 710.`.padEnd(EMBEDDED_LIMITS.textChars, " ");
    expect(text.length).toBe(EMBEDDED_LIMITS.textChars);
    const out = await call({ model: LOAN, state: text }, id);
    expect(!out.ok && out.problem.code).not.toBe("evidence_too_large");
    expect(reservations).toBe(1);
    expect((await deps.ledger!.balance(id)).reserved).toBe(0);
  });

  it("a JSON state that needs reading and holds too many values: 422 once it is known not to match, nothing charged", async () => {
    const id = (await deps.ledger!.createAccount("acct", FULL)).id;
    const state = { income: "52000 USD", "credit score": 710, history: Array.from({ length: EMBEDDED_LIMITS.jsonValues }, (_, i) => i) };
    const out = await call({ model: LOAN, state }, id);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problem).toMatchObject({ status: 422, code: "evidence_too_large" });
    // the root, its three values and the array's items
    expect(out.problem.detail).toContain(`${fmt(EMBEDDED_LIMITS.jsonValues + 4)} JSON values`);
    expect(await deps.ledger!.balance(id)).toEqual({ balance: FULL, reserved: 0, available: FULL });
    expect(await deps.ledger!.entries(id)).toHaveLength(1);
  });

  it("a list, a number or null as the state is read, never checked against the input schema", async () => {
    const id = (await deps.ledger!.createAccount("acct", FULL)).id;
    // the compiled model's validate, counted: a list of 200,000 items was walked there before its size was refused
    let validated = 0;
    const compile = deps.compiler.compile.bind(deps.compiler);
    deps.compiler = Object.assign(Object.create(deps.compiler), {
      compile: async (...args: Parameters<typeof compile>) => {
        const result = await compile(...args);
        if (!result.ok) return result;
        const validate = result.model.validate.bind(result.model);
        return { ...result, model: { ...result.model, validate: (state: unknown) => (validated++, validate(state)) } };
      },
    });
    const over = Array.from({ length: EMBEDDED_LIMITS.jsonValues }, (_, i) => i);
    const out = await call({ model: LOAN, state: over }, id);
    expect(!out.ok && out.problem.code).toBe("evidence_too_large");
    for (const state of [[710, 52000], 710, null]) await call({ model: LOAN, state }, id);
    expect(validated).toBe(0);
    await call({ model: LOAN, state: { "annual income": 52000, "credit score": 710 } }, id);
    expect(validated).toBe(1);
  });
});
