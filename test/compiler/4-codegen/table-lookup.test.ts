// The emitted lookups of indexed FIRST tables: every layout (dense cells, per-column masks), the
// direct path of table-only models, and the chain of tests kept for values the index cannot judge
// all answer exactly like the unoptimised chain, traces included.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import { searchTree, slicing } from "../../../src/compiler/4-codegen/table-lookup.js";
import { num } from "../../../src/runtime/index.js";
import { bucketRegion, buckets, f64, region } from "../../../src/runtime/table-index.js";

type State = Record<string, unknown>;

/** lenient: tables may end without an else row, so some states match no rule */
function both(model: ModelInput, strict = true) {
  const indexed = compileUncached(model, { optimise: true, strict });
  const chain = compileUncached(model, { optimise: false, strict });
  for (const r of [indexed, chain]) {
    if (r.ok) continue;
    const errors = r.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error");
    throw new Error(`the test model does not compile: ${errors.map((d) => `${d.address ?? ""} ${d.message}`).join("; ")}`);
  }
  if (!indexed.ok || !chain.ok) throw new Error("unreachable");
  return { indexed: indexed.model, chain: chain.model };
}

/** Same decisions and traces from every entry point of the optimised and the unoptimised model. */
function expectSame({ indexed, chain }: ReturnType<typeof both>, states: State[]) {
  for (const state of states) {
    const traced = indexed.evaluateTraced(state);
    expect(traced).toEqual(chain.evaluateTraced(state));
    expect(indexed.evaluate(state)).toEqual(traced.decisions);
    expect(indexed.evaluate(state, { exactDecimals: true })).toEqual(chain.evaluate(state, { exactDecimals: true }));
  }
}

const words = ["gold", "silver", "bronze", "tin"];
/** Rule i of a generated table: numbers in bands that depend on i, a word test that cycles. */
const wordCell = (i: number) => ["-", '"gold", "silver"', 'not("tin")', '"bronze"'][i % 4]!;

const odd = fc.oneof(fc.constantFrom(null, NaN, Infinity, -Infinity, "7", true, "gold", 3), fc.constant(undefined));

/** A model of one table `t` over two number columns (a, c) and two word columns (b, d). */
const fourColumns = (name: string, t: unknown) =>
  ({
    name,
    inputs: {
      a: { type: "number", desc: "a" },
      b: { type: "gold|silver|bronze|tin", desc: "b" },
      c: { type: "number", desc: "c" },
      d: { type: "gold|silver|bronze|tin", desc: "d" },
    },
    decisions: { t },
  }) as ModelInput;

