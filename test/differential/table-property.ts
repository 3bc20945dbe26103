// The differential property over decision tables: a batch of random tables (one decision each) on
// random states, evaluated optimised, at -O0 and by the reference. Tables with a hit policy other
// than FIRST are checked leniently, as imported DMN is.
import fc from "fast-check";
import { compileUncached } from "../../src/compiler/index.js";
import { parseExpression, parseUnaryTests } from "../../src/compiler/1-parse/feel/index.js";
import { INPUTS, inputState } from "../support/generate/expressions.js";
import { generatedTable, type GeneratedTable } from "../support/generate/tables.js";
import { same } from "../support/reference/same.js";
import { formatValue } from "../support/reference/show.js";
import { evaluateTable, type RefTable } from "../support/reference/tables.js";
import { fromEngine } from "./from-engine.js";
import { referenceScope, type State } from "./three-ways.js";

export const TABLE_BATCH = 10;
export const TABLE_STATES = 4;
/** cases run, in all and by hit policy */
export const tableCases = { count: 0, byHit: new Map<string, number>() };

const names = { names: Object.keys(INPUTS) };
const inputs = Object.fromEntries(Object.entries(INPUTS).map(([name, { type }]) => [name, { type, desc: `What is ${name}?` }]));

function parsed<T>(r: { value: T | null }, text: string): T {
  if (r.value === null) throw new Error(`the generator wrote a cell that does not parse: ${text}`);
  return r.value;
}

/** the generated rows read as the reference's table */
function referenceTable(t: GeneratedTable): RefTable {
  const [header, ...rules] = t.rows as [string[], ...string[][]];
  const inputCount = header.findIndex((h) => h.startsWith("=>"));
  return {
    hit: t.hit,
    inputs: header.slice(0, inputCount).map((h) => parsed(parseExpression(h, names), h)),
    outputs: header.slice(inputCount).map((h) => /^=> (\w+):/.exec(h)?.[1] ?? ""),
    priorities: header[inputCount]!.includes("|") ? header[inputCount]!.slice(3).split("|") : [],
    rules: rules.map((r) => ({
      tests: r.slice(0, inputCount).map((c) => parsed(parseUnaryTests(c, names), c)),
      outputs: r.slice(inputCount).map((c) => parsed(parseExpression(c, names), c)),
    })),
  };
}

const show = (t: GeneratedTable) => `hit ${t.hit}\n${t.rows.map((r) => `    ${JSON.stringify(r)}`).join("\n")}`;

function tablesAgree(tables: GeneratedTable[], states: State[]): string[] {
  // lenient: a random cell may be an empty range, which the strict check rejects as a mistake
  const strict = false;
  const decisions = Object.fromEntries(tables.map((t, i) => [`t${i}`, { table: t.rows, hit: t.hit }]));
  const model = { content: { name: "differential tables", inputs, decisions } };
  const engines = [true, false].map((optimise) => compileUncached(model, { optimise, strict }));
  const failed = engines.find((e) => !e.ok);
  if (failed && !failed.ok) {
    if (tables.length > 1) return tables.flatMap((t) => tablesAgree([t], states));
    const errors = failed.check.stages.flatMap((s) => s.diagnostics).filter((d) => d.severity === "error");
    return [`${show(tables[0]!)}\n  does not compile: ${errors.map((d) => `${d.code}: ${d.message}`).join("; ")}`];
  }
  const found: string[] = [];
  const refs = tables.map(referenceTable);
  for (const state of states) {
    const results = engines.map((e) => (e.ok ? e.model.evaluateToValues(state) : {}));
    tables.forEach((t, i) => {
      tableCases.count++;
      tableCases.byHit.set(t.hit, (tableCases.byHit.get(t.hit) ?? 0) + 1);
      const expected = evaluateTable(refs[i]!, referenceScope(state));
      for (const [j, r] of results.entries()) {
        const got = fromEngine(r[`t${i}`] ?? null);
        if (!same(got, expected)) {
          found.push(
            `${show(t)}\n  state ${JSON.stringify(state)}\n  ${j === 0 ? "optimised" : "-O0"} gives ${formatValue(got)}, the reference ${formatValue(expected)}`,
          );
          return;
        }
      }
    });
  }
  return found;
}

export const tableProperty = fc.property(
  fc.array(generatedTable, { minLength: 1, maxLength: TABLE_BATCH, size: "max" }),
  fc.array(inputState, { minLength: 1, maxLength: TABLE_STATES, size: "max" }),
  (tables, states) => {
    const found = tablesAgree(tables, states);
    if (found.length > 0) throw new Error(found.join("\n"));
  },
);
