// A row's checks (`$scored`: each input present unless it may be blank, a number in its exact
// domain and within its schema's bounds, a choice one of its values) written as one conjunction of
// checks that may be null, coalesced once (query.ts, `orMissing`): scored exactly when the input
// schema accepts the row and its numbers lie in the domain, against validate() and evaluate() in
// both dialects, on random inputs (blank or required, bounds of every kind, narrowed domains) and
// states at the edges (nulls, missing values, each bound and its neighbours, a place too many, a
// digit too many).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("row checks");

interface NumberInput {
  kind: "number";
  blank: boolean;
  /** the domain's digits before and after the point (narrowed, as a batch engine narrows it) */
  int: number;
  scale: number;
  /** the bounds in units of 10^-places: low, high, each included or not, either left out */
  low?: { at: number; included: boolean };
  high?: { at: number; included: boolean };
  places: number;
}
interface OtherInput {
  kind: "choice" | "string" | "boolean";
  blank: boolean;
}
type Input = NumberInput | OtherInput;

const CHOICES = ["red", "green", "blue"];
/** the values of the other kinds: a choice's, one it is not, and the empty text */
const OTHER_VALUES: Record<OtherInput["kind"], unknown[]> = { choice: [...CHOICES, "Red", ""], string: ["", "a"], boolean: [true, false] };

const decimal = (units: number, places: number): string => (units / 10 ** places).toFixed(places);

/** The input's type as a model writes it (`number [1.5..20)`, `number > 0`, `red|green|blue`). */
function typeOf(i: Input): string {
  if (i.kind === "choice") return CHOICES.join("|");
  if (i.kind !== "number") return i.kind;
  const low = i.low && decimal(i.low.at, i.places);
  const high = i.high && decimal(i.high.at, i.places);
  if (i.low && i.high) return `number ${i.low.included ? "[" : "("}${low}..${high}${i.high.included ? "]" : ")"}`;
  if (i.low) return `number ${i.low.included ? ">=" : ">"} ${low}`;
  if (i.high) return `number ${i.high.included ? "<=" : "<"} ${high}`;
  return "number";
}

function modelOf(inputs: Input[]): ModelInput {
  const decisions: Record<string, unknown> = {};
  // a decision of each input that is not held to the input's constraint
  const uses = { number: "x + 1", choice: 'x = "red"', string: 'x = "a"', boolean: "x" };
  inputs.forEach((i, k) => (decisions[`d${k}`] = uses[i.kind].replace("x", `x${k}`)));
  return {
    content: {
      name: "row checks",
      inputs: Object.fromEntries(inputs.map((i, k) => [`x${k}`, { type: typeOf(i), desc: `x${k}?`, ...(i.blank ? { blank: true } : {}) }])),
      decisions,
    },
  };
}

/** Each input's values at its edges: null, missing, each bound and its neighbours, a place and a digit beyond the domain. */
function valuesOf(i: Input): unknown[] {
  const edges: unknown[] = [null, undefined];
  if (i.kind !== "number") return [...edges, ...OTHER_VALUES[i.kind]];
  const unit = 10 ** -Math.max(i.scale, i.places);
  const values = new Set<number>([
    0,
    1,
    -1,
    10 ** i.int,
    10 ** i.int - 10 ** -i.scale,
    -(10 ** i.int) + 10 ** -i.scale,
    10 ** -(i.scale + 1),
  ]);
  for (const b of [i.low, i.high]) if (b) for (const k of [-1, 0, 1]) values.add(Number((b.at / 10 ** i.places + k * unit).toFixed(8)));
  return [...edges, ...values];
}

/** Rows of each input's edge values, the others taking a value each row in turn, so every pair of edges meets. */
function statesOf(inputs: Input[]): Row[] {
  const values = inputs.map(valuesOf);
  const rows = Math.max(...values.map((v) => v.length)) * 3;
  return Array.from({ length: rows }, (_, r) => {
    const state: Row = {};
    values.forEach((v, k) => {
      const value = v[(r * (k + 1) + Math.floor(r / v.length)) % v.length];
      if (value !== undefined) state[`x${k}`] = value;
    });
    return state;
  });
}

const bound = fc.record({ at: fc.integer({ min: -3000, max: 3000 }), included: fc.boolean() });
const numberInput: fc.Arbitrary<Input> = fc
  .record({
    blank: fc.boolean(),
    int: fc.integer({ min: 1, max: 4 }),
    scale: fc.integer({ min: 0, max: 2 }),
    low: fc.option(bound, { nil: undefined }),
    high: fc.option(bound, { nil: undefined }),
    places: fc.integer({ min: 0, max: 2 }),
  })
  .map((n) => {
    // a range's low end below its high end
    const swap = n.low && n.high && n.low.at > n.high.at;
    const low = swap ? n.high : n.low;
    const high = swap ? n.low : n.high;
    return { kind: "number" as const, ...n, low, high };
  });
const otherInput: fc.Arbitrary<Input> = fc.record({ kind: fc.constantFrom("choice", "string", "boolean"), blank: fc.boolean() });
const inputs = fc.array(fc.oneof({ weight: 3, arbitrary: numberInput }, { weight: 1, arbitrary: otherInput }), {
  minLength: 1,
  maxLength: 4,
});

describe("a row's checks", () => {
  it(
    "score a row exactly when the schema accepts it and its numbers lie in the domain, in every dialect",
    { timeout: 300_000 },
    async () => {
      const seen = { scored: 0, left: 0, dialects: new Set<string>() };
      await fc.assert(
        fc.asyncProperty(inputs, async (ins) => {
          const model = modelOf(ins);
          const narrow = Object.fromEntries(
            ins.flatMap((i, k) => (i.kind === "number" ? [[`x${k}`, { int: i.int, scale: i.scale }]] : [])),
          );
          for (const engine of engines) {
            const r = await compare(model, statesOf(ins), engine, false, true, narrow);
            expect(r.disagreements).toEqual([]);
            seen.scored += r.scored;
            seen.left += r.rows - r.scored;
            seen.dialects.add(engine.dialect);
          }
        }),
        { numRuns: 60, seed: 46 },
      );
      // the edges found both sides in each dialect: rows scored and rows left out (each dialect sees the same rows)
      expect(seen.scored).toBeGreaterThan(250 * engines.length);
      expect(seen.left).toBeGreaterThan(250 * engines.length);
      expect(seen.dialects.size).toBe(engines.length);
    },
  );

  it("are one conjunction, coalesced once, with no null guard on a required input", () => {
    const model = modelOf([
      { kind: "number", blank: false, int: 3, scale: 0, low: { at: 300, included: true }, high: { at: 850, included: true }, places: 0 },
      { kind: "choice", blank: false },
      { kind: "number", blank: true, int: 2, scale: 1, low: { at: 0, included: false }, places: 0 },
    ]);
    const r = compileToSql(model, { dialect: "duckdb", narrow: { x0: { int: 3, scale: 0 }, x2: { int: 2, scale: 1 } } });
    if (!r.ok) throw new Error("no query");
    expect(r.query.sql).toContain(
      `COALESCE(((("$1" = "$0") AND "$1" >= 300 AND "$1" <= 850) AND "$2" IN ('red', 'green', 'blue') AND ("$3" IS NULL OR (("$4" = "$3") AND "$4" > 0))), FALSE) AS`,
    );
  });
});
