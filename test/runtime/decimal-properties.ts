// What the runtime's decimals must do, as properties over generated operands: every answer is the
// one decimal.js configured as FEEL's decimal128 gives (the oracle), edges included — 34-digit
// carries, half-way points, huge and tiny exponents, negative zero, overflow to infinity and
// underflow to zero, NaN. For powers, roots, exponentials and logarithms the oracle's own 34-digit
// answer is checked by a referee when the two differ: decimal.js at 120 digits (400 if that still
// differs), rounded to 34 once (docs/numbers.md says why that is the correctly rounded value); exact
// roots of perfect powers are checked against the exact power. Shared by
// test/runtime/decimal-oracle.test.ts (a few thousand operands each) and scripts/decimal-fuzz.ts
// (millions).
import { Decimal as DecimalJs } from "decimal.js";
import fc from "fast-check";
import { Decimal } from "../../src/runtime/decimal.js";

export const Reference = DecimalJs.clone({ precision: 34, rounding: 6, toExpNeg: -1e6, toExpPos: 1e6, minE: -6143, maxE: 6144 });
type Reference = InstanceType<typeof Reference>;
const wide = (precision: number) => DecimalJs.clone({ precision, rounding: 6, toExpNeg: -1e6, toExpPos: 1e6, minE: -9e15, maxE: 9e15 });
const Wide = wide(120);
const Wider = wide(400);
type Wide = InstanceType<typeof Wide>;

type Mode = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

// ---- operands ----

const coefficient = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 99_999 }).map(String) },
  { weight: 2, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 53n }).map(String) },
  { weight: 3, arbitrary: fc.bigInt({ min: 10n ** 30n, max: 10n ** 34n - 1n }).map(String) },
  // longer than 34 digits: read as they are, rounded by the first operation
  { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 10n ** 45n }).map(String) },
  // carries: 999…9
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }).map((n) => "9".repeat(n)) },
  // half-way points at 34 digits: 35 digits ending in 5
  { weight: 1, arbitrary: fc.bigInt({ min: 10n ** 33n, max: 10n ** 34n - 1n }).map((c) => `${c}5`) },
  // next to powers of ten
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 0, max: 40 }), fc.constantFrom("", "1", "5", "25", "9")).map(([z, d]) => `1${"0".repeat(z)}${d}`),
  },
);
const exponent = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -40, max: 12 }) },
  { weight: 1, arbitrary: fc.integer({ min: -6200, max: 6200 }) },
  // first digits near 10^6144 (overflow) and 10^-6143 (underflow)
  { weight: 1, arbitrary: fc.integer({ min: 6090, max: 6150 }) },
  { weight: 1, arbitrary: fc.integer({ min: -6230, max: -6140 }) },
);
const sign = fc.constantFrom("", "-");
/** Numeric text m × 10^e over every kind of coefficient and exponent. */
const text = fc.tuple(sign, coefficient, exponent).map(([s, c, e]) => `${s}${c}e${e}`);
/** Short plain decimals, the scaled form's numbers: 12.5, -0.0045. */
const plain = fc
  .tuple(fc.integer({ min: -99_999_999, max: 99_999_999 }), fc.integer({ min: 0, max: 8 }))
  .map(([m, k]) => new Reference(m).div(10 ** k).toFixed());
const special = fc.constantFrom("0", "-0", "1", "-1", "Infinity", "-Infinity", "NaN");
const value: fc.Arbitrary<string | number> = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 3, arbitrary: plain },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: special },
);
/** 34-digit operands near one another in magnitude: where carries and ties happen. */
const long = fc
  .tuple(
    sign,
    fc.oneof(
      fc.bigInt({ min: 10n ** 33n, max: 10n ** 34n - 1n }).map(String),
      fc.integer({ min: 30, max: 35 }).map((n) => "9".repeat(n)),
      fc.bigInt({ min: 10n ** 33n, max: 10n ** 34n - 1n }).map((c) => `${c}5`),
      fc.bigInt({ min: 1n, max: 10n ** 17n }).map((c) => `${c}5`), // products of two of these end in 25
    ),
    fc.integer({ min: -40, max: 5 }),
  )
  .map(([s, c, e]) => `${s}${c}e${e}`);
