// Generated hostile FEEL (costly-feel.ts) against the real server: every expression, whatever its
// size, answers its right value or a limit's problem naming the limit, /healthz keeps answering
// meanwhile, and a normal call is answered after. How long each holds the event loop is measured
// by `npm run bench:hostile`, not here.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE, type ProblemCode } from "../../../src/service/problems.js";
import { fundedKey, makeStore, startServer, type Server, type Store } from "../spawn.js";
import { normalCall, type Sender } from "./attacks.js";
import { costlyAttack, costlyFeel } from "./costly-feel.js";
import { send, whilePolling } from "./traffic.js";

const store: Store = makeStore("sqlite");
let server: Server;
const keys: Record<Sender, string | null> = { funded: null, broke: null, none: null };

beforeAll(async () => {
  server = await startServer(store, ["--compile-timeout", "90000", "--compile-workers", "1", "--log-level", "silent", "--rate-limit", "0"]);
  keys.funded = await fundedKey(store);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await store.dispose();
});

describe("generated hostile FEEL", () => {
  it("answers the right value or a limit's problem, and /healthz answers throughout", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(costlyFeel(), async (spec) => {
        const attack = costlyAttack(spec);
        const { result: reply, polls, failed, slowestMs } = await whilePolling(server.url, () => send(server.url, keys, attack));
        if (reply.status === 200) expect(attack.answer!(reply.body), `${attack.name}: ${JSON.stringify(reply.body.answers)}`).toBe(true);
        else {
          expect({ name: attack.name, status: reply.status, code: reply.body?.code }).toEqual({
            name: attack.name,
            status: CATALOGUE[reply.body?.code as ProblemCode]?.status,
            code: expect.toBeOneOf([...attack.problems]),
          });
          expect(reply.body.detail).toMatch(/limit of [\d,]+/);
        }
        expect(polls).toBeGreaterThan(0);
        expect(failed).toBe(0);
        expect(slowestMs).toBeLessThan(2_000);
      }),
      { numRuns: 30 },
    );
  });

  it("answers a normal call after them", async () => {
    const call = normalCall(9);
    const reply = await send(server.url, keys, call);
    expect(reply.status).toBe(200);
    expect(call.answer!(reply.body)).toBe(true);
  });
});
