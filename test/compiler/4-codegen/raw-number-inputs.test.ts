// Number inputs read raw by the certified doubles (codegen/raw-inputs.ts): a JSON number in the
// state is handed to the certified code as the double it is, and its decimal is made only where the
// exact path runs. The raw read must decide exactly what the decimal read decides: the readers give
// the same double and bound (or double-double and bound) for every double as they give for the
// decimal the loader makes of it, and random models over states drawn on and about the edges of
// the certified doubles (halves of a rounding's last place, integers about 2^53, the smallest
// normal doubles, zeros, huge values, 17-digit doubles) answer the same from the raw JSON state,
// from the same state with every number written as a string (read through its decimal) and from
// FEEL values (no raw value at all), with the same problems.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import * as runtime from "../../../src/runtime/generated-api.js";
import type { GeneratedModule } from "../../../src/runtime/entry.js";
import { numberFromJson } from "../../../src/runtime/json.js";
import { collectProblems, type FeelValue } from "../../../src/runtime/index.js";

/** Doubles on and about the edges where a double and its bound stop deciding. */
const edgeDouble: fc.Arbitrary<number> = fc.oneof(
  // decimals of a few places, and the halves of a rounding's last place (1.005, 2.675, 0.125)
  fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 8 })).map(([m, k]) => m / 10 ** k),
  fc.tuple(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 1, max: 6 })).map(([m, k]) => (2 * m + 1) / (2 * 10 ** k)),
  // integers about 2^53, where a double stops holding every integer
  fc.tuple(fc.constantFrom(1, -1), fc.integer({ min: -4, max: 4 })).map(([s, d]) => s * (2 ** 53 + 2 * d)),
  fc.integer({ min: -1000, max: 1000 }),
  // short decimals whose sums, products and quotients land on each other and on halves
  fc.constantFrom(0.1, 0.2, 0.3, 0.7, 1.1, 3.3, 0.01, 0.015, 0.125, 1.005, 2.675, 1, 3, 10, 0.5, -0.5),
  fc.constantFrom(0.1, 0.2, 0.3, 0.7, 1.1, 3.3, 0.01, 0.015, 0.125, 1.005, 2.675, 1, 3, 10, 0.5, -0.5),
  // about the smallest normal double the bound covers (2^-1000), and subnormals
  fc.tuple(fc.double({ min: 0.25, max: 4, noNaN: true }), fc.constantFrom(1, -1)).map(([f, s]) => s * f * 2 ** -1000),
  fc.constantFrom(0, -0, 5e-324, -5e-324, 1e300, -1e300, Number.MAX_VALUE, 2 ** 900, 2 ** -900),
  // any finite double (17 digits), and one nudged off a short decimal by an ulp
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.tuple(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom(-1, 1)).map(([m, k, s]) => {
    const x = m / 10 ** k;
    return x + s * Math.abs(x) * 2 ** -52;
  }),
);

/** A double's reading and its bound, with NaN and the zeros told apart. */
const reading = (v: number, ...rest: number[]) => [v, ...rest].map((x) => (Object.is(x, -0) ? "-0" : String(x)));

describe("the certified readers of a raw double", () => {
  it("give what they give for the decimal the loader makes of it", () => {
    fc.assert(
      fc.property(edgeDouble, (x) => {
        const d = numberFromJson(x);
        const raw = runtime.certReadEntry(x);
        const rawBound = runtime.certifiedError[0]!;
        const exact = runtime.certReadEntry(d);
        expect(reading(raw, rawBound), `certified double of ${x}`).toEqual(reading(exact, runtime.certifiedError[0]!));
        const hi = runtime.ddReadInput(x);
        const [lo, bound] = runtime.ddState;
        const viaDecimal = runtime.ddRead(d);
        expect(reading(hi, lo!, bound!), `double-double of ${x}`).toEqual(reading(viaDecimal, runtime.ddState[0]!, runtime.ddState[1]!));
      }),
      { numRuns: 5000 },
    );
  });

  it("decline a double that is no finite number (the exact path reads and reports it)", () => {
    for (const x of [Infinity, -Infinity, NaN]) {
      runtime.certReadEntry(x);
      expect(runtime.certifiedError[0], String(x)).toBeNaN();
      runtime.ddReadInput(x);
      expect(runtime.ddState[1], String(x)).toBeNaN();
    }
  });
});

const NUMBERS = ["a", "b", "c"];
const ROUNDINGS = ["decimal", "round half up", "round down", "floor", "ceiling"];
const COMPARISONS = ["<", "<=", ">", ">=", "=", "!="];

