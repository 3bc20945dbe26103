// The runtime's own decimal arithmetic (decimal-exact.ts, decimal-functions.ts, decimal-limbs.ts)
// against decimal.js as FEEL's decimal128, on generated operands (decimal-properties.ts);
// scripts/decimal-fuzz.ts runs the same properties on millions.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/runtime/decimal.js";
import { limbPower, limbPowerOfBig, limbPowerOfWide } from "../../src/runtime/decimal-limbs.js";
import { PROPERTIES, Reference } from "./decimal-properties.js";

const runs = { numRuns: Number(process.env.DECIMAL_RUNS ?? 2000) };

describe("the runtime's decimals agree with decimal.js", () => {
  it.each(Object.keys(PROPERTIES))("%s", (name) => {
    fc.assert(PROPERTIES[name]!, runs);
  });
});

describe("edges", () => {
  const same = (ours: Decimal, theirs: InstanceType<typeof Reference>) => expect(ours.valueOf()).toBe(theirs.valueOf());

  it("carries 999…9 + 1 into a new digit and rounds 35 digits half-even", () => {
    const nines = "9".repeat(34);
    same(new Decimal(nines).plus(1), new Reference(nines).plus(1));
    same(
      new Decimal(`0.${nines}`).plus("0.00000000000000000000000000000000005"),
      new Reference(`0.${nines}`).plus("0.00000000000000000000000000000000005"),
    );
    // 35 digits ending in 5: to the even neighbour
    for (const tie of ["10000000000000000000000000000000005", "10000000000000000000000000000000015"])
      same(new Decimal(tie).plus(0), new Reference(tie).plus(0));
    expect(new Decimal("10000000000000000000000000000000005").plus(0).toString()).toBe("10000000000000000000000000000000000");
    expect(new Decimal("10000000000000000000000000000000015").plus(0).toString()).toBe("10000000000000000000000000000000020");
  });

  it("overflows to infinity and underflows to a zero of the result's sign", () => {
    same(
      new Decimal("9.999999999999999999999999999999999e6144").times(10),
      new Reference("9.999999999999999999999999999999999e6144").times(10),
    );
    expect(new Decimal("9.999999999999999999999999999999999e6144").plus("0.0000000000000000000000000000000005e6144").isFinite()).toBe(
      false,
    );
    same(new Decimal("-1e-6143").div(10), new Reference("-1e-6143").div(10));
    expect(new Decimal("-1e-6143").div(10).valueOf()).toBe("-0");
    same(new Decimal("1e-6143").times("1e-6143"), new Reference("1e-6143").times("1e-6143"));
  });

  it("keeps negative zero where decimal.js does", () => {
    for (const [x, y] of [
      ["-0", "0"],
      ["-0", "-0"],
      ["0", "-0"],
      ["-0", "5"],
      ["-5", "5"],
    ]) {
      same(new Decimal(x).plus(y), new Reference(x).plus(y));
      same(new Decimal(x).minus(y), new Reference(x).minus(y));
      same(new Decimal(x).times(y), new Reference(x).times(y));
    }
    same(new Decimal("-0.4").round(), new Reference("-0.4").round());
    same(new Decimal("-0").sqrt(), new Reference("-0").sqrt());
  });

  it("raises to integer powers: 0, ±1, large, negative bases", () => {
    for (const [x, n] of [
      ["2.5", 0],
      ["2.5", 1],
      ["2.5", -1],
      ["-1.5", 29],
      ["-1.5", 30],
      ["1.0045", -360],
      ["0.5", 2000],
      ["-7", 101],
      ["1.000000001", 9007199254740991],
    ] as const) {
      same(new Decimal(x).pow(n), new Reference(x).pow(n));
    }
  });

  it("takes the short-base path for loan payments, and declines exactly half-way powers", () => {
    // (1 + 0.0045) ** -360 without BigInt work: the path must not silently decline
    expect(limbPower(10045, 4, -360)?.toString()).toBe(new Reference("1.0045").pow(-360).valueOf());
    expect(limbPower(10045, 4, 360)?.toString()).toBe(new Reference("1.0045").pow(360).valueOf());
    // 1.5 ** 29 = 127834.03948858939111232757568359375, 35 digits ending in 5: no approximation
    // can round it, so the short path declines and the exact power decides (up, to the even 8)
    expect(limbPower(15, 1, 29)).toBeNull();
    expect(new Decimal("1.5").pow(29).toString()).toBe("127834.0394885893911123275756835938");
    // a base too long for the long-division reciprocal takes Newton's reciprocal
    same(new Decimal("1234567890.123").pow(-7), new Reference("1234567890.123").pow(-7));
  });

  it("takes the limb path for 34-digit bases, wide or BigInt, and declines half-way powers there too", () => {
    // 1 + 3.47 / 1200, a quotient rounded to 34 digits: its limbs of seven digits
    const rate = new Reference(1).plus(new Reference("3.47").div(1200));
    const digits = rate.toFixed().replace(".", "");
    const limbs = [];
    for (let end = digits.length; end > 0; end -= 7) limbs.push(Number(digits.slice(Math.max(0, end - 7), end)));
    const e = -(digits.length - 1);
    for (const n of [12, -12, 360, -480, 4096]) expect(limbPowerOfWide(1, limbs, e, n)?.toString()).toBe(rate.pow(n).valueOf());
    expect(limbPowerOfWide(-1, limbs, e, 3)?.toString()).toBe(rate.neg().pow(3).valueOf());
    expect(limbPowerOfBig(1, BigInt(digits), e, -7)?.toString()).toBe(rate.pow(-7).valueOf());
    // 1.5^29 is half-way between two 34-digit numbers: no approximation may round it
    expect(limbPowerOfBig(1, 15n, -1, 29)).toBeNull();
    expect(limbPowerOfWide(1, [15], -1, 29)).toBeNull();
    // results beyond [10^-39, 10^34) and bases beyond the powers of ten it holds go to the general path
    expect(limbPowerOfBig(1, 2n, 40, 1)).toBeNull();
    expect(limbPowerOfBig(1, 2n, -200, 1)).toBeNull();
    expect(limbPowerOfBig(1, 10n ** 60n, 0, 1)).toBeNull();
  });

  it("does not overflow a negative power whose positive power underflows", () => {
    // decimal.js makes x^27 ≈ 6.3e-6144 a zero before dividing, so it answers -Infinity; the power
    // is -1.595…e6143, inside the range (docs/numbers.md)
    const x = "-2.978256874920563e-228";
    expect(new Reference(x).pow(-27).isFinite()).toBe(false);
    const wide = new (Reference.clone({ precision: 120, minE: -9e15, maxE: 9e15 }))(x).pow(-27).toSignificantDigits(34);
    expect(new Decimal(x).pow(-27).valueOf()).toBe(new Reference(wide.valueOf()).valueOf());
    expect(new Decimal(x).pow(-27).isFinite()).toBe(true);
  });

  it("computes exact fractional powers exactly", () => {
    for (const [x, y, r] of [
      ["4", "0.5", "2"],
      ["0.25", "1.5", "0.125"],
      ["1e-6000", "0.001", "0.000001"],
      ["1024", "0.1", "2"],
      ["2", "0.5", "1.414213562373095048801688724209698"],
    ]) {
      expect(new Decimal(x).pow(y).toString()).toBe(r);
      same(new Decimal(x).pow(y), new Reference(x).pow(y));
    }
  });
});