describe("indexed table lookups", () => {
  it("a table of many columns finds its rule from per-column masks", () => {
    const rules = Array.from({ length: 40 }, (_, i) => [
      `[${i % 10}..${(i % 10) + 2})`,
      wordCell(i),
      `>= ${i % 7}`,
      wordCell(i + 1),
      String(i),
    ]);
    const compiled = both(fourColumns("four columns", [["a", "b", "c", "d", "=> number"], ...rules, ["-", "-", "-", "-", "-1"]]));
    expect(compiled.indexed.source).toContain("rt.firstOf");
    const value = fc.oneof(
      fc.integer({ min: -2, max: 13 }).map((n) => n / 2),
      odd,
    );
    const word = fc.oneof(fc.constantFrom(...words, "other"), odd);
    fc.assert(
      fc.property(fc.tuple(value, word, value, word), ([a, b, c, d]) => expectSame(compiled, [{ a, b, c, d }])),
      { numRuns: 300 },
    );
  });

  it("a table of at most 32 rules ANDs one word of each column's masks, first or every rule, like the chain", () => {
    const model = (n: number, hit: "FIRST" | "COLLECT" | "COLLECT MIN" | "ANY") => {
      const rules = Array.from({ length: n }, (_, i) => [
        `[${i % 9}..${(i % 9) + 2})`,
        wordCell(i),
        `>= ${i % 5}`,
        wordCell(i + 2),
        String(i),
      ]);
      const table = [["a", "b", "c", "d", "=> number"], ...rules];
      return fourColumns("one word", hit === "FIRST" ? table : { table, hit });
    };
    const value = fc.oneof(
      fc.integer({ min: -2, max: 12 }).map((n) => n / 2),
      odd,
    );
    const word = fc.oneof(fc.constantFrom(...words, "other"), odd);
    for (const [hit, call] of [
      ["FIRST", "rt.firstBit("],
      // every rule: the word read by a combiner (runtime/hit-direct.ts), or as the list of its positions
      ["COLLECT", "rt.atBits("],
      ["COLLECT MIN", "rt.bitsExtreme("],
      ["ANY", "rt.bitPositions("],
    ] as const) {
      expect(both(model(33, hit), false).indexed.source).not.toContain(call);
      fc.assert(
        fc.property(
          fc.integer({ min: 12, max: 32 }),
          fc.array(fc.tuple(value, word, value, word), { minLength: 1, maxLength: 12 }),
          (n, rows) => {
            const compiled = both(model(n, hit), false);
            // the index takes a table of this many rules (a smaller one keeps its chain of tests)
            expect(compiled.indexed.source).toContain(call);
            expectSame(
              compiled,
              rows.map(([a, b, c, d]) => ({ a, b, c, d })),
            );
          },
        ),
        { numRuns: 40 },
      );
    }
  });

  it("a table with too many region combinations for dense cells ANDs the masks of three columns", () => {
    // 150 distinct points in each number column: 301 × 301 × 5 regions
    const rules = Array.from({ length: 150 }, (_, i) => [`${i}`, `${(i * 7) % 150}`, wordCell(i), String(i)]);
    const model = {
      name: "sparse points",
      inputs: { a: { type: "number", desc: "a" }, b: { type: "number", desc: "b" }, w: { type: "gold|silver|bronze|tin", desc: "w" } },
      decisions: { t: [["a", "b", "w", "=> number"], ...rules, ["-", "-", "-", "-1"]] },
    } as ModelInput;
    const compiled = both(model);
    expect(compiled.indexed.source).toContain("rt.firstOf");
    const value = fc.oneof(fc.integer({ min: -2, max: 152 }), fc.double({ min: -1, max: 151, noNaN: true }), odd);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 149 }), value, fc.oneof(fc.constantFrom(...words), odd), (i, b, w) =>
        expectSame(compiled, [
          { a: i, b: (i * 7) % 150, w },
          { a: i, b, w },
        ]),
      ),
      { numRuns: 300 },
    );
  });

  it("a model of indexed tables answers evaluate directly, and like the full path otherwise", () => {
    const band = (i: number) => `[${(i % 8) * 10}..${(i % 8) * 10 + 10})`;
    const model = {
      name: "two tables",
      inputs: { amount: { type: "number", desc: "amount" }, tier: { type: "gold|silver|bronze|tin", desc: "tier" } },
      decisions: {
        fee: [["amount", "tier", "=> number"], ...Array.from({ length: 24 }, (_, i) => [band(i), wordCell(i), String(i / 10)])],
        label: [
          ["tier", "amount", "=> string"],
          ...Array.from({ length: 16 }, (_, i) => [wordCell(i), band(i), `"L${i}"`]),
          ["-", "-", '"none"'],
        ],
      },
    } as ModelInput;
    const compiled = both(model, false);
    expect(compiled.indexed.source).toMatch(/function run\(I, S, TR, J\) \{\nif \(S !== null && TR === null && J\)/);
    const amount = fc.oneof(fc.integer({ min: -5, max: 90 }), fc.double({ min: -5, max: 90, noNaN: true }), odd);
    // fee has no else row: some states match no rule and take the full path
    fc.assert(
      fc.property(amount, fc.oneof(fc.constantFrom(...words, "other"), odd), (a, t) => expectSame(compiled, [{ amount: a, tier: t }])),
      { numRuns: 300 },
    );
  });

  it("outputs whose JSON is an object are built afresh for every call", () => {
    const rules = Array.from({ length: 14 }, (_, i) => [`>= ${i}`, String(i), `"r${i}"`]);
    const model = {
      name: "two outputs",
      inputs: { x: { type: "number", desc: "x" } },
      decisions: { t: [["x", "=> n: number", "=> s: string"], ...rules] },
    } as ModelInput;
    const compiled = both(model, false);
    expect(compiled.indexed.source).toContain("rt.firstRules");
    expectSame(compiled, [{ x: 3 }, { x: -1 }, { x: 20 }, { x: "3" }]);
    const first = compiled.indexed.evaluate({ x: 3 }) as { t: Record<string, unknown> };
    first.t.n = "changed";
    expect(compiled.indexed.evaluate({ x: 3 })).toEqual({ t: { n: 0, s: "r0" } });
  });

  it("FEEL values take the chain of tests and pick the same rule", () => {
    const rules = Array.from({ length: 20 }, (_, i) => [`[${i}..${i + 3}]`, wordCell(i), String(i)]);
    const model = {
      name: "feel values",
      inputs: { a: { type: "number", desc: "a" }, w: { type: "gold|silver|bronze|tin", desc: "w" } },
      decisions: { t: [["a", "w", "=> number"], ...rules, ["-", "-", "-1"]] },
    } as ModelInput;
    const { indexed, chain } = both(model);
    for (let a = -1; a <= 24; a++) {
      for (const w of [...words, null]) {
        const inputs = { a: num(String(a / 2)), w };
        expect(indexed.evaluateValues(inputs)).toEqual(chain.evaluateValues(inputs));
      }
    }
  });
});

