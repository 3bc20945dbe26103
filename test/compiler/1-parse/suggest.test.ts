import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { didYouMean, editDistance, suggest, SUGGEST_CELLS, SUGGESTED_CHARS } from "../../../src/compiler/1-parse/suggest.js";

/** The edit distance by the whole table, with no bound: what the bounded one must agree with. */
function fullDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      rows[i]![j] = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  return rows[a.length]![b.length]!;
}

/** The nearest candidate by the whole table: the suggestion wherever the bounds leave every candidate in reach. */
function nearest(name: string, candidates: string[]): string | undefined {
  const limit = Math.max(2, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (c === name) continue;
    const score = Math.min(fullDistance(name, c), fullDistance(name.toLowerCase(), c.toLowerCase()) + 0.5);
    if (score <= limit && score < bestScore) [best, bestScore] = [c, score];
  }
  return best;
}

const word = fc.string({ unit: fc.constantFrom("a", "b", "A", "c", " "), maxLength: 12 });

describe("suggestions", () => {
  it("measures edit distance", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
  });

  it("suggests the closest name within reach, preferring case-only differences", () => {
    expect(suggest("Incme", ["Income", "Outcome"])).toBe("Income");
    expect(suggest("income", ["Income", "incomes"])).toBe("Income");
    expect(suggest("zzz", ["Income"])).toBeUndefined();
    expect(didYouMean("agee", ["age"])).toBe("; did you mean `age`?");
    expect(didYouMean("qqqq", ["age"])).toBe("");
  });

  it("bounds a distance by its reach: exact up to it, above it past it", () => {
    fc.assert(
      fc.property(word, word, fc.nat({ max: 14 }), (a, b, max) => {
        const full = fullDistance(a, b);
        const bounded = editDistance(a, b, max);
        if (full <= max) expect(bounded).toBe(full);
        else expect(bounded).toBeGreaterThan(max);
      }),
    );
  });

  it("suggests what the whole table does while the candidates fit the budget", () => {
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 30 }), (name, candidates) => {
        expect(suggest(name, candidates)).toBe(nearest(name, candidates));
      }),
    );
  });

  it("spends at most its budget, whatever the names: a long name is not compared, a long list stops", () => {
    const long = "x".repeat(SUGGESTED_CHARS + 1);
    const spent = (name: string, candidates: string[]) => {
      const budget = { cells: SUGGEST_CELLS };
      suggest(name, candidates, budget);
      return SUGGEST_CELLS - budget.cells;
    };
    expect(spent(long, [`${long}y`])).toBe(0);
    expect(spent("abc", [long, long])).toBe(2);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: SUGGESTED_CHARS }), fc.integer({ min: 1, max: 20_000 }), (length, count) => {
        const name = "n".repeat(length);
        const candidates = Array.from({ length: count }, (_, i) => `${"m".repeat(length - 1)}${i % 10}`);
        // a candidate at most overdraws the budget by its own cells
        expect(spent(name, candidates)).toBeLessThanOrEqual(SUGGEST_CELLS + 2 * length * length + 1);
      }),
      { numRuns: 30 },
    );
  });

  it("shares one budget among suggestions: once it is spent, none is sought", () => {
    const budget = { cells: 10 };
    expect(suggest("agee", ["age"], budget)).toBeUndefined();
    expect(budget.cells).toBeLessThanOrEqual(0);
    expect(suggest("agee", ["age"], budget)).toBeUndefined();
    expect(suggest("agee", ["age"])).toBe("age");
  });
});
