import { describe, expect, it } from "vitest";
import { add, div, fn, isDecimal, mul, neg, pow, range, sub, FeelContext } from "../../src/runtime/index.js";
import { ctx, n, show, t, withProblems, type V } from "./helpers.js";

describe("decimal arithmetic", () => {
  const cases: [string, V, string][] = [
    ["0.1 + 0.2", add(n("0.1"), n("0.2")), "0.3"],
    ["1 / 3", div(n(1), n(3)), "0.3333333333333333333333333333333333"],
    ["2 / 3 rounds half-even at 34 digits", div(n(2), n(3)), "0.6666666666666666666666666666666667"],
    ["10 ** -2", pow(n(10), n(-2)), "0.01"],
    ["5 ** 2", pow(n(5), n(2)), "25"],
    ["5.5 ** 2", pow(n("5.5"), n(2)), "30.25"],
    ["-5 ** 2", pow(n(-5), n(2)), "25"],
    ["(3 ** 4) ** 5", pow(pow(n(3), n(4)), n(5)), "3486784401"],
    ["1.2345 + 2.234", add(n("1.2345"), n("2.234")), "3.4685"],
    ["1.1234 - 0.2345", sub(n("1.1234"), n("0.2345")), "0.8889"],
    ["10 * -10", mul(n(10), n(-10)), "-100"],
    ["100 / 10", div(n(100), n(10)), "10"],
    ["- -10", neg(neg(n(10))), "10"],
    ["-0 prints as 0", neg(n(0)), "0"],
    ["big exact integers", mul(n("12345678901234567890"), n("10")), "123456789012345678900"],
    ['"foo" + "bar"', add("foo", "bar"), '"foobar"'],
  ];
  it.each(cases)("%s", (_name, got, want) => expect(show(got)).toBe(want));

  it("gives Decimal instances, never JS numbers", () => {
    expect(isDecimal(add(n(1), n(2)))).toBe(true);
    expect(typeof add(n(1), n(2))).toBe("object");
  });

  it("non-integer powers are computed to 34 digits", () => {
    expect(show(pow(n(5), n("2.55"))).startsWith("60.58617166606")).toBe(true);
  });

  it("division by zero is null with a problem", () => {
    const r = withProblems(() => div(n(100), n(0)));
    expect(r.result).toBe(null);
    expect(r.problems[0]).toMatch(/division by zero/);
  });

  it("overflow and undefined powers are null", () => {
    expect(withProblems(() => pow(n(10), n(100000))).result).toBe(null);
    expect(pow(n(-8), n("0.5"))).toBe(null);
    expect(pow(n(0), n(-1))).toBe(null);
  });
});

describe("null propagation and type errors", () => {
  const samples: V[] = [n(10), "10", true, [n(10)], ctx({ a: n(10) }), range(true, n(1), n(10), true), fn("f", ["a"], (a) => a), null];
  const ops = { add, sub, mul, div };
  for (const [name, op] of Object.entries(ops)) {
    it(`${name} is null for every mismatched pair`, () => {
      for (const a of samples) {
        for (const b of samples) {
          const fine = (a === samples[0] && b === samples[0]) || (name === "add" && a === "10" && b === "10");
          if (fine) continue;
          expect(op(a, b), `${show(a)} ${name} ${show(b)}`).toBe(null);
        }
      }
    });
  }

  it("a null operand is silent; a mismatch reports", () => {
    expect(withProblems(() => add(null, n(1))).problems).toEqual([]);
    expect(withProblems(() => add("1", n(1))).problems).toHaveLength(1);
  });

  it("negation only applies to numbers and durations", () => {
    expect(neg(ctx({ a: n(1) }))).toBe(null);
    expect(neg("10")).toBe(null);
    expect(neg([n(10)])).toBe(null);
    expect(neg(null)).toBe(null);
    expect(show(neg(t("P1D")))).toBe("-P1D");
  });

  it("** only applies to numbers", () => {
    expect(pow("foo", n(4))).toBe(null);
    expect(pow(t("P2D"), n(4))).toBe(null);
    expect(pow(n(2), null)).toBe(null);
  });
});

describe("temporal dispatch", () => {
  it("delegates dates and durations to the temporal module", () => {
    expect(show(add(t("2020-01-31"), t("P1D")))).toBe("2020-02-01");
    expect(show(sub(t("2020-01-02"), t("2020-01-01")))).toBe("P1D");
    expect(show(mul(t("P1D"), n(2)))).toBe("P2D");
    expect(show(mul(n(2), t("P1Y")))).toBe("P2Y");
    expect(show(div(t("P2D"), n(2)))).toBe("P1D");
    expect(add(t("2020-01-01"), n(1))).toBe(null);
  });
  it("keeps contexts untouched", () => {
    expect(add(new FeelContext(), n(1))).toBe(null);
  });
});