describe("regions of numbers", () => {
  it("the sliced search agrees with the binary search on every spacing, clustered or spread", () => {
    // distinct sorted bounds: a few clusters of tiny gaps among huge ones, as well as even spacing
    const gap = fc.oneof(fc.double({ min: 1e-9, max: 1e-3, noNaN: true }), fc.double({ min: 0.5, max: 1e6, noNaN: true }), fc.constant(1));
    const bounds = fc
      .tuple(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.array(gap, { minLength: 7, maxLength: 300 }))
      .map(([first, gaps]) => [...new Set(gaps.reduce((acc, g) => [...acc, acc[acc.length - 1]! + g], [first]))].sort((a, b) => a - b));
    fc.assert(
      fc.property(bounds, fc.double({ noNaN: true }), fc.nat(), fc.double({ min: -1.5, max: 1.5, noNaN: true }), (b, x, pick, shift) => {
        const sliced = slicing(b);
        fc.pre(sliced !== null);
        const sorted = f64(b);
        const starts = buckets(sorted, sliced.perBucket, sliced.count);
        const at = b[pick % b.length]!;
        const next = b[(pick + 1) % b.length]!;
        const probes = [
          x,
          at,
          (at + next) / 2,
          at + shift * (next - at),
          at + Math.abs(at) * Number.EPSILON,
          at - Math.abs(at) * Number.EPSILON,
        ];
        for (const probe of probes) expect(bucketRegion(sorted, starts, sliced.perBucket, probe)).toBe(region(sorted, probe));
      }),
      { numRuns: 2000 },
    );
  });

  it("a column of fewer bounds than are sliced is searched by comparisons written out, as the binary search finds", () => {
    const bounds = fc.uniqueArray(fc.oneof(fc.integer({ min: -50, max: 50 }), fc.double({ noNaN: true, noDefaultInfinity: true })), {
      maxLength: 7,
    });
    fc.assert(
      fc.property(bounds, fc.double({ noNaN: true }), fc.nat(), (unsorted, x, pick) => {
        const b = unsorted.map((v) => v || 0).sort((p, q) => p - q);
        fc.pre(new Set(b).size === b.length);
        const written = new Function("x", `return ${searchTree(b, "x")};`) as (x: number) => number;
        const at = b[pick % Math.max(1, b.length)] ?? 0;
        for (const probe of [
          x,
          at,
          at + 1,
          at - 1,
          at + Math.abs(at) * Number.EPSILON,
          at - Math.abs(at) * Number.EPSILON,
          -Infinity,
          Infinity,
        ])
          expect(written(probe), `${probe} among ${b}`).toBe(region(f64(b), probe));
      }),
      { numRuns: 2000 },
    );
  });

  it("only columns of enough bounds over a real span are sliced", () => {
    expect(slicing([0, 1, 10, 100])).toBeNull();
    expect(slicing([0, 1, 2, 3, 4, 5, 6, 7])).toEqual({ count: 16, perBucket: 16 / 7 });
    expect(slicing([0, 5e-324, 1e-323, 1.5e-323, 2e-323, 2.5e-323, 3e-323, 3.5e-323])).toBeNull();
  });
});
