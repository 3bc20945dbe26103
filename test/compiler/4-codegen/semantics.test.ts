// Generated code means what FEEL means: small models through the whole pipeline.
import { describe, expect, it } from "vitest";
import { compileModel, type ModelInput } from "../../../src/compiler/index.js";

const input = (type: unknown, desc = "an input") => ({ type, desc });

function run(content: Record<string, unknown>, state: Record<string, unknown>, strict = true) {
  const r = compileModel({ name: "t", ...content } as ModelInput, { strict });
  if (!r.ok)
    throw new Error(
      JSON.stringify(
        r.check.stages.flatMap((s) => s.diagnostics),
        null,
        2,
      ),
    );
  return r.model.evaluateTraced(state);
}

describe("ordered levels compare by rank", () => {
  const content = {
    inputs: { risk: input("low<medium<high") },
    decisions: {
      "at least medium": 'risk >= "medium"',
      "in lower band": 'risk between "low" and "medium"',
      review: [
        ["risk", "=> boolean"],
        [">= high", "true"],
        ["[low..medium)", "false"],
        ["-", "true"],
      ],
    },
  };

  it.each([
    ["low", false, true, false, 2],
    ["medium", true, true, true, 3],
    ["high", true, false, true, 1],
  ])("risk %s", (risk, atLeast, lower, review, rule) => {
    const { decisions, trace } = run(content, { risk });
    expect(decisions).toMatchObject({ "at least medium": atLeast, "in lower band": lower, review });
    expect(trace.review!.rule).toBe(rule);
  });
});

describe("conditions and quantifiers", () => {
  it("an if whose condition is not boolean or null is null", () => {
    const content = {
      inputs: { x: input("string") },
      decisions: { pick: { expr: 'if x then "yes" else "no"' } },
    };
    expect(run(content, { x: "abc" }, false).decisions.pick).toBeNull();
  });

  it("some/every are null when a result is not a boolean, else three-valued", () => {
    const content = {
      inputs: { xs: input(["number"]) },
      decisions: {
        "any big": "some x in xs satisfies x > 2",
        "all positive": "every x in xs satisfies x > 0",
        odd: 'some x in xs satisfies (if x = 2 then true else "no")',
      },
    };
    expect(run(content, { xs: [1, 2, 3] }, false).decisions).toEqual({ "any big": true, "all positive": true, odd: null });
    expect(run(content, { xs: [1, null] }, false).decisions).toMatchObject({ "any big": null, "all positive": null });
    expect(run(content, { xs: [] }, false).decisions).toMatchObject({ "any big": false, "all positive": true });
  });
});

describe("filters", () => {
  it("context entries of the item shadow outer names, including item itself", () => {
    const content = {
      inputs: { limit: input("number") },
      decisions: {
        picked: "[{limit: 1, item: 5}, {limit: 9, item: 0}][limit > 4].item",
        plain: "[3, 8, 1][item > limit]",
      },
    };
    expect(run(content, { limit: 2 }, false).decisions).toEqual({ picked: [0], plain: [3, 8] });
  });
});

describe("functions", () => {
  it("an argument that does not conform to its parameter type makes the call null", () => {
    const content = {
      inputs: { s: input("string") },
      functions: { double: { params: { n: "number" }, returns: "number", body: "n * 2" } },
      decisions: { ok: "double(21)", bad: "double(s)" },
    };
    expect(run(content, { s: "x" }, false).decisions).toEqual({ ok: 42, bad: null });
  });
});

