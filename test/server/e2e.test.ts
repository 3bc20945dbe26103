// The real server, spawned as `pdm serve`, over HTTP: every status, billing to the micro-dollar,
// 402 under concurrency, signed receipts verified offline with jose, keys surviving a restart.
// The same suite runs on SQLite and, when DATABASE_URL is set, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countTokens } from "gpt-tokenizer";
import canonicalize from "canonicalize";
import { createHash } from "node:crypto";
import { base64url, createLocalJWKSet, flattenedVerify, type JSONWebKeySet } from "jose";
import { cli, lastLine, makeStore, post, ROOT, startServer, type Server, type Store } from "./spawn.js";

if (!process.env.DATABASE_URL) console.warn("NOTICE: DATABASE_URL is not set; the PostgreSQL server suite is skipped.");

const sample = (path: string) => JSON.parse(readFileSync(join(ROOT, "samples", path), "utf8"));
const LENDING = sample("lending/model.json");
const { state: STATE, expect: EXPECTED } = sample("lending/cases/prime-salaried.json");

// Output tokens are priced here so the arithmetic covers both directions.
const RATES = {
  systemone: { input_usd_per_million_tokens: 1.5, output_usd_per_million_tokens: 3 },
  reservation: { max_output_tokens: 2000, service_provider_allowance_usd: 0.01 },
};
const ratesFile = join(mkdtempSync(join(tmpdir(), "pdm-rates-")), "rates.json");
writeFileSync(ratesFile, JSON.stringify(RATES));

/** Output tokens as spec 2.10 counts them: the response less usage, billing and the receipt's billing and signature. */
function expectedOutputTokens(body: Record<string, any>): number {
  const { usage: _u, billing: _b, ...rest } = body;
  const { billing: _rb, receipt: _sig, ...receipt } = body.receipt;
  return countTokens(JSON.stringify({ ...rest, receipt }), { disallowedSpecial: new Set() });
}

/**
 * A receipt checked as docs/service.md tells a client to, written apart from the service's own
 * verifier: its leaf from the other fields, its proof walked to the root (RFC 9162 2.1.3.2), the
 * batch's signature on that root.
 */
async function verify(url: string, receipt: Record<string, unknown>): Promise<boolean> {
  const jwks = (await (await fetch(`${url}/v1/keys`)).json()) as JSONWebKeySet;
  const { receipt: text, ...rest } = receipt as { receipt: string };
  const [leafHeader, payload, batchHeader, signature, proof] = text.split(".");
  expect(payload).toBe("");
  const sha256 = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();
  const { n } = JSON.parse(Buffer.from(batchHeader!, "base64url").toString("utf8")) as { n: number };
  const bytes = Buffer.from(proof!, "base64url");
  let index = bytes.readUInt32BE(0);
  let last = n - 1;
  let hash = sha256(Buffer.of(0), Buffer.from(`${leafHeader}.${base64url.encode(canonicalize(rest)!)}`));
  for (let at = 4; at < bytes.length; at += 32) {
    const sibling = bytes.subarray(at, at + 32);
    if (index % 2 === 1 || index === last) {
      hash = sha256(Buffer.of(1), sibling, hash);
      while (index % 2 === 0 && index !== 0) [index, last] = [index >> 1, last >> 1];
    } else hash = sha256(Buffer.of(1), hash, sibling);
    [index, last] = [index >> 1, last >> 1];
  }
  if (last !== 0) return false;
  try {
    await flattenedVerify({ protected: batchHeader!, payload: base64url.encode(hash), signature: signature! }, createLocalJWKSet(jwks), {
      crit: { "pdm-merkle": true },
    });
    return true;
  } catch {
    return false;
  }
}

