// Paying before compiling: a model the server has not compiled whose estimated compile work is
// over `prepayAboveUnits` is compiled only once its request holds a reservation, so a key that
// cannot cover the call gets 402 before any compile work; a small or already compiled model keeps
// the one-step charge. The estimate counts characters (per 64), decisions, functions and rules.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compileUnits } from "../../src/service/compile-estimate.js";
import { systemOne } from "../../src/service/systemone.js";
import { countTokens } from "../../src/service/tokens.js";
import { MODEL } from "./fake-compiler.js";
import { serviceDeps } from "./harness.js";

/** The fake model with `rules` extra rules in its table (the fake compiler ignores them). */
const withRules = (rules: number) => ({
  ...MODEL,
  content: {
    ...MODEL.content,
    decisions: { ...MODEL.content.decisions, risk: [["total", "=> low<high"], ...Array.from({ length: rules }, () => ["-", "low"])] },
  },
});

describe("compile estimate", () => {
  it("is a unit per 64 characters, per decision, per function and per table rule", () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(20), fc.nat(200_000), (rules, functions, characters) => {
        const fns = Object.fromEntries(
          Array.from({ length: functions }, (_, i) => [
            `f${i}`,
            {
              params: {},
              body: [
                ["x", "=> number"],
                ["-", "1"],
              ],
            },
          ]),
        );
        const model = { ...withRules(rules), content: { ...withRules(rules).content, functions: fns } };
        const decisions = Object.keys(model.content.decisions).length;
        expect(compileUnits(model, characters)).toBe(Math.ceil(characters / 64) + decisions + functions + rules + functions);
      }),
    );
  });
});

describe("paying before compiling", () => {
  const call = async (over: { balance: number; prepayAbove: number; rules: number; warm?: boolean }) => {
    const { deps, compiler } = await serviceDeps({ limits: { prepayAboveUnits: over.prepayAbove } });
    const accountId = (await deps.ledger!.createAccount("payer", over.balance)).id;
    const model = withRules(over.rules);
    if (over.warm) await deps.compiler.compile(model);
    const before = compiler.compiles;
    const body = { model, state: { a: 1, b: 2 } };
    const out = await systemOne({ body, inputTokens: countTokens(JSON.stringify(body)), accountId, startedAt: performance.now() }, deps);
    return { out, compiled: compiler.compiles - before, balance: await deps.ledger!.balance(accountId) };
  };

  it("refuses a large unseen model from a key that cannot pay with 402, before compiling it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 300 }), async (balance, rules) => {
        const { out, compiled, balance: after } = await call({ balance, prepayAbove: 0, rules });
        expect(out.ok ? 200 : out.problem.code).toBe("insufficient_balance");
        expect(compiled).toBe(0);
        expect(after).toEqual({ balance, reserved: 0, available: balance });
      }),
      { numRuns: 20 },
    );
  });

  it("runs and charges a large unseen model for a key that can pay, with nothing left reserved", async () => {
    const { out, compiled, balance } = await call({ balance: 5_000_000, prepayAbove: 0, rules: 50 });
    expect(out.ok).toBe(true);
    expect(compiled).toBe(1);
    expect(balance.reserved).toBe(0);
    expect(balance.balance).toBe(5_000_000 - Math.round((out.ok ? (out.value.billing as { cost_usd: number }).cost_usd : 0) * 1e6));
  });

  it("compiles a small model, or one already compiled, before charging in one step (402 only at the end)", async () => {
    for (const over of [
      { balance: 0, prepayAbove: 1_000_000, rules: 10 },
      { balance: 0, prepayAbove: 0, rules: 10, warm: true },
    ]) {
      const { out, compiled, balance } = await call(over);
      expect(out.ok ? 200 : out.problem.code).toBe("insufficient_balance");
      expect(compiled).toBe(over.warm ? 0 : 1);
      expect(balance).toEqual({ balance: 0, reserved: 0, available: 0 });
    }
  });
});
