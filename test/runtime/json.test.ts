import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Type } from "../../src/ir/types.js";
import { collectProblems, constant, fn, fromJson, isDecimal, range, toJson, FeelContext, FeelDate } from "../../src/runtime/index.js";
import type { Decimal } from "../../src/runtime/decimal.js";
import { builtin } from "../../src/runtime/builtins/index.js";
import { b, n, show, t, type V } from "./helpers.js";
import { jsonForm, spoil } from "../support/json-answers.js";

describe("fromJson", () => {
  it("reads -0 as 0: FEEL has no negative zero, and sqrt(-0) was null (found by the differential tests)", () => {
    const sqrt = builtin("sqrt")!;
    for (const v of [fromJson(-0, { kind: "number" }), fromJson("-0", { kind: "number" }), fromJson(-0), b("number", "-0.00")]) {
      expect((v as Decimal).isNegative(), show(v as V)).toBe(false);
      expect(show(sqrt.invoke([v]) as V)).toBe("0");
    }
  });
  it("without a type: numbers to decimals, objects to contexts", () => {
    const v = fromJson({ a: 1.5, b: [1, "x", true, null], c: { d: 0.1 } });
    expect(v).toBeInstanceOf(FeelContext);
    expect(show(v)).toBe('{a: 1.5, b: [1, "x", true, null], c: {d: 0.1}}');
    expect(isDecimal((v as FeelContext).get("a"))).toBe(true);
    expect(fromJson(undefined)).toBe(null);
  });
  it("guided by the declared type", () => {
    const type: Type = {
      kind: "struct",
      fields: [
        ["born", { kind: "date" }],
        ["amount", { kind: "number" }],
        ["waits", { kind: "list", element: { kind: "days and time duration" } }],
      ],
    };
    const v = fromJson({ born: "2000-02-29", amount: "12345678901234567890.123", waits: ["P1D", "PT2H"], other: "x" }, type) as FeelContext;
    expect(v.get("born")).toBeInstanceOf(FeelDate);
    expect(show(v.get("amount"))).toBe("12345678901234567890.123");
    expect(show(v.get("waits"))).toBe("[P1D, PT2H]");
    expect(v.get("other")).toBe("x");
  });
  it("an invalid temporal string is null", () => {
    expect(fromJson("2000-02-30", { kind: "date" })).toBe(null);
    expect(fromJson("P1Y", { kind: "days and time duration" })).toBe(null);
  });
  it("ranges from their object form", () => {
    const r = fromJson({ start: 1, end: 10, startIncluded: true, endIncluded: false }, { kind: "range", element: { kind: "number" } });
    expect(show(r)).toBe("[1..10)");
  });
});

