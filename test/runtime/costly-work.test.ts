// Work that is cheap to write and was free to run (issue 27's follow-up): a context passed to a
// built-in is walked and copied entry by entry, get entries makes a context per entry, the exact
// path of exp, ln, roots and powers runs series of BigInt terms, a quotient divided out to its
// digits and a time zone's offset each take microseconds. Each is charged in proportion: an
// evaluation whose budget is below the charge stops at the limit, one whose budget covers it
// answers what it answers unbounded.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as rt from "../../src/runtime/index.js";
import { BIG_DIVISION_STEPS, BIG_TERM_STEPS, CONTAINER_SIZE, ZONE_OFFSET_STEPS } from "../../src/runtime/budget.js";
import { ctx, n, stopped, type V } from "./helpers.js";

/** The built-in `name` called on `args`, as generated code calls it (metered). */
const b = (name: string, ...args: V[]): V => rt.call(rt.builtin(name), args);
const show = (v: V): string => (v === null ? "null" : typeof v === "string" ? JSON.stringify(v) : rt.toFeelString(v));

/** A context of k entries "e0".."e(k-1)", each a number. */
const contextOf = (k: number): rt.FeelContext => ctx(Object.fromEntries(Array.from({ length: k }, (_, i) => [`e${i}`, n(i)])));

const entries = fc.integer({ min: 1, max: 400 });

describe("a context argument", () => {
  it("is walked entry by entry: context put stops below k steps, context merge's copy below k of the size; both answer as before above", () => {
    fc.assert(
      fc.property(entries, (k) => {
        const c = contextOf(k);
        const put = () => b("context put", c, "x", n(1));
        const merge = () => b("context merge", [c, ctx({ x: n(1) })]);
        expect(stopped(put, { steps: k - 1 })).toBe("steps");
        expect(stopped(merge, { size: k })).toBe("size");
        for (const run of [put, merge]) expect(stopped(run, { steps: k + 10, size: 10 * k + 10 })).toBe("none");
        expect(show(put())).toBe(show(merge()));
      }),
    );
  });

  it("returned counts its entries toward the size", () => {
    fc.assert(
      fc.property(entries, (k) => {
        const c = contextOf(k);
        expect(stopped(() => b("context put", c, "x", n(1)), { size: k })).toBe("size");
        expect(stopped(() => b("context put", c, "x", n(1)), { size: k + 1 })).toBe("none");
      }),
    );
  });

  it("written as a string counts its expanded size toward the size before it is written", () => {
    fc.assert(
      fc.property(entries, (k) => {
        const c = contextOf(k);
        expect(stopped(() => b("string", c), { size: k - 1 })).toBe("size");
        const written = b("string", c) as string;
        expect(stopped(() => b("string", c), { size: k + written.length })).toBe("none");
      }),
    );
  });

  it("get entries makes a context per entry: CONTAINER_SIZE more toward the size for each", () => {
    fc.assert(
      fc.property(entries, (k) => {
        const c = contextOf(k);
        expect(stopped(() => b("get entries", c), { size: k * CONTAINER_SIZE - 1 })).toBe("size");
        expect(stopped(() => b("get entries", c), { size: k * (CONTAINER_SIZE + 1) })).toBe("none");
        expect((b("get entries", c) as V[]).length).toBe(k);
      }),
    );
  });
});

/** A number of 8–20 significant digits that is not an integer: its roots, logarithms and powers take the exact path. */
const longNumber = fc
  .tuple(fc.bigInt({ min: 10n ** 7n, max: 10n ** 20n }), fc.integer({ min: 1, max: 6 }))
  .filter(([c]) => c % 10n !== 0n)
  .map(([c, places]) => `${c / 10n ** BigInt(places)}.${(c % 10n ** BigInt(places)).toString().padStart(places, "0")}`);

/**
 * Not the square of a decimal: 100045.69 (c = 10,004,569 = 3,163², 2 places) has the exact, short
 * root 316.3, which is taken without dividing out digits. Only an even count of places can be one
 * (c ends in no 0).
 */
const notSquare = longNumber.filter((x) => {
  const [whole, places] = x.split(".") as [string, string];
  if (places.length % 2 !== 0) return true;
  const c = BigInt(whole + places);
  const r = BigInt(Math.round(Math.sqrt(Number(c))));
  return ![r - 1n, r, r + 1n].some((s) => s * s === c);
});

