// The time line in BigInt nanoseconds: conversions to and from seconds and to calendar fields,
// against references written the slow, obvious way.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../../src/runtime/decimal.js";
import { civilFromDays } from "../../../src/runtime/temporal/calendar.js";
import { fieldsOf, nanosToSeconds, secondsToNanos } from "../../../src/runtime/temporal/instant.js";

const NS = 1_000_000_000n;
const DAY = 86_400n * NS;

// whole seconds (small and beyond 2^53), fractions down to nanoseconds and below, either sign
const seconds = fc.oneof(
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map(String),
  fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String),
  fc
    .tuple(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), fc.integer({ min: 1, max: 12 }))
    .map(([m, k]) => new Decimal(m.toString()).div(10 ** k).toString()),
);
const nanos = fc.oneof(
  fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).map((s) => s * NS),
  fc.bigInt({ min: -(10n ** 27n), max: 10n ** 27n }),
  fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }).map((d) => d * DAY),
);

describe("seconds and nanoseconds", () => {
  it("converts seconds to whole nanoseconds, truncating", () => {
    fc.assert(
      fc.property(seconds, (s) => {
        const reference = BigInt(new Decimal(s).times(1e9).toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed(0));
        expect(secondsToNanos(new Decimal(s))).toBe(reference);
      }),
    );
    // a nanosecond beyond what a double can hold next to 9e12 seconds
    expect(secondsToNanos(new Decimal("9007199254740.000000001"))).toBe(9_007_199_254_740_000_000_001n);
    expect(secondsToNanos(new Decimal("-1.5"))).toBe(-1_500_000_000n);
  });

  it("converts nanoseconds to exact seconds", () => {
    fc.assert(
      fc.property(nanos, (ns) => {
        expect(nanosToSeconds(ns).valueOf()).toBe(new Decimal(ns.toString()).div(1e9).valueOf());
      }),
    );
  });

  it("goes round from nanoseconds to seconds and back", () => {
    fc.assert(
      fc.property(nanos, (ns) => {
        expect(secondsToNanos(nanosToSeconds(ns))).toBe(ns);
      }),
    );
  });
});

describe("calendar fields of a wall-clock instant", () => {
  it("splits nanoseconds into the day's date and the time of day", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }), (ns) => {
        const days = ns >= 0n ? ns / DAY : -((-ns + DAY - 1n) / DAY);
        const rest = ns - days * DAY;
        expect(fieldsOf(ns)).toEqual({
          ...civilFromDays(Number(days)),
          hour: Number(rest / (3600n * NS)),
          minute: Number((rest / (60n * NS)) % 60n),
          second: Number((rest / NS) % 60n),
          nanos: Number(rest % NS),
        });
      }),
    );
  });
});
