// The body's limits are checked by a quick pass that names nothing, and a faulty body is walked
// again for the fault's path: the two must agree on which bodies are faulty, at any depth limit.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { jsonFault } from "../../src/service/json-limits.js";
import { loneSurrogateAt } from "../../src/runtime/well-formed.js";

const text = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.constantFrom("\uD800", "x\uDFFF", "\uD83D\uDE00"));
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, text, fc.double(), fc.boolean(), fc.constant(null), tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 4 }),
  object: fc.dictionary(text, tie("value"), { maxKeys: 4 }),
})).value;

/** the faults by definition: a string or key with a lone surrogate, or a container at maxDepth */
function faulty(v: unknown, maxDepth: number, depth = 0): boolean {
  if (typeof v === "string") return loneSurrogateAt(v) >= 0;
  if (v === null || typeof v !== "object") return false;
  if (depth >= maxDepth) return true;
  if (Array.isArray(v)) return v.some((x) => faulty(x, maxDepth, depth + 1));
  return Object.entries(v).some(([k, x]) => loneSurrogateAt(k) >= 0 || faulty(x, maxDepth, depth + 1));
}

describe("the JSON limits of a body", () => {
  it("find a fault exactly when there is one, and name where", () => {
    fc.assert(
      fc.property(json, fc.integer({ min: 1, max: 6 }), (v, maxDepth) => {
        const fault = jsonFault(v, "body", maxDepth);
        expect(fault !== null).toBe(faulty(v, maxDepth));
        if (fault) expect(fault.path.startsWith("body")).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
