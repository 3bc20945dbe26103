import { describe, expect, it } from "vitest";
import { div } from "../../src/runtime/index.js";
import { b, bn, n, show, t, withProblems, type V } from "./helpers.js";

const check = (cases: [string, () => V, string][]) => it.each(cases)("%s", (_name, run, want) => expect(show(run())).toBe(want));

describe("rounding", () => {
  check([
    ["decimal(1/3, 2)", () => b("decimal", div(n(1), n(3)), n(2)), "0.33"],
    ["decimal(1/3, 2.5) truncates the scale", () => b("decimal", div(n(1), n(3)), n("2.5")), "0.33"],
    ["decimal(1.5, 0) half-even", () => b("decimal", n("1.5"), n(0)), "2"],
    ["decimal(2.5, 0) half-even", () => b("decimal", n("2.5"), n(0)), "2"],
    ["decimal(0.515, 2)", () => b("decimal", n("0.515"), n(2)), "0.52"],
    ["decimal(n: 15/7, scale: 3)", () => bn("decimal", { n: div(n(15), n(7)), scale: n(3) }), "2.143"],
    ["decimal(1250, -2)", () => b("decimal", n(1250), n(-2)), "1200"],
    ["floor(1.5)", () => b("floor", n("1.5")), "1"],
    ["floor(-1.5)", () => b("floor", n("-1.5")), "-2"],
    ["floor(-1.56, 1)", () => b("floor", n("-1.56"), n(1)), "-1.6"],
    ["floor(1.56, null)", () => b("floor", n("1.56"), null), "null"],
    ['floor("1.5")', () => b("floor", "1.5"), "null"],
    ["ceiling(1.5)", () => b("ceiling", n("1.5")), "2"],
    ["ceiling(-0.3333) is 0, not -0", () => b("ceiling", n("-0.3333")), "0"],
    ["ceiling(-1.56, 1)", () => b("ceiling", n("-1.56"), n(1)), "-1.5"],
    ["round up(5.5, 0)", () => b("round up", n("5.5"), n(0)), "6"],
    ["round up(-5.5, 0)", () => b("round up", n("-5.5"), n(0)), "-6"],
    ["round up(1.121, 2)", () => b("round up", n("1.121"), n(2)), "1.13"],
    ["round down(-1.126, 2)", () => b("round down", n("-1.126"), n(2)), "-1.12"],
    ["round half up(-5.5, 0)", () => b("round half up", n("-5.5"), n(0)), "-6"],
    ["round half up(1.121, 2)", () => b("round half up", n("1.121"), n(2)), "1.12"],
    ["round half down(5.5, 0)", () => b("round half down", n("5.5"), n(0)), "5"],
    ["round half down(-1.126, 2)", () => b("round half down", n("-1.126"), n(2)), "-1.13"],
    ["round up(5.5, 6176)", () => b("round up", n("5.5"), n(6176)), "5.5"],
    ["round up(5.5, 6177)", () => b("round up", n("5.5"), n(6177)), "null"],
    ["round down(5.5, -6112)", () => b("round down", n("5.5"), n(-6112)), "null"],
    ["round up(5.5) needs a scale", () => b("round up", n("5.5")), "null"],
    ["round up(n: 5.5, scale: 0)", () => bn("round up", { n: n("5.5"), scale: n(0) }), "6"],
  ]);
});

describe("other numeric functions", () => {
  check([
    ["abs(-1)", () => b("abs", n(-1)), "1"],
    ["abs(n: -1)", () => bn("abs", { n: n(-1) }), "1"],
    ['abs("-1")', () => b("abs", "-1"), "null"],
    ['abs(duration("-P1D"))', () => b("abs", t("-P1D")), "P1D"],
    ['abs(duration("-P1Y"))', () => b("abs", t("-P1Y")), "P1Y"],
    ["abs(date)", () => b("abs", t("2018-12-06")), "null"],
    ["modulo(10, 4)", () => b("modulo", n(10), n(4)), "2"],
    ["modulo(10, -4)", () => b("modulo", n(10), n(-4)), "-2"],
    ["modulo(-10, 4)", () => b("modulo", n(-10), n(4)), "2"],
    ["modulo(-12, -5)", () => b("modulo", n(-12), n(-5)), "-2"],
    ["modulo(10.1, -4.5)", () => b("modulo", n("10.1"), n("-4.5")), "-3.4"],
    ["modulo(-10.1, 4.5)", () => b("modulo", n("-10.1"), n("4.5")), "3.4"],
    ["modulo(-10.1, -4.5)", () => b("modulo", n("-10.1"), n("-4.5")), "-1.1"],
    ["modulo(10, 0)", () => b("modulo", n(10), n(0)), "null"],
    ["modulo(dividend: 10, divisor: 4)", () => bn("modulo", { dividend: n(10), divisor: n(4) }), "2"],
    ["modulo(dividend: 10, foo: 4)", () => bn("modulo", { dividend: n(10), foo: n(4) }), "null"],
    ["sqrt(4)", () => b("sqrt", n(4)), "2"],
    ["sqrt(-1)", () => b("sqrt", n(-1)), "null"],
    ["sqrt(2)", () => b("sqrt", n(2)), "1.414213562373095048801688724209698"],
    ["sqrt(number: 4)", () => bn("sqrt", { number: n(4) }), "2"],
    ["log(0)", () => b("log", n(0)), "null"],
    ["exp(0)", () => b("exp", n(0)), "1"],
    ["odd(-1)", () => b("odd", n(-1)), "true"],
    ["odd(2)", () => b("odd", n(2)), "false"],
    ["even(0)", () => b("even", n(0)), "true"],
    ["even(-2)", () => b("even", n(-2)), "true"],
    ["even(1.5)", () => b("even", n("1.5")), "null"],
    ["even(true)", () => b("even", true), "null"],
    ["a singleton list stands for its item", () => b("abs", [n(-3)]), "3"],
  ]);
  it("log and exp to 8 places", () => {
    expect(show(b("log", n(4))).slice(0, 10)).toBe("1.38629436");
    expect(show(b("exp", n(4))).slice(0, 11)).toBe("54.59815003");
    expect(show(b("exp", n(-1))).slice(0, 10)).toBe("0.36787944");
  });
  it("wrong arity reports a problem", () => {
    const r = withProblems(() => b("sqrt", n(4), n(4)));
    expect(r.result).toBe(null);
    expect(r.problems[0]).toMatch(/sqrt/);
  });
});

it("modulo gives a zero remainder as +0, whatever the signs of the dividend and the divisor", () => {
  // valueOf keeps the sign of a zero (show does not)
  const signed = (v: V) => (v as { valueOf(): unknown }).valueOf();
  for (const divisor of [n(4), n(-4), n("0.7"), div(n(1), n(7)), div(n(-2), n(3))]) {
    expect(signed(b("modulo", n("-0"), divisor))).toBe("0");
    expect(signed(b("modulo", n(0), divisor))).toBe("0");
  }
  expect(signed(b("modulo", n(-12), n(4)))).toBe("0");
  expect(signed(b("modulo", n("-1.4"), n("0.7")))).toBe("0");
});
