// Decision tables of every hit policy through SQL (tables.ts, multi-hit.ts): random tables of each
// policy from the table generator, on states made of the values their cells name (each literal,
// next to it, null), so that rows match no rule, one, and several; in every dialect each table
// either compiles and agrees with evaluate() row by row (the value and the rule column) or is
// refused with `sql.unsupported` at an address. Large tables (which the grid and the cluster sort
// must leave to the rules' conditions), tables of no rules, the DMN corpus's multi-hit tables, and
// decisions declared lists of a choice or of contexts likewise.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { checkModel, compileModel, compileToSql } from "../../../src/compiler/index.js";
import { freeNames } from "../../../src/cli/free-names.js";
import { importDmn } from "../../../src/dmn/index.js";
import { CORPUS, corpusFiles } from "../../dmn/corpus/outcome.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { generatedTable, HIT_POLICIES, type GeneratedTable } from "../../support/generate/tables.js";
import { compare, statesFor } from "./differential.js";
import { type Row, useEngines } from "./engines.js";

const engines = useEngines("hit policies");

const INPUTS = {
  x: { type: "number", desc: "x?", blank: true },
  y: { type: "number", desc: "y?", blank: true },
  s: { type: "string", desc: "s?", blank: true },
  b: { type: "boolean", desc: "b?", blank: true },
  d: { type: "date", desc: "d?", blank: true },
  xs: { type: ["number"], desc: "xs?", blank: true },
};

/** The table's model; `fallback`: with a default output (the first output's, where there are several). */
function modelOf(t: GeneratedTable, fallback = false): ModelInput {
  const outputs = t.rows[0]!.filter((h) => h.startsWith("=>"));
  const value = outputs[0]!.includes("|") ? '"low"' : "99";
  const named = /^=> (\w+):/.exec(outputs[0]!)?.[1];
  const table = { table: t.rows, hit: t.hit, ...(fallback ? { default: named ? { [named]: value } : value } : {}) };
  return { content: { name: "hit policies", inputs: INPUTS, decisions: { table } } };
}