describe("big-number work", () => {
  it("exp, ln and a non-integer power of a long number run series, charged by the term: stopped below a few, the same value above", () => {
    fc.assert(
      fc.property(longNumber, (x) => {
        // ln's terms converge fast from a cached table (a few when x is near a table entry); exp squares
        // its series' sum √f times, a power is both
        const calls: [() => V, number][] = [
          [() => b("exp", n(`0.${x.replace(".", "")}`)), 3 * BIG_TERM_STEPS],
          [() => b("log", n(x)), BIG_TERM_STEPS],
          [() => rt.pow(n(x), n("1.5")), 3 * BIG_TERM_STEPS],
        ];
        for (const [call, below] of calls) {
          expect(stopped(call, { steps: below - 1 })).toBe("steps");
          let within: V = null;
          expect(stopped(() => (within = call()), { steps: 100_000 })).toBe("none");
          expect(show(within)).toBe(show(call()));
        }
      }),
    );
  });

  it("a square root and a quotient divided out to its digits cost BIG_DIVISION_STEPS", () => {
    fc.assert(
      fc.property(notSquare, fc.integer({ min: 1, max: 1_000_000 }), (x, a) => {
        expect(stopped(() => b("sqrt", n(x)), { steps: BIG_DIVISION_STEPS - 1 })).toBe("steps");
        // a / 7 is a quotient when 7 does not divide a; its string divides it out once
        const q = () => b("string", rt.div(n(7 * a + 1), n(7)));
        expect(stopped(q, { steps: BIG_DIVISION_STEPS - 1 })).toBe("steps");
        expect(stopped(q, { steps: BIG_DIVISION_STEPS + 10 })).toBe("none");
      }),
    );
  });

  it("an integer power beyond the exact digits multiplies by squaring, a charge per step", () => {
    fc.assert(
      // 1.0001 to 1.9999: k ≤ 4,000 keeps the power finite, and far beyond 120 exact digits
      fc.property(fc.integer({ min: 1, max: 9_999 }), fc.integer({ min: 200, max: 4_000 }), (digits, k) => {
        const x = n(`1.${String(digits).padStart(4, "0")}`);
        expect(stopped(() => rt.pow(x, n(k)), { steps: BIG_TERM_STEPS * Math.floor(Math.log2(k)) - 1 })).toBe("steps");
        let within: V = null;
        expect(stopped(() => (within = rt.pow(x, n(k))), { steps: 100_000 })).toBe("none");
        expect(show(within)).toBe(show(rt.pow(x, n(k))));
      }),
    );
  });
});

describe("time zones", () => {
  it("a date and time in a named zone reads the zone's offset: ZONE_OFFSET_STEPS each", () => {
    fc.assert(
      fc.property(fc.constantFrom("Europe/Paris", "America/New_York", "Asia/Tokyo"), fc.integer({ min: 1, max: 9999 }), (zone, year) => {
        const text = `${String(year).padStart(4, "0")}-03-30T02:30:00@${zone}`;
        const at = () => b("string", b("date and time", text));
        expect(stopped(at, { steps: ZONE_OFFSET_STEPS - 1 })).toBe("steps");
        let within: V = null;
        expect(stopped(() => (within = at()), { steps: 10 * ZONE_OFFSET_STEPS })).toBe("none");
        expect(within).toBe(at());
      }),
    );
  });
});

describe("regular expressions over a string", () => {
  /** A string of `length` characters, "a," repeated. */
  const text = (length: number) => "a,".repeat(Math.ceil(length / 2)).slice(0, length);

  it("matches costs a step per character, split and replace four: stopped below, the same answer above", () => {
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 5_000 }), (length) => {
        const s = text(length);
        const calls: [() => V, number][] = [
          [() => b("matches", s, "^[a,]+$"), length],
          [() => b("split", s, ","), 4 * length],
          [() => b("replace", s, ",", ";"), 4 * length],
        ];
        for (const [call, steps] of calls) {
          expect(stopped(call, { steps: steps - 1 })).toBe("steps");
          let within: V = null;
          // besides: the walk of the arguments (a step per 16 characters) and the patterns' own characters
          expect(stopped(() => (within = call()), { steps: steps + length / 8 + 100 })).toBe("none");
          expect(show(within)).toBe(show(call()));
        }
      }),
    );
  });
});
