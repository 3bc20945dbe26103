// Large tables looked up in their grid (grid.ts), against evaluate(): random FIRST and UNIQUE tables
// of at least GRID_MIN_RULES rules over number, string, boolean and ordered-levels columns, with
// overlapping ranges of every bound kind, comparisons, `=`/`!=`, lists of tests, `not(…)` and
// `-`, scored on states with nulls, every end, values between the ends and beyond them. Every
// row must agree in every dialect; the control run's half-open bands (an end counted with the
// interval above it) must not, and each of its differences lies on an end.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileToSql } from "../../../src/compiler/index.js";
import { GRID_MIN_RULES } from "../../../src/compiler/4-sql/grid.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare, type Disagreement } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("SQL grid tables");

type Kind = "number" | "string" | "boolean" | "levels";

/** Ends drawn from a few values, so that the rules' ranges overlap and share ends. */
const NUMBERS = ["-3", "-0.5", "0", "1", "2.5", "4", "7", "10", "10.25", "100"];
const STRINGS = ["a", "b", "é", "😀", "", "a b"];
const LEVELS = ["low", "mid", "high"];

const feelString = (s: string) => JSON.stringify(s);

function numberTest(ends: string[]): fc.Arbitrary<string> {
  const end = fc.constantFrom(...ends);
  const range = fc.tuple(end, end, fc.constantFrom("[", "("), fc.constantFrom("]", ")")).map(([a, b, open, close]) => {
    const [lo, hi] = Number(a) <= Number(b) ? [a, b] : [b, a];
    return `${open}${lo}..${hi}${close}`;
  });
  return fc.oneof(
    range,
    fc.tuple(fc.constantFrom("<", "<=", ">", ">=", "=", "!="), end).map(([op, v]) => `${op} ${v}`),
    end,
  );
}

const stringTest = (values: readonly string[]) =>
  fc.oneof(
    fc.constantFrom(...values).map(feelString),
    fc.tuple(fc.constantFrom("=", "!="), fc.constantFrom(...values)).map(([op, v]) => `${op} ${feelString(v)}`),
  );

const booleanTest = fc.constantFrom("true", "false", "= true", "!= false", "= false");

function cellOf(kind: Kind, ends: string[]): fc.Arbitrary<string> {
  const test =
    kind === "number" ? numberTest(ends) : kind === "string" ? stringTest(STRINGS) : kind === "levels" ? stringTest(LEVELS) : booleanTest;
  // how the reader takes a list: one that starts with a plain value (or `=`) is a list of plain
  // values, so a comparison or a range goes first, and a list of booleans is one of them
  const tests = fc.array(test, { minLength: 1, maxLength: 3 }).map((ts) => {
    const plain = (t: string) => t.replace(/^= /, "");
    const isValue = (t: string) => !/^([[(<>]|!=)/.test(t);
    const first = ts.findIndex((t) => !isValue(t));
    if (first < 0) return kind === "boolean" ? plain(ts[0]!) : ts.map(plain).join(", ");
    const rest = ts.filter((_, i) => i !== first).map((t) => (isValue(t) ? `= ${plain(t)}` : t));
    return [ts[first]!, ...rest].join(", ");
  });
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant("-") },
    { weight: 4, arbitrary: tests },
    { weight: 1, arbitrary: tests.map((t) => `not(${t})`) },
  );
}

interface Spec {
  kinds: Kind[];
  ends: string[][];
  rules: string[][];
  hit: "FIRST" | "UNIQUE";
}

const spec: fc.Arbitrary<Spec> = fc
  .tuple(
    fc.array(fc.constantFrom<Kind>("number", "string", "boolean", "levels"), { minLength: 1, maxLength: 4 }),
    fc.constantFrom<Spec["hit"]>("FIRST", "UNIQUE"),
  )
  .chain(([kinds, hit]) =>
    fc
      .tuple(...kinds.map(() => fc.uniqueArray(fc.constantFrom(...NUMBERS), { minLength: 1, maxLength: 6 })))
      .chain((ends) =>
        fc
          .array(fc.tuple(...kinds.map((k, i) => cellOf(k, ends[i]!))), { minLength: GRID_MIN_RULES, maxLength: GRID_MIN_RULES + 40 })
          .map((rules) => ({ kinds, ends, rules, hit })),
      ),
  );