describe("toJson", () => {
  it("numbers as JS numbers or exact strings", () => {
    expect(toJson(n("0.1"))).toBe(0.1);
    expect(toJson(n("12345678901234567890.123"), { exactDecimals: true })).toBe("12345678901234567890.123");
    expect(toJson(n("-0"))).toBe(0);
    expect(toJson(n("1e400"))).toBe("1" + "0".repeat(400));
  });
  it("temporals as ISO strings, ranges as objects, functions as null", () => {
    expect(toJson(t("2018-12-08"))).toBe("2018-12-08");
    expect(toJson(t("P1DT2H"))).toBe("P1DT2H");
    expect(toJson(range(true, n(1), n(10), false))).toEqual({ start: 1, end: 10, startIncluded: true, endIncluded: false });
    expect(toJson(fn("f", [], () => null))).toBe(null);
  });
  it("contexts as plain objects, even with awkward keys", () => {
    const entries: [string, V][] = [
      ["a", n(1)],
      ["__proto__", "x"],
      ["with space", [true, null]],
    ];
    const out = toJson(new FeelContext(new Map(entries))) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["a", "__proto__", "with space"]);
    expect(out["with space"]).toEqual([true, null]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
  it("round trips through fromJson", () => {
    const json = { name: "x", amount: 12.25, items: [{ q: 1 }, { q: 2 }], ok: false, none: null };
    expect(toJson(fromJson(json))).toEqual(json);
    const type: Type = { kind: "struct", fields: [["when", { kind: "date and time" }]] };
    expect(toJson(fromJson({ when: "2020-01-01T10:00:00Z" }, type))).toEqual({ when: "2020-01-01T10:00:00Z" });
    expect(toJson(fromJson("123.4500", { kind: "number" }), { exactDecimals: true })).toBe("123.45");
  });
});

describe("toJson of a marked constant", () => {
  // JSON trees with the awkward keys, nested lists and contexts, numbers of every scale
  const tree: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      fc.constant(null),
      fc.boolean(),
      fc.string({ maxLength: 3 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom("a", "b", "__proto__", "constructor", "toString", "with space", "0"), tie("value"), { maxKeys: 4 }),
    ),
  })).value;
  it("gives what converting gives, a fresh copy each time that a caller may change", () => {
    fc.assert(
      fc.property(tree, (json) => {
        const marked = constant(fromJson(json));
        const expected = jsonForm(toJson(fromJson(json)));
        const first = toJson(marked);
        expect(jsonForm(first)).toBe(expected);
        // changing every object and list of one answer leaves the next as it was
        spoil(first);
        const second = toJson(marked);
        expect(jsonForm(second)).toBe(expected);
        for (const j of [first, second])
          if (j && typeof j === "object" && !Array.isArray(j)) expect(Object.getPrototypeOf(j)).toBe(Object.prototype);
      }),
    );
  });
  it("leaves numbers, strings and exact decimals as they are", () => {
    const v = constant(fromJson({ amount: "12345678901234567890.123" }, { kind: "struct", fields: [["amount", { kind: "number" }]] }));
    expect(toJson(v, { exactDecimals: true })).toEqual({ amount: "12345678901234567890.123" });
    expect(constant(n(1.5))).toEqual(n(1.5));
    expect(constant("x")).toBe("x");
  });
});

describe("fromJson of lists and structs", () => {
  // the conversion item by item and field by field, as the declared type reads: what the
  // converters made once per type must give
  function byItem(json: unknown, t?: Type): V {
    if (json === null || json === undefined) return null;
    if (t?.kind === "list") return Array.isArray(json) ? json.map((j) => byItem(j, t.element)) : byItem(json, t.element);
    if (t?.kind === "struct" && typeof json === "object" && !Array.isArray(json)) {
      const fields = new Map(t.fields);
      const record = json as Record<string, unknown>;
      return new FeelContext(new Map(Object.keys(record).map((k) => [k, byItem(record[k], fields.get(k))])));
    }
    return fromJson(json, t);
  }
  const member: Type = {
    kind: "struct",
    fields: [
      ["age", { kind: "number" }],
      ["born", { kind: "date" }],
      ["tags", { kind: "list", element: { kind: "string" } }],
      ["child", { kind: "struct", fields: [["n", { kind: "number" }]] }],
      ["ok", { kind: "boolean" }],
      ["name", { kind: "string" }],
    ],
  };
  const leaf = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -99, max: 99 }),
    fc.constantFrom("12", " 3.5 ", "x", "2024-02-29", "2023-02-29"),
  );
  const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      leaf,
      fc.array(tie("value"), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom("age", "born", "tags", "child", "n", "ok", "name", "other"), tie("value"), { maxKeys: 4 }),
      // the declared fields in the declared order, some left out: each at its position or before it
      fc.record(
        { age: tie("value"), born: tie("value"), tags: tie("value"), child: tie("value"), ok: tie("value"), name: tie("value") },
        { requiredKeys: [] },
      ),
    ),
  })).value;

  it("read as converting item by item and field by field", () => {
    for (const t of [
      { kind: "list", element: member } as Type,
      member,
      { kind: "list", element: { kind: "list", element: { kind: "number" } } } as Type,
    ]) {
      fc.assert(
        fc.property(json, (j) => {
          const got = collectProblems(() => fromJson(j, t));
          const want = collectProblems(() => byItem(j, t));
          expect(show(got.result)).toBe(show(want.result));
          expect(got.problems).toEqual(want.problems);
        }),
        { numRuns: 400 },
      );
    }
  });
});
