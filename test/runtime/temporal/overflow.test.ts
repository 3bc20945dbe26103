// Durations past the largest decimal: a value the runtime cannot represent is null with a
// problem, never a duration of Infinity seconds (shown "PInfinityDTNaNS", its days "Infinity")
// nor an exception from the nanosecond arithmetic.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal, isDecimal } from "../../../src/runtime/decimal.js";
import { toJson } from "../../../src/runtime/json.js";
import { collectProblems } from "../../../src/runtime/problems.js";
import { DaysTimeDuration, type FeelValue } from "../../../src/runtime/values.js";
import {
  parseTemporal,
  temporalAdd,
  temporalDiv,
  temporalMul,
  temporalProperty,
  temporalSub,
} from "../../../src/runtime/temporal/index.js";

/** Whole days of 1 to 7,000 digits: around the largest decimal's 6,145 once times 86,400. */
const days = fc
  .tuple(fc.integer({ min: 1, max: 7_000 }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 9 }))
  .map(([length, lead, fill]) => `${lead}${String(fill).repeat(length - 1)}`);

/** A number from 10^-6,200 to 10^6,200, either sign. */
const scale = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: -6_200, max: 6_200 }), fc.boolean())
  .map(([digit, exponent, negative]) => new Decimal(`${negative ? "-" : ""}${digit}e${exponent}`));

const representable = (v: FeelValue): boolean =>
  v === null || (v instanceof DaysTimeDuration ? v.seconds.isFinite() : isDecimal(v) ? v.isFinite() : true);

/** The JSON text of a value, as an answer writes it. */
const json = (v: FeelValue) => JSON.stringify(toJson(v));

describe("durations past the largest decimal", () => {
  it("a duration of any number of days is that many days, or null when its seconds have no decimal", () => {
    fc.assert(
      fc.property(days, (d) => {
        const { result, problems } = collectProblems(() => parseTemporal(`P${d}D`));
        const fits = new Decimal(d).times(86_400).isFinite();
        expect(result === null).toBe(!fits);
        if (result === null) return;
        expect(problems).toEqual([]);
        const part = temporalProperty(result, "days");
        // FEEL numbers keep 34 significant digits: the days are d to within that
        expect(isDecimal(part) && part.minus(new Decimal(d)).abs().lte(new Decimal(d).times("1e-33"))).toBe(true);
        expect(json(part ?? null)).not.toMatch(/Infinity|NaN/);
      }),
      { numRuns: 60 },
    );
  });

  it("sums, differences, scalings and quotients of huge durations are finite or null with a problem", () => {
    const operand = days.map((d) => parseTemporal(`P${d}D`)).filter((v) => v !== null);
    fc.assert(
      fc.property(operand, operand, scale, (a, b, k) => {
        for (const run of [
          () => temporalAdd(a, b),
          () => temporalSub(a, temporalMul(b, new Decimal(-1))),
          () => temporalMul(a, k),
          () => temporalDiv(a, k),
          () => temporalDiv(a, temporalDiv(b, k)),
          () => temporalAdd(parseTemporal("2020-01-01T10:00:00.5")!, temporalMul(a, k)),
          () => temporalAdd(parseTemporal("10:00:00.5")!, temporalDiv(a, k)),
        ]) {
          const { result, problems } = collectProblems(run);
          expect(representable(result)).toBe(true);
          if (result === null) expect(problems.length).toBeGreaterThan(0);
          expect(json(result)).not.toMatch(/Infinity|NaN/);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("a number the decimal cannot hold is written null, never the text Infinity", () => {
    fc.assert(
      fc.property(scale, scale, (x, y) => {
        const product = x.times(y).times(new Decimal("1e6144"));
        if (!product.isFinite()) expect(toJson(product)).toBeNull();
        expect(json(product)).not.toMatch(/Infinity|NaN/);
        expect(JSON.stringify(toJson(product, { exactDecimals: true }))).not.toMatch(/Infinity|NaN/);
      }),
    );
  });
});
