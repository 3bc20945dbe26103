// The text a large table's integer lists are written as (runtime/int-codec.ts) reads back as the
// very integers written, of any size a safe integer takes, with runs that repeat or progress as a
// table's plan and rule matrix do, and refuses what it cannot write; a large table's number
// outputs written as integers read back as their texts read.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ascending, encodeInts, ints } from "../../src/runtime/int-codec.js";
import { numberList } from "../../src/compiler/4-codegen/int-list.js";
import { decimals, nums } from "../../src/runtime/literals.js";

/** Lists made of pieces: integers, a stretch of what came before (a distance back, any length, running on into itself), or a progression with a period. */
const structured = fc
  .array(
    fc.oneof(
      fc.array(fc.oneof(fc.nat({ max: 40 }), fc.nat()), { maxLength: 6 }).map((xs) => ({ kind: "plain" as const, xs })),
      fc.record({ kind: fc.constant("repeat" as const), back: fc.integer({ min: 1, max: 20 }), length: fc.nat({ max: 60 }) }),
      fc.record({
        kind: fc.constant("progression" as const),
        period: fc.integer({ min: 1, max: 6 }),
        steps: fc.array(fc.nat({ max: 3 }), { minLength: 6, maxLength: 6 }),
        length: fc.nat({ max: 60 }),
      }),
    ),
    { maxLength: 12 },
  )
  .map((pieces) => {
    const out: number[] = [];
    for (const p of pieces) {
      if (p.kind === "plain") out.push(...p.xs);
      else if (p.kind === "repeat") {
        const from = Math.max(0, out.length - p.back);
        for (let j = 0; j < p.length && from < out.length; j++) out.push(out[from + j]!);
      } else {
        const base = out.length >= p.period ? out.slice(-p.period) : Array.from({ length: p.period }, (_, i) => i);
        for (let j = 0; j < p.length; j++) out.push(base[j % p.period]! + p.steps[j % p.period]! * (Math.floor(j / p.period) + 1));
      }
    }
    return out;
  });

describe("integer lists as text", () => {
  it("read back the integers written", () => {
    const value = fc.oneof(fc.nat({ max: 40 }), fc.nat(), fc.maxSafeNat());
    fc.assert(
      fc.property(fc.array(value, { maxLength: 200 }), (xs) => {
        expect(ints(encodeInts(xs))).toEqual(xs);
      }),
    );
  });

  it("read back lists of repeats and progressions, written shorter than one text per integer", () => {
    fc.assert(
      fc.property(structured, (xs) => {
        const text = encodeInts(xs);
        expect(ints(text)).toEqual(xs);
        expect(text.length).toBeLessThanOrEqual(xs.map((x) => encodeInts([x]).length).reduce((a, b) => a + b, 0));
      }),
    );
  });

  it("read a non-decreasing list back from its steps", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { maxLength: 200 }), (steps) => {
        const values = steps.map((_, i) => steps.slice(0, i + 1).reduce((a, b) => a + b, 0));
        expect(ascending(encodeInts(steps))).toEqual(values);
      }),
    );
  });

  it("refuse what is not a non-negative integer", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true })), (x) => {
        expect(() => encodeInts([x])).toThrow(RangeError);
      }),
    );
  });
});

describe("a large table's number outputs as integers", () => {
  const text = fc.oneof(
    fc.constant(""),
    fc
      .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{0,9}$/), fc.option(fc.stringMatching(/^[0-9]{0,8}$/)))
      .filter(([, whole, fraction]) => whole.length + (fraction ?? "").length > 0)
      .map(
        ([negative, whole, fraction]) =>
          `${negative && /[1-9]/.test(whole + (fraction ?? "")) ? "-" : ""}${whole}${fraction === null ? "" : `.${fraction}`}`,
      ),
    fc.constantFrom("1e400", "12345678901234567890.5", "-0.000000000000000000000001"),
  );

  it("read back as the texts read: the same numbers, printed alike, null where none is written", () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 40 }), (texts) => {
        const code = numberList(texts);
        const [, reader, literal] = /^rt\.(decimals|nums)\((".*")\)$/.exec(code)!;
        const read = reader === "decimals" ? decimals(JSON.parse(literal!) as string) : nums(JSON.parse(literal!) as string);
        const expected = nums(texts.join(" "));
        expect(read.map((d) => d?.toString() ?? null)).toEqual(expected.map((d) => d?.toString() ?? null));
        expect(read.map((d) => d?.toFixed() ?? null)).toEqual(expected.map((d) => d?.toFixed() ?? null));
        const short = (t: string) => /^-?[0-9]*(\.[0-9]*)?$/.test(t) && t.replace(/[^0-9]/g, "").length <= 15;
        if (texts.every((t) => t === "" || short(t))) expect(reader).toBe("decimals");
      }),
    );
  });
});
