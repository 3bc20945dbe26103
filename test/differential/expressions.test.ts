// Random well-typed FEEL expressions agree three ways: optimised, -O0 and the reference interpreter.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUILTINS } from "../../src/runtime/builtins/index.js";
import { BUILTIN_CALLS } from "../support/generate/builtin-calls.js";
import { KINDS } from "../support/generate/expressions.js";
import { REFERENCE_BUILTINS } from "../support/reference/builtins.js";
import { BATCH, casesByKind, expressionProperty, STATES } from "./expression-property.js";
import { args } from "../support/feel-values.js";
import { same } from "../support/reference/same.js";
import { fromEngine } from "./from-engine.js";
import { reference, threeWays } from "./three-ways.js";

// minutes, not seconds, on a loaded machine: the work is fixed, the time is not checked
const TIMEOUT = 300_000;
const RUNS = 1200;

describe("differential: expressions", () => {
  it("every built-in the generator calls is in the catalogue and in the reference, with a signature of that arity", () => {
    const catalogue = new Map(BUILTINS.map((d) => [d.name, d]));
    for (const c of BUILTIN_CALLS) {
      expect(catalogue.has(c.name), c.name).toBe(true);
      expect(REFERENCE_BUILTINS[c.name], c.name).toBeDefined();
    }
    // the catalogue's parameter names are the reference's, so named calls bind the same way
    for (const [name, def] of Object.entries(REFERENCE_BUILTINS)) {
      const names = catalogue.get(name)!.signatures.map((s) => s.params.join(", "));
      for (const sig of def.signatures.filter((s) => !s.some((p) => p.startsWith("...")))) {
        expect(
          names.some((n) => n.startsWith(sig.join(", "))),
          `${name}(${sig.join(", ")}) among ${names.join(" | ")}`,
        ).toBe(true);
      }
    }
  });

  it(
    `${RUNS} batches of up to ${BATCH} expressions on up to ${STATES} states agree`,
    () => {
      fc.assert(expressionProperty(), { numRuns: RUNS });
      const total = [...casesByKind.values()].reduce((a, b) => a + b, 0);
      expect(total).toBeGreaterThan(RUNS * 10);
      for (const kind of KINDS) expect(casesByKind.get(kind) ?? 0, kind).toBeGreaterThan(total / KINDS.length / 3);
    },
    TIMEOUT,
  );

  it("an expression the checker rejects is reported, not skipped", () => {
    expect(threeWays(["nosuchname + 1"], [{}])[0]?.why).toMatch(/does not compile/);
  });

  it("the reference reads every literal of test/support/feel-values as the runtime builds its value", () => {
    fc.assert(
      fc.property(args(3), (values) => {
        for (const v of values) expect(same(fromEngine(v.value), reference(v.text, {})), v.text).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
