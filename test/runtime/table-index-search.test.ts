// The bitmask search of indexed tables against a direct scan: for random plans of up to a few
// thousand rules (so that summary words and whole skipped runs occur), the first rule from any
// position and every matching rule are the ones a rule-by-rule check finds.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { allOf, firstFrom, firstOf, plannedColumn, tableIndex } from "../../src/runtime/table-index.js";

/** Per column, per rule, the half-open region ranges its cell allows. */
const plan = fc.integer({ min: 1, max: 6 }).chain((regions) =>
  fc.record({
    regions: fc.constant(regions),
    rules: fc.array(
      fc.array(
        fc
          .array(fc.tuple(fc.integer({ min: 0, max: regions - 1 }), fc.integer({ min: 1, max: regions })), { maxLength: 2 })
          .map((ranges) => ranges.map(([lo, len]) => [lo, Math.min(regions, lo + len)] as const)),
        { minLength: 3, maxLength: 3 },
      ),
      { maxLength: 2500 },
    ),
  }),
);

describe("indexed table search", () => {
  it("finds the first rule from any position, and every rule, as a direct scan does (generated)", () => {
    fc.assert(
      fc.property(plan, fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 3, maxLength: 3 }), fc.nat(2600), (p, at, from) => {
        const regions = at.map((r) => r % p.regions);
        const columns = [0, 1, 2].map((c) => {
          const starts = [0];
          const cells: number[] = [];
          // ranges of one cell do not overlap in a plan: merge them into disjoint ones first
          for (const rule of p.rules) {
            const allowed = new Set(rule[c]!.flatMap(([lo, hi]) => Array.from({ length: hi - lo }, (_, i) => lo + i)));
            for (let r = 0; r < p.regions; r++)
              if (allowed.has(r) && !allowed.has(r - 1)) {
                let end = r;
                while (allowed.has(end)) end++;
                cells.push(r, end);
              }
            starts.push(cells.length);
          }
          return plannedColumn(p.regions, starts, cells);
        });
        const ix = tableIndex(p.rules.length, columns);
        const allows = (k: number) => [0, 1, 2].every((c) => p.rules[k]![c]!.some(([lo, hi]) => lo <= regions[c]! && regions[c]! < hi));
        const matching = p.rules.map((_, k) => k).filter(allows);
        expect(allOf(ix, regions)).toEqual(matching);
        expect(firstOf(ix, regions)).toBe(matching[0] ?? -1);
        expect(firstFrom(ix, regions, from)).toBe(matching.find((k) => k >= from) ?? -1);
      }),
      { numRuns: 60 },
    );
  });
});
