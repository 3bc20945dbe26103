// The certified doubles' code (codegen/certified-code.ts: roundings and conditions worked out in
// doubles with a bound) reads an input's list from its raw JSON items, as the double-doubles' loops
// do (runtime/certified-items.ts, codegen/raw-items.ts `rawListRead`): a `for` over the list reads
// a JSON number raw, as the loader would read it, anything else (a numeric string, null, a string, a
// missing field) converted alone; `count` of the list is the raw array's length, and `xs[i]` the
// raw item. Random decisions holding such loops, counts and items in a rounding the double-doubles
// do not take (beside a null) or in a comparison, on states with odd items and fields, must answer
// what the unoptimised model answers on every path; and where the doubles decide, the list is
// never converted.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as runtime from "../../../src/runtime/generated-api.js";
import type { Type } from "../../../src/ir/types.js";
import {
  compileCounting,
  expectEveryState,
  expectNoListConverted,
  LIST_INPUTS,
  LIST_TYPES,
  listState,
  watchedModel,
} from "../../support/certified-paths.js";

/** A sum over the list of numbers or of structs, a count of one, or items of the list of numbers by index, with a quotient now and then. */
const aggregate: fc.Arbitrary<string> = fc.constantFrom(
  "sum(for v in items return v.p)",
  "sum(for v in items return v.p / 3 + v.q)",
  "sum(for x in xs return x / 7)",
  "sum(for v in items return v.q * a)",
  "count(items)",
  "count(xs)",
  "sum(for i in 1..count(xs) return xs[i] / (1 + a) ** i)",
  "xs[2] / 3 + xs[-1]",
);

/** A decision the single doubles work out: a rounding beside a null (no double-double output), or a comparison. */
const decision: fc.Arbitrary<string> = fc
  .tuple(aggregate, aggregate, fc.constantFrom("rounded", "extreme", "compared"))
  .map(([m, n, shape]) => {
    if (shape === "rounded") return `if a = null then null else decimal((${m}) / 7, 2)`;
    if (shape === "extreme") return `if a = null then null else decimal(max(9.1, ${n}, ${m}), 1)`;
    return `if (${m}) > a / 3 then "more" else "less"`;
  });

/** Items a JSON number may not be: numeric strings (read as their numbers), strings, null, booleans. */
const odd = fc.constantFrom<unknown>("2.5", " 7 ", "1e3", "x", null, true, 0.35);
const oddItem = fc.oneof(
  fc.record({ p: fc.oneof(odd, fc.constantFrom(0.07, 2.5, 3, 1e300)), q: fc.constantFrom(0.1, 0.35, 4) }),
  fc.constantFrom<unknown>({ q: 1 }, { p: 2, q: 2, r: "extra" }, { q: 0.5, p: 0.25 }, null, 5),
);
const state = fc
  .tuple(
    // a list of numbers now and then led by an object whose entry `i` an index `xs[i]` would read in FEEL
    listState(fc.array(fc.oneof(fc.constantFrom<unknown>(0.105, 1.005, 2.5, 3, { i: 2 }), odd), { maxLength: 5 })),
    fc.option(fc.array(oddItem, { maxLength: 5 }), { freq: 2 }),
  )
  .map(([s, items]) => (items === null ? s : { ...s, items }));

/** The rt members that read a raw item: a module using one reads a list raw. */
const RAW_READS = ["certReadField", "certReadItem", "certItemOf"];

/** The certified doubles' answers: a value they decided, or undefined (the exact path decides). */
const decidedBy = (x: unknown) => x !== undefined;
const watched = (first: string) => watchedModel(first, { certRound: decidedBy, certDecide: decidedBy, certCompare: decidedBy });

describe("certified doubles' loops and counts over an input's raw JSON items", () => {
  it("answer as the unoptimised model does on every path, reading items raw", () => {
    const tally = { compiled: 0, checked: 0, decided: 0 };
    fc.assert(
      fc.property(decision, decision, fc.array(state, { minLength: 8, maxLength: 8 }), (first, second, states) => {
        const decisions = { first, second, read: `if first = null then a else a + 1` };
        expectEveryState(compileCounting("certified raw items", LIST_INPUTS, decisions, RAW_READS, LIST_TYPES), decisions, states, tally);
      }),
      { numRuns: 150 },
    );
    // models whose doubles read items raw
    expect(tally.compiled).toBeGreaterThan(75);
    expect(tally.checked).toBeGreaterThan(1000);
  });

  it("convert no list where the doubles decide", () => {
    expect(expectNoListConverted(decision, state, watched, 150)).toBeGreaterThan(120);
  });

  it("pick an item by index from the raw array as from the converted list", () => {
    const numbers: Extract<Type, { kind: "list" }> = { kind: "list", element: { kind: "number" } };
    const item = runtime.itemConverter(numbers);
    const raw = fc.array(
      fc.oneof(
        { arbitrary: fc.constantFrom<unknown>(0.105, 2.5, 3, -7, 1e300), weight: 6 },
        { arbitrary: odd, weight: 1 },
        { arbitrary: fc.constantFrom<unknown>({ i: 2 }, [1], {}), weight: 1 },
      ),
      { maxLength: 6 },
    );
    const index = fc.oneof(
      { arbitrary: fc.integer({ min: -4, max: 4 }), weight: 6 },
      { arbitrary: fc.constantFrom(1.5, -0.5, NaN, 9), weight: 1 },
    );
    let read = 0;
    fc.assert(
      fc.property(raw, index, fc.constantFrom(0, 1e-16), (r, p, ep) => {
        const v = runtime.certItemOf(r, null, p, ep, item);
        const e = runtime.certifiedError[0]!;
        const w = runtime.certItem(runtime.fromJsonPlain(r, numbers), p, ep);
        const f = runtime.certifiedError[0]!;
        if (v === v) read++;
        expect([v, e], `${JSON.stringify(r)}[${p}] within ${ep}`).toEqual([w, f]);
      }),
      { numRuns: 3000 },
    );
    expect(read).toBeGreaterThan(250);
  });
});