for (const storeName of ["sqlite", "postgres"] as const) {
  const store: Store = makeStore(storeName);
  describe.skipIf(!store.available)(`pdm serve on ${storeName}`, () => {
    let server: Server;
    let key: string;
    const balanceOf = async (account: string) => {
      const r = await cli(store, ["balance", "--account", account, "--json"]);
      expect(r, r.stderr).toMatchObject({ code: 0 });
      return JSON.parse(r.stdout);
    };
    const newAccount = async (name: string, usd: string) => {
      expect((await cli(store, ["accounts", "create", "--name", name, "--balance", usd])).code).toBe(0);
      const created = await cli(store, ["keys", "create", "--account", name]);
      expect(created.code).toBe(0);
      return lastLine(created.stdout);
    };

    beforeAll(async () => {
      server = await startServer(store, ["--rates", ratesFile, "--eval-budget", "200000"]);
      key = await newAccount("e2e", "1");
    });
    afterAll(async () => {
      await server?.stop();
      await store.dispose();
    });

    it("bootstraps a development account and key on an empty database", async () => {
      expect(server.devKey).toMatch(/^pdm_/);
      expect((await post(`${server.url}/v1/systemone`, server.devKey, { model: LENDING, state: STATE })).status).toBe(200);
      expect(await balanceOf("dev")).toMatchObject({ currency: "USD", reserved_usd: 0 });
    });

    it("serves health and the OpenAPI document", async () => {
      expect(await (await fetch(`${server.url}/healthz`)).json()).toMatchObject({ status: "ok", ledger: storeName });
      const doc = await (await fetch(`${server.url}/openapi.json`)).json();
      expect(doc.openapi).toBe("3.1.0");
    });

    it("executes a complete model deterministically and bills it to the micro-dollar", async () => {
      const before = await balanceOf("e2e");
      const request = { model: LENDING, state: STATE };
      const res = await post(`${server.url}/v1/systemone`, key, request);
      expect(res.status).toBe(200);
      const body = res.json;
      expect(body.answers).toEqual(EXPECTED.answers);
      expect(body.provider_usage).toEqual({ input_tokens: 0, output_tokens: 0 });
      expect(body.receipt.decisions.risk.value).toBe("low");
      expect(Number.isInteger(body.receipt.decisions.risk.rule) && body.receipt.decisions.risk.rule >= 1).toBe(true);
      expect(body.receipt.given).toEqual(STATE);

      const inTokens = countTokens(JSON.stringify(request));
      const outTokens = expectedOutputTokens(body);
      expect(body.usage).toEqual({ input_tokens: inTokens, output_tokens: outTokens });
      const micros = Math.ceil(inTokens * 1.5) + outTokens * 3;
      expect(Math.round(body.billing.cost_usd * 1e6)).toBe(micros);
      expect(body.billing.items.map((i: any) => [i.kind, i.quantity])).toEqual([
        ["systemone_input_tokens", inTokens],
        ["systemone_output_tokens", outTokens],
      ]);
      const after = await balanceOf("e2e");
      expect(Math.round(after.balance_usd * 1e6)).toBe(Math.round(before.balance_usd * 1e6) - micros);
      expect(body.billing.balance).toEqual(after);
    });

    it("sends a large model's answer whole, twice in a row: the JSON of the response, its length in Content-Length, with the answer's headers", async () => {
      // the model echoed in the answer, and its descriptions again in the input schema: about 400 KB
      const inputs = Object.fromEntries(
        Object.entries(LENDING.content.inputs as Record<string, { desc?: string }>).map(([k, v], i) => [
          k,
          { ...v, desc: `${v.desc ?? ""} ${`note ${i} é ✓ `.repeat(2000)}` },
        ]),
      );
      const large = { ...LENDING, content: { ...LENDING.content, inputs } };
      const own = await newAccount("large", "10"); // a large answer costs more than the other tests' account holds
      for (const id of ["large-1", "large-2"]) {
        const res = await fetch(`${server.url}/v1/systemone`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${own}`, "x-request-id": id },
          body: JSON.stringify({ model: large, state: STATE }),
        });
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(res.headers.get("x-request-id")).toBe(id);
        expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
        expect(bytes.length).toBeGreaterThan(2 * JSON.stringify(inputs).length);
        const body = JSON.parse(bytes.toString("utf8"));
        expect(Buffer.from(JSON.stringify(body)).equals(bytes)).toBe(true);
        expect(body.model).toEqual(large);
        expect(body.answers).toEqual(EXPECTED.answers);
        expect(body.usage.output_tokens).toBe(expectedOutputTokens(body));
        expect(await verify(server.url, body.receipt)).toBe(true);
      }
    });

    it("signs receipts that verify offline with GET /v1/keys, and not once altered", async () => {
      const res = await post(`${server.url}/v1/systemone`, key, { model: LENDING, state: STATE });
      expect(await verify(server.url, res.json.receipt)).toBe(true);
      expect(await verify(server.url, { ...res.json.receipt, answers: {} })).toBe(false);
    });

    it("answers each error status with a problem body and charges nothing", async () => {
      const url = `${server.url}/v1/systemone`;
      const before = await balanceOf("e2e");
      const cases: [string | null, unknown, number, string][] = [
        [key, "{broken", 400, "malformed_json"],
        [key, { content: LENDING.content, state: STATE }, 400, "invalid_request"],
        [null, { model: LENDING, state: STATE }, 401, "missing_api_key"],
        ["pdm_unknown", { model: LENDING, state: STATE }, 401, "invalid_api_key"],
        [key, { model: { questions: {}, ...sample("broken/model.json") }, state: {} }, 422, "invalid_model"],
        // the embedded readers run, but this evidence does not establish every required input
        [key, { model: LENDING, state: "The applicant earns 120k." }, 422, "value_not_established"],
        [key, { model: LENDING, state: { ...STATE, "credit score": "high" } }, 422, "invalid_state"],
        [key, { prompt: "a lending model" }, 502, "provider_unavailable"],
      ];
      for (const [k, body, status, code] of cases) {
        const res = await post((body as { prompt?: string }).prompt ? `${server.url}/v1/systemtwo/models` : url, k, body);
        expect({ status: res.status, code: res.json?.code }).toEqual({ status, code });
        expect(res.type).toMatch(/^application\/problem\+json/);
        expect(Object.keys(res.json).sort()).toEqual(["code", "detail", "errors", "request_id", "status", "title", "type"]);
        expect(res.json.request_id).toBe(res.requestId);
      }
      expect(await balanceOf("e2e")).toEqual(before);
    });

    it("stops a model with a huge loop at the evaluation budget (422)", async () => {
      const spin = {
        content: {
          name: "spin",
          inputs: { n: { type: "number", desc: "How many?" } },
          // each range is short; the nested loop makes 10^10 steps
          decisions: { total: "sum(for i in 1..n, j in 1..n return i * j)" },
        },
        questions: { total: { type: "number", instructions: "How many in total?" } },
      };
      const res = await post(`${server.url}/v1/systemone`, key, { model: spin, state: { n: 100000 } });
      expect({ status: res.status, code: res.json.code }).toEqual({ status: 422, code: "evaluation_budget_exceeded" });
      expect((await post(`${server.url}/v1/systemone`, key, { model: LENDING, state: STATE })).status).toBe(200);
    });

    it("403 for a revoked key and for a disabled account", async () => {
      const k = await newAccount("to-revoke", "1");
      expect((await post(`${server.url}/v1/systemone`, k, { model: LENDING, state: STATE })).status).toBe(200);
      expect((await cli(store, ["keys", "revoke", "--key", k])).code).toBe(0);
      const revoked = await post(`${server.url}/v1/systemone`, k, { model: LENDING, state: STATE });
      expect({ status: revoked.status, code: revoked.json.code }).toEqual({ status: 403, code: "api_key_revoked" });

      const d = await newAccount("to-disable", "1");
      expect((await cli(store, ["accounts", "disable", "--name", "to-disable"])).code).toBe(0);
      const disabled = await post(`${server.url}/v1/systemone`, d, { model: LENDING, state: STATE });
      expect({ status: disabled.status, code: disabled.json.code }).toEqual({ status: 403, code: "account_disabled" });
    });

    it("402 when the balance cannot cover the reservation, and a top-up fixes it", async () => {
      const k = await newAccount("empty", "0");
      const res = await post(`${server.url}/v1/systemone`, k, { model: LENDING, state: STATE });
      expect({ status: res.status, code: res.json.code }).toEqual({ status: 402, code: "insufficient_balance" });
      expect((await cli(store, ["topup", "--account", "empty", "--usd", "0.5"])).code).toBe(0);
      expect((await post(`${server.url}/v1/systemone`, k, { model: LENDING, state: STATE })).status).toBe(200);
    });

    it("never drives a balance below zero under concurrent requests and loses no settlement", async () => {
      const k = await newAccount("crowd", "0.03");
      const results = await Promise.all(
        Array.from({ length: 40 }, () => post(`${server.url}/v1/systemone`, k, { model: LENDING, state: STATE })),
      );
      const ok = results.filter((r) => r.status === 200);
      const refused = results.filter((r) => r.status === 402);
      expect(ok.length + refused.length).toBe(40);
      expect(ok.length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      const charged = ok.reduce((s, r) => s + Math.round(r.json.billing.cost_usd * 1e6), 0);
      // each answered receipt verifies on its own, whichever batch signed it
      for (const r of ok) expect(await verify(server.url, r.json.receipt)).toBe(true);
      const after = await balanceOf("crowd");
      expect(Math.round(after.balance_usd * 1e6)).toBe(30_000 - charged);
      expect(after.reserved_usd).toBe(0);
      expect(after.balance_usd).toBeGreaterThanOrEqual(0);
    });

    it("rate-limits per key (429 with Retry-After), in a second process on the same ledger", async () => {
      const limited = await startServer(store, ["--rate-limit", "2"]);
      try {
        const k = await newAccount("limited", "1");
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await post(`${limited.url}/v1/systemone`, k, { model: LENDING, state: STATE })).status);
        expect(statuses).toEqual([200, 200, 429]);
        expect((await post(`${limited.url}/v1/systemone`, key, { model: LENDING, state: STATE })).status).toBe(200);
        expect(limited.devKey).toBeNull();
      } finally {
        await limited.stop();
      }
    });

    it("keeps the signing key across restarts: old receipts still verify", async () => {
      const res = await post(`${server.url}/v1/systemone`, key, { model: LENDING, state: STATE });
      const kid = (await (await fetch(`${server.url}/v1/keys`)).json()).keys[0].kid;
      expect(await server.stop()).toBe(0);
      server = await startServer(store, ["--rates", ratesFile]);
      expect(server.devKey).toBeNull();
      expect((await (await fetch(`${server.url}/v1/keys`)).json()).keys.map((k: any) => k.kid)).toEqual([kid]);
      expect(await verify(server.url, res.json.receipt)).toBe(true);
    });
  });
}