/** States of the values the table's cells name: each number, a half beside it, each string and date, and null. */
function statesOf(t: GeneratedTable, seed: number): Row[] {
  const text = t.rows.slice(1).flat().join(" ");
  const numbers = [...new Set([...text.matchAll(/-?\d+(\.\d+)?(?![\d-])/g)].map((m) => Number(m[0])))].flatMap((n) => [
    n,
    n - 0.5,
    n + 0.5,
  ]);
  const strings = [...text.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
  const dates = [...text.matchAll(/date\("([^"]+)"\)/g)].map((m) => m[1]!);
  const state = fc.record({
    x: fc.constantFrom(null, 0, ...numbers),
    y: fc.constantFrom(null, ...[-5, -2, 0, 1, 3, 5]),
    s: fc.constantFrom(null, "a", "", "b", "n", ...strings),
    b: fc.constantFrom(null, true, false),
    d: fc.constantFrom(null, "2000-01-01", ...dates),
    xs: fc.constantFrom(null, [], [0, 1], [-5, 3, 10]),
  });
  return fc.sample(state, { seed, numRuns: 40 });
}

/** How many rules each state matches: the JS engine's trace of the table under RULE ORDER (PRIORITY's names one rule). */
function matchCounts(t: GeneratedTable, states: Row[]): number[] {
  const compiled = compileModel(modelOf({ ...t, hit: "RULE ORDER" }), { strict: false });
  if (!compiled.ok) throw new Error("the model does not compile");
  return states.map((s) => {
    const rule = compiled.model.evaluateTraced(s).trace.table?.rule;
    return Array.isArray(rule) ? rule.length : rule == null ? 0 : 1;
  });
}

/** ANY tables whose rules' outputs are often equal by FEEL's `=` (1 and 1.0, null and null), often not. */
const equalOutputs = fc
  .tuple(
    generatedTable.filter((t) => t.hit === "ANY"),
    fc.array(fc.constantFrom("1", "1.0", "2", "null"), { minLength: 14, maxLength: 14 }),
  )
  .map(([t, outs]) => {
    const [header, ...rules] = t.rows;
    const inputs = header!.findIndex((h) => h.startsWith("=>"));
    return { ...t, rows: [header!, ...rules.map((r, k) => r.map((c, i) => (i < inputs ? c : outs[(k * 2 + i - inputs) % 14]!)))] };
  });

const MULTI = HIT_POLICIES.filter((h) => h !== "FIRST");

describe("decision tables of every hit policy in SQL", () => {
  it.each(MULTI)("%s: random tables agree with evaluate() in every dialect, or are refused at an address", async (policy) => {
    const tables = fc.sample(policy === "ANY" ? equalOutputs : generatedTable.filter((t) => t.hit === policy), {
      seed: 8600 + MULTI.indexOf(policy),
      numRuns: 12,
    });
    const seen = { compiled: 0, none: 0, one: 0, several: 0 };
    for (const [i, t] of tables.entries()) {
      const model = modelOf(t, i % 3 === 2);
      if (!compileModel(model, { strict: false }).ok) continue;
      const states = statesOf(t, i);
      for (const engine of engines) {
        const r = compileToSql(model, { dialect: engine.dialect, strict: false });
        if (!r.ok) {
          expect(r.diagnostics.map((d) => [d.code, /^decisions\b/.test(d.address ?? "")])).toEqual(
            r.diagnostics.map(() => ["sql.unsupported", true]),
          );
          continue;
        }
        seen.compiled++;
        const c = await compare(model, states, engine, false, false);
        expect(c.disagreements.slice(0, 3), `${engine.dialect}: ${JSON.stringify(t.rows)}`).toEqual([]);
        for (const n of matchCounts(t, states)) seen[n === 0 ? "none" : n === 1 ? "one" : "several"]++;
      }
    }
    // not vacuous: most tables compile, and their rows match no rule, one and several
    expect(seen.compiled).toBeGreaterThanOrEqual(engines.length * 6);
    expect(Math.min(seen.none, seen.one, seen.several)).toBeGreaterThan(10);
  });
});

describe("large tables of every policy: the grid and the cluster sort serve FIRST and UNIQUE only", () => {
  /** 210 rules of overlapping literal ranges of x (the grid and the cluster sort take FIRST tables like it), outputs from the priority list */
  const rows = (hit: string): ModelInput => ({
    content: {
      name: "large",
      inputs: { x: { type: "number", desc: "x?", blank: true } },
      decisions: {
        table: {
          hit,
          table: [
            ["x", "=> urgent|high|low"],
            ...Array.from({ length: 210 }, (_, k) => [`[${k}..${k + 3}]`, JSON.stringify(["low", "high", "urgent"][(k * 7) % 3])]),
          ],
        },
      },
    },
  });
  const states = Array.from({ length: 216 }, (_, k) => ({ x: k - 2 })).concat([{ x: 1.5 }, { x: null }] as never[]);

  it.each(["PRIORITY", "ANY", "COLLECT", "OUTPUT ORDER", "COLLECT COUNT"])(
    "%s agrees with evaluate() in every dialect, its rows sorted by no rule",
    async (hit) => {
      for (const engine of engines) {
        const r = compileToSql(rows(hit), { dialect: engine.dialect, strict: false });
        expect(r.ok && r.query.clusterBy, engine.dialect).toEqual([]);
        const c = await compare(rows(hit), states, engine, false, false);
        expect(c.disagreements.slice(0, 3), engine.dialect).toEqual([]);
      }
    },
  );
});

describe("a table of no rules", () => {
  it.each(MULTI)("%s: refused at the table's address in every dialect, saying why, not thrown", (hit) => {
    const model: ModelInput = {
      content: { name: "no rules", inputs: INPUTS, decisions: { table: { hit, table: [["x", "=> number"]] } } },
    };
    for (const dialect of ["duckdb", "postgres"] as const) {
      const r = compileToSql(model, { dialect, strict: false });
      const got = r.ok ? [] : r.diagnostics.map((d) => [d.code, d.address, d.message.endsWith(`the hit policy ${hit} without rules`)]);
      expect(got, dialect).toEqual([["sql.unsupported", "decisions.table", true]]);
    }
  });
});

/** The DMN corpus's files with a table of a policy beside FIRST and UNIQUE, imported as `pdm import-dmn` does (with the folder's other files). */
function multiHitCorpus(): { file: string; model: ModelInput }[] {
  return corpusFiles().flatMap((file) => {
    const path = join(CORPUS, file);
    const text = readFileSync(path, "utf8");
    if (!/hitPolicy="(COLLECT|PRIORITY|ANY|RULE ORDER|OUTPUT ORDER)"/.test(text)) return [];
    const dir = dirname(path);
    const siblings = Object.fromEntries(
      readdirSync(dir)
        .filter((n) => n.endsWith(".dmn"))
        .map((n) => [n, readFileSync(join(dir, n), "utf8")]),
    );
    const imported = importDmn(text, { file: file.slice(file.lastIndexOf("/") + 1), siblings, freeNames });
    return imported.content ? [{ file, model: { content: imported.content } as ModelInput }] : [];
  });
}

describe("the DMN corpus's multi-hit tables in SQL", () => {
  it("each file that checks compiles in both dialects and agrees with evaluate(), or is refused at an address", async () => {
    let compiled = 0;
    for (const { file, model } of multiHitCorpus()) {
      const check = checkModel(model, { strict: false });
      if (!check.valid) continue;
      for (const engine of engines) {
        const r = compileToSql(model, { dialect: engine.dialect, strict: false });
        if (!r.ok) {
          expect(
            r.diagnostics.every((d) => d.code === "sql.unsupported" && /^(inputs|decisions)\b/.test(d.address ?? "")),
            file,
          ).toBe(true);
          continue;
        }
        compiled++;
        const c = await compare(model, statesFor(check.input, 60, compiled), engine, false, false);
        expect(c.disagreements.slice(0, 3), `${engine.dialect}: ${file}`).toEqual([]);
        expect(c.scored, file).toBeGreaterThan(0);
      }
    }
    // 32 of the 35 files that check, in each dialect (none before these policies were lowered)
    expect(compiled).toBeGreaterThanOrEqual(32 * engines.length);
  });
});

describe("a decision declared a list of a choice's values, or of contexts of them", () => {
  const model: ModelInput = {
    content: {
      name: "declared lists",
      inputs: { s: { type: "string", desc: "s?", blank: true }, t: { type: "string", desc: "t?", blank: true } },
      decisions: {
        values: { type: ["x|y"], expr: '[s, "x", t]' },
        contexts: { type: [{ a: "x|y", n: "number" }], expr: '[{a: s, n: 1}, {a: "y", n: 2}, {a: t, n: 3}]' },
        empty: { type: ["x|y"], expr: '[s, t][item = "none"]' },
      },
    },
  };
  const texts = [null, "x", "y", "z", "", "X"];
  const states = texts.flatMap((s) => texts.map((t) => ({ s, t })));

  it("keeps the list where every item conforms, else null, as evaluate() converts it, in every dialect", async () => {
    for (const engine of engines) {
      const c = await compare(model, states, engine, false, false);
      expect(c.disagreements.slice(0, 3), engine.dialect).toEqual([]);
      expect(c.scored, engine.dialect).toBe(states.length);
    }
    // not vacuous: both answers occur
    const compiled = compileModel(model, { strict: false });
    if (!compiled.ok) throw new Error("the model does not compile");
    const answers = states.map((s) => compiled.model.evaluateToValues(s));
    expect(answers.some((a) => a.values === null && a.contexts === null)).toBe(true);
    expect(answers.some((a) => Array.isArray(a.values) && Array.isArray(a.contexts))).toBe(true);
  });
});
