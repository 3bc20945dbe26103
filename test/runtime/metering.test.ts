// Metering by size, over generated values: a value's expanded size counts a shared list each time it
// is reached; the built-ins that copy, hash, sort or compare lists are charged at least the work
// they do, and never change what they return; answers converted to JSON count their full size.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { valueEquals } from "../../src/runtime/equality.js";
import { expandedSize } from "../../src/runtime/expanded-size.js";
import { toJson } from "../../src/runtime/json.js";
import { groupEqual, valueKey } from "../../src/runtime/value-keys.js";
import { FeelContext, FeelDate, type FeelValue } from "../../src/runtime/values.js";
import { withBudget } from "../../src/runtime/budget.js";
import { b, n, stopped } from "./helpers.js";

const LEAVES: FeelValue[] = [n(1), n("2.5"), "ab", "", true, null];

/**
 * Lists that share their parts: each new list holds items picked from the leaves and the lists made
 * before it, the same one as often as it is picked; the last list made.
 */
const sharedLists = (leaves: FeelValue[] = LEAVES): fc.Arbitrary<FeelValue[]> =>
  fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 9 }).map((specs) => {
    const pool = [...leaves];
    for (const spec of specs) pool.push(spec.map((i) => pool[i % pool.length]!));
    return pool[pool.length - 1] as FeelValue[];
  });

/** The expanded size by its definition: every item of every list, each time it is reached. */
const naiveSize = (v: FeelValue): number =>
  typeof v === "string"
    ? v.length || 1
    : Array.isArray(v)
      ? Math.max(
          1,
          v.reduce<number>((s, x) => s + naiveSize(x), 0),
        )
      : 1;

const naiveFlatten = (v: FeelValue): FeelValue[] => (Array.isArray(v) ? v.flatMap(naiveFlatten) : [v]);

/** Items walked when two copies are compared: every item of every list (a string is one item). */
const items = (v: FeelValue): number => (Array.isArray(v) ? v.reduce<number>((s, x) => s + 1 + items(x), 0) : 0);

/** A copy sharing nothing with the original. */
const copy = (v: FeelValue): FeelValue => (Array.isArray(v) ? v.map(copy) : v);

describe("the expanded size", () => {
  it("counts a shared list each time it is reached, as its definition does", () => {
    fc.assert(
      fc.property(sharedLists(), (l) => {
        expect(expandedSize(l)).toBe(naiveSize(l));
      }),
    );
  });

  it("of a list holding the same list k times is k times that list's", () => {
    fc.assert(
      fc.property(sharedLists(), fc.integer({ min: 1, max: 50 }), (l, k) => {
        expect(expandedSize(Array.from({ length: k }, () => l))).toBe(k * expandedSize(l));
      }),
    );
  });

  it("of a list holding the same 1,000-item list 1,000 times is 1,000,000, found without walking it", () => {
    const m = Array.from({ length: 1000 }, (_, i) => n(i));
    const l = Array.from({ length: 1000 }, () => m);
    expect(expandedSize(l)).toBe(1_000_000);
    // remembered: a thousand of those cost a thousand look-ups, not 10^9 items
    expect(expandedSize(Array.from({ length: 1000 }, () => l))).toBe(1_000_000_000);
  });
});

describe("flatten", () => {
  it("gives the items depth first, and counts its expanded size toward the size before it builds", () => {
    fc.assert(
      fc.property(sharedLists(), (l) => {
        expect(withBudget({}, () => b("flatten", l))).toEqual(naiveFlatten(l));
        const size = naiveSize(l);
        expect(stopped(() => b("flatten", l), { size: size - 1 })).toBe("size");
        expect(stopped(() => b("flatten", l), { size })).toBe("none");
      }),
    );
  });

  it("of 1,000 copies of a list holding a 1,000-item list 1,000 times stops at once", () => {
    const m = Array.from({ length: 1000 }, (_, i) => n(i));
    const l = Array.from({ length: 1000 }, () => m);
    // 10^9 items: were they copied before the size was counted, this would not return
    expect(
      stopped(
        () =>
          b(
            "flatten",
            Array.from({ length: 1000 }, () => l),
          ),
        { size: 1_000_000 },
      ),
    ).toBe("size");
  });
});

describe("= on lists", () => {
  it("is a step per item compared: two copies of a shared structure cost its expansion", () => {
    fc.assert(
      fc.property(sharedLists([n(1), n(2), n(3)]), (l) => {
        const other = copy(l);
        const walked = items(l);
        expect(valueEquals(l, other)).toBe(true);
        expect(stopped(() => valueEquals(l, other), { steps: walked - 1 })).toBe("steps");
        expect(stopped(() => valueEquals(l, other), { steps: walked })).toBe("none");
      }),
    );
  });

  it("of a value with itself is true at once", () => {
    fc.assert(
      fc.property(sharedLists(), (l) => {
        expect(stopped(() => expect(valueEquals(l, l)).toBe(true), { steps: 0 })).toBe("none");
      }),
    );
  });
});

