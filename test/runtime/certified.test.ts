// Certified doubles answer exactly what the decimal path answers, or decline: loan payments
// p × r / (1 - (1 + r) ** -n) rounded to cents on random loans, on loans built to land within a
// fraction of a cent of a rounding boundary, and quotients built to land exactly on a boundary or
// on the doubles next to it, in every rounding mode.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CERTIFIED_OPS as OP, certifiedPlaces } from "../../src/runtime/certified.js";
import {
  BudgetExceeded,
  Decimal,
  add,
  builtin,
  div,
  filter,
  iterRange,
  mul,
  neg,
  num,
  positional,
  pow,
  sub,
  tick,
  toJson,
  withBudget,
  type FeelValue,
} from "../../src/runtime/index.js";

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

describe("certified loops and aggregates", () => {
  const sumB = positional(builtin("sum"), 1);
  const countB = positional(builtin("count"), 1);
  /** FEEL's sum(for i in 1..count(l) return l[i] / (1 + r) ** i) - p, on the exact path */
  const presentValue = (l: FeelValue, r: FeelValue, p: FeelValue) => {
    const terms: FeelValue[] = [];
    for (const i of iterRange(ONE, countB(l)) ?? [])
      terms.push(
        div(
          filter(l, () => i),
          pow(add(ONE, r), i),
        ),
      );
    return sub(sumB(terms), p);
  };
  // LIT 1, COUNT 0, FOR depth 0 over 13 instructions: VAR 0, ITEM 0, LIT 1, IN 1, ADD, VAR 0, POW, DIV; then IN 2, SUB
  const NPV = [
    OP.LIT,
    1,
    OP.COUNT,
    0,
    OP.FOR,
    0,
    13,
    OP.VAR,
    0,
    OP.ITEM,
    0,
    OP.LIT,
    1,
    OP.IN,
    1,
    OP.ADD,
    OP.VAR,
    0,
    OP.POW,
    OP.DIV,
    OP.IN,
    2,
    OP.SUB,
  ];
  const flows = fc.array(
    fc.integer({ min: -5_000_000, max: 40_000_000 }).map((c) => num((c / 100).toFixed(2))),
    { minLength: 1, maxLength: 30 },
  );
  const rate4 = fc.integer({ min: 0, max: 2000 }).map((bp) => num((bp / 10_000).toFixed(4)));

  it("a net present value rounds like the exact path, and doubles decide almost all", () => {
    let decided = 0;
    fc.assert(
      fc.property(flows, rate4, cents, fc.constantFrom(...MODES), (l, r, p, mode) => {
        if (agrees(NPV, [l, r, p], presentValue(l, r, p), 2, mode)) decided++;
      }),
      { numRuns: 1500 },
    );
    expect(decided).toBeGreaterThan(1450);
  });

  it("a part of the body worked out once before the loop (SET, GET) gives what every pass would", () => {
    // 1 + r into register 0, then the loop reads it: the program codegen writes for the same sum
    const hoisted = [
      OP.LIT,
      1,
      OP.IN,
      1,
      OP.ADD,
      OP.SET,
      0,
      OP.LIT,
      1,
      OP.COUNT,
      0,
      OP.FOR,
      0,
      10,
      OP.VAR,
      0,
      OP.ITEM,
      0,
      OP.GET,
      0,
      OP.VAR,
      0,
      OP.POW,
      OP.DIV,
      OP.IN,
      2,
      OP.SUB,
    ];
    fc.assert(
      fc.property(flows, rate4, cents, fc.constantFrom(...MODES), (l, r, p, mode) => {
        const want = certifiedPlaces(NPV, [l, r, p], 2, mode);
        expect(certifiedPlaces(hoisted, [l, r, p], 2, mode)?.toString()).toBe(want?.toString());
      }),
      { numRuns: 300 },
    );
  });

  it("sums exactly on a boundary decline; sums whose doubles differ from the decimals still round right", () => {
    // at rate 0 the terms are the flows: an investment k + ½ cents below their sum puts the value on a half cent
    const tenths = fc.array(
      fc.integer({ min: -30, max: 30 }).map((t) => num((t / 10).toFixed(1))),
      { minLength: 1, maxLength: 40 },
    );
    fc.assert(
      fc.property(
        tenths,
        fc.integer({ min: -1000, max: 1000 }),
        fc.constantFrom(...MODES),
        fc.constantFrom(0, 1, 3),
        (l, k, mode, offset) => {
          const total = sumB(l) as Decimal;
          const edge = num(mode >= 4 ? `${k}.005` : `${k}.01`);
          // offset 0: exactly on the edge; otherwise a thousandth of a cent or more away
          const p = total.minus(edge).plus(num(String(offset / 100_000)));
          const decided = agrees(NPV, [l, num("0"), p], presentValue(l, num("0"), p), 2, mode);
          if (offset === 0 && !(sub(total, p) as Decimal).isZero()) expect(decided).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("sum(l), sum(for x in l return ...) and nested loops agree with the exact path", () => {
    // decimal(sum(for x in l return sum(for j in 1..3 return x * j / 7)) + sum(l) / 3, 4)
    const program = [
      OP.EACH,
      0,
      0,
      15,
      OP.LIT,
      1,
      OP.LIT,
      3,
      OP.FOR,
      1,
      7,
      OP.VAR,
      0,
      OP.VAR,
      1,
      OP.MUL,
      OP.LIT,
      7,
      OP.DIV,
      OP.SUM,
      0,
      OP.LIT,
      3,
      OP.DIV,
      OP.ADD,
    ];
    const exact = (l: FeelValue[]) => {
      const outer = l.map((x) => sumB([1, 2, 3].map((j) => div(mul(x, num(String(j))), num("7")))));
      return add(sumB(outer), div(sumB(l), num("3")));
    };
    fc.assert(
      fc.property(flows, fc.constantFrom(...MODES), (l, mode) => {
        agrees(program, [l], exact(l), 4, mode);
      }),
      { numRuns: 500 },
    );
  });

  it("decline what the exact path must say: empty lists, items that are not numbers, positions outside the list", () => {
    const some = [num("1.5"), num("2.5")];
    expect(certifiedPlaces(NPV, [[], num("0.1"), num("1")], 2, 6)).toBeUndefined();
    expect(certifiedPlaces(NPV, [[num("1"), null], num("0.1"), num("1")], 2, 6)).toBeUndefined();
    expect(certifiedPlaces(NPV, [num("5"), num("0.1"), num("1")], 2, 6)).toBeUndefined();
    expect(certifiedPlaces([OP.LIT, 3, OP.ITEM, 0], [some], 2, 6)).toBeUndefined();
    expect(certifiedPlaces([OP.LIT, -2, OP.ITEM, 0], [some], 2, 6)?.toString()).toBe("1.5");
    expect(certifiedPlaces([OP.LIT, 0, OP.ITEM, 0], [some], 2, 6)).toBeUndefined();
    expect(certifiedPlaces([OP.SUM, 0], [[]], 2, 6)).toBeUndefined();
    // a range endpoint that is not an integer, and a decimal that only rounds to one
    expect(certifiedPlaces([OP.LIT, 1, OP.IN, 0, OP.FOR, 0, 2, OP.VAR, 0], [num("2.5")], 2, 6)).toBeUndefined();
    expect(certifiedPlaces([OP.LIT, 1, OP.IN, 0, OP.FOR, 0, 2, OP.VAR, 0], [num("3.0000000000000000001")], 2, 6)).toBeUndefined();
    expect(certifiedPlaces([OP.IN, 0, OP.IN, 1, OP.POW], [num("1.5"), num("3.0000000000000000001")], 2, 6)).toBeUndefined();
    expect(certifiedPlaces([OP.LIT, 1, OP.IN, 0, OP.FOR, 0, 2, OP.VAR, 0], [num("3")], 2, 6)?.toString()).toBe("6");
    // a descending range, as FEEL iterates 3..1
    expect(certifiedPlaces([OP.LIT, 3, OP.LIT, 1, OP.FOR, 0, 2, OP.VAR, 0], [], 2, 6)?.toString()).toBe("6");
  });

  it("powers of one base through a range, remembered from pass to pass and call to call, round like the exact path", () => {
    // decimal(sum(for i in a..b return x ** i) - p, 2): ascending, descending and negative exponents;
    // a few bases, so that a call often raises the base the previous call raised. p puts the value
    // within a hair of a rounding edge (or on it), where a bound too small for the remembered
    // products would round the wrong way.
    const program = [OP.IN, 1, OP.IN, 2, OP.FOR, 0, 5, OP.IN, 0, OP.VAR, 0, OP.POW, OP.IN, 3, OP.SUB];
    const powers = (x: FeelValue, a: FeelValue, b: FeelValue) => sumB([...(iterRange(a, b) ?? [])].map((i) => pow(x, i)));
    const base = fc.constantFrom("1.0001", "1.05", "1.1", "0.97", "2", "1.2345").map(num);
    const end = fc.integer({ min: -40, max: 60 }).map((n) => num(String(n)));
    let decided = 0;
    fc.assert(
      fc.property(
        base,
        end,
        end,
        fc.integer({ min: -1000, max: 1000 }),
        fc.constantFrom(...MODES),
        fc.constantFrom("0", "1e-30", "-1e-20", "1e-12", "0.003"),
        (x, a, b, k, mode, hair) => {
          const total = powers(x, a, b) as Decimal;
          const edge = num(mode >= 4 ? `${k}.005` : `${k}.01`);
          const p = total.minus(edge).plus(num(hair));
          if (agrees(program, [x, a, b, p], sub(total, p), 2, mode)) decided++;
        },
      ),
      { numRuns: 3000 },
    );
    // the values a thousandth of a cent or more from the edge are decided
    expect(decided).toBeGreaterThan(400);
  });

  it("count a step per pass, and give the steps back when they decline", () => {
    const loop = [OP.LIT, 1, OP.LIT, 10, OP.FOR, 0, 2, OP.VAR, 0];
    expect(withBudget({ steps: 10 }, () => certifiedPlaces(loop, [], 2, 6))?.toString()).toBe("55");
    expect(() => withBudget({ steps: 9 }, () => certifiedPlaces(loop, [], 2, 6))).toThrow(BudgetExceeded);
    // 1 + … + 10 divided by 110: ½, on the boundary of a rounding to whole units, declined, and the ten steps given back
    const declined = [...loop, OP.LIT, 110, OP.DIV];
    const left = withBudget({ steps: 10 }, () => {
      expect(certifiedPlaces(declined, [], 0, 6)).toBeUndefined();
      for (let i = 0; i < 10; i++) tick();
      return true;
    });
    expect(left).toBe(true);
  });
});