/** Number expressions over the inputs, literals and the function `f`, as FEEL text. */
const numberExpr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...NUMBERS, ...NUMBERS, "0.1", "3", "1.5", "1200"),
    fc.tuple(tie("e"), fc.constantFrom("+", "-", "*", "/"), tie("e")).map(([x, o, y]) => `(${x}) ${o} (${y})`),
    fc.tuple(tie("e"), fc.integer({ min: -3, max: 3 })).map(([x, n]) => `(1 + (${x}) / 100) ** ${n}`),
    fc.tuple(fc.constantFrom("abs", "floor"), tie("e")).map(([f, x]) => `${f}(${x})`),
    fc.tuple(tie("e"), tie("e")).map(([x, y]) => `f(${x}, ${y})`),
  ),
})).e;

/** An input or a short literal. */
const leaf = fc.constantFrom(...NUMBERS, ...NUMBERS, "0.1", "3", "1.5");

/** A decision: a rounding, a comparison, a connective with the boolean input, or a number output. */
const decision: fc.Arbitrary<string> = fc.oneof(
  // one operation on leaves, where the operands' own bounds decide
  fc
    .tuple(fc.constantFrom(...ROUNDINGS), leaf, fc.constantFrom("+", "-", "*", "/"), leaf, fc.integer({ min: 0, max: 3 }))
    .map(([r, x, o, y, p]) => `${r}(${x} ${o} ${y}, ${p})`),
  fc
    .tuple(leaf, fc.constantFrom("+", "*", "/"), leaf, fc.constantFrom(...COMPARISONS), leaf)
    .map(([x, o, y, c, z]) => `${x} ${o} ${y} ${c} ${z}`),
  fc.tuple(fc.constantFrom(...ROUNDINGS), numberExpr, fc.integer({ min: 0, max: 3 })).map(([r, x, p]) => `${r}(${x}, ${p})`),
  fc.tuple(numberExpr, fc.constantFrom(...COMPARISONS), numberExpr).map(([x, o, y]) => `(${x}) ${o} (${y})`),
  fc.tuple(numberExpr, fc.constantFrom(...COMPARISONS), numberExpr).map(([x, o, y]) => `(${x}) ${o} (${y}) and flag`),
  numberExpr,
);

function compiled(decisions: string[]) {
  const model = {
    name: "raw number inputs",
    inputs: { ...Object.fromEntries(NUMBERS.map((k) => [k, { type: "number", desc: k }])), flag: { type: "boolean", desc: "flag" } },
    functions: { f: { params: { x: "number", y: "number" }, returns: "number", body: "decimal(x * y / 3, 2)" } },
    decisions: Object.fromEntries(decisions.map((d, i) => [`d${i}`, d])),
  } as unknown as ModelInput;
  const fast = compileUncached(model, { optimise: true });
  // a random operation on constants alone may be null for every state, which the compiler refuses
  if (!fast.ok) return undefined;
  return { source: fast.model.source, module: new Function("rt", fast.model.source)(runtime) as GeneratedModule };
}

const outcome = (f: () => unknown) => {
  try {
    return collectProblems(f);
  } catch (e) {
    return { thrown: (e as { code?: string }).code ?? String(e) };
  }
};

/** The answers from the raw state, the state in strings, and FEEL values, equal (each path's problems too). */
function expectSame(m: NonNullable<ReturnType<typeof compiled>>, [a, b, c, flag]: [number, number, number, boolean], where: string) {
  const json = { a, b, c, flag };
  const what = `${where} on ${JSON.stringify(reading(a, b, c))}`;
  const valuesOf = (r: unknown) =>
    Object.fromEntries(Object.entries(r as Record<string, FeelValue>).map(([k, v]) => [k, runtime.toJson(v)]));
  const raw = outcome(() => m.module.run(null, json, null, true));
  // the FEEL values of `evaluate` from the same state: no double-double output first
  expect(
    outcome(() => valuesOf(m.module.run(null, json, null, false))),
    what,
  ).toEqual(raw);
  // the same numbers as strings: read through their decimals, as the loader reads them
  expect(
    outcome(() => m.module.run(null, { a: String(a), b: String(b), c: String(c), flag }, null, true)),
    what,
  ).toEqual(raw);
  // FEEL values in place of a state: no raw value
  const values: Record<string, FeelValue> = { a: numberFromJson(a), b: numberFromJson(b), c: numberFromJson(c), flag };
  expect(
    outcome(() => valuesOf(m.module.run(values, null, null, false))),
    what,
  ).toEqual(raw);
}