describe("answers converted to JSON", () => {
  it("count at least their expanded size toward the size, and convert as before", () => {
    fc.assert(
      fc.property(sharedLists([n(1), true, null]), (l) => {
        const unbounded = toJson(l);
        expect(unbounded).toEqual(naiveFlattenJson(l));
        expect(stopped(() => toJson(l), { size: naiveSize(l) - 1 })).toBe("size");
      }),
    );
  });
});

/** The JSON of a list of lists of 1, true and null, written out. */
const naiveFlattenJson = (v: FeelValue): unknown => (Array.isArray(v) ? v.map(naiveFlattenJson) : v === null || v === true ? v : 1);

/** Values FEEL may find equal in several forms: numbers with trailing zeros, lists of them, dates, contexts. */
const values: fc.Arbitrary<FeelValue> = fc.letrec<{ value: FeelValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom<FeelValue>(n(0), n("0.0"), n(1), n("1.0"), n("1.00"), n("2.50"), n("2.5"), n(-1), n("-1.000")),
    fc.constantFrom<FeelValue>("", "a", "b", "1", "d1", "s", "l[]", true, false, null),
    fc.constantFrom<FeelValue>(new FeelDate(2024, 1, 1), new FeelDate(2024, 1, 1), new FeelDate(2025, 6, 30)),
    fc.array(tie("value"), { maxLength: 3 }),
    tie("value").map((v) => FeelContext.of({ a: v })),
  ),
})).value;

/** The items, each once, as the definition says: kept when no item kept before is `=` to it. */
function naiveDistinct(list: FeelValue[]): FeelValue[] {
  const out: FeelValue[] = [];
  for (const x of list) if (!out.some((y) => valueEquals(x, y) === true)) out.push(x);
  return out;
}

describe("values as keys", () => {
  it("two values with keys share one exactly when = says they are equal; a value with a key never equals one without", () => {
    fc.assert(
      fc.property(values, values, (x, y) => {
        const [kx, ky] = [valueKey(x), valueKey(y)];
        if (kx !== undefined && ky !== undefined) expect(kx === ky).toBe(valueEquals(x, y) === true);
        else if (kx !== undefined || ky !== undefined) expect(valueEquals(x, y)).not.toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("of a list nested 40 deep is as long as its nesting, not doubled at each level", () => {
    let v: FeelValue = n(1);
    for (let i = 0; i < 40; i++) v = [v];
    expect(valueKey(v)!.length).toBeLessThan(40 * 12);
  });

  it("distinct values, union and mode give what the pairwise definition gives", () => {
    fc.assert(
      fc.property(fc.array(values, { maxLength: 30 }), fc.array(values, { maxLength: 10 }), (list, more) => {
        const distinct = naiveDistinct(list);
        expect(b("distinct values", list)).toEqual(distinct);
        expect((b("distinct values", list) as FeelValue[]).every((x, i) => x === distinct[i])).toBe(true);
        expect(b("union", list, more)).toEqual(naiveDistinct([...list, ...more]));
        const counts = distinct.map((d) => list.filter((x) => valueEquals(x, d) === true).length);
        expect(groupEqual(list).map((g) => g.count)).toEqual(counts);
      }),
      { numRuns: 300 },
    );
  });
});

describe("quadratic work is charged quadratically, linear work linearly", () => {
  const dates = (k: number) => Array.from({ length: k }, (_, i) => new FeelDate(2000 + i, 1, 1));
  const numbers = (k: number) => Array.from({ length: k }, (_, i) => [n(i)]);

  it("distinct values of k items with no key compares each with those kept: k(k-1)/2 steps at least", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 80 }), (k) => {
        expect(stopped(() => b("distinct values", dates(k)), { steps: (k * (k - 1)) / 2 })).toBe("steps");
      }),
      { numRuns: 30 },
    );
  });

  it("distinct values and union of k lists of numbers hash them: a few steps per item", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), (k) => {
        expect(stopped(() => b("distinct values", numbers(k)), { steps: 4 * k + 4 })).toBe("none");
        expect(stopped(() => b("union", numbers(k), numbers(k)), { steps: 8 * k + 4 })).toBe("none");
        // and at least one step per item of the expanded size
        expect(stopped(() => b("distinct values", numbers(k)), { steps: k })).toBe("steps");
      }),
      { numRuns: 30 },
    );
  });

  it("sort of k items costs at least k·log₂ k steps", () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 2000 }), (k) => {
        const list = Array.from({ length: k }, (_, i) => n((i * 7919) % k));
        expect(stopped(() => b("sort", list), { steps: Math.floor(k * Math.log2(k)) })).toBe("steps");
        expect(stopped(() => b("sort", list), { steps: 2 * k * Math.ceil(Math.log2(k)) + 2 })).toBe("none");
      }),
      { numRuns: 30 },
    );
  });

  it("string join counts its delimiters before it copies them", () => {
    const strings = Array.from({ length: 1000 }, () => "");
    const delimiter = "x".repeat(1000);
    expect(stopped(() => b("string join", strings, delimiter), { size: 999 * 1000 })).toBe("size");
    expect(stopped(() => b("string join", strings, delimiter), { size: 999 * 1000 + 2000 })).toBe("none");
  });
});
