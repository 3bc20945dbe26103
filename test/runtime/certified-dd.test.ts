// Certified double-doubles against FEEL's decimals: random expressions of + − × ÷, negation, abs,
// min and max over decimals (short ones, thirds, 2^53 and its neighbours, 10^-22, zeros of either
// sign, values a hair apart so that differences cancel, divisors near zero) worked out both ways;
// wherever `ddNearest` answers, its double must be the one `toJson` gives the decimal result, and
// the doubles must answer for most expressions (else the test proves nothing).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ddAbs, ddAdd, ddDiv, ddExtreme, ddMul, ddNearest, ddRead, ddState, ddSub } from "../../src/runtime/certified-dd.js";
import { add, div, mul, neg, sub } from "../../src/runtime/arithmetic.js";
import { dec, isDecimal, type Decimal } from "../../src/runtime/decimal.js";
import { toJson } from "../../src/runtime/index.js";

interface Binary {
  k: "+" | "-" | "*" | "/" | "min" | "max";
  a: Tree;
  b: Tree;
}
type Tree = { k: "leaf"; text: string } | { k: "neg" | "abs"; a: Tree } | Binary;

/** Operands: short decimals, long ones of 15 digits, near-ties of doubles' midpoints once divided, cancellations and extremes. */
const LEAVES = [
  "0",
  "-0",
  "1",
  "-1",
  "3",
  "7",
  "9.97",
  "0.1",
  "0.3",
  "0.0000000000000000000001",
  "9007199254740992",
  "9007199254740991",
  "4503599627370496",
  "333333333333333",
  "0.333333333333333",
  "123456789.012345",
  "-0.000000000000001",
  "1000000000000000",
  "0.000000000000001",
  "999999999999999",
  "1.000000000000001",
];
const leaf = fc.oneof(
  fc.constantFrom(...LEAVES).map((text) => ({ k: "leaf" as const, text })),
  fc.tuple(fc.integer({ min: -999_999_999, max: 999_999_999 }), fc.integer({ min: 0, max: 12 })).map(([m, k]) => ({
    k: "leaf" as const,
    text: dec(m).div(dec(10).pow(k)).toString(),
  })),
);
const tree: fc.Arbitrary<Tree> = fc.letrec<{ t: Tree }>((tie) => ({
  t: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.record({ k: fc.constantFrom("neg" as const, "abs" as const), a: tie("t") }),
    fc.record({
      k: fc.constantFrom("+" as const, "-" as const, "*" as const, "/" as const, "min" as const, "max" as const),
      a: tie("t"),
      b: tie("t"),
    }),
  ),
})).t;

/** FEEL's value: each step rounded to 34 digits by the runtime's own arithmetic (null for a division by zero). */
function exact(t: Tree): Decimal | null {
  if (t.k === "leaf") return dec(t.text);
  const a = exact(t.a);
  if (a === null) return null;
  if (t.k === "neg" || t.k === "abs") return t.k === "neg" ? (neg(a) as Decimal) : a.abs();
  const b = exact((t as Binary).b);
  if (b === null) return null;
  if (t.k === "min" || t.k === "max") return a.cmp(b) < 0 === (t.k === "min") ? a : b;
  const r = { "+": add, "-": sub, "*": mul, "/": div }[t.k](a, b);
  return isDecimal(r) ? r : null;
}

type Triple = [number, number, number];
const got = (h: number): Triple => [h, ddState[0]!, ddState[1]!];
const STEPS = { "+": ddAdd, "-": ddSub, "*": ddMul, "/": ddDiv };

/** The double-doubles' value as the generated code works it out (codegen/certified-dd-code.ts). */
function certified(t: Tree): Triple {
  if (t.k === "leaf") return got(ddRead(dec(t.text)));
  const [ah, al, ea] = certified(t.a);
  if (t.k === "neg" || t.k === "abs") return t.k === "neg" ? [-ah, -al, ea] : got(ddAbs(ah, al, ea));
  const [bh, bl, eb] = certified((t as Binary).b);
  if (t.k === "min" || t.k === "max") return got(ddExtreme(ah, al, ea, bh, bl, eb, t.k === "max"));
  return got(STEPS[t.k](ah, al, ea, bh, bl, eb));
}

/** Checks one expression: the answer when the doubles gave one, else undefined. */
function check(t: Tree): number | undefined {
  const [h, l, e] = certified(t);
  const answer = ddNearest(h, l, e);
  if (answer !== answer) return undefined;
  const value = exact(t);
  expect(value, JSON.stringify(t)).not.toBeNull();
  expect(answer, JSON.stringify(t)).toBe(toJson(value));
  return answer;
}

