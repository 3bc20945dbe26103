// Certified doubles answer exactly what the decimal path answers, or decline: loan payments
// p × r / (1 - (1 + r) ** -n) rounded to cents on random loans, on loans built to land within a
// fraction of a cent of a rounding boundary, and quotients built to land exactly on a boundary or
// on the doubles next to it, in every rounding mode.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CERTIFIED_OPS as OP, certifiedPlaces } from "../../src/runtime/certified.js";
import { Decimal, add, div, mul, neg, num, pow, sub, toJson, type FeelValue } from "../../src/runtime/index.js";

const ONE = num("1");
/** the exact decimal path: FEEL's p × r / (1 - (1 + r) ** -n) */
const payment = (p: FeelValue, r: FeelValue, n: FeelValue) => div(mul(p, r), sub(ONE, pow(add(ONE, r), neg(n))));
const PAYMENT = [OP.IN, 0, OP.IN, 1, OP.MUL, OP.LIT, 1, OP.LIT, 1, OP.IN, 1, OP.ADD, OP.IN, 2, OP.NEG, OP.POW, OP.SUB, OP.DIV];

/** decimal.js numbering: UP, DOWN, CEIL, FLOOR, HALF_UP, HALF_DOWN, HALF_EVEN */
const MODES = [0, 1, 2, 3, 4, 5, 6];

const rounded = (x: FeelValue, places: number, mode: number) =>
  (x as Decimal).toDecimalPlaces(places, mode as Parameters<Decimal["toDecimalPlaces"]>[1]);

/** The certified answer must be the exact one, in value and in form; it may only decline. */
function agrees(program: number[], operands: FeelValue[], exact: FeelValue, places: number, mode: number): boolean {
  const got = certifiedPlaces(program, operands, places, mode);
  if (got === undefined) return false;
  const want = rounded(exact, places, mode);
  expect(got.toString()).toBe(want.toString());
  expect(toJson(got)).toEqual(toJson(want));
  return true;
}

const cents = fc.integer({ min: 100_00, max: 2_000_000_00 }).map((c) => num((c / 100).toFixed(2)));
const rate = fc.integer({ min: 1, max: 2_000 }).map((bp) => num((bp / 100_000).toFixed(5)));
const term = fc.integer({ min: 1, max: 480 }).map((n) => num(String(n)));

describe("certified doubles", () => {
  it("round loan payments like the exact path, and decide almost all of them", () => {
    let decided = 0;
    fc.assert(
      fc.property(cents, rate, term, fc.constantFrom(...MODES), fc.integer({ min: 0, max: 4 }), (p, r, n, mode, places) => {
        if (agrees(PAYMENT, [p, r, n], payment(p, r, n), places, mode)) decided++;
      }),
      { numRuns: 3000 },
    );
    expect(decided).toBeGreaterThan(2900);
  });

  it("loans built to land within a fraction of a cent of a boundary: decided exactly or declined", () => {
    // the principal that brings the payment nearest to k + ½ cents (or k cents for directed modes)
    fc.assert(
      fc.property(rate, term, fc.integer({ min: 1_000, max: 1_000_000 }), fc.constantFrom(...MODES), (r, n, k, mode) => {
        const factor = payment(ONE, r, n) as Decimal;
        const edge = num(mode >= 4 ? `${k}.5` : String(k)).div(100);
        const p = edge.div(factor).toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN);
        agrees(PAYMENT, [p, r, n], payment(p, r, n), 2, mode);
      }),
      { numRuns: 3000 },
    );
  });

  it("quotients exactly on a boundary, and on the doubles either side of it", () => {
    // a × b / c with c = 8: a = 8 (k + ½) / 100 puts the result exactly on a half cent
    const program = [OP.IN, 0, OP.IN, 1, OP.MUL, OP.LIT, 8, OP.DIV];
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.constantFrom(...MODES),
        fc.constantFrom(-1, 0, 1),
        (k, mode, ulps) => {
          const half = mode >= 4 ? 0.5 : 0;
          const exactA = num(((8 * (k + half)) / 100).toFixed(3));
          const b = num("1");
          // the decimal nearest the double `ulps` steps from a's double
          const x = exactA.toNumber();
          const step = ulps === 0 ? x : ulps > 0 ? nextUp(x) : -nextUp(-x);
          const a = num(String(step));
          const exact = div(mul(a, b), num("8"));
          const decided = agrees(program, [a, b], exact, 2, mode);
          if (ulps === 0 && k !== 0) expect(decided).toBe(false);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("decline what is not a finite number or not a whole exponent", () => {
    const program = [OP.IN, 0, OP.IN, 1, OP.POW];
    expect(certifiedPlaces(program, [num("1.5"), num("2.5")], 2, 6)).toBeUndefined();
    expect(certifiedPlaces(program, [null, num("2")], 2, 6)).toBeUndefined();
    expect(certifiedPlaces([OP.IN, 0, OP.LIT, 0, OP.DIV], [num("3")], 2, 6)).toBeUndefined();
    expect(certifiedPlaces(program, [num("10"), num("400")], 2, 6)).toBeUndefined();
  });
});

/** The next double above x. */
function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const bits = new DataView(new ArrayBuffer(8));
  bits.setFloat64(0, x);
  const n = bits.getBigInt64(0);
  bits.setBigInt64(0, x > 0 ? n + 1n : n - 1n);
  return bits.getFloat64(0);
}