const TYPES: Record<Kind, string> = { number: "number", string: "string", boolean: "boolean", levels: "low<mid<high" };

/**
 * The table as a model, checked as an import (lenient: UNIQUE, and random cells that a strict check
 * refuses as vacuous); FIRST ends in an else row.
 */
function modelOf(s: Spec): ModelInput {
  const names = s.kinds.map((_, i) => `c${i}`);
  const rows: unknown[] = [[...names, "=> number"], ...s.rules.map((cells, k) => [...cells, String(k + 1)])];
  if (s.hit === "FIRST") rows.push([...names.map(() => "-"), "0"]);
  return {
    content: {
      name: "grid",
      inputs: Object.fromEntries(names.map((n, i) => [n, { type: TYPES[s.kinds[i]!], desc: `${n}?`, blank: true }])),
      decisions: { rated: s.hit === "FIRST" ? rows : { type: "number", hit: "UNIQUE", table: rows } },
    },
  } as unknown as ModelInput;
}

/** Each column's values: null, every end, between two ends, beyond them; strings named and not. */
function candidates(kind: Kind, ends: string[]): unknown[] {
  if (kind === "boolean") return [true, false, null];
  if (kind === "levels") return [...LEVELS, null];
  if (kind === "string") return [...STRINGS, "zz", "A", null];
  const sorted = ends.map(Number).sort((a, b) => a - b);
  const between = sorted.slice(1).map((v, i) => Number(((v + sorted[i]!) / 2).toFixed(3)));
  return [...sorted, ...between, sorted[0]! - 1, sorted.at(-1)! + 0.001, null];
}

/**
 * A whole-number column's values: every whole number from two below its lowest end to two above its
 * highest (each end, each neighbour of a fractional end), the edges of a 3-digit domain and
 * beyond it, a fraction (outside the whole-number domain: not scored), and null.
 */
function wholeCandidates(kind: Kind, ends: string[]): unknown[] {
  if (kind !== "number") return candidates(kind, ends);
  const sorted = ends.map(Number).sort((a, b) => a - b);
  const span = Array.from({ length: Math.ceil(sorted.at(-1)!) - Math.floor(sorted[0]!) + 5 }, (_, k) => Math.floor(sorted[0]!) - 2 + k);
  return [...span, 999, -999, 500, -500, 1000, 2.5, null];
}

/** A seeded sample of states of whole-number columns, each value of each column in some state. */
function wholeStatesOf(s: Spec, seed: number): Row[] {
  const values = s.kinds.map((k, i) => wholeCandidates(k, s.ends[i]!));
  let x = seed + 7 || 1;
  const next = () => ((x = (x * 1103515245 + 12345) >>> 0), x >>> 8);
  const count = Math.max(400, ...values.map((v) => v.length));
  return Array.from({ length: count }, (_, n) =>
    Object.fromEntries(values.map((v, i) => [`c${i}`, v[n < v.length ? n : next() % v.length]])),
  );
}

/** Every combination when there are few, else a seeded sample of them (each value still in some state). */
function statesOf(s: Spec, seed: number): Row[] {
  const values = s.kinds.map((k, i) => candidates(k, s.ends[i]!));
  const total = values.reduce((n, v) => n * v.length, 1);
  const state = (pick: (i: number) => number): Row => Object.fromEntries(values.map((v, i) => [`c${i}`, v[pick(i)]]));
  if (total <= 600) {
    return Array.from({ length: total }, (_, n) => {
      let rest = n;
      return state((i) => {
        const k = rest % values[i]!.length;
        rest = Math.floor(rest / values[i]!.length);
        return k;
      });
    });
  }
  let x = seed >>> 0 || 1;
  const next = () => ((x = (x * 1103515245 + 12345) >>> 0), x >>> 8);
  return Array.from({ length: 600 }, (_, n) => state((i) => (n < values[i]!.length ? n : next() % values[i]!.length)));
}

