// Answers and explanations bounded: the JSON length measure agrees with JSON.stringify on generated
// values and stops at its limit; a receipt or an explanation over --answer-limit is a 422 with its
// own code and nothing charged; an explanation lists its first 1,000 steps and counts the rest.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonLength } from "../../src/service/answer-size.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { evaluateJob } from "../../src/service/evaluation.js";
import { systemOne } from "../../src/service/systemone.js";
import { serviceDeps } from "./harness.js";

/** Whether a string or key of `v` holds a control character JSON.stringify writes in two characters (jsonLength counts six). */
const hasShortEscape = (v: unknown): boolean =>
  typeof v === "string"
    ? /[\b\f\n\r\t]/.test(v)
    : typeof v === "object" && v !== null && Object.entries(v).some(([k, x]) => hasShortEscape(k) || hasShortEscape(x));

describe("jsonLength", () => {
  it("is the length JSON.stringify writes (at most 4 more per short escape), or more than the limit once past it", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 400 }), (v, limit) => {
        const text = JSON.stringify(v);
        const exact = !hasShortEscape(v);
        const measured = jsonLength(v, Infinity);
        if (exact) expect(measured).toBe(text.length);
        else expect(measured).toBeGreaterThan(text.length);
        expect(jsonLength(v, limit) > limit).toBe(measured > limit);
      }),
      { numRuns: 500 },
    );
  });

  it("writes lone surrogates as escapes and pairs as they are", () => {
    for (const s of ["\ud800", "a\udc00b", "😀", "\ud83d\ude00\ud800"]) expect(jsonLength(s, Infinity)).toBe(JSON.stringify(s).length);
  });
});

describe("the answer limit", () => {
  let deps: ServiceDeps;
  let accountId: string;
  const balance = 1_000_000_000;

  beforeEach(async () => {
    ({ deps } = await serviceDeps({ real: true, limits: { answerChars: 100_000 } }));
    accountId = (await deps.ledger!.createAccount("acct", balance)).id;
  });

  const model = (decisions: Record<string, string>, functions: Record<string, unknown> = {}) => ({
    content: { name: "answers", inputs: { n: { type: "number", desc: "n?" } }, functions, decisions },
    questions: { out: { type: "number", instructions: "out?" } },
  });

  const call = (body: Record<string, unknown>) => systemOne({ body, inputTokens: 100, accountId, startedAt: performance.now() }, deps);

  it("answers under it, refuses over it with answer_too_large and charges nothing", async () => {
    for (const [items, over] of [
      [100, false],
      [60_000, true],
    ] as const) {
      const before = await deps.ledger!.balance(accountId);
      const out = await call({ model: model({ l: `for i in 1..${items} return n`, out: "count(l)" }), state: { n: 7 } });
      expect(out.ok).toBe(!over);
      const after = await deps.ledger!.balance(accountId);
      expect(after.reserved).toBe(0);
      if (!out.ok) {
        expect(out.problem.code).toBe("answer_too_large");
        expect(out.problem.status).toBe(422);
        expect(out.problem.detail).toContain("100,000");
        expect(after.balance).toBe(before.balance);
      } else expect(after.balance).toBeLessThan(before.balance);
    }
  });

  it("keeps 1,000 steps of an explanation and counts the others; a long one is explanation_too_large", async () => {
    const functions = { f: { params: { k: "number" }, returns: "number", body: "k + 1" } };
    const explained = await call({
      model: model({ out: "count(for i in 1..1500 return f(i))" }, functions),
      state: { n: 1 },
      explain: true,
    });
    expect(explained.ok).toBe(true);
    if (explained.ok) {
      const d = (explained.value as any).receipt.explanation.decisions.out;
      expect(d.steps).toHaveLength(1000);
      expect(d.omittedSteps).toBe(500);
    }
    // a thousand steps each holding a 100-character string pass 100,000 characters
    const long = await call({
      model: model(
        { out: "count(for i in 1..1500 return f(i))" },
        { f: { params: { k: "number" }, returns: "string", body: 'substring("' + "x".repeat(100) + '", 1)' } },
      ),
      state: { n: 1 },
      explain: true,
    });
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.problem.code).toBe("explanation_too_large");
  });

  it("is measured where the evaluation runs: a worker sends the problem, not a receipt past the limit", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3_000 }),
        fc.integer({ min: 1_000, max: 20_000 }),
        fc.boolean(),
        async (items, limit, explain) => {
          const m = model({ l: `for i in 1..${items} return n / 3`, out: "count(l)" });
          const compiled = await deps.compiler.compile(m);
          if (!compiled.ok) throw new Error("the model compiles");
          const limits = { evaluationSteps: 1e6, evaluationSize: 1e6, evaluationDepth: 100, answerChars: limit };
          const out = evaluateJob({ model: m, state: { n: 1 }, explain }, compiled.model, limits);
          const whole = evaluateJob({ model: m, state: { n: 1 }, explain }, compiled.model, { ...limits, answerChars: Infinity });
          if (!whole.ok) throw new Error("the model answers without the limit");
          const { explanation, ...receipt } = whole.value;
          const code = !(jsonLength(receipt, limit) <= limit)
            ? "answer_too_large"
            : explain && !(jsonLength(explanation, limit) <= limit)
              ? "explanation_too_large"
              : undefined;
          if (code) expect(out).toMatchObject({ ok: false, problem: { code } });
          else expect(out).toEqual(whole);
        },
      ),
      { numRuns: 25 },
    );
  });
});
