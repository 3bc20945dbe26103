// Hostile input ends as a prompt 4xx that names the limit and where, never a 500 or a stall:
// JSON nested past the limit or holding lone surrogates anywhere in the body (400, the JSON
// path), bytes that are not UTF-8 (400), numbers JSON.parse would read as Infinity (400, the number
// and where it is), and models whose evaluation passes a budget (422, which limit).
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey, keyPrefix, newApiKey } from "../../src/ledger/api-keys.js";
import { buildApp } from "../../src/server/app.js";
import { unlimited } from "../../src/server/rate-limit.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { MAX_JSON_DEPTH } from "../../src/service/json-limits.js";
import { serviceDeps } from "../service/harness.js";

let app: FastifyInstance;
let deps: ServiceDeps;
const key = newApiKey();

beforeAll(async () => {
  ({ deps } = await serviceDeps({ real: true, limits: { evaluationSteps: 100_000, evaluationSize: 100_000, evaluationDepth: 100 } }));
  const account = await deps.ledger!.createAccount("limits", 1_000_000_000);
  await deps.ledger!.addKey(account.id, hashApiKey(key), keyPrefix(key));
  app = buildApp({ service: deps, rateLimiter: unlimited(), bodyLimit: 1 << 20, version: "test" });
  await app.ready();
});
afterAll(async () => app.close());

const model = (decisions: Record<string, string>, inputs: Record<string, unknown> = {}, functions: Record<string, unknown> = {}) => ({
  content: { name: "limits", inputs, functions, decisions },
  questions: {},
});
const NUMBER_X = { x: { type: "number", desc: "What is x?" } };

const post = (payload: string | Buffer) =>
  app.inject({
    method: "POST",
    url: "/v1/systemone",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    payload,
  });

/** `depth` arrays inside one another, around 1. */
const nested = (depth: number) => "[".repeat(depth) + "1" + "]".repeat(depth);

describe("the body is checked as it is parsed", () => {
  const places = {
    state: (v: string) => `{"model": ${JSON.stringify(model({ r: "x" }, NUMBER_X))}, "state": {"x": 1, "deep": ${v}}}`,
    content: (v: string) =>
      `{"model": {"content": {"name": "m", "inputs": {}, "decisions": {"r": "1"}, "extra": ${v}}, "questions": {}}, "state": {}}`,
    questions: (v: string) =>
      `{"model": {"content": {"name": "m", "inputs": {}, "decisions": {"r": "1"}}, "questions": {"q": ${v}}}, "state": {}}`,
    "input type": (v: string) =>
      `{"model": {"content": {"name": "m", "inputs": {"x": {"type": ${v}, "desc": "x?"}}, "decisions": {"r": "1"}}, "questions": {}}, "state": {}}`,
  };
  const prefixes: Record<keyof typeof places, string> = {
    state: "body.state.deep",
    content: "body.model.content.extra",
    questions: "body.model.questions.q",
    "input type": "body.model.content.inputs.x.type",
  };

  it.each(Object.keys(places) as (keyof typeof places)[])(
    "JSON nested 5,000 deep in the %s: 400 naming the path and the limit",
    async (place) => {
      const res = await post(places[place](nested(5000)));
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe("json_too_deep");
      expect(body.detail).toContain(String(MAX_JSON_DEPTH));
      expect(body.errors[0].code).toBe("request.depth");
      expect(body.errors[0].address.startsWith(prefixes[place])).toBe(true);
    },
  );

  it("nesting just within the limit gets past the check", async () => {
    // the body, model, state and key take 3 levels; the rest is the value's own
    const res = await post(places.state(nested(MAX_JSON_DEPTH - 3)));
    expect(res.statusCode).toBe(200);
  });

  it("a lone surrogate anywhere, escaped or as a key: 400 naming its JSON path", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("\\ud800", "\\udfff", "a\\udc00b", "\\ud83d"),
        fc.boolean(),
        fc.constantFrom(...(Object.keys(places) as (keyof typeof places)[])),
        async (escape, asKey, place) => {
          const value = asKey ? `{"${escape}": 1}` : `["ok", "${escape}"]`;
          const res = await post(places[place](value));
          expect(res.statusCode).toBe(400);
          const body = res.json();
          expect(body.code).toBe("invalid_text");
          expect(body.errors[0].code).toBe("request.surrogate");
          expect(body.errors[0].address).toBe(asKey ? `${prefixes[place]}["${escape}"]` : `${prefixes[place]}[1]`);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("a surrogate pair is text", async () => {
    const res = await post(places.state('"\\ud83d\\ude00"'));
    expect(res.statusCode).toBe(200);
  });

  it("a surrogate sent raw (its three UTF-8-like bytes) is not UTF-8: 400", async () => {
    const text = places.state('"#"');
    const at = text.indexOf("#");
    const bytes = Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(text.slice(at + 1))]);
    const res = await post(bytes);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid_text", errors: [{ address: "body", code: "request.utf8" }] });
  });
});

