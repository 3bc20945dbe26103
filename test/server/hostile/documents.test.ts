// A Draft's documents against the real server (a language model configured on loopback, never
// reached): a PDF whose page inflates a thousandfold is read in a compile worker and stopped at its
// time or memory limit, answered 422 naming the file, while /healthz keeps being answered; the
// worker is replaced and a normal call is answered after it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, lastLine, makeStore, startServer, type Server, type Store } from "../spawn.js";
import { normalCall, type Sender } from "./attacks.js";
import { DOCUMENT_ATTACKS, draftEnv } from "./shapes-near-limit.js";
import { send, whilePolling } from "./traffic.js";

const store: Store = makeStore("sqlite");
let server: Server;
let endpoint: Awaited<ReturnType<typeof draftEnv>>;
const keys: Record<Sender, string | null> = { funded: null, broke: null, none: null };

beforeAll(async () => {
  endpoint = await draftEnv();
  server = await startServer(store, ["--compile-timeout", "5000", "--compile-workers", "1", "--log-level", "silent"], endpoint.env);
  expect((await cli(store, ["accounts", "create", "--name", "docs", "--balance", "50"])).code).toBe(0);
  keys.funded = lastLine((await cli(store, ["keys", "create", "--account", "docs"])).stdout);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await store.dispose();
  await endpoint?.close();
});

describe("a Draft's documents", () => {
  for (const attack of DOCUMENT_ATTACKS) {
    it(attack.name, { timeout: 120_000 }, async () => {
      const { result, slowestMs, polls, failed } = await whilePolling(server.url, () => send(server.url, keys, attack));
      expect(result.status).toBe(422);
      expect(result.body.code).toBeOneOf([...attack.problems]);
      expect(result.body.errors).toEqual([expect.objectContaining({ address: "body.files[0].data", code: `file.${result.body.code}` })]);
      expect(result.body.billing).toBeUndefined();
      expect(polls).toBeGreaterThan(0);
      expect(failed).toBe(0);
      expect(slowestMs, "the slowest /healthz answer, in ms").toBeLessThan(1_000);
      const call = normalCall(6);
      const after = await send(server.url, keys, call);
      expect(call.answer!(after.body)).toBe(true);
    });
  }
});
