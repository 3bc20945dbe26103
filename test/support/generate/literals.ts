// FEEL literal text for each scalar kind, biased towards the edges: 34-digit decimals, huge and
// tiny magnitudes, negatives, unicode text, month ends and leap days.
import fc from "fast-check";

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const paren = (t: string) => (t.startsWith("-") ? `(${t})` : t);

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });

/** numbers as written: small integers, decimals, 34 significant digits, 30-digit integers, 1e-20 */
export const numberText: fc.Arbitrary<string> = fc
  .oneof(
    { arbitrary: fc.integer({ min: -20, max: 100 }).map(String), weight: 6 },
    { arbitrary: fc.tuple(fc.integer({ min: -999, max: 999 }), digits(1, 4)).map(([i, f]) => `${i}.${f}`), weight: 3 },
    { arbitrary: fc.tuple(digits(1, 17), digits(17, 17)).map(([i, f]) => `${i}.${f}`), weight: 1 },
    { arbitrary: digits(20, 30).map((d) => `1${d}`), weight: 1 },
    {
      arbitrary: fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 9 })).map(([z, d]) => `0.${"0".repeat(z)}${d}`),
      weight: 1,
    },
    { arbitrary: fc.constantFrom("0", "1", "-1", "0.5", "2.5", "-2.5", "0.1", "9999999999999999999999999999999999"), weight: 2 },
  )
  .map(paren);

/** a small integer, for scales, positions and exponents */
export const smallInt = (min: number, max: number): fc.Arbitrary<string> => fc.integer({ min, max }).map((n) => paren(String(n)));

const TEXT_UNIT = fc.constantFrom(..."abcxyzAB ,.-_01", "é", "ß", "日本", "😀", "Ω");
const stringValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: TEXT_UNIT, maxLength: 6 }),
  fc.constantFrom("", "a", "abc", "Hello World", "foo bar", "İ", "ǅ"),
);
export const stringText: fc.Arbitrary<string> = stringValue.map((s) => JSON.stringify(s));

const year = fc.oneof(fc.integer({ min: 1970, max: 2040 }), fc.constantFrom(1900, 2000, 2024, 1600, 2100, 9999));
export const dateValue: fc.Arbitrary<string> = fc
  .tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
  .map(([y, m, d]) => ({ y, m, d: Math.min(d, new Date(Date.UTC(y, m, 0)).getUTCDate()) }))
  .map(({ y, m, d }) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`);

const timeValue = (withZone: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.integer({ min: 0, max: 23 }),
      fc.integer({ min: 0, max: 59 }),
      fc.integer({ min: 0, max: 59 }),
      fc.constantFrom("", ".5", ".125"),
      withZone,
    )
    .map(([h, m, s, frac, z]) => `${pad(h)}:${pad(m)}:${pad(s)}${frac}${z}`);

export const localTime = timeValue(fc.constant(""));
export const zonedTime = timeValue(fc.constantFrom("Z", "+01:00", "-05:30"));
export const dateTimeValue = (time: fc.Arbitrary<string>): fc.Arbitrary<string> => fc.tuple(dateValue, time).map(([d, t]) => `${d}T${t}`);

export const daysTimeValue: fc.Arbitrary<string> = fc
  .tuple(
    fc.boolean(),
    fc.integer({ min: 0, max: 400 }),
    fc.integer({ min: 0, max: 30 }),
    fc.integer({ min: 0, max: 90 }),
    fc.integer({ min: 0, max: 59 }),
  )
  .map(([neg, d, h, m, s]) => `${neg ? "-" : ""}P${d ? `${d}D` : ""}T${h}H${m}M${s}S`);
export const yearsMonthsValue: fc.Arbitrary<string> = fc
  .tuple(fc.boolean(), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }))
  .map(([neg, y, m]) => `${neg ? "-" : ""}P${y}Y${m}M`);

export const at = (value: fc.Arbitrary<string>): fc.Arbitrary<string> => value.map((v) => `@${JSON.stringify(v)}`);
