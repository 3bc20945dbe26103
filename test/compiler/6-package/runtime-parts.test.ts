// The parts of the decimal runtime a module leaves out when its model's code cannot reach them
// (bundle.ts, standalone.ts): the wide form and its square root, powers and roots. Without the wide
// form, decimals answer as with it, on chains of quotients carried into further arithmetic; a model
// holds each part exactly when its code reaches it, and the corpus's modules, each with the parts
// its code reaches, answer as the compiler does.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { CORPUS } from "../../../bench/corpus/index.js";
import { statesOf } from "../../../bench/corpus/random.js";
import { compileModel } from "../../../src/compiler/index.js";
import { standaloneModule } from "../../../src/compiler/6-package/bundle.js";
import { bundleWithRuntime, type RuntimePart } from "../../../src/compiler/6-package/standalone.js";
import { Decimal } from "../../../src/runtime/decimal.js";
import { MODES, type Rounding } from "../../../src/runtime/decimal-rounding.js";
import { tempDir } from "./helpers.js";

/** A name only the code of each part has (names survive bundling, not minifying). */
const MARKERS = { wide: "loadIntegerShifted", wideSqrt: "subtractDouble", powers: "expApprox", limbPowers: "setReciprocal" };

/** The runtime's Decimal bundled alone, leaving out the given parts, and imported. */
async function bundledDecimal(leaveOut: RuntimePart[]): Promise<{ text: string; Decimal: typeof Decimal }> {
  const text = await bundleWithRuntime({ contents: () => 'export { Decimal } from "./runtime/decimal.js";', leaveOut });
  const file = join(tempDir("pdm-parts-"), "decimal.mjs");
  writeFileSync(file, text);
  return { text, Decimal: ((await import(pathToFileURL(file).href)) as { Decimal: typeof Decimal }).Decimal };
}

// numbers as text: short ones (the scaled form) and long ones (the exact form)
const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[1-9][0-9]{${min},${max}}$`));
const number = fc
  .tuple(
    fc.boolean(),
    fc.oneof({ weight: 4, arbitrary: digits(0, 8) }, { weight: 1, arbitrary: digits(16, 40) }),
    fc.integer({ min: 0, max: 12 }),
  )
  .map(([negative, d, k]) => `${negative ? "-" : ""}${k === 0 ? d : `${d}e-${k}`}`);
const OPS = ["plus", "minus", "times", "div", "mod", "divToInt"] as const;
const MODE_LIST: Rounding[] = Object.values(MODES);

describe("decimals without the wide form", () => {
  let narrow: { text: string; Decimal: typeof Decimal };
  beforeAll(async () => {
    narrow = await bundledDecimal(["wideDecimals", "wideSqrt"]);
  });

  it("leave its code out, which a bundle of them otherwise holds", async () => {
    const full = await bundledDecimal([]);
    for (const marker of [MARKERS.wide, MARKERS.wideSqrt]) {
      expect(full.text).toContain(marker);
      expect(narrow.text).not.toContain(marker);
    }
  });

  it("answer chains of quotients carried into arithmetic, comparisons, roundings and roots as with it", () => {
    const D = narrow.Decimal;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...OPS), number, number), { minLength: 1, maxLength: 5 }),
        number,
        fc.integer({ min: 0, max: 36 }),
        fc.constantFrom(...MODE_LIST),
        (steps, first, places, mode) => {
          let wide = new Decimal(1).div(first);
          let exact = new D(1).div(first);
          for (const [op, a, b] of steps) {
            // every operand a quotient a / b
            const q = new Decimal(a).div(b);
            const nq = new D(a).div(b);
            if ((op === "div" || op === "mod" || op === "divToInt") && q.isZero()) continue;
            wide = wide[op](q);
            exact = exact[op](nq);
            expect(exact.valueOf()).toBe(wide.valueOf());
            expect(exact.cmp(nq)).toBe(wide.cmp(q));
          }
          expect(exact.toNumber()).toBe(wide.toNumber());
          expect(exact.toFixed(places, mode)).toBe(wide.toFixed(places, mode));
          expect(exact.toSignificantDigits(places + 1, mode).valueOf()).toBe(wide.toSignificantDigits(places + 1, mode).valueOf());
          expect(exact.pow(3).valueOf()).toBe(wide.pow(3).valueOf());
          expect(exact.abs().sqrt().valueOf()).toBe(wide.abs().sqrt().valueOf());
          expect([exact.sd(), exact.sd(true), exact.decimalPlaces(), exact.isInteger()]).toEqual([
            wide.sd(),
            wide.sd(true),
            wide.decimalPlaces(),
            wide.isInteger(),
          ]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** A one-decision model of number inputs a and b. */
const model = (expression: string) => {
  const r = compileModel({
    content: {
      name: "parts",
      inputs: { a: { type: "number", desc: "What is a?" }, b: { type: "number", desc: "What is b?" } },
      decisions: { result: expression },
    },
    questions: {},
  });
  if (!r.ok) throw new Error(`${expression} does not compile`);
  return r.model;
};

describe("a model's module holds a part of the decimal runtime exactly when its code reaches it", () => {
  const cases: [expression: string, holds: (keyof typeof MARKERS)[]][] = [
    ["a + b * 2", []],
    ["a / b + 1", ["wide"]],
    ["(a + 1) ** 3", ["wide", "powers", "limbPowers"]],
    ["sqrt(abs(a)) + b", ["wide", "wideSqrt", "powers"]],
    ["decimal(a * b, 2)", []],
    ["round up(a, -2) + floor(b, 1)", []],
    ["mean([a, b]) + 1", ["wide"]],
  ];
  it.each(cases)("%s holds %j, and answers as the compiler on random numbers", async (expression, holds) => {
    const m = model(expression);
    const text = await standaloneModule(m);
    for (const [part, marker] of Object.entries(MARKERS))
      if (holds.includes(part as keyof typeof MARKERS)) expect(text, part).toContain(marker);
      else expect(text, part).not.toContain(marker);
    const file = join(tempDir("pdm-parts-"), "model.mjs");
    writeFileSync(file, text);
    const mod = (await import(pathToFileURL(file).href)) as { evaluate: (s: unknown) => unknown };
    fc.assert(
      fc.property(number, number, (a, b) => {
        const state = { a: Number(a), b: Number(b) };
        expect(mod.evaluate(state)).toEqual(m.evaluate(state));
      }),
      { numRuns: 100 },
    );
  });
});

describe("each corpus model's module, with the parts of the runtime its code reaches", () => {
  it.each(CORPUS.map((c) => [c.name, c] as const))("%s answers 300 random states as the compiler", async (_name, c) => {
    const r = compileModel(c.model);
    if (!r.ok) throw new Error(`${c.name} does not compile`);
    const file = join(tempDir("pdm-parts-"), "model.mjs");
    writeFileSync(file, await standaloneModule(r.model));
    const mod = (await import(pathToFileURL(file).href)) as { evaluate: (s: unknown) => unknown };
    for (const state of statesOf(c.state, 300, 11)) expect(mod.evaluate(state)).toEqual(r.model.evaluate(state));
  });
});