/** Bases a loan model raises: 1 + a short rate, and numbers near one. */
const nearOne = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 1, max: 8 }))
    .map(([r, k]) => new Reference(1).plus(new Reference(r).div(10 ** (k + 2))).toFixed()),
  fc
    .tuple(fc.constantFrom("1", "0."), fc.integer({ min: 1, max: 33 }), fc.integer({ min: 1, max: 9 }))
    .map(([a, z, d]) => (a === "1" ? `1.${"0".repeat(z)}${d}` : `0.${"9".repeat(z)}${d}`)),
);
const mode = fc.integer({ min: 0, max: 8 }) as fc.Arbitrary<Mode>;
const integerExponent: fc.Arbitrary<string | number> = fc.oneof(
  fc.constantFrom(0, 1, -1, 2, -2, 3),
  fc.integer({ min: -64, max: 64 }),
  fc.integer({ min: -5000, max: 5000 }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, "9007199254740993", "-123456789012345678901", "1e20", "2.0"),
);
const fractionalExponent: fc.Arbitrary<string | number> = fc.oneof(
  fc.constantFrom("0.5", "-0.5", "1.5", "2.5", "0.25", "-0.125", "0.1", "1e-30", "12345.5"),
  fc
    .tuple(
      fc.integer({ min: -99_999, max: 99_999 }).filter((m) => m % 10 !== 0),
      fc.integer({ min: 1, max: 6 }),
    )
    .map(([m, k]) => new Reference(m).div(10 ** k).toFixed()),
  fc.tuple(sign, fc.bigInt({ min: 1n, max: 10n ** 34n }), fc.integer({ min: -40, max: -1 })).map(([s, c, e]) => `${s}${c}e${e}`),
);

// ---- checks ----

/** How often the referee was asked, how often it found decimal.js's 34-digit answer off, and the first few such operations. */
export const refereeCount = { asked: 0, oracleWrong: 0, examples: [] as string[] };

function same(ours: Decimal | string | number | boolean, theirs: Reference | string | number | boolean, what: string): void {
  const a = ours instanceof Decimal ? ours.valueOf() : ours;
  const b = theirs instanceof Reference ? theirs.valueOf() : theirs;
  if (!Object.is(a, b)) throw new Error(`${what}: runtime ${String(a)}, decimal.js ${String(b)}`);
}

/** A wide result rounded once to 34 digits, in decimal128's range. */
const narrowed = (w: Wide): string => new Reference(w.toSignificantDigits(34, 6).valueOf()).valueOf();

/**
 * Agrees with decimal.js, or where it does not, with decimal.js at 120 digits rounded to 34 — or,
 * should a 120-digit value sit within 10^-120 of a half-way point, at 400.
 */
function refereed(ours: Decimal, theirs: () => Reference, at: (W: typeof Wide) => Wide, what: string): void {
  const a = ours.valueOf();
  const b = theirs().valueOf();
  if (a === b) return;
  refereeCount.asked++;
  let r = narrowed(at(Wide));
  if (a !== r) r = narrowed(at(Wider));
  if (a !== r) throw new Error(`${what}: runtime ${a}, decimal.js ${b}, at 120 and 400 digits ${r}`);
  refereeCount.oracleWrong++;
  if (refereeCount.examples.length < 20) refereeCount.examples.push(`${what}: decimal.js ${b}, correctly rounded ${r}`);
}

const both = (v: string | number): [Decimal, Reference] => [new Decimal(v), new Reference(v)];

// ---- properties ----

const readsValues = fc.property(value, (v) => {
  const [a, r] = both(v);
  same(a, r, "value");
  same(a.toString(), r.toString(), "toString");
  same(a.toFixed(), r.toFixed(), "toFixed");
  same(a.toNumber(), r.toNumber(), "toNumber");
  same(a.sd(), r.sd(), "sd");
  same(a.sd(true), r.sd(true), "sd(true)");
  same(a.decimalPlaces(), r.decimalPlaces(), "decimalPlaces");
  for (const flag of ["isInteger", "isZero", "isNegative", "isPositive", "isFinite", "isNaN"] as const) same(a[flag](), r[flag](), flag);
});

const OPERATIONS = ["plus", "minus", "times", "div", "mod", "divToInt"] as const;
const arithmetic = (operand: fc.Arbitrary<string | number>) =>
  fc.property(operand, operand, fc.constantFrom(...OPERATIONS), (x, y, op) => {
    const [a, ra] = both(x);
    const [b, rb] = both(y);
    same(a[op](b), ra[op](rb), `${x} ${op} ${y}`);
    same(a.cmp(b), ra.cmp(rb), `${x} cmp ${y}`);
  });