describe("a model's certified doubles over number inputs read raw", () => {
  it("read the raw JSON number, and make no decimal of it where the doubles decide", () => {
    const m = compiled(["decimal(a * b / 7, 2)", "a * 3 < b"])!;
    expect(m.source).toMatch(/\(typeof r0 === "number" \? r0 : \(i0 !== undefined/);
    // the decimal made only on the exact path: 1 / 7 and the comparison are decided from the doubles
    let made = 0;
    const counting = {
      ...runtime,
      fromJsonPlain: (...a: Parameters<typeof runtime.fromJsonPlain>) => (made++, runtime.fromJsonPlain(...a)),
    };
    const counted = new Function("rt", m.source)(counting) as GeneratedModule;
    expect(counted.run(null, { a: 1, b: 1, c: 0, flag: true }, null, true)).toEqual({ d0: 0.14, d1: false });
    expect(made).toBe(0);
    // a number the state gives as a string is read through its decimal, as before
    expect(counted.run(null, { a: "1", b: 1, c: 0, flag: true }, null, true)).toEqual({ d0: 0.14, d1: false });
    expect(made).toBe(1);
  });

  // every one-operation rounding and comparison of the inputs and short literals, in one model
  const pairs = [
    ["a", "b"],
    ["a", "3"],
    ["b", "c"],
    ["0.1", "a"],
    ["c", "a"],
  ];
  const grid = [
    ...ROUNDINGS.flatMap((r) =>
      ["+", "-", "*", "/"].flatMap((o) => pairs.flatMap(([x, y]) => [0, 1, 2, 3].map((p) => `${r}(${x} ${o} ${y}, ${p})`))),
    ),
    ...["+", "*", "/"].flatMap((o) => COMPARISONS.flatMap((c) => [`a ${o} b ${c} c`, `a ${o} 3 ${c} c`, `a ${o} 0.1 ${c} b`])),
  ];
  const gridModel = compiled(grid)!;

  it("decide every one-operation rounding and comparison as the decimal read does, on states about the edges", () => {
    expect(gridModel.source.match(/typeof r2 === "number"/g)?.length).toBeGreaterThan(100);
    fc.assert(
      fc.property(fc.tuple(edgeDouble, edgeDouble, edgeDouble, fc.boolean()), (state) => expectSame(gridModel, state, "the grid")),
      { numRuns: 400 },
    );
  });

  it("decide as the decimal read does in random models, on states about the edges", () => {
    fc.assert(
      fc.property(
        fc.array(decision, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(edgeDouble, edgeDouble, edgeDouble, fc.boolean()), { minLength: 1, maxLength: 12 }),
        (decisions, states) => {
          const m = compiled(decisions);
          if (!m) return;
          for (const state of states) expectSame(m, state, JSON.stringify(decisions));
        },
      ),
      { numRuns: 100 },
    );
  });
});

/** A number literal's FEEL text: short decimals, integers, negatives, and ones longer than any double's shortest form. */
const literalText: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.integer({ min: -1e7, max: 1e7 }), fc.integer({ min: 0, max: 6 })).map(([m, k]) => (m / 10 ** k).toFixed(k)),
  fc.constantFrom("0", "25", "0.1", "0.3", "1.005", "2.675", "9007199254740993", "0.10000000000000000001", "123456789.123456789"),
);

/** The double just above (s = 1) or below (s = -1) x. */
const nextDouble = (x: number, s: 1 | -1): number => {
  if (x === 0) return s * 5e-324;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigInt64(0, view.getBigInt64(0) + BigInt(s * Math.sign(x)));
  return view.getFloat64(0);
};

describe("a number input compared with a literal", () => {
  it("is compared on the raw double where the literal is a double's shortest form, as the decimals compare", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...COMPARISONS), fc.oneof(literalText, fc.constant("b")), fc.boolean(), fc.boolean()), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.array(fc.tuple(fc.nat(3), fc.constantFrom<0 | 1 | -1>(0, 1, -1), edgeDouble, fc.boolean()), { minLength: 1, maxLength: 10 }),
        (comparisons, picks) => {
          const decisions = comparisons.map(([op, l, inputFirst, asCondition]) => {
            const test = inputFirst ? `a ${op} ${l}` : `${l} ${op} a`;
            return asCondition ? `if ${test} then b else c` : test;
          });
          const m = compiled(decisions);
          if (!m) return;
          // where a literal qualifies, the input's raw double is compared with it
          if (comparisons.some(([, l]) => /^(-?\d{1,7}|b)$/.test(l)))
            expect(m.source).toMatch(/typeof r0 === "number" && r0 - r0 === 0[^?]* \? /);
          for (const [pick, step, other, flag] of picks) {
            // the input on the literal (or on the other input), a double either side of it, or anywhere
            const compared = comparisons[pick % comparisons.length]![1];
            const l = compared === "b" ? other : Number(compared);
            const near = step === 0 ? l : nextDouble(l, step);
            const a = (step === 0 && pick === 3) || !Number.isFinite(near) ? -other : near;
            expectSame(m, [a, other, -other, flag], JSON.stringify(decisions));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