describe("numbers that overflow", () => {
  it("a state number beyond the largest double is refused, naming the number and where it is", async () => {
    for (const text of ["1e999999", "-1e400", "9".repeat(400)]) {
      const body = `{"model": ${JSON.stringify(model({ r: "x" }, NUMBER_X))}, "state": {"x": ${text}}}`;
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      const problem = res.json();
      expect(problem.code).toBe("invalid_request");
      expect(problem.errors).toHaveLength(1);
      expect(problem.errors[0]).toMatchObject({ address: "body", code: "request.overflow" });
      const shown = text.length > 40 ? text.slice(0, 20) : text;
      expect(problem.errors[0].message).toContain(`the number ${shown}`);
      expect(problem.errors[0].message).toContain(`at character ${body.indexOf(text)} of the body`);
      expect(problem.errors[0].message).toContain("Infinity");
    }
  });

  it("a model literal that overflows is a check error at its address", async () => {
    const res = await post(JSON.stringify({ model: model({ r: "1e999999 + 1" }), state: {} }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ address: "decisions.r", code: "feel.number-range" });
  });
});

describe("evaluation budgets", () => {
  const doubling = (n: number, seed: string, step: (prev: string) => string) => {
    const decisions: Record<string, string> = { s0: seed };
    for (let i = 1; i <= n; i++) decisions[`s${i}`] = step(`s${i - 1}`);
    return { ...decisions, r: `s${n} != null` };
  };

  it.each([
    // concatenate walks every item it copies (a step each, docs/builtins.md), so its steps reach the limit with its size
    ["lists that double", doubling(23, "[1,2,3,4]", (p) => `concatenate(${p}, ${p})`), "budget.steps"],
    ["strings that double", doubling(40, '"abcdefgh"', (p) => `${p} + ${p}`), "budget.size"],
    ["a huge for loop", { r: "count(for i in 1..100000000 return i) > 0" }, "budget.steps"],
    ["a filter over a long list, nested", { l: "for i in 1..300 return i", r: "count(l[count(l[item > 0]) > 0]) > 0" }, "budget.steps"],
    [
      // a join builds far more than it walks: 2,000 items joined by a 1,000-character separator
      "string join of a long list",
      {
        l: "for i in 1..2000 return string(i)",
        sep: 'string join(for i in 1..100 return "abcdefghij", "")',
        r: "string length(string join(l, sep)) > 0",
      },
      "budget.size",
    ],
  ])("%s: 422 naming the limit", async (_name, decisions, code) => {
    const res = await post(JSON.stringify({ model: model(decisions as Record<string, string>), state: {} }));
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe("evaluation_budget_exceeded");
    expect(body.errors[0].code).toBe(code);
    expect(body.detail).toMatch(/the limit of [\d,]+/);
  });

  it("the problem names the decision whose evaluation passed the limit", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), fc.nat(), fc.boolean(), async (count, at, explain) => {
        const looping = `d${at % count}`;
        const decisions: Record<string, string> = {};
        for (let i = 0; i < count; i++) decisions[`d${i}`] = `d${i}` === looping ? "count(for i in 1..1000000000 return i)" : `${i} + 1`;
        const res = await post(JSON.stringify({ model: model(decisions), state: {}, ...(explain ? { explain: true } : {}) }));
        expect(res.statusCode).toBe(422);
        expect(res.json().errors[0]).toMatchObject({ address: `decisions.${looping}`, code: "budget.steps" });
      }),
      { numRuns: 8 },
    );
    const functions = { f: { params: { n: "number" }, returns: "number", body: "if n = 0 then 0 else 1 + f(n - 1)" } };
    const deep = await post(JSON.stringify({ model: model({ a: "1", r: "f(5000) + a" }, {}, functions), state: {} }));
    expect(deep.json().errors[0]).toMatchObject({ address: "decisions.r", code: "budget.depth" });
  });

  it("recursion past the depth limit: 422 budget.depth", async () => {
    const functions = { f: { params: { n: "number" }, returns: "number", body: "if n = 0 then 0 else 1 + f(n - 1)" } };
    const deep = await post(JSON.stringify({ model: model({ r: "f(5000)" }, {}, functions), state: {} }));
    expect(deep.statusCode).toBe(422);
    expect(deep.json().errors[0].code).toBe("budget.depth");
    const shallow = await post(JSON.stringify({ model: model({ r: "f(50)" }, {}, functions), state: {} }));
    expect(shallow.statusCode).toBe(200);
  });

  it("a pattern that backtracks exponentially answers at once", async () => {
    const inputs = { t: { type: "string", desc: "What is t?" } };
    const res = await post(JSON.stringify({ model: model({ r: 'matches(t, "(a|aa)+$")' }, inputs), state: { t: `${"a".repeat(40)}!` } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().receipt.decisions.r.value).toBe(false);
  });

  it("an operator chain of 8,000 is a check error, not a stack overflow", async () => {
    const res = await post(JSON.stringify({ model: model({ r: Array(8000).fill("1").join(" + ") }), state: {} }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ address: "decisions.r", code: "feel.too-deep" });
  });
});
