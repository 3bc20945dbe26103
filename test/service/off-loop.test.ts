// Evaluations past the event loop's share of the budget run whole elsewhere (evaluation.ts): the
// answer, the explanation and the problems are the same whichever way a call runs, only an
// evaluation that needs more than the slice leaves the event loop, and one past the whole budget
// is refused naming the whole limit, never the slice.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ServiceDeps } from "../../src/service/deps.js";
import { evaluateJob, type EvaluationJob } from "../../src/service/evaluation.js";
import type { BudgetLimits } from "../../src/service/run.js";
import { systemOne } from "../../src/service/systemone.js";
import { countTokens } from "../../src/service/tokens.js";
import { serviceDeps } from "./harness.js";

const LOOP = {
  content: {
    name: "loop",
    inputs: { "item count": { type: "number", desc: "How many items are there?" } },
    decisions: { total: { type: "number", expr: "sum(for i in 1..item count return modulo(i, 7))" } },
  },
  questions: { total: { type: "number", instructions: "What is the total?" } },
};
const STEPS = 200_000;

/** Service deps whose offload runs the whole evaluation here, recording each job it was given. */
async function offloading(share: number, onLoopCpuMs?: number, steps = STEPS): Promise<{ deps: ServiceDeps; offloaded: EvaluationJob[] }> {
  const offloaded: EvaluationJob[] = [];
  const limits = { evaluationSteps: steps, onLoopShare: share, ...(onLoopCpuMs === undefined ? {} : { onLoopCpuMs }) };
  const { deps } = await serviceDeps({ noLedger: true, real: true, limits });
  deps.offload = async (job, hash, limits: BudgetLimits) => {
    offloaded.push(job);
    expect(limits.evaluationSteps).toBe(steps);
    const compiled = await deps.compiler.compile(job.model);
    if (!compiled.ok || compiled.model.hash !== hash) throw new Error("the offloaded job names another model");
    return evaluateJob(job, compiled.model, limits);
  };
  return { deps, offloaded };
}

const send = (deps: ServiceDeps, body: unknown) =>
  systemOne({ body, inputTokens: countTokens(JSON.stringify(body)), accountId: null, startedAt: performance.now() }, deps);

/** What an answer says, without what differs from call to call (the latency, the signature). */
function comparable(out: Awaited<ReturnType<typeof systemOne>>): unknown {
  if (!out.ok) return { code: out.problem.code, detail: out.problem.detail, errors: out.problem.errors };
  const { receipt } = out.value as { receipt: Record<string, unknown> };
  return { answers: receipt.answers, decisions: receipt.decisions, explanation: receipt.explanation };
}

describe("evaluations off the event loop", () => {
  it("answers as the event loop alone would, and leaves it only when the slice does not cover the evaluation", async () => {
    const share = 0.05;
    const off = await offloading(share);
    const { deps: alone } = await serviceDeps({ noLedger: true, real: true, limits: { evaluationSteps: STEPS, onLoopShare: 1 } });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 120_000 }), fc.boolean(), async (n, explain) => {
        const body = { model: LOOP, state: { "item count": n }, explain };
        off.offloaded.length = 0;
        const here = await send(alone, body);
        const there = await send(off.deps, body);
        expect(comparable(there)).toEqual(comparable(here));
        // a loop of n items takes about n steps (and as many again to explain it)
        if (n < (STEPS * share) / 4) expect(off.offloaded).toHaveLength(0);
        if (n > STEPS * share) expect(off.offloaded).toEqual([expect.objectContaining({ explain, state: { "item count": n } })]);
      }),
      { numRuns: 20 },
    );
  });

  it("leaves the event loop past its slice of CPU time too, with the answer the event loop alone gives", async () => {
    // the whole share on the loop, no CPU time: the clock is first read after half the share (a million steps) and the slice
    // is spent once it moves (the process's CPU clock may move in steps of a few milliseconds: 200,000 steps more take longer)
    const steps = 2_000_000;
    const off = await offloading(1, 0, steps);
    const { deps: alone } = await serviceDeps({ noLedger: true, real: true, limits: { evaluationSteps: steps, onLoopShare: 1 } });
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.integer({ min: 0, max: 450_000 }), fc.integer({ min: 1_200_000, max: 1_300_000 })), async (n) => {
        const body = { model: LOOP, state: { "item count": n } };
        off.offloaded.length = 0;
        const here = await send(alone, body);
        const there = await send(off.deps, body);
        expect(comparable(there)).toEqual(comparable(here));
        // the loop ticks a step an item (the sum charges its n steps at once, after it): within half the share the clock is never read
        expect(off.offloaded).toHaveLength(n <= 450_000 ? 0 : 1);
      }),
      { numRuns: 6 },
    );
  });

  it("refuses an evaluation past the whole budget naming the whole limit, after running it off the loop", async () => {
    const off = await offloading(0.05);
    const out = await send(off.deps, { model: LOOP, state: { "item count": 10 * STEPS } });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problem.code).toBe("evaluation_budget_exceeded");
    expect(out.problem.detail).toContain(STEPS.toLocaleString("en-US"));
    expect(off.offloaded).toHaveLength(1);
  });

  it("reads a text state on the loop and evaluates what was read off it", async () => {
    const off = await offloading(0.05);
    const out = await send(off.deps, { model: LOOP, state: "The item count is 30,000." });
    if (!out.ok) throw new Error(JSON.stringify(out.problem));
    expect(off.offloaded).toEqual([expect.objectContaining({ reading: expect.objectContaining({ mode: "fast" }) })]);
    let total = 0;
    for (let i = 1; i <= 30_000; i++) total += i % 7;
    expect((out.value as any).receipt.decisions.total.value).toBe(total);
  });
});
