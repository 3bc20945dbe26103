// Names a request chooses (inputs read from evidence, a generator alias) are looked up as own
// keys: "constructor", "toString" or "valueOf" are found on every object, and must not pass for
// an input the evidence gave or a language model that is configured.
import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceDeps } from "../../src/service/deps.js";
import { systemOne } from "../../src/service/systemone.js";
import { systemTwoModels } from "../../src/service/systemtwo.js";
import { countTokens } from "../../src/service/tokens.js";
import { serviceDeps } from "./harness.js";

const NAMES = ["constructor", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "__proto__"];
const MODEL = {
  content: {
    name: "inherited names",
    inputs: Object.fromEntries(NAMES.map((n) => [n, { type: "number", desc: `What is the ${n}?` }])),
    decisions: { total: { type: "number", expr: NAMES.join(" + ") } },
  },
  questions: { total: { type: "number", instructions: "What is the total?" } },
};

let deps: ServiceDeps;
let accountId: string;
const context = (body: unknown) => ({ body, inputTokens: countTokens(JSON.stringify(body)), accountId, startedAt: performance.now() });

beforeAll(async () => {
  ({ deps } = await serviceDeps({ real: true }));
  accountId = (await deps.ledger!.createAccount("acct", 1_000_000_000)).id;
});

describe("names every object inherits", () => {
  it.each([
    ["a text that gives none of them", "Nothing useful here."],
    ["a JSON state that gives none of them", { unrelated: 1 }],
  ])("%s: each input is reported as not established, nothing is answered", async (_, state) => {
    const out = await systemOne(context({ model: MODEL, state }), deps);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problem.status).toBe(422);
    expect(out.problem.errors.map((e) => e.address).sort()).toEqual(NAMES.map((n) => `inputs.${n}`).sort());
  });

  it("a JSON state that gives all but one reports that one alone", async () => {
    for (const missing of NAMES) {
      const given = JSON.parse(`{${NAMES.filter((n) => n !== missing).map((n) => `"${n}": 1`)}, "extra": "x"}`);
      const out = await systemOne(context({ model: MODEL, state: given }), deps);
      expect(out.ok ? [] : out.problem.errors.map((e) => e.address)).toEqual([`inputs.${missing}`]);
    }
  });

  it.each(NAMES)("a model request naming the generator %j gets a clear refusal, not a crash", async (alias) => {
    const out = await systemTwoModels(context({ prompt: "a loan model", model: alias }), deps);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problem.status).toBeLessThan(600);
    expect(out.problem.status).not.toBe(500);
    expect(out.problem.detail).toMatch(/language model|generator/i);
  });
});
