// The generated explain function, over random states of every sample model and the generated
// 200-rule table (indexed: its `run` takes the lookup, its explain path is sequential). Explain's
// values are evaluate's; each rule it reports is checked cell by cell by an oracle that compiles
// the cell alone into a one-rule table; under FIRST the rule it says matched is the first whose
// every cell matches, and the one `run`'s trace names.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadSamples } from "../../../bench/load-samples.js";
import { table200Model } from "../../../bench/models/table200.js";
import { typeToString } from "../../../src/compiler/2-analyse/expressions/compat.js";
import { inputCells, tableSites } from "../../../src/compiler/6-package/readme-tables.js";
import { compileModel, type CompiledModel, type ModelInput } from "../../../src/compiler/index.js";
import type { Explanation } from "../../../src/ir/explanation.js";
import type { Type } from "../../../src/ir/types.js";
import { DeclaredResultError } from "../../../src/runtime/declared.js";
import { arbitraryFor } from "../../support/arbitrary-state.js";

function compile(model: unknown, strict = true): CompiledModel {
  const r = compileModel(model as ModelInput, { strict });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics).map((d) => `${d.address}: ${d.message}`)));
  return r.model;
}

const withoutConstraint = (t: Type): Type => ("constraint" in t && t.constraint ? { ...t, constraint: undefined } : t);

/** Does `cell` (as written) match `value` (JSON) of a column of type `type`? A one-rule table says. */
function cellMatches(type: Type, cell: string, value: unknown): boolean {
  const oracle = compile({
    content: {
      name: "cell oracle",
      inputs: { v: { type: typeToString(withoutConstraint(type)), desc: "the column value" } },
      decisions: {
        m: [
          ["v", "=> boolean"],
          [cell, "true"],
          ["-", "false"],
        ],
      },
    },
    questions: {},
  });
  return oracle.evaluate({ v: value }).m === true;
}

/** Random states: valid ones, and ones with inputs left out (nulls flow through the model). */
function states(model: CompiledModel): fc.Arbitrary<Record<string, unknown>> {
  const valid = arbitraryFor(model.inputSchema) as fc.Arbitrary<Record<string, unknown>>;
  const names = Object.keys((model.inputSchema.properties ?? {}) as object);
  const partial = fc
    .tuple(valid, fc.subarray(names))
    .map(([s, dropped]) => Object.fromEntries(Object.entries(s).filter(([k]) => !dropped.includes(k))));
  return fc.oneof(valid, partial);
}

function checkExplanation(model: CompiledModel, state: Record<string, unknown>, explanation: Explanation): void {
  const sites = tableSites(model.ir, model.check.content);
  const trace = model.evaluateTraced(state).trace;
  for (const d of model.ir.decisions) {
    const e = explanation.decisions[d.name]!;
    expect(e.address).toBe(d.address);
    expect(e.nullCause !== undefined).toBe(e.value === null);
    if (d.body.kind !== "table") {
      expect(e.table).toBeUndefined();
      continue;
    }
    const table = d.body.table;
    const cells = inputCells(sites.find((s) => s.table === table)!);
    const t = e.table!;
    expect(t.hitPolicy).toBe(table.aggregation ? `${table.hit} ${table.aggregation}` : table.hit);
    expect(t.inputs).toHaveLength(table.inputs.length);
    const matches = (rule: number, column: number) => {
      const cell = cells[rule - 1]![column - 1]!;
      return cell === "-" || cellMatches(table.inputs[column - 1]!.type, cell, t.inputs[column - 1]);
    };
    for (const r of t.rules) {
      expect(r.address).toBe(`${d.address}.rule[${r.rule}]`);
      const columns = table.inputs.map((_, i) => i + 1);
      if (r.failed) {
        expect(r.matched).toBe(false);
        expect(r.failed.value).toEqual(t.inputs[r.failed.column - 1]);
        // the first failing cell: it fails, and every cell before it matches
        expect(matches(r.rule, r.failed.column)).toBe(false);
        for (const c of columns.filter((c) => c < r.failed!.column)) expect(matches(r.rule, c)).toBe(true);
      } else {
        expect(r.matched).toBe(true);
        for (const c of columns) expect(matches(r.rule, c)).toBe(true);
      }
    }
    const numbers = table.rules.map((r) => r.index);
    expect(t.matched).toEqual(t.rules.filter((r) => r.matched).map((r) => r.rule));
    if (table.hit === "FIRST") {
      // the rules up to the first that matches, in order; the one run's trace names
      const tried = t.rules.map((r) => r.rule);
      expect(tried).toEqual(numbers.slice(0, tried.length));
      expect(t.matched.length).toBeLessThanOrEqual(1);
      if (t.matched.length === 1) expect(t.matched[0]).toBe(tried.at(-1));
      else expect(tried).toEqual(numbers);
      expect(trace[d.name]?.rule).toEqual(t.matched[0]);
    } else {
      expect(t.rules.map((r) => r.rule)).toEqual(numbers);
    }
    if (t.defaulted) expect(t.matched).toEqual([]);
  }
}

/** The error when `run` throws DeclaredResultError (the state is outside a decision's declared type). */
function outside(run: () => unknown): DeclaredResultError | undefined {
  try {
    run();
    return undefined;
  } catch (e) {
    if (e instanceof DeclaredResultError) return e;
    throw e;
  }
}

const models = [
  ...loadSamples().map((s) => ({ name: s.name, model: compile(s.model) })),
  { name: "table200 (indexed)", model: compile(table200Model()) },
];

describe.each(models)("explain on $name", ({ model }) => {
  it("gives evaluate's values and a rule-by-rule account every cell oracle agrees with, for random states", () => {
    fc.assert(
      fc.property(states(model), (state) => {
        // a state that makes a decision fall outside its declared type fails both the same way
        const refused = outside(() => model.evaluate(state));
        if (refused) {
          expect(outside(() => model.explain(state))?.message).toBe(refused.message);
          return;
        }
        const { decisions, explanation } = model.explain(state);
        expect(decisions).toEqual(model.evaluate(state));
        expect(Object.keys(explanation.decisions)).toEqual(Object.keys(decisions));
        for (const [name, e] of Object.entries(explanation.decisions)) expect(e.value).toEqual(decisions[name]);
        checkExplanation(model, state, explanation);
      }),
      { numRuns: 25 },
    );
  });

  it("holds no model text: without the values it carries, no cell text is left", () => {
    const texts = tableSites(model.ir, model.check.content).flatMap((s) =>
      inputCells(s)
        .flat()
        .filter((c) => c !== "-"),
    );
    // the values an explanation carries (decision, column, step values) may equal a cell's text
    const withoutValues = (x: unknown): unknown =>
      Array.isArray(x)
        ? x.map(withoutValues)
        : x !== null && typeof x === "object"
          ? Object.fromEntries(Object.entries(x).flatMap(([k, v]) => (k === "value" || k === "inputs" ? [] : [[k, withoutValues(v)]])))
          : x;
    fc.assert(
      fc.property(states(model), (state) => {
        if (outside(() => model.evaluate(state))) return;
        const json = JSON.stringify(withoutValues(model.explain(state).explanation));
        for (const text of texts) expect(json).not.toContain(JSON.stringify(text));
      }),
      { numRuns: 10 },
    );
  });
});
