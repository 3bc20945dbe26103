// A diagnostic's size is bounded whatever the text it is about (ir/diagnostic-types.ts): the Check of
// a model adds up to a constant times the model, however many diagnostics point into one long
// expression, and each diagnostic's span still points at what it names in the source it carries.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel } from "../../src/compiler/index.js";
import { SHOWN_PER_ELEMENT } from "../../src/ir/diagnostic-types.js";

describe("diagnostic size", () => {
  it("a Check of many references to an unknown long name is a constant times the model, each excerpt naming the name", () => {
    fc.assert(
      fc.property(fc.integer({ min: 40, max: 120 }), fc.integer({ min: 200, max: 2_000 }), (references, length) => {
        const name = `u${"x".repeat(length - 1)}`;
        const content = {
          name: "size",
          inputs: { n: { type: "number", desc: "n?" } },
          decisions: { out: Array.from({ length: references }, () => name).join(" + ") },
        };
        const check = checkModel(content);
        const all = check.stages.flatMap((s) => s.diagnostics);
        const unknown = all.filter((d) => d.code === "names.unknown");
        // the first SHOWN_PER_ELEMENT at the decision are listed, the rest counted in one summary
        expect(unknown).toHaveLength(Math.min(references, SHOWN_PER_ELEMENT));
        const more = all.filter((d) => d.code === "check.more-like-this");
        expect(more).toHaveLength(1);
        expect(more[0]!.message).toContain(`${references - SHOWN_PER_ELEMENT} more`);
        expect(JSON.stringify(check).length).toBeLessThan(3 * JSON.stringify(content).length + 400 * references);
        for (const d of unknown) {
          expect(d.source!.length).toBeLessThanOrEqual(200);
          const named = d.source!.slice(d.span!.start, d.span!.end);
          expect(name.startsWith(named) && named.length > 0).toBe(true);
        }
      }),
      { numRuns: 15 },
    );
  });
});
