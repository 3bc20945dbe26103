// Inside a filter the item's entries shadow outer names, so a call whose callee could be an item
// entry is not a load-time constant there, and a function defined in a filter closes over the
// item. Each expression is compiled and run; nothing may fail to load or throw.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel } from "../../../src/compiler/index.js";
import { threeWays } from "../../differential/three-ways.js";

function evaluate(expr: string, state: Record<string, unknown> = {}, inputs: Record<string, unknown> = {}, strict = true): unknown {
  const r = compileModel({ content: { name: "filter scope", inputs, decisions: { n: expr } } }, { strict });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
  return r.model.evaluate(state).n;
}

describe("filters and the names in them", () => {
  it("a constant built-in call inside a filter runs (it was hoisted out of the item's scope)", () => {
    const inputs = { orders: { type: [{ placed: "date" }], desc: "orders" } };
    const state = { orders: [{ placed: "2021-01-01" }, { placed: "2019-01-01" }, { placed: "2022-05-01" }] };
    expect(evaluate(`count(orders[placed > date("2020-01-01")])`, state, inputs)).toBe(2);
    expect(evaluate(`count([1,2,3][abs(-1) = 1])`)).toBe(3);
  });

  it("an item entry named like a built-in is what the filter reads", () => {
    const inputs = { rows: { type: [{ abs: "number" }], desc: "rows" } };
    expect(evaluate(`count(rows[abs = 1])`, { rows: [{ abs: 1 }, { abs: 2 }, { abs: 1 }] }, inputs)).toBe(2);
  });

  it("over a list of numbers the condition's names are the model's, read without looking into the items", () => {
    const inputs = { nums: { type: "[number]", desc: "numbers" }, limit: { type: "number", desc: "limit" } };
    const model = (expr: string) => compileModel({ content: { name: "plain items", inputs, decisions: { n: expr } } });
    const plain = model("count(nums[item < limit]) + nums[count(nums)]");
    const rows = compileModel({
      content: {
        name: "rows",
        inputs: { rows: { type: [{ limit: "number" }], desc: "rows" } },
        decisions: { n: "count(rows[limit > count(rows)])" },
      },
    });
    if (!plain.ok || !rows.ok) throw new Error("the models do not compile");
    const run = (source: string) => source.split("function explain(")[0]!;
    expect(run(plain.model.source)).not.toContain("entryOr");
    expect(run(rows.model.source)).toContain("entryOr");
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: -20, max: 20 }),
        (nums, limit) => {
          expect(plain.model.evaluate({ nums, limit }).n).toBe(nums.filter((x) => x < limit).length + nums[nums.length - 1]!);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("a function defined in a filter compiles and runs", () => {
    // numbers have no entries: `partial` names nothing, an unknown name in a strict model, null in an imported one
    expect(() => evaluate(`count([1,2][function(a) partial])`)).toThrow(/names\.unknown/);
    expect(evaluate(`count([1,2][function(a) partial])`, {}, {}, false)).toBeNull();
    expect(evaluate(`[1,2,3][(function(a) a + item)(0) > 1]`)).toEqual([2, 3]);
  });

  it("a pure built-in on literals gives the same answer inside a filter as outside", () => {
    const call = fc.oneof(
      fc.integer({ min: -50, max: 50 }).map((n) => `abs(${n})`),
      fc.integer({ min: -500, max: 500 }).map((n) => `floor(${n / 10})`),
      fc.integer({ min: -500, max: 500 }).map((n) => `ceiling(${n / 10})`),
      fc.integer({ min: 0, max: 9999 }).map((n) => `decimal(${n / 100}, 1)`),
      fc
        .string({ maxLength: 6 })
        .filter((s) => !/["\\]/.test(s))
        .map((s) => `string length("${s}")`),
    );
    fc.assert(
      fc.property(call, fc.array(fc.integer({ min: -20, max: 20 }), { maxLength: 8 }), (c, items) => {
        const list = `[${items.join(", ")}]`;
        const inside = evaluate(`count(${list}[item > ${c}])`);
        const outside = evaluate(`{limit: ${c}, n: count(${list}[item > limit])}.n`);
        const value = Number(evaluate(c));
        expect(inside).toBe(items.filter((x) => x > value).length);
        expect(outside).toBe(inside);
      }),
      { numRuns: 150 },
    );
  });
});

describe("built-in calls inside filters", () => {
  // items that are strings, numbers, or contexts with entries named like the built-ins the
  // filters call (a function, a number, or an unrelated entry)
  const item = fc.constantFrom(
    `"ab"`,
    `"Xy z"`,
    `"\u{1F40E}x"`,
    `12`,
    `null`,
    `{"upper case": function(v) "AB", k: 1}`,
    `{contains: function(a, b) true}`,
    `{"string length": 7}`,
    `{"lower case": function(v) "xq", "starts with": function(a, b) a = "xq"}`,
    `{k: 2}`,
  );
  // the item as text when it is a string (string() of a context holding functions is another matter)
  const t = `(if item instance of string then item else "a b")`;
  const body = fc.constantFrom(
    `contains(upper case(${t}), "A")`,
    `string length(${t}) > 2`,
    `starts with(lower case(${t}), "x")`,
    `count([item]) = 1`,
    `ends with(${t}, substring after(${t}, " "))`,
  );
  // lists of contexts alone, contexts and nulls (a null item has no entries: the built-in applies),
  // or with a string among them
  const list = fc.oneof(
    fc.array(item, { maxLength: 5 }).map((items) => `[${items.join(", ")}]`),
    fc.array(item, { maxLength: 5 }).map((items) => `[${[...items, "null"].join(", ")}]`),
    fc.array(item, { maxLength: 5 }).map((items) => `[${[...items, `"q"`].join(", ")}]`),
    fc.constant("xs"),
  );

  it("a null item, or a context without the entry, leaves the built-in or the outer name, even when the items' type declares it", () => {
    const texts = [
      `[{contains: function(a, b) false}, null][contains("abc", "b")]`,
      `[{contains: function(a, b) false}, {contains: function(a, b) true}, null][contains("abc", "b")]`,
      `[{xs: 1}, null][xs = null]`,
      `[{k: 1}, null][count(xs) = 3]`,
    ];
    expect(threeWays(texts, [{ xs: [1, 22, 333] }])).toEqual([]);
  });

  it("call the item's entry by the built-in's name when it has one, else the built-in, as the reference does", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(list, body), { minLength: 1, maxLength: 6 }), (filters) => {
        const texts = filters.map(([l, f]) => `${l}[${f}]`);
        expect(threeWays(texts, [{ xs: [1, 22, 333] }, { xs: null }])).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
