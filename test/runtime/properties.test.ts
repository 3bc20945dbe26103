// Property-based checks of algebraic laws the runtime must keep whatever the inputs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  add,
  call,
  builtin,
  div,
  eq,
  fn,
  fromJson,
  lt,
  mul,
  sub,
  toJson,
  valueEquals,
  compareValues,
  Decimal,
} from "../../src/runtime/index.js";
import { n, show, type V } from "./helpers.js";

const decimalText = fc
  .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }))
  .map(([digits, scale]) => new Decimal(digits.toString()).div(new Decimal(10).pow(scale)).toFixed());
const num = decimalText.map((t) => n(t));

const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.string(),
    fc.integer().map((i) => i / 8),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(
      fc.string({ minLength: 1, maxLength: 6 }).filter((k) => k !== "__proto__"),
      tie("value"),
      { maxKeys: 4 },
    ),
  ),
})).value;

describe("number laws", () => {
  it("addition is commutative and exact for short decimals", () => {
    fc.assert(fc.property(num, num, (a, b) => eq(add(a, b), add(b, a)) === true && eq(sub(add(a, b), b), a) === true));
  });
  it("multiplication distributes over addition (exactly, below 34 digits)", () => {
    const short = fc.integer({ min: -(10 ** 9), max: 10 ** 9 }).map((i) => n(i).div(1000));
    fc.assert(fc.property(short, short, short, (a, b, c) => eq(mul(a, add(b, c)), add(mul(a, b), mul(a, c))) === true));
  });
  it("x / y * y is x to within rounding at the 34th digit", () => {
    fc.assert(
      fc.property(
        num,
        num.filter((d) => !d.isZero()),
        (a, b) => {
          const back = mul(div(a, b), b) as Decimal;
          return back.minus(a).abs().lte(a.abs().times("1e-32").plus("1e-40"));
        },
      ),
    );
  });
  it("decimal(n, s) has at most s decimal places", () => {
    fc.assert(
      fc.property(num, fc.integer({ min: 0, max: 10 }), (x, s) => {
        const r = call(builtin("decimal"), [x, n(s)]) as Decimal;
        return r.decimalPlaces() <= s && r.minus(x).abs().lte(new Decimal(10).pow(-s).div(2));
      }),
    );
  });
});

describe("equality and order laws", () => {
  it("equality is reflexive and symmetric on JSON-shaped values", () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const x = fromJson(a);
        const y = fromJson(b);
        return valueEquals(x, x) === true && valueEquals(x, y) === valueEquals(y, x);
      }),
    );
  });
  it("toJson inverts fromJson", () => {
    fc.assert(
      fc.property(json, (a) => {
        expect(toJson(fromJson(a))).toEqual(a);
      }),
    );
  });
  it("lt is a strict order on numbers and strings", () => {
    fc.assert(
      fc.property(num, num, (a, b) => !(lt(a, b) === true && lt(b, a) === true) && (lt(a, b) === true) === compareValues(a, b)! < 0),
    );
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => (lt(a, b) === true ? lt(b, a) === false : true)));
  });
});

describe("list function laws", () => {
  const nums = fc.array(num, { maxLength: 12 });
  const precedes = fn("precedes", ["x", "y"], (x, y) => lt(x, y));
  it("sort gives an ordered permutation", () => {
    fc.assert(
      fc.property(nums, (xs) => {
        const sorted = call(builtin("sort"), [xs, precedes]) as V[];
        const ordered = sorted.every((v, i) => i === 0 || lt(v, sorted[i - 1]!) === false);
        const counts = (l: V[]) =>
          l
            .map((v) => show(v))
            .sort()
            .join();
        return ordered && counts(sorted) === counts(xs);
      }),
    );
  });
  it("distinct values is idempotent and union contains both inputs", () => {
    fc.assert(
      fc.property(nums, nums, (a, b) => {
        const d = call(builtin("distinct values"), [a]);
        const u = call(builtin("union"), [a, b]) as V[];
        return (
          valueEquals(call(builtin("distinct values"), [d]), d) === true &&
          [...a, ...b].every((x) => call(builtin("list contains"), [u, x]) === true)
        );
      }),
    );
  });
  it("sum equals a fold of add, reverse is an involution", () => {
    fc.assert(
      fc.property(
        nums.filter((l) => l.length > 0),
        (xs) => {
          const folded = xs.reduce<V>((acc, x) => add(acc, x), n(0));
          const twice = call(builtin("reverse"), [call(builtin("reverse"), [xs])]);
          return eq(call(builtin("sum"), [xs]), folded) === true && valueEquals(twice, xs) === true;
        },
      ),
    );
  });
});
