import { Decimal as DecimalJs } from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/runtime/decimal.js";
import { builtin, fn, gt, lt, eq, type FeelValue } from "../../src/runtime/index.js";
import { b, bn, ctx, n, ns, show, withProblems, type V } from "./helpers.js";

const check = (cases: [string, () => V, string][]) => it.each(cases)("%s", (_name, run, want) => expect(show(run())).toBe(want));

describe("aggregates", () => {
  check([
    ["min([3,1,2])", () => b("min", ns(3, 1, 2)), "1"],
    ["min(3,1,2)", () => b("min", n(3), n(1), n(2)), "1"],
    ['max(["a","c","b"])', () => b("max", ["a", "c", "b"]), '"c"'],
    ["min([])", () => b("min", []), "null"],
    ['min([1, "a"])', () => b("min", [n(1), "a"]), "null"],
    ["min(list: [2, 1])", () => bn("min", { list: ns(2, 1) }), "1"],
    ["sum([1,2,3])", () => b("sum", ns(1, 2, 3)), "6"],
    ["sum(1,2,3)", () => b("sum", n(1), n(2), n(3)), "6"],
    ["sum(1)", () => b("sum", n(1)), "1"],
    ["sum([])", () => b("sum", []), "null"],
    ["sum([1, null])", () => b("sum", [n(1), null]), "null"],
    ["sum of decimals is exact", () => b("sum", ns("0.1", "0.2")), "0.3"],
    ["product([2,3,4])", () => b("product", ns(2, 3, 4)), "24"],
    ["product(2,3)", () => b("product", n(2), n(3)), "6"],
    ["mean([1,2,3])", () => b("mean", ns(1, 2, 3)), "2"],
    ["mean(1,2)", () => b("mean", n(1), n(2)), "1.5"],
    ["mean([])", () => b("mean", []), "null"],
    ["median([8,2,5,3,4])", () => b("median", ns(8, 2, 5, 3, 4)), "4"],
    ["median([6,1,2,3])", () => b("median", ns(6, 1, 2, 3)), "2.5"],
    ["median(4)", () => b("median", n(4)), "4"],
    ["median([])", () => b("median", []), "null"],
    ['median([1,2,"foo",4])', () => b("median", [n(1), n(2), "foo", n(4)]), "null"],
    ["median(l: ...)", () => bn("median", { l: ns(1) }), "null"],
    ["stddev([2,4,7,5])", () => b("stddev", ns(2, 4, 7, 5)), "2.081665999466132735282297706979931"],
    ["stddev([47])", () => b("stddev", [n(47)]), "null"],
    ["stddev(47)", () => b("stddev", n(47)), "null"],
    ["mode([6,3,9,6,6])", () => b("mode", ns(6, 3, 9, 6, 6)), "[6]"],
    ["mode([6,1,9,6,1])", () => b("mode", ns(6, 1, 9, 6, 1)), "[1, 6]"],
    ["mode([])", () => b("mode", []), "[]"],
    ["all([true,false,true])", () => b("all", [true, false, true]), "false"],
    ["all([true,null,true])", () => b("all", [true, null, true]), "null"],
    ["all([])", () => b("all", []), "true"],
    ["all(true)", () => b("all", true), "true"],
    ["all(123)", () => b("all", n(123)), "null"],
    ["all(true, true)", () => b("all", true, true), "true"],
    ["all(false, 123)", () => b("all", false, n(123)), "false"],
    ["all()", () => b("all"), "null"],
    ["all(list: null)", () => bn("all", { list: null }), "null"],
    ["any([false, true])", () => b("any", [false, true]), "true"],
    ["any([123, false])", () => b("any", [n(123), false]), "null"],
    ["any([])", () => b("any", []), "false"],
    ["any(null, false)", () => b("any", null, false), "null"],
    ["any(false, false)", () => b("any", false, false), "false"],
  ]);
});

describe("aggregates stay FEEL numbers (found by the differential tests)", () => {
  const huge = new Decimal("9e6144");
  it("sum, product, mean and median past decimal128's range are null, not Infinity", () => {
    for (const name of ["sum", "product", "mean", "median"]) expect(show(b(name, [huge, huge])), name).toBe("null");
  });
  it("a product of zero is not a negative zero: sqrt(product([-1, 0])) was null", () => {
    const zero = b("product", ns(-1, 0)) as Decimal;
    expect(zero.isNegative()).toBe(false);
    expect(show(b("sqrt", zero))).toBe("0");
  });
});

