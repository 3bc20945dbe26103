// Generated hostile FEEL that allocates (memory-feel.ts) against a server whose size limit is raised
// far past what its one compile worker's heap holds: an evaluation past the event loop's slice runs
// in the worker, and one that runs the worker out of memory is answered with a limit's problem
// naming the limit (compile_memory_exceeded for the worker's heap, evaluation_budget_exceeded for a
// string longer than the platform holds), /healthz answers throughout, and the next calls are served
// by the worker that replaces it. How long each holds the event loop is measured by
// `npm run bench:hostile`, not here.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE, type ProblemCode } from "../../../src/service/problems.js";
import { fundedKey, makeStore, startServer, type Server, type Store } from "../spawn.js";
import { normalCall, type Sender } from "./attacks.js";
import { memoryAttack, memoryFeel } from "./memory-feel.js";
import { send, whilePolling } from "./traffic.js";

const HEAP_MB = 96;
const store: Store = makeStore("sqlite");
let server: Server;
const keys: Record<Sender, string | null> = { funded: null, broke: null, none: null };

const metric = async (name: string): Promise<number> =>
  Number(new RegExp(`^${name} (\\S+)$`, "m").exec(await (await fetch(`${server.url}/metrics`)).text())![1]);

beforeAll(async () => {
  server = await startServer(store, [
    ...["--compile-timeout", "120000", "--compile-workers", "1", "--compile-memory", String(HEAP_MB)],
    ...["--eval-size", "1000000000", "--eval-budget", "1000000000", "--log-level", "silent", "--rate-limit", "0"],
  ]);
  keys.funded = await fundedKey(store);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await store.dispose();
});

describe("generated FEEL that allocates, past a compile worker's heap", () => {
  let outOfMemory = 0;

  it(
    "answers the right value or a limit's problem, /healthz answers throughout, and the next call is served",
    { timeout: 900_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(memoryFeel(), async (spec) => {
          const attack = memoryAttack(spec);
          const { result: reply, polls, failed } = await whilePolling(server.url, () => send(server.url, keys, attack));
          if (reply.status === 200) expect(attack.answer!(reply.body), `${attack.name}: ${JSON.stringify(reply.body.answers)}`).toBe(true);
          else {
            expect({ name: attack.name, status: reply.status, code: reply.body?.code }).toEqual({
              name: attack.name,
              status: CATALOGUE[reply.body?.code as ProblemCode]?.status,
              code: expect.toBeOneOf(["compile_memory_exceeded", "evaluation_budget_exceeded"]),
            });
            if (reply.body.code === "compile_memory_exceeded") {
              outOfMemory++;
              expect(reply.body.detail).toContain(`${HEAP_MB} MB (--compile-memory)`);
              expect(reply.body.detail).toMatch(/^evaluating the model .* build smaller/);
            } else expect(reply.body.detail).toMatch(/limit of [\d,]+ items and characters built/);
          }
          expect(polls).toBeGreaterThan(0);
          expect(failed).toBe(0);
          const call = normalCall(7);
          const next = await send(server.url, keys, call);
          expect(next.status).toBe(200);
          expect(call.answer!(next.body)).toBe(true);
        }),
        // the two ends of every form at least once: k of millions fills the heap, in 10–20 s on a loaded machine
        { numRuns: 10, examples: [[{ form: 0, k: 4_000_000 }], [{ form: 5, k: 4_000_000 }], [{ form: 5, k: 1 }]] },
      );
      // a list of 40 million items outgrows 96 MB whatever the machine: at least that one
      expect(outOfMemory).toBeGreaterThan(0);
      expect(await metric("pdm_compile_workers_replaced")).toBeGreaterThanOrEqual(outOfMemory);
    },
  );

  it("keeps its compile worker: a model not seen before compiles and answers", async () => {
    // 12,345 lists of ten: past the event loop's slice of time, so run in the worker
    const call = memoryAttack({ form: 1, k: 12_345 });
    const reply = await send(server.url, keys, call);
    expect(reply.status).toBe(200);
    expect(call.answer!(reply.body)).toBe(true);
    expect(await metric("pdm_compile_workers_busy")).toBe(0);
  });
});