describe("certified double-doubles", () => {
  it("give the double nearest FEEL's decimal wherever they answer, on random expressions", () => {
    let [decided, all] = [0, 0];
    fc.assert(
      fc.property(tree, (t) => {
        all++;
        if (check(t) !== undefined) decided++;
      }),
      { numRuns: 20_000 },
    );
    // most expressions are decided: declines are divisions by zero, zeros, overflows and near-ties
    expect(decided / all).toBeGreaterThan(0.5);
  });

  it("decline where FEEL's 34-digit roundings decide between two doubles", () => {
    // 1 / 2^53 is exact in doubles, but FEEL rounds it to 34 digits, so 1 + it is just below the
    // midpoint between 1 and the next double: FEEL's output is 1, the double-double's exact sum a tie
    const midpoint: Tree = {
      k: "+",
      a: { k: "leaf", text: "1" },
      b: { k: "/", a: { k: "leaf", text: "1" }, b: { k: "leaf", text: "9007199254740992" } },
    };
    expect(toJson(exact(midpoint))).toBe(1);
    expect(check(midpoint)).toBeUndefined();
    // thirds summed back: FEEL's sum is 0.9999…9 (34 nines), a hair below 1, whose nearest double is 1
    const third: Tree = { k: "/", a: { k: "leaf", text: "1" }, b: { k: "leaf", text: "3" } };
    const sum: Tree = { k: "+", a: { k: "+", a: third, b: third }, b: third };
    expect(exact(sum)!.toString()).toBe("0.9999999999999999999999999999999999");
    expect(check(sum)).toBe(1);
    // a cancellation to FEEL's rounding error alone: (1/3) * 3 − 1 is −10^-34 in FEEL; the doubles cannot see it
    const cancelled: Tree = { k: "-", a: { k: "*", a: third, b: { k: "leaf", text: "3" } }, b: { k: "leaf", text: "1" } };
    expect(exact(cancelled)!.isZero()).toBe(false);
    expect(check(cancelled)).toBeUndefined();
  });

  it("answer an exact zero, and decline a zero within a bound", () => {
    const lit = (text: string): Tree => ({ k: "leaf", text });
    // exact integers and scaled decimals cancelling exactly, and max(0, x) of a negative x: FEEL's 0
    expect(check({ k: "-", a: lit("250"), b: lit("250") })).toBe(0);
    expect(check({ k: "max", a: lit("0"), b: { k: "-", a: lit("120.5"), b: lit("250") } })).toBe(0);
    expect(Object.is(check({ k: "*", a: lit("-3"), b: lit("0") }), 0)).toBe(true);
    // a zero of doubles whose bound is not 0 may be FEEL's tiny non-zero value: declined
    const third: Tree = { k: "/", a: lit("1"), b: lit("3") };
    expect(check({ k: "-", a: third, b: third })).toBeUndefined();
  });

  it("carry the error of a cancellation into what is made of it", () => {
    // (j / k) × k − j is FEEL's rounding error of j / k made visible (or 0), and so is the double-
    // doubles' own, a different one; adding s and dividing by s magnifies both by 1 / s
    const lit = (text: string): Tree => ({ k: "leaf", text });
    let [decided, all] = [0, 0];
    for (let k = 3; k <= 60; k++)
      for (const j of ["1", "7", "1000", "0.3"])
        for (const s of ["0.00000000000000000001", "0.000000001", "1"]) {
          const residue: Tree = { k: "-", a: { k: "*", a: { k: "/", a: lit(j), b: lit(String(k)) }, b: lit(String(k)) }, b: lit(j) };
          for (const t of [
            { k: "/", a: { k: "+", a: residue, b: lit(s) }, b: lit(s) },
            { k: "*", a: lit("1000000000000000"), b: { k: "*", a: { k: "+", a: residue, b: lit(s) }, b: lit("100000000000000000000") } },
            { k: "max", a: { k: "abs", a: { k: "neg", a: residue } }, b: { k: "min", a: lit(s), b: { k: "+", a: residue, b: lit(s) } } },
          ] as Tree[]) {
            all++;
            if (check(t) !== undefined) decided++;
          }
        }
    expect(decided).toBeGreaterThan(all / 2);
  });

  it("decline divisions by values whose interval holds zero", () => {
    const tiny: Tree = {
      k: "-",
      a: { k: "/", a: { k: "leaf", text: "1" }, b: { k: "leaf", text: "3" } },
      b: { k: "leaf", text: "0.3333333333333333333333333333333333" },
    };
    expect(check({ k: "/", a: { k: "leaf", text: "1" }, b: tiny })).toBeUndefined();
    expect(check({ k: "/", a: { k: "leaf", text: "1" }, b: { k: "leaf", text: "0" } })).toBeUndefined();
  });

  it("follow huge and tiny magnitudes to the edges of their range and decline beyond", () => {
    let x: Tree = { k: "leaf", text: "1000000000000000" };
    let small: Tree = { k: "/", a: { k: "leaf", text: "1" }, b: { k: "leaf", text: "7000000000000000" } };
    for (let i = 0; i < 6; i++) {
      x = { k: "*", a: x, b: x };
      small = { k: "*", a: small, b: small };
      check(x);
      check(small);
    }
    // 10^960 and 7^-64 × 10^-960 are beyond the kept range
    expect(check(x)).toBeUndefined();
    expect(check(small)).toBeUndefined();
    expect(check({ k: "*", a: { k: "leaf", text: "1000000000000000" }, b: { k: "leaf", text: "3.3" } })).toBe(3.3e15);
  });
});