describe("stddev is rounded once (found by the differential tests)", () => {
  const Wide = DecimalJs.clone({ precision: 200 });
  const exact = (xs: string[]): string => {
    const ws = xs.map((x) => new Wide(x));
    const m = ws.reduce((a, x) => a.plus(x), new Wide(0)).div(ws.length);
    const v = ws.reduce((a, x) => a.plus(x.minus(m).pow(2)), new Wide(0)).div(ws.length - 1);
    return v.sqrt().toSignificantDigits(34, DecimalJs.ROUND_HALF_EVEN).toFixed();
  };
  const decimal = fc.oneof(
    fc.integer({ min: -1000, max: 1000 }).map(String),
    fc.tuple(fc.bigInt({ min: -(10n ** 34n), max: 10n ** 34n }), fc.integer({ min: 0, max: 40 })).map(([c, k]) => `${c}e-${k}`),
  );

  it("stddev([0, 55, 0]) is 55/√3 rounded half-even: …766, not …767", () => {
    expect(show(b("stddev", ns(0, 55, 0)))).toBe("31.75426480542941704800318292760766");
  });

  it("equals the 200-digit root rounded to 34 digits", () => {
    fc.assert(
      fc.property(fc.array(decimal, { minLength: 2, maxLength: 6 }), (xs) => {
        const got = b(
          "stddev",
          xs.map((x) => new Decimal(new DecimalJs(x).toFixed())),
        );
        expect(new DecimalJs(String(got)).toFixed()).toBe(exact(xs));
      }),
      { numRuns: 500 },
    );
  });
});

describe("list manipulation", () => {
  check([
    ["list contains([1,2,3], 2)", () => b("list contains", ns(1, 2, 3), n(2)), "true"],
    ["list contains([1,null], null)", () => b("list contains", [n(1), null], null), "true"],
    ['list contains([1,2], "1")', () => b("list contains", ns(1, 2), "1"), "false"],
    ["count([1,2,3])", () => b("count", ns(1, 2, 3)), "3"],
    ["count([])", () => b("count", []), "0"],
    ["count(null)", () => b("count", null), "null"],
    ["sublist([4,5,6], 1, 2)", () => b("sublist", ns(4, 5, 6), n(1), n(2)), "[4, 5]"],
    ["sublist([4,5,6], -2)", () => b("sublist", ns(4, 5, 6), n(-2)), "[5, 6]"],
    ["sublist([4,5,6], 4)", () => b("sublist", ns(4, 5, 6), n(4)), "null"],
    ["sublist([4,5,6], 2, 5)", () => b("sublist", ns(4, 5, 6), n(2), n(5)), "null"],
    ["sublist([4,5,6], 2, 0)", () => b("sublist", ns(4, 5, 6), n(2), n(0)), "null"],
    ["sublist([4,5,6], -2, 2)", () => b("sublist", ns(4, 5, 6), n(-2), n(2)), "[5, 6]"],
    ["append([1], 2, 3)", () => b("append", [n(1)], n(2), n(3)), "[1, 2, 3]"],
    ["append([1], [2])", () => b("append", [n(1)], [n(2)]), "[1, [2]]"],
    ["append([1])", () => b("append", [n(1)]), "[1]"],
    ["append(null, 1)", () => b("append", null, n(1)), "null"],
    ["concatenate([1,2],[3])", () => b("concatenate", ns(1, 2), [n(3)]), "[1, 2, 3]"],
    ["concatenate([1],[[2]])", () => b("concatenate", [n(1)], [[n(2)]]), "[1, [2]]"],
    ["insert before([1,3], 2, 2)", () => b("insert before", ns(1, 3), n(2), n(2)), "[1, 2, 3]"],
    ["insert before([1,3], -1, 2)", () => b("insert before", ns(1, 3), n(-1), n(2)), "[1, 2, 3]"],
    ["insert before([1,3], 3, 2)", () => b("insert before", ns(1, 3), n(3), n(2)), "null"],
    ["remove([1,2,3], 2)", () => b("remove", ns(1, 2, 3), n(2)), "[1, 3]"],
    ["remove([1,2,3], -1)", () => b("remove", ns(1, 2, 3), n(-1)), "[1, 2]"],
    ["remove([1,2,3], 0)", () => b("remove", ns(1, 2, 3), n(0)), "null"],
    ["reverse([1,2,3])", () => b("reverse", ns(1, 2, 3)), "[3, 2, 1]"],
    ["index of([1,2,3,2], 2)", () => b("index of", ns(1, 2, 3, 2), n(2)), "[2, 4]"],
    ["index of([1,2], 5)", () => b("index of", ns(1, 2), n(5)), "[]"],
    ["union([1,2],[2,3])", () => b("union", ns(1, 2), ns(2, 3)), "[1, 2, 3]"],
    ["distinct values([1,2,3,2,1])", () => b("distinct values", ns(1, 2, 3, 2, 1)), "[1, 2, 3]"],
    ["distinct values of contexts", () => b("distinct values", [ctx({ a: n(1) }), ctx({ a: n(1) })]), "[{a: 1}]"],
    ["flatten([[1,2],[[3]],4])", () => b("flatten", [ns(1, 2), [[n(3)]], n(4)]), "[1, 2, 3, 4]"],
    ["flatten(1)", () => b("flatten", n(1)), "[1]"],
  ]);
});