const rounding = fc.property(value, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 40 }), mode, (v, places, digits, rm) => {
  const [a, r] = both(v);
  same(a.toDecimalPlaces(places, rm), r.toDecimalPlaces(places, rm), `toDecimalPlaces(${places}, ${rm})`);
  same(a.toFixed(places, rm), r.toFixed(places, rm), `toFixed(${places}, ${rm})`);
  same(a.toSignificantDigits(digits, rm), r.toSignificantDigits(digits, rm), `toSignificantDigits(${digits}, ${rm})`);
  same(a.floor(), r.floor(), "floor");
  same(a.ceil(), r.ceil(), "ceil");
  same(a.trunc(), r.trunc(), "trunc");
  same(a.round(), r.round(), "round");
  same(a.abs(), r.abs(), "abs");
  same(a.neg(), r.neg(), "neg");
});

const power = (base: fc.Arbitrary<string | number>, exponents: fc.Arbitrary<string | number>) =>
  fc.property(base, exponents, (x, y) => {
    const [a, ra] = both(x);
    refereed(
      a.pow(new Decimal(y)),
      () => ra.pow(y),
      (W) => new W(x).pow(y),
      `${x} ** ${y}`,
    );
  });

/**
 * x = r^q and y = p/q: x ** y is exactly r^p (a root of a perfect power) — often a half-way point
 * or longer than 34 digits. The expected value is r^p exactly (a BigInt power), rounded once.
 */
const perfectPowers = fc.property(
  fc.tuple(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 0, max: 6 })),
  fc.constantFrom(2, 4, 5, 8, 10, 16, 20, 25, 40),
  fc.integer({ min: -60, max: 60 }).filter((p) => p !== 0),
  ([m, k], q, p) => {
    const x = `${BigInt(m) ** BigInt(q)}e${-k * q}`;
    const y = new Reference(p).div(q).toFixed(); // q divides a power of ten: exact
    const magnitude = `${BigInt(m) ** BigInt(Math.abs(p))}e${-k * Math.abs(p)}`;
    const expected = p > 0 ? new Reference(magnitude).plus(0) : new Reference(1).div(magnitude);
    const ours = new Decimal(x).pow(y);
    same(ours, expected, `${x} ** ${y}`);
    if (new Reference(x).pow(y).valueOf() !== expected.valueOf()) {
      refereeCount.oracleWrong++;
      if (refereeCount.examples.length < 20)
        refereeCount.examples.push(`${x} ** ${y}: decimal.js ${new Reference(x).pow(y).valueOf()}, exactly ${expected.valueOf()}`);
    }
  },
);

/**
 * A base of 34 digits made by arithmetic, as a model makes 1 + rate / 1200 (a quotient held in
 * limbs), or that times a power of ten (held as a BigInt coefficient, huge or tiny), raised to an
 * integer: each step rounded to 34 digits, as decimal.js rounds it.
 */
const madePowers = fc.property(
  fc.oneof(plain, long),
  fc.constantFrom("1200", "12", "7", "-3", "365", "0.3", "90071992547409.9"),
  fc.constantFrom("1", "0", "-1", "0.5"),
  fc.oneof(fc.constant(0), fc.integer({ min: -120, max: 120 })),
  integerExponent,
  (r, d, a, t, n) => {
    const scale = `1e${t}`;
    const base = new Decimal(a).plus(new Decimal(r).div(new Decimal(d))).times(new Decimal(scale));
    const reference = new Reference(a).plus(new Reference(r).div(d)).times(scale);
    const text = reference.valueOf();
    refereed(
      base.pow(new Decimal(n)),
      () => reference.pow(n),
      (W) => new W(text).pow(n),
      `(${a} + ${r} / ${d}) × ${scale} ** ${n}`,
    );
  },
);

const FUNCTIONS = ["sqrt", "exp", "ln"] as const;
const functions = (operand: fc.Arbitrary<string | number>) =>
  fc.property(operand, fc.constantFrom(...FUNCTIONS), (v, f) => {
    const [a, r] = both(v);
    refereed(
      a[f](),
      () => r[f](),
      (W) => new W(v)[f](),
      `${f}(${v})`,
    );
  });

/**
 * A quotient of short numbers that does not end (a / 7) is held unevaluated until it meets more
 * arithmetic; then its 34 digits come from long division in limbs (decimal-wide-arithmetic.ts). The chain is
 * decimal.js's: the quotient rounded to 34 digits, then the next operation rounded again.
 */
