import { describe, expect, it } from "vitest";
import type { Type } from "../../src/ir/types.js";
import { coerce, conforms, fn, instanceOf, range, FeelDateTime } from "../../src/runtime/index.js";
import { ctx, n, ns, show, t, withProblems, type V } from "./helpers.js";

const T = {
  any: { kind: "any" },
  null: { kind: "null" },
  number: { kind: "number" },
  string: { kind: "string" },
  boolean: { kind: "boolean" },
  date: { kind: "date" },
  time: { kind: "time" },
  dateTime: { kind: "date and time" },
  dtd: { kind: "days and time duration" },
  ymd: { kind: "years and months duration" },
  context: { kind: "context" },
  numbers: { kind: "list", element: { kind: "number" } },
  anys: { kind: "list", element: { kind: "any" } },
  numberRange: { kind: "range", element: { kind: "number" } },
  fnAny: { kind: "function", params: [], result: { kind: "any" } },
  ab: {
    kind: "struct",
    fields: [
      ["a", { kind: "string" }],
      ["b", { kind: "string" }],
    ],
  },
  level: { kind: "levels", values: ["low", "mid", "high"] },
  choice: { kind: "choice", values: ["yes", "no"] },
} satisfies Record<string, Type>;

describe("instance of", () => {
  const values: Record<string, V> = {
    number: n("123.01"),
    string: "foo",
    boolean: true,
    date: t("2018-12-08"),
    time: t("10:30:00"),
    dateTime: t("2018-12-08T10:30:00"),
    dtd: t("P1D"),
    ymd: t("P1Y"),
    context: ctx({ a: "foo" }),
    anys: ns(1, 2, 3),
    fnAny: fn("f", [], () => "foo"),
  };
  for (const [valueKind, v] of Object.entries(values)) {
    it(`${valueKind} is an instance of its own type and Any only`, () => {
      for (const typeKind of Object.keys(values)) {
        expect(instanceOf(v, T[typeKind as keyof typeof T]), `${valueKind} instance of ${typeKind}`).toBe(typeKind === valueKind);
      }
      expect(instanceOf(v, T.any)).toBe(true);
    });
  }
  it("null is an instance of nothing but Null", () => {
    for (const type of Object.values(T)) expect(instanceOf(null, type)).toBe(type.kind === "null");
  });
  it("lists check their elements", () => {
    expect(instanceOf(ns(1, 2, 3), T.numbers)).toBe(true);
    expect(instanceOf([n(1), "2"], T.numbers)).toBe(false);
    expect(instanceOf([], T.numbers)).toBe(true);
    expect(instanceOf([n(1)], T.number)).toBe(false);
    expect(instanceOf(n(1), T.numbers)).toBe(false);
  });
  it("contexts check listed fields, extra entries allowed", () => {
    expect(instanceOf(ctx({ a: "foo", b: "bar" }), T.ab)).toBe(true);
    expect(instanceOf(ctx({ a: "foo", b: "bar", c: "baz" }), T.ab)).toBe(true);
    expect(instanceOf(ctx({ a: "foo" }), T.ab)).toBe(false);
    expect(instanceOf(ctx({ a: "foo", b: ns(1) }), T.ab)).toBe(false);
    expect(instanceOf(ctx({ a: null, b: "x" }), T.ab)).toBe(true);
    expect(instanceOf([ctx({ a: "a", b: "b" })], { kind: "list", element: T.ab })).toBe(true);
  });
  it("ranges check their endpoints", () => {
    expect(instanceOf(range(true, n(1), n(3), true), T.numberRange)).toBe(true);
    expect(instanceOf(range(true, "a", "c", true), T.numberRange)).toBe(false);
    expect(instanceOf(range(false, null, n(3), true), T.numberRange)).toBe(true);
  });
  it("choice and levels accept their strings", () => {
    expect(conforms("mid", T.level)).toBe(true);
    expect(conforms("max", T.level)).toBe(false);
    expect(conforms("yes", T.choice)).toBe(true);
    expect(conforms(n(1), T.choice)).toBe(false);
  });
  it("function types check arity when they list parameters", () => {
    const f = fn("f", ["a"], (a) => a);
    expect(conforms(f, { kind: "function", params: [T.number], result: T.number })).toBe(true);
    expect(conforms(f, { kind: "function", params: [T.number, T.number], result: T.number })).toBe(false);
  });
});

describe("coerce (DMN 1.5 conversions)", () => {
  it("keeps conforming values and null", () => {
    expect(show(coerce(n(10), T.number))).toBe("10");
    expect(coerce(null, T.number)).toBe(null);
    expect(show(coerce("x", T.any))).toBe('"x"');
  });
  it("unwraps singleton lists and wraps singletons", () => {
    expect(show(coerce([n(10)], T.number))).toBe("10");
    expect(show(coerce(["foo"], T.string))).toBe('"foo"');
    expect(show(coerce(n(10), T.numbers))).toBe("[10]");
  });
  it("unwraps a singleton list only once", () => {
    expect(coerce([[n(10)]], T.number)).toBe(null);
  });
  it("non-conforming values are null with a problem", () => {
    const cases: [V, Type][] = [
      [n(2), T.string],
      [[n(1), n(2), "foo"], T.numbers],
      [
        ctx({ name: "foo" }),
        {
          kind: "struct",
          fields: [
            ["name", T.string],
            ["age", T.number],
          ],
        },
      ],
      ["foo", T.number],
      [[n(1)], T.string],
      [ns(1, 2), T.number],
      ["max", T.level],
    ];
    for (const [v, type] of cases) {
      const r = withProblems(() => coerce(v, type));
      expect(r.result, show(v)).toBe(null);
      expect(r.problems).toHaveLength(1);
    }
  });
  it("converts a date to a date and time at UTC midnight", () => {
    const r = coerce(t("2018-12-08"), T.dateTime);
    expect(r).toBeInstanceOf(FeelDateTime);
    expect(show(r)).toBe("2018-12-08T00:00:00Z");
  });
  it("converts struct fields and list items", () => {
    const person: Type = { kind: "struct", fields: [["tags", T.numbers]] };
    expect(show(coerce(ctx({ tags: n(1), extra: "x" }), person))).toBe('{tags: [1], extra: "x"}');
    expect(show(coerce([t("2018-12-08")], { kind: "list", element: T.dateTime }))).toBe("[2018-12-08T00:00:00Z]");
  });
});
