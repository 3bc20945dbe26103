// Declared results are enforced: random models whose decision is declared with a constraint (in
// its `type`, its table's output heading, its question's range, or on the items of a list), run
// on states that push the value inside or outside. Outside is always DeclaredResultError naming
// the decision and the constraint, never the value; inside is the value.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel, type ModelInput } from "../../../src/compiler/index.js";
import { DeclaredResultError } from "../../../src/runtime/declared.js";

interface Bound {
  text: string;
  holds(v: number): boolean;
}

/** A constraint on numbers as a model writes it, with its own oracle. */
const bound: fc.Arbitrary<Bound> = fc
  .tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 5 }))
  .map(([a, width, shape]) => {
    const b = a + width;
    switch (shape) {
      case 0:
        return { text: `>= ${a}`, holds: (v) => v >= a };
      case 1:
        return { text: `> ${a}`, holds: (v) => v > a };
      case 2:
        return { text: `<= ${b}`, holds: (v) => v <= b };
      case 3:
        return { text: `< ${b}`, holds: (v) => v < b };
      case 4:
        return { text: `[${a}..${b}]`, holds: (v) => v >= a && v <= b };
      default:
        return { text: `(${a}..${b})`, holds: (v) => v > a && v < b };
    }
  });

/** Where the constraint is declared: each a model whose decision `y` is `x * k + c`. */
type Place = "type" | "heading" | "list";

function model(place: Place, constraint: string, k: number, c: number): ModelInput {
  const calc = `x * ${k} + ${c}`;
  const decision =
    place === "type"
      ? { type: `number ${constraint}`, expr: calc }
      : place === "heading"
        ? {
            table: [
              ["x", `=> number ${constraint}`],
              ["-", calc],
            ],
          }
        : { type: [`number ${constraint}`], expr: `[0 * x, ${calc}]` };
  return {
    name: "declared",
    inputs: { x: { type: "number", desc: "What is x?" } },
    decisions: { y: decision, z: "count([y])" },
  } as unknown as ModelInput;
}

function compiled(m: ModelInput) {
  const r = compileModel(m, { strict: true });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
  return r.model;
}

function thrown(run: () => unknown): unknown {
  try {
    return { value: run() };
  } catch (e) {
    return e;
  }
}