const SPECS = fc.sample(spec, { numRuns: 40, seed: 20261129 });

/** Whether a state's number column holds one of its column's ends exactly. */
const onAnEnd = (s: Spec, state: Row): boolean =>
  s.kinds.some((k, i) => k === "number" && typeof state[`c${i}`] === "number" && s.ends[i]!.map(Number).includes(state[`c${i}`] as number));

describe("tables looked up in their grid", () => {
  it("covers both hit policies and every column kind", () => {
    expect(new Set(SPECS.map((s) => s.hit))).toEqual(new Set(["FIRST", "UNIQUE"]));
    expect(new Set(SPECS.flatMap((s) => s.kinds))).toEqual(new Set(["number", "string", "boolean", "levels"]));
  });

  it("agrees with evaluate() on every row, in every dialect", { timeout: 600_000 }, async () => {
    let scored = 0;
    for (const [n, s] of SPECS.entries()) {
      const model = modelOf(s);
      const strict = false;
      for (const engine of engines) {
        const lowered = compileToSql(model, { dialect: engine.dialect, strict });
        if (!lowered.ok) throw new Error(JSON.stringify(lowered.diagnostics));
        // looked up in the grid, not the tree of CASEs
        expect(lowered.query.sql).toContain("INTEGER[]");
        const r = await compare(model, statesOf(s, n), engine, false, strict);
        expect({ model: n, dialect: engine.dialect, differences: r.disagreements.slice(0, 3) }).toEqual({
          model: n,
          dialect: engine.dialect,
          differences: [],
        });
        scored += r.scored;
      }
    }
    // at least 50 rows a model scored on each engine the file runs on
    expect(scored).toBeGreaterThan(SPECS.length * 50 * engines.length);
  });

  it("looks a whole-number column's class up in a list, and agrees on every row, in every dialect", { timeout: 600_000 }, async () => {
    let [scored, listed] = [0, 0];
    for (const [n, s] of SPECS.entries()) {
      if (!s.kinds.includes("number")) continue;
      const model = modelOf(s);
      // each number column narrowed to whole numbers below 10^3, as a file of such values narrows it
      const narrow = Object.fromEntries(s.kinds.flatMap((k, i) => (k === "number" ? [[`c${i}`, { int: 3, scale: 0 }]] : [])));
      for (const engine of engines) {
        const lowered = compileToSql(model, { dialect: engine.dialect, strict: false, narrow });
        if (!lowered.ok) throw new Error(JSON.stringify(lowered.diagnostics));
        if (lowered.query.sql.includes("LEAST(GREATEST(")) listed++;
        const r = await compare(model, wholeStatesOf(s, n), engine, false, false, narrow);
        expect({ model: n, dialect: engine.dialect, differences: r.disagreements.slice(0, 3) }).toEqual({
          model: n,
          dialect: engine.dialect,
          differences: [],
        });
        scored += r.scored;
      }
    }
    expect(listed).toBeGreaterThan(0);
    expect(scored).toBeGreaterThan(listed * 100);
  });

  it("the control run's half-open bands differ, on ends only", { timeout: 600_000 }, async () => {
    const found: Disagreement[] = [];
    const withNumbers = SPECS.filter((s) => s.kinds.includes("number"));
    for (const [n, s] of withNumbers.entries()) {
      const r = await compare(modelOf(s), statesOf(s, n), engines[0]!, true, false);
      for (const d of r.disagreements) {
        expect(onAnEnd(s, d.state)).toBe(true);
        found.push(d);
      }
    }
    expect(found.length).toBeGreaterThan(0);
  });
});