const divisor = fc.oneof(
  plain,
  fc.integer({ min: -999, max: 999 }).map(String),
  fc.constantFrom("3", "7", "12", "0.3", "-7", "900719925474099", "90071992547409.9", "1e-5"),
);
const NEXT = ["plus", "minus", "times", "div", "cmp"] as const;
const quotientThen = fc.property(plain, divisor, fc.oneof(plain, value), fc.constantFrom(...NEXT), (x, y, z, op) => {
  fc.pre(!new Reference(y).isZero());
  const q = new Decimal(x).div(new Decimal(y));
  const rq = new Reference(x).div(y);
  same(q[op](new Decimal(z)), rq[op](z), `${x} / ${y} ${op} ${z}`);
  same(new Decimal(x).div(new Decimal(y)).toString(), rq.toString(), `${x} / ${y}`);
});

/**
 * m / 2^t for an odd m of 14 or 15 digits (plain text of up to 15 digits is read as a scaled
 * number) ends after t decimals — too many for the scaled form —
 * and has 34, 35 or 36 significant digits: at 35 the 35th is 5, a half-way point that half-even
 * settles by the 34th digit's parity; a scale and a sign move it around.
 */
const quotientTies = fc.property(
  fc.bigInt({ min: 10n ** 13n, max: 10n ** 15n - 1n }).map((m) => m | 1n),
  fc.integer({ min: 20, max: 40 }),
  fc.integer({ min: 0, max: 6 }),
  sign,
  (m, t, k, s) => {
    const x = new Reference(`${s}${m}e-${k}`).toFixed();
    const d = 2 ** t;
    const exactDigits = (m * 5n ** BigInt(t)).toString().length;
    fc.pre(exactDigits >= 34 && exactDigits <= 36);
    const q = new Decimal(x).div(d);
    const rq = new Reference(x).div(d);
    same(q.plus(0), rq.plus(0), `${x} / 2^${t}`);
    same(new Decimal(x).div(d).times(1), rq, `${x} / 2^${t} × 1`);
  },
);

/**
 * Square roots next to a half-way point: N = r² + r + δ for a 34-digit r has the root r + 1/2 - ε
 * (δ ≤ 0) or r + 1/2 + ε (δ ≥ 1), within 10^-34 of the point the 35th digit would round at, and
 * N = r² + δ just above or below an exact square; N read with a scale, as 67 or 68 digits (the
 * widened root) or shorter after dropping digits.
 */
const nearHalfRoots = fc.property(
  fc.bigInt({ min: 10n ** 33n, max: 10n ** 34n - 1n }),
  fc.constantFrom(-1n, 0n, 1n, 2n),
  fc.boolean(),
  fc.integer({ min: -80, max: 80 }),
  (r, delta, half, e) => {
    const N = r * r + (half ? r : 0n) + delta;
    const x = `${N}e${e}`;
    const [a, ra] = both(x);
    refereed(
      a.sqrt(),
      () => ra.sqrt(),
      (W) => new W(x).sqrt(),
      `sqrt(${x})`,
    );
    // the same value with its last digits dropped: a root of fewer digits
    const short = `${N / 10n ** 40n}e${e}`;
    refereed(
      new Decimal(short).sqrt(),
      () => new Reference(short).sqrt(),
      (W) => new W(short).sqrt(),
      `sqrt(${short})`,
    );
  },
);

/** Every property by name, for the test (a few thousand runs) and the fuzz script (millions). */
export const PROPERTIES: Record<string, fc.IProperty<never>> = {
  "reads numbers and numeric text": readsValues,
  "+ - × ÷ mod divToInt cmp on every kind of operand": arithmetic(value),
  "+ - × ÷ mod divToInt cmp on 34-digit operands (carries, half-way points)": arithmetic(long),
  "rounds to places and significant digits in every mode": rounding,
  "integer powers of every kind of base": power(value, integerExponent),
  "integer powers of 1 + a rate and numbers near one": power(nearOne, integerExponent),
  "fractional powers (positive and negative bases)": power(fc.oneof(value, nearOne), fractionalExponent),
  "exact roots of perfect powers": perfectPowers,
  "integer powers of bases made by arithmetic (1 + r / 1200), huge and tiny": madePowers,
  "sqrt, exp and ln": functions(fc.oneof(value, nearOne)),
  "a quotient of short numbers, then more arithmetic": quotientThen,
  "quotients on a half-way point at the 34th digit": quotientTies,
  "square roots next to a half-way point": nearHalfRoots,
} as unknown as Record<string, fc.IProperty<never>>;
