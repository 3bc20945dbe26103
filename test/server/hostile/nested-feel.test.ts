// Nestings of the costly FEEL forms, generated (nested-feel.ts), against the real server: each
// request answers its value or a limit's coded 4xx, the event loop is never held past a bound by
// the server's own measure (pdm_event_loop_delay_max_seconds, the longest delay since the previous
// scrape), and /healthz answers after each.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE, type ProblemCode } from "../../../src/service/problems.js";
import { fundedKey, makeStore, startServer, type Server, type Store } from "../spawn.js";
import type { Sender } from "./attacks.js";
import { nestedAttack, nestedFeel } from "./nested-feel.js";
import { send } from "./traffic.js";

/** The longest the event loop may be held, in seconds: the on-loop slice is 10–40 ms of CPU, this leaves a loaded machine's waits for a core. */
const LOOP_HELD_S = 2;
const store: Store = makeStore("sqlite");
let server: Server;
const keys: Record<Sender, string | null> = { funded: null, broke: null, none: null };

const loopDelay = async (): Promise<number> =>
  Number(/^pdm_event_loop_delay_max_seconds (\S+)$/m.exec(await (await fetch(`${server.url}/metrics`)).text())![1]);

beforeAll(async () => {
  server = await startServer(store, ["--compile-timeout", "90000", "--compile-workers", "1", "--log-level", "silent", "--rate-limit", "0"]);
  keys.funded = await fundedKey(store);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await store.dispose();
});

describe("nested hostile FEEL", () => {
  it(
    "answers the nesting's value or a limit's problem, never holding the event loop, /healthz answering after",
    { timeout: 900_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(nestedFeel(), async (spec) => {
          const attack = nestedAttack(spec);
          await loopDelay();
          const reply = await send(server.url, keys, attack);
          const held = await loopDelay();
          if (reply.status === 200) expect(attack.answer!(reply.body), `${attack.name}: ${JSON.stringify(reply.body.answers)}`).toBe(true);
          else {
            expect({ name: attack.name, status: reply.status, code: reply.body?.code }).toEqual({
              name: attack.name,
              status: CATALOGUE[reply.body?.code as ProblemCode]?.status,
              code: expect.toBeOneOf([...attack.problems]),
            });
            expect(reply.body.detail).toMatch(/limit of [\d,]+/);
          }
          expect(held, attack.name).toBeLessThan(LOOP_HELD_S);
          expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        }),
        { numRuns: 40 },
      );
    },
  );
});
