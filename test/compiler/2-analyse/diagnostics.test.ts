// A model that exhibits a problem gets the catalogue's code, at the model address of the problem,
// with the catalogue's severity, in the catalogue's Check stage. Codes other test files already
// exhibit (names.unknown, graph.cycle, types.mismatch, ...) are not repeated here.
import { describe, expect, it } from "vitest";
import { type AnyEntry, CATALOGUE, type CheckStageName, type DiagnosticCode } from "../../../src/ir/diagnostic-catalogue/index.js";
import { analyseModel } from "../../../src/compiler/2-analyse/index.js";
import { content, type Content } from "./helpers.js";

interface Exhibit {
  code: DiagnosticCode;
  content: Content;
  questions?: Record<string, unknown>;
  address: string;
  lenient?: boolean;
}

const table = (rows: unknown[]): Content => content({ decisions: { adult: rows } });
const decision = (d: Record<string, unknown>): Content => content({ decisions: { adult: { expr: "age >= 18", ...d } } });
const fn = (f: unknown): Content => content({ functions: { f } });

/** graph.cycle and graph.unused-input are exhibited in graph.test.ts. */
const EXHIBITS: Partial<Record<CheckStageName, Exhibit[]>> = {
  parse: [
    { code: "content.shape", content: content({ functions: [] }), address: "functions" },
    { code: "decision.desc-invalid", content: decision({ desc: 5 }), address: "decisions.adult.desc" },
    { code: "decision.let-shape", content: decision({ let: ["x"] }), address: "decisions.adult.let" },
    { code: "decision.requires-shape", content: decision({ requires: "age" }), address: "decisions.adult.requires" },
    { code: "decision.table-shape", content: content({ decisions: { adult: { table: "x" } } }), address: "decisions.adult.table" },
    {
      code: "decision.table-object-key",
      content: decision({
        expr: "t",
        let: {
          t: {
            table: [
              ["age", "=> t"],
              ["-", "1"],
            ],
            hits: "FIRST",
          },
        },
      }),
      address: "decisions.adult.let.t",
      lenient: true,
    },
    {
      code: "decision.default-shape",
      content: content({
        decisions: {
          adult: {
            table: [
              ["age", "=> a", "=> b"],
              [">= 18", "1", "2"],
            ],
            default: 5,
          },
        },
      }),
      address: "decisions.adult.default",
      lenient: true,
    },
    { code: "function.shape", content: fn(5), address: "functions.f" },
    { code: "function.params-shape", content: fn({ params: ["x"], body: "1" }), address: "functions.f.params" },
    { code: "function.body-missing", content: fn({ params: { x: "number" } }), address: "functions.f" },
    { code: "function.unknown-key", content: fn({ params: {}, body: "1", retruns: "number" }), address: "functions.f.retruns" },
  ],
  names: [{ code: "names.invalid", content: content({ decisions: { adult: "age >= 18", " x": "1" } }), address: "decisions. x" }],
  types: [
    { code: "types.not-a-function", content: content({ decisions: { adult: "age(1)" } }), address: "decisions.adult" },
    { code: "types.not-a-function", content: content({ decisions: { adult: "age(1)" } }), address: "decisions.adult", lenient: true },
  ],
  tables: [
    { code: "tables.empty", content: table([]), address: "decisions.adult" },
    {
      code: "tables.cell-invalid",
      content: table([
        ["age", "=> a"],
        [{}, "1"],
        ["-", "2"],
      ]),
      address: "decisions.adult.rule[1]",
    },
    {
      code: "tables.cell-invalid",
      content: table([
        ["age", "=> a"],
        ["< 18", {}],
        ["-", "2"],
      ]),
      address: "decisions.adult.rule[1]",
    },
    { code: "tables.rule-shape", content: table([["age", "=> a"], 5, ["-", "2"]]), address: "decisions.adult.rule[1]" },
    {
      code: "tables.output-header",
      content: table([
        ["age", "=>", "=> b"],
        [">= 1", "1", "2"],
        ["-", "0", "0"],
      ]),
      address: "decisions.adult.rule[0]",
    },
  ],
  questions: [
    { code: "questions.shape", content: content(), questions: { adult: 5 }, address: "questions.adult" },
    {
      code: "questions.options-invalid",
      content: content(),
      questions: { adult: { type: "choice", instructions: "Adult?", options: 5 } },
      address: "questions.adult.options",
    },
  ],
};

describe.each(Object.entries(EXHIBITS) as [CheckStageName, Exhibit[]][])("the %s stage", (stageName, exhibits) => {
  it.each(exhibits.map((e) => [`${e.code} at ${e.address}${e.lenient ? " (lenient)" : ""}`, e] as const))("reports %s", (_, e) => {
    const entry = CATALOGUE[e.code] as AnyEntry;
    expect(entry.stage).toBe(stageName);
    const model = e.questions === undefined ? e.content : { content: e.content, questions: e.questions };
    const r = analyseModel(model, { strict: !e.lenient });
    const d = r.diagnostics.find((x) => x.code === e.code && x.address === e.address);
    if (!d) throw new Error(`no ${e.code} at ${e.address}: ${JSON.stringify(r.diagnostics, null, 1)}`);
    const severity = entry.severity === "strict-error" ? (e.lenient ? "warning" : "error") : entry.severity;
    expect(d.severity).toBe(severity);
    const stage = r.stages.find((s) => s.name === stageName)!;
    expect(stage.diagnostics).toContain(d);
    if (severity === "error") {
      expect(stage.ok).toBe(false);
      expect(r.ir).toBeNull();
    } else expect(r.warnings).toContain(`${d.address}: ${d.message}`);
  });
});
