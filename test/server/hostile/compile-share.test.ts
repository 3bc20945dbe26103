// One client's flood of compiles against the real server, with one compile worker and a share of
// 0.2 (3 of the pool's 17 jobs a client): once the flooding key holds its share, its next new model
// is refused with 429 compile_queue_full and Retry-After naming --compile-share, while its own call
// of a model compiled before is answered, and another key's new model is compiled and its compiled
// model answered. A request whose Content-Length is past the body limit is refused before its body:
// one that sends the headers and never the body is answered at once.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, lastLine, makeStore, startServer, type Server, type Store } from "../spawn.js";

const store: Store = makeStore("sqlite");
let server: Server;
const keys: Record<"flooder" | "victim", string> = { flooder: "", victim: "" };

const SHARE = 0.2;
/** the jobs a client may hold with one worker: the share of 16 waiting and 1 running */
const HELD = Math.floor(SHARE * 17);
const BODY_LIMIT = 1024 * 1024;

const question = (instructions: string) => ({ type: "number", instructions });
/** a model of 1,500 decisions, distinct by `i`: about a second of a worker's time */
const heavy = (i: number) => {
  const decisions: Record<string, string> = { d0: `n * ${i + 1}` };
  for (let d = 1; d < 1500; d++) decisions[`d${d}`] = `if d${d - 1} > ${d} then d${d - 1} - ${d} else d${d - 1} + ${d} * n`;
  return { content: { name: `heavy${i}`, inputs: { n: { type: "number", desc: "n?" } }, decisions }, questions: { d1499: question("d?") } };
};
const small = (name: string) => ({
  content: { name, inputs: { n: { type: "number", desc: "n?" } }, decisions: { twice: "n * 2" } },
  questions: { twice: question("twice?") },
});

async function call(key: string, model: unknown): Promise<{ status: number; body: any; retryAfter: string | null }> {
  const res = await fetch(`${server.url}/v1/systemone`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ model, state: { n: 21 } }),
  });
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get("retry-after") };
}

/** the compile jobs the server holds: running and waiting (its /metrics) */
async function held(): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)![1]);
  return gauge("pdm_compile_workers_busy") + gauge("pdm_compile_queue_length");
}

beforeAll(async () => {
  server = await startServer(store, [
    "--log-level",
    "silent",
    "--rate-limit",
    "0",
    "--compile-workers",
    "1",
    "--compile-share",
    String(SHARE),
    "--compile-wait",
    "0",
    "--compile-timeout",
    "60000",
    "--body-limit",
    String(BODY_LIMIT),
  ]);
  for (const name of ["flooder", "victim"] as const) {
    expect((await cli(store, ["accounts", "create", "--name", name, "--balance", "100"])).code).toBe(0);
    keys[name] = lastLine((await cli(store, ["keys", "create", "--account", name])).stdout);
  }
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await store.dispose();
});

describe("each client's share of the compile pool, over HTTP", () => {
  it(
    "refuses the flooding key's new model past its share with 429 and Retry-After; its compiled model, and another key's models, are answered",
    { timeout: 240_000 },
    async () => {
      for (const name of ["flooder", "victim"] as const) expect((await call(keys[name], small(`${name}'s`))).status).toBe(200);
      const flood = Array.from({ length: HELD }, (_, i) => call(keys.flooder, heavy(i)));
      while ((await held()) < HELD) await new Promise((r) => setTimeout(r, 20));

      const refused = await call(keys.flooder, heavy(HELD));
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBe("1");
      expect(refused.body).toMatchObject({ code: "compile_queue_full" });
      expect(refused.body.detail).toContain(`already has ${HELD} models waiting for or in the 1 compile worker(s)`);
      expect(refused.body.detail).toContain(`(--compile-share ${SHARE})`);

      // the flooding key's compiled model is answered while its share is held
      const own = await call(keys.flooder, small("flooder's"));
      expect(own.status).toBe(200);
      expect(own.body.answers.twice.value).toBe(42);
      expect(await held()).toBeGreaterThanOrEqual(1);

      // another key: its compiled model answered, its new model taken (and compiled once the worker is free)
      const cached = await call(keys.victim, small("victim's"));
      expect(cached.status).toBe(200);
      const fresh = await call(keys.victim, small("victim's new"));
      expect(fresh.status).toBe(200);
      expect(fresh.body.answers.twice.value).toBe(42);

      const flooded = await Promise.all(flood);
      expect(flooded.map((r) => r.status)).toEqual(flooded.map(() => 200));
      // the share came back with the flood's ends
      expect((await call(keys.flooder, small("flooder's next"))).status).toBe(200);
    },
  );

  it(
    "refuses a Content-Length past the body limit before any of the body: sent without its body, it is answered at once",
    { timeout: 30_000 },
    async () => {
      const { hostname, port } = new URL(server.url);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), hostname, () =>
          socket.write(
            `POST /v1/systemone HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${keys.flooder}\r\nContent-Type: application/json\r\nContent-Length: ${BODY_LIMIT + 1}\r\n\r\n`,
          ),
        );
        let text = "";
        socket.on("data", (d: Buffer) => {
          text += d.toString();
          if (text.includes("\r\n\r\n") && text.includes("}")) {
            socket.destroy();
            resolve(text);
          }
        });
        socket.on("error", reject);
        // well within the request timeout (30 s) the server would otherwise wait for the body until
        setTimeout(() => reject(new Error(`no answer within 10 s: ${text}`)), 10_000).unref();
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('"code":"body_too_large"');
    },
  );
});