describe("a decision held to its declared type", () => {
  it.each(["type", "heading", "list"] as const)("declared in its %s: outside is the error, inside the value", (place) => {
    fc.assert(
      fc.property(
        bound,
        fc.integer({ min: -3, max: 3 }),
        fc.integer({ min: -20, max: 20 }),
        fc.array(fc.integer({ min: -40, max: 40 }), { minLength: 6, maxLength: 6 }),
        (b, k, c, xs) => {
          const m = compiled(model(place, b.text, k, c));
          for (const x of xs) {
            const v = x * k + c;
            // the list's first item, 0, is held to the constraint too
            const inside = b.holds(v) && (place !== "list" || b.holds(0));
            const outcome = thrown(() => m.evaluate({ x }));
            if (inside) {
              expect(outcome).toEqual({ value: { y: place === "list" ? [0, v] : v, z: 1 } });
              continue;
            }
            expect(outcome).toBeInstanceOf(DeclaredResultError);
            const e = outcome as DeclaredResultError;
            expect(e.address).toBe("decisions.y");
            expect(e.message).toContain("decision `y`");
            expect(e.message).toContain(b.text);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("holds an undeclared decision to its question's range", () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 20 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: -60, max: 60 }), (min, w, x) => {
        const m = compiled({
          content: { name: "q", inputs: { x: { type: "number", desc: "What is x?" } }, decisions: { y: "x * 2" } },
          questions: { y: { type: "number", instructions: "y?", range: { min, max: min + w } } },
        } as unknown as ModelInput);
        const v = x * 2;
        const outcome = thrown(() => m.evaluate({ x }));
        if (v >= min && v <= min + w) expect(outcome).toEqual({ value: { y: v } });
        else
          expect((outcome as Error).message).toBe(
            `decision \`y\` is outside its declared type number [${min}..${min + w}] for this state: it is ${v}`,
          );
      }),
      { numRuns: 60 },
    );
  });

  it("holds a choice decision to its values, and explain fails as evaluate does", () => {
    const m = compiled({
      name: "c",
      inputs: { x: { type: "number", desc: "What is x?" } },
      decisions: { band: { type: "low|high", expr: 'if x > 0 then "low" else string(x)' } },
    } as unknown as ModelInput);
    expect(m.evaluate({ x: 3 })).toEqual({ band: "low" });
    const message = 'decision `band` is outside its declared type low|high for this state: it is "-1"';
    expect(() => m.evaluate({ x: -1 })).toThrow(message);
    expect(() => m.explain({ x: -1 })).toThrow(message);
  });

  it("leaves a lenient model (a DMN import) to DMN's conversion, which does not test constraints", () => {
    const r = compileModel(model("type", ">= 0", 1, 0), { strict: false });
    if (!r.ok) throw new Error("does not compile");
    expect(r.model.evaluate({ x: -5 })).toEqual({ y: -5, z: 1 });
  });
});

describe("a table whose every output lies within its declared constraint", () => {
  /** `rt.declared` in the module's `run` (the explain function after it is not looked at). */
  const checks = (source: string): boolean => source.slice(0, source.indexOf("function explain") >>> 0).includes("rt.declared(");

  /** A rule's output: a literal, or `x - k`, computed. */
  const output = fc.oneof(
    fc.integer({ min: -80, max: 80 }).map((n) => ({ text: String(n), at: () => n, literal: true })),
    fc.integer({ min: -80, max: 80 }).map((k) => ({ text: `x - ${k}`, at: (x: number) => x - k, literal: false })),
  );

  it("drops the check exactly when every output is a literal inside; answers as the checked form", () => {
    fc.assert(
      fc.property(
        bound,
        fc.array(output, { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: -10, max: 140 }), { minLength: 6, maxLength: 6 }),
        (b, outputs, xs) => {
          const rules = outputs.map((o, i) => [`[${i * 10}..${i * 10 + 10})`, o.text]);
          const r = compileModel(
            {
              name: "t",
              inputs: { x: { type: "number", desc: "What is x?" } },
              decisions: { y: { table: [["x", `=> number ${b.text}`], ...rules, ["-", "null"]] } },
            } as unknown as ModelInput,
            { strict: true },
          );
          const literalOutside = outputs.some((o) => o.literal && !b.holds(o.at(0)));
          // a literal outside is the strict check's error; the check in code is for computed ones
          expect(r.ok).toBe(!literalOutside);
          if (!r.ok) return;
          expect(checks(r.model.source)).toBe(outputs.some((o) => !o.literal));
          for (const x of xs) {
            const i = Math.floor(x / 10);
            const v = x >= 0 && i < outputs.length ? outputs[i]!.at(x) : null;
            const outcome = thrown(() => r.model.evaluate({ x }));
            if (v === null || b.holds(v)) expect(outcome).toEqual({ value: { y: v } });
            else expect(outcome).toBeInstanceOf(DeclaredResultError);
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it("keeps the direct lookup of a table over inputs when its outputs are inside", () => {
    const m = compiled({
      name: "t",
      inputs: { x: { type: "number", desc: "What is x?" } },
      decisions: {
        y: {
          table: [["x", "=> number >= 0"], ...Array.from({ length: 30 }, (_, i) => [`[${i * 10}..${i * 10 + 10})`, String(i)]), ["-", "0"]],
        },
      },
    } as unknown as ModelInput);
    // the direct path is a second, small `run` ahead of the full one
    expect(m.source.match(/function run\w*\(/g)).toHaveLength(2);
  });

  it("keeps the check where doubles could not order a literal against the bound exactly", () => {
    const r = compileModel(
      {
        name: "t",
        inputs: { x: { type: "number", desc: "What is x?" } },
        decisions: {
          y: {
            table: [
              ["x", "=> number <= 0.10000000000000000001"],
              ["> 0", "0.1"],
              ["-", "0"],
            ],
          },
        },
      } as unknown as ModelInput,
      { strict: true },
    );
    if (!r.ok) throw new Error("does not compile");
    expect(checks(r.model.source)).toBe(true);
    expect(r.model.evaluate({ x: 1 })).toEqual({ y: 0.1 });
  });
});
