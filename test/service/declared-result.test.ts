// A state that makes a decision fall outside its declared type: 422 decision_outside_type naming
// the decision and the constraint, with nothing answered and nothing left reserved.
import { beforeEach, describe, expect, it } from "vitest";
import type { ServiceDeps } from "../../src/service/deps.js";
import { systemOne } from "../../src/service/systemone.js";
import { countTokens } from "../../src/service/tokens.js";
import { serviceDeps } from "./harness.js";

let deps: ServiceDeps;
let accountId: string;

const call = (body: Record<string, unknown>) =>
  systemOne({ body, inputTokens: countTokens(JSON.stringify(body)), accountId, startedAt: performance.now() }, deps);

const model = {
  content: {
    name: "days",
    inputs: {
      start: { type: "date", desc: "When does it start?" },
      end: { type: "date", desc: "When does it end?" },
    },
    decisions: { days: { type: "number >= 0", expr: "(end - start).days" }, note: "days + 1" },
  },
  questions: { days: { type: "number", instructions: "How many days?", range: { min: 0 } } },
};

describe("a decision outside its declared type", () => {
  beforeEach(async () => {
    ({ deps } = await serviceDeps({ real: true }));
    accountId = (await deps.ledger!.createAccount("acct", 1_000_000_000)).id;
  });

  it("answers inside it", async () => {
    const out = await call({ model, state: { start: "2026-01-01", end: "2026-01-31" } });
    if (!out.ok) throw new Error(out.problem.detail);
    expect((out.value as { answers: Record<string, { value: unknown }> }).answers.days!.value).toBe(30);
  });

  it("is 422 decision_outside_type naming the decision and the constraint, with nothing charged or left reserved", async () => {
    const out = await call({ model, state: { start: "2026-01-31", end: "2026-01-01" } });
    if (out.ok) throw new Error(`answered ${JSON.stringify(out.value)}`);
    const message = "decision `days` is outside its declared type number >= 0 for this state: it is -30";
    expect(out.problem).toMatchObject({ status: 422, code: "decision_outside_type", detail: message });
    expect(out.problem.errors).toEqual([{ address: "decisions.days", code: "decision.outside-type", message }]);
    expect(await deps.ledger!.balance(accountId)).toEqual({ balance: 1_000_000_000, reserved: 0, available: 1_000_000_000 });
  });
});