describe("sort", () => {
  const desc = fn("lambda", ["x", "y"], (x, y) => gt(x, y));
  const byAge = fn("lambda", ["a", "b"], (a, b) => lt((a as any).get("age"), (b as any).get("age")));
  check([
    ["sort([3,1,4,1,5], x > y)", () => b("sort", ns(3, 1, 4, 1, 5), desc), "[5, 4, 3, 1, 1]"],
    ["sort(list:, precedes:)", () => bn("sort", { precedes: desc, list: ns(1, 2) }), "[2, 1]"],
    ["sort without precedes is natural order", () => b("sort", ["b", "c", "a"]), '["a", "b", "c"]'],
    ["sort([], f)", () => b("sort", [], desc), "[]"],
    [
      "sort is stable",
      () => b("sort", [ctx({ n: "x", age: n(30) }), ctx({ n: "y", age: n(20) }), ctx({ n: "z", age: n(30) })], byAge),
      '[{n: "y", age: 20}, {n: "x", age: 30}, {n: "z", age: 30}]',
    ],
    [
      "a non-boolean precedes makes the sort null",
      () =>
        b(
          "sort",
          ns(2, 1),
          fn("f", ["x", "y"], () => n(1)),
        ),
      "null",
    ],
    ["mixed kinds without precedes", () => b("sort", [n(1), "a"]), "null"],
  ]);
  it("works with a built-in precedes", () => {
    // an unusual but legal precedes: a two-parameter built-in returning booleans
    expect(show(b("sort", ["ab", "a", "abc"], builtin("starts with")))).toBe('["abc", "ab", "a"]');
  });
});

describe("list replace", () => {
  const lessThanNew = fn("lambda", ["item", "newItem"], (item, newItem) => lt(item, newItem));
  check([
    ["list replace([1,2,3], 2, 4)", () => b("list replace", ns(1, 2, 3), n(2), n(4)), "[1, 4, 3]"],
    ["list replace([1,2,3], -1, 4)", () => b("list replace", ns(1, 2, 3), n(-1), n(4)), "[1, 2, 4]"],
    ["list replace([1,2,3], 0, 4)", () => b("list replace", ns(1, 2, 3), n(0), n(4)), "null"],
    ["list replace([1,2,3], 4, 4)", () => b("list replace", ns(1, 2, 3), n(4), n(4)), "null"],
    ["list replace([1,2,3], 2.5, 4)", () => b("list replace", ns(1, 2, 3), n("2.5"), n(4)), "[1, 4, 3]"],
    ['list replace([1,2,3], "2", 4)', () => b("list replace", ns(1, 2, 3), "2", n(4)), "null"],
    ["list replace([1,2,3], 3, null)", () => b("list replace", ns(1, 2, 3), n(3), null), "[1, 2, null]"],
    ["list replace(1, 1, 5)", () => b("list replace", n(1), n(1), n(5)), "[5]"],
    ["by match", () => b("list replace", ns(2, 4, 7, 8), lessThanNew, n(5)), "[5, 5, 7, 8]"],
    ["named position", () => bn("list replace", { position: n(2), newItem: n(4), list: ns(1, 2, 3) }), "[1, 4, 3]"],
    [
      "named match",
      () => bn("list replace", { match: fn("m", ["item", "newItem"], (i) => eq(i, n(2))), newItem: n(4), list: ns(1, 2, 3) }),
      "[1, 4, 3]",
    ],
    ["named position given a function", () => bn("list replace", { position: lessThanNew, newItem: n(4), list: ns(1, 2, 3) }), "null"],
    [
      "match with three parameters",
      () =>
        b(
          "list replace",
          ns(2, 4),
          fn("m", ["a", "b", "c"], () => true),
          n(5),
        ),
      "null",
    ],
    [
      "match with one parameter",
      () =>
        b(
          "list replace",
          ns(2, 4),
          fn("m", ["a"], () => true),
          n(5),
        ),
      "null",
    ],
    [
      "match returning a number",
      () =>
        b(
          "list replace",
          ns(2, 4),
          fn("m", ["a", "b"], (a) => a),
          n(5),
        ),
      "null",
    ],
    ["extra named argument", () => bn("list replace", { position: n(2), newItem: n(4), list: ns(1, 2, 3), foo: n(1) }), "null"],
  ]);
  it("reports the failing argument", () => {
    expect(withProblems(() => b("list replace", ns(1), n(7), n(1))).problems[0]).toMatch(/position/);
  });
  it("leaves the input list alone", () => {
    const list: FeelValue[] = ns(1, 2, 3);
    b("list replace", list, n(1), n(9));
    b("reverse", list);
    expect(show(list)).toBe("[1, 2, 3]");
  });
});