describe("rounding built-ins with a literal scale", () => {
  // `decimal(x, 2)` compiles to the rounding itself; a scale read from an input takes the
  // built-in's general path. Both must agree on every value, including the ones that are not numbers.
  const modes = ["decimal", "floor", "ceiling", "round up", "round down", "round half up", "round half down"];
  const content = {
    inputs: { x: input("any"), y: input("any"), places: input("number") },
    decisions: Object.fromEntries(
      modes.flatMap((f) => [
        [`${f} literal`, `${f}(x, 2)`],
        [`${f} input`, `${f}(x, places)`],
        // a quotient with a literal scale is rounded in one step
        [`${f} quotient literal`, `${f}(x / y, 2)`],
        [`${f} quotient input`, `${f}(x / y, places)`],
      ]),
    ),
  };
  // `any` (lenient models only) lets the test pass values that are not numbers
  const compiled = compileModel({ name: "rounding", ...content } as ModelInput, { strict: false });

  it("uses the direct rounding for literal scales only", () => {
    if (!compiled.ok) throw new Error("does not compile");
    // in `run`; the explain function that follows it evaluates the same expressions again
    const run = compiled.model.source.split("function explain(")[0]!;
    expect(run.match(/rt\.roundPlaces\(/g)).toHaveLength(modes.length);
    expect(run.match(/rt\.roundQuotient\(/g)).toHaveLength(modes.length);
  });

  const xs = [1.005, 2.675, -2.675, -0.001, 0.125, 12345.6789, "1.5", null, [3.14159]];
  it.each(xs)("x = %j", (x) => {
    if (!compiled.ok) throw new Error("does not compile");
    const out = compiled.model.evaluate({ x, places: 2 });
    for (const f of modes) expect(out[`${f} literal`], f).toEqual(out[`${f} input`]);
    if (typeof x === "number") expect(Object.is(out["decimal literal"], -0)).toBe(false);
  });

  it.each(xs.flatMap((x) => [3, -7, 0.3, 0, 1e-20, 12345678901, null].map((y) => [x, y])))("x / y for x = %j, y = %j", (x, y) => {
    if (!compiled.ok) throw new Error("does not compile");
    const out = compiled.model.evaluate({ x, y, places: 2 });
    for (const f of modes) expect(out[`${f} quotient literal`], f).toEqual(out[`${f} quotient input`]);
    if (typeof x === "number" && typeof y === "number" && y !== 0) expect(out["decimal quotient literal"]).toEqual(expect.any(Number));
    if (y === 0) expect(out["decimal quotient literal"]).toBeNull();
    for (const f of modes) expect(Object.is(out[`${f} quotient literal`], -0), f).toBe(false);
  });
});

describe("string inputs read from JSON", () => {
  // A JSON string is taken as the FEEL value as it is; anything else is converted as before.
  const content = {
    inputs: { s: input("string"), c: input("red|green") },
    decisions: {
      greeting: 's + "!"',
      "is red": 'c = "red"',
      colour: [
        ["c", "=> string"],
        ["red", '"warm"'],
        ["green", '"cool"'],
      ],
    },
  };
  it.each([
    [
      { s: "hi", c: "red" },
      { greeting: "hi!", "is red": true, colour: "warm" },
    ],
    [
      { s: "", c: "green" },
      { greeting: "!", "is red": false, colour: "cool" },
    ],
    [
      { s: 5, c: 7 },
      { greeting: null, "is red": null, colour: null },
    ],
    [{}, { greeting: null, "is red": false, colour: null }],
  ])("%j", (state, expected) => {
    const r = compileModel({ name: "strings", ...content } as ModelInput, { strict: false });
    if (!r.ok) throw new Error("does not compile");
    expect(r.model.evaluate(state)).toEqual(expected);
    expect(r.model.evaluateTraced(state).decisions).toEqual(expected);
  });
});

describe("decision names as result keys", () => {
  it("keeps __proto__, constructor and toString as ordinary properties of the result", () => {
    // JSON.parse makes "__proto__" an own key, as it arrives over HTTP
    const decisions = JSON.parse('{"__proto__": "x + 1", "constructor": "x + 2", "toString": "x + 3"}');
    const r = compileModel({ name: "keys", inputs: { x: input("number") }, decisions } as ModelInput);
    if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
    for (const out of [
      r.model.evaluate({ x: 1 }),
      r.model.evaluate({ x: 1 }, { exactDecimals: true }),
      r.model.evaluateTraced({ x: 1 }).decisions,
    ]) {
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
      expect(Object.keys(out).sort()).toEqual(["__proto__", "constructor", "toString"]);
      expect(Object.getOwnPropertyDescriptor(out, "__proto__")?.value).toEqual(expect.anything());
    }
  });

  it("keeps a let named __proto__ in the trace", () => {
    const decisions = JSON.parse('{"d": {"let": {"__proto__": "x + 1", "y": "x + 2"}, "expr": "y"}}');
    const r = compileModel({ name: "lets", inputs: { x: input("number") }, decisions } as ModelInput);
    if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
    const { decisions: out, trace } = r.model.evaluateTraced({ x: 1 });
    expect(out.d).toBe(3);
    expect(trace.d!.lets).toEqual(JSON.parse('{"__proto__": 2, "y": 3}'));
    expect(Object.keys(trace.d!.lets!)).toEqual(["__proto__", "y"]);
  });
});

describe("=e and !=e as range values (DMN 1.5)", () => {
  it.each([
    ["(=10) = [10..10]", false],
    ["(=10) = (=10)", true],
    ["(!=10) = (!=10)", true],
    ["(!=10) = (10..10)", false],
    ["(= 10) = (!= 10)", false],
    ["5 in (!=10)", true],
    ["10 in (!=10)", false],
    ["10 in (=10)", true],
    ["(=10).start", 10],
    ["(!=10).start included", false],
  ])("%s is %j", (expression, expected) => {
    const { decisions } = run({ inputs: { x: input("number") }, decisions: { r: expression } }, { x: 1 }, false);
    expect(decisions.r).toEqual(expected);
  });
});
