// Requests that wait on one promise resume in one turn of the event loop: a model sent many times
// at once while it compiles is compiled once, and every request waiting for it goes on when that
// compile resolves. Each evaluates on the loop within its slice; they must not all do so before
// the loop runs anything else. Here the compile is held until every request waits for it, each
// evaluation takes `ms` of the loop, and an immediate queued as the compile resolves counts the
// evaluations made before it ran: at most a turn's slice of them, the rest in later turns,
// every answer right.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CompiledModel } from "../../src/compiler/index.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { SLICE_MS } from "../../src/service/next-turn.js";
import { systemOne } from "../../src/service/systemone.js";
import { countTokens } from "../../src/service/tokens.js";
import { serviceDeps } from "./harness.js";

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

const model = (tag: number) => ({
  content: { name: `stampede${tag}`, inputs: { n: { type: "number", desc: "n?" } }, decisions: { twice: `n * 2 + ${tag}` } },
  questions: { twice: { type: "number", instructions: "twice?" } },
});

/** The deps' compiler held until `open` is called, its models' evaluations taking `ms` each and recording the state's n. */
function heldCompiler(deps: ServiceDeps, ms: number, evaluated: number[]): { open: () => void; waiting: () => number } {
  const real = deps.compiler;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  const slow = (m: CompiledModel): CompiledModel =>
    Object.create(m, {
      evaluateTraced: {
        value: (state: Record<string, unknown>) => {
          busy(ms);
          evaluated.push(state.n as number);
          return m.evaluateTraced(state);
        },
      },
    });
  deps.compiler = {
    ...real,
    compile: async (m, identity, client) => {
      waiting++;
      await gate;
      const r = await real.compile(m, identity, client);
      return r.ok ? { ok: true, model: slow(r.model) } : r;
    },
  };
  return { open, waiting: () => waiting };
}

const send = (deps: ServiceDeps, body: unknown) =>
  systemOne({ body, inputTokens: countTokens(JSON.stringify(body)), accountId: null, startedAt: performance.now() }, deps);

describe("requests waiting on one compile", () => {
  it("evaluate a turn's slice of them when it resolves, the rest in later turns, each answered", async () => {
    let tag = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 2, max: 40 }), async (ms, count) => {
        const { deps } = await serviceDeps({ noLedger: true, real: true });
        const evaluated: number[] = [];
        const held = heldCompiler(deps, ms, evaluated);
        const body = model(++tag);
        const answers = Array.from({ length: count }, (_, n) => send(deps, { model: body, state: { n } }));
        while (held.waiting() < count) await new Promise((r) => setImmediate(r));
        let beforeImmediate = -1;
        await new Promise<void>((resolve) =>
          setTimeout(() => {
            setImmediate(() => (beforeImmediate = evaluated.length));
            held.open();
            resolve();
          }, 0),
        );
        const outs = await Promise.all(answers);
        outs.forEach((out, n) => {
          if (!out.ok) throw new Error(out.problem.detail);
          expect((out.value.answers as Record<string, { value: number }>).twice.value).toBe(2 * n + tag);
        });
        expect([...evaluated].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, n) => n));
        expect(beforeImmediate).toBeGreaterThanOrEqual(1);
        expect(beforeImmediate).toBeLessThanOrEqual(Math.floor(SLICE_MS / ms) + 1);
      }),
      { numRuns: 25 },
    );
  });
});
