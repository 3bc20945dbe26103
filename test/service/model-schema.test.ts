// The model format's JSON Schema (GET /schemas/model.json): a sound draft 2020-12 document that
// accepts every sample model and the models the compiler accepts, and rejects models broken in
// their structure, at the place they are broken. Checked with ajv, as any editor would use it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelSchemaDocument } from "../../src/service/schemas/model-document.js";

const SAMPLES = join(import.meta.dirname, "../../samples");
const samples = readdirSync(SAMPLES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => [d.name, JSON.parse(readFileSync(join(SAMPLES, d.name, "model.json"), "utf8"))] as [string, Record<string, any>]);

const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
const validate = ajv.compile(modelSchemaDocument());
const errorsOf = (model: unknown) => (validate(model) ? [] : validate.errors!.map((e) => e.instancePath));

/** Structural breaks, each with the JSON pointer the schema must report (or report below). */
const BREAKS: [string, (m: Record<string, any>) => void, string][] = [
  ["content missing", (m) => delete m.content, ""],
  ["an unknown top-level field", (m) => (m.extra = 1), ""],
  ["an unknown content field", (m) => (m.content.decision = {}), "/content"],
  ["name not a string", (m) => (m.content.name = 3), "/content/name"],
  ["an input without desc", (m) => delete (Object.values(m.content.inputs)[0] as any).desc, `/content/inputs`],
  ["an input with an unknown field", (m) => ((Object.values(m.content.inputs)[0] as any).dsec = "x"), "/content/inputs"],
  ["a threshold above 1", (m) => ((Object.values(m.content.inputs)[0] as any).threshold = 2), "/content/inputs"],
  ["a decision that is a number", (m) => (m.content.decisions[Object.keys(m.content.decisions)[0]!] = 42), "/content/decisions"],
  [
    "a decision with both expr and table",
    (m) => (m.content.decisions.both = { expr: "1", table: [["=> number"], ["1"]] }),
    "/content/decisions/both",
  ],
  ["a decision with neither expr nor table", (m) => (m.content.decisions.neither = { type: "number" }), "/content/decisions/neither"],
  [
    "a table whose header holds a number",
    (m) =>
      (m.content.decisions.t = [
        [1, "=> number"],
        ["-", "1"],
      ]),
    "/content/decisions/t",
  ],
  [
    "a table cell that is a number",
    (m) =>
      (m.content.decisions.t = [
        ["x", "=> number"],
        [1, "2"],
      ]),
    "/content/decisions/t",
  ],
  [
    "an unknown hit policy",
    (m) => (m.content.decisions.h = { table: [["=> number"], ["1"]], hit: "SOMETIMES" }),
    "/content/decisions/h/hit",
  ],
  ["a rule object without then", (m) => (m.content.decisions.r = [["x", "=> number"], { when: { x: "1" } }]), "/content/decisions/r"],
  ["a function without body", (m) => (m.content.functions = { f: { params: { a: "number" } } }), "/content/functions/f"],
  [
    "a list type with two element types",
    (m) => ((Object.values(m.content.inputs)[0] as any).type = ["number", "string"]),
    "/content/inputs",
  ],
  ["questions missing", (m) => delete m.questions, ""],
  ["a question of an unknown type", (m) => (m.questions.q = { type: "maybe", instructions: "?" }), "/questions/q/type"],
];

describe("the model format's JSON Schema", () => {
  it("is a valid draft 2020-12 document whose references all resolve", () => {
    expect(ajv.validateSchema(modelSchemaDocument())).toBe(true);
    const refs = JSON.stringify(modelSchemaDocument()).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(5);
    for (const r of refs) expect(r).toMatch(/"#\/\$defs\/\w+"/);
  });

  it.each(samples.filter(([name]) => name !== "broken"))("accepts the %s sample", (_name, model) => {
    expect(errorsOf(model)).toEqual([]);
  });

  it("finds in the broken sample only faults of structure its expected diagnostics list (the rest is meaning)", () => {
    const expected = JSON.parse(readFileSync(join(SAMPLES, "broken", "expected-diagnostics.json"), "utf8")) as { address: string }[];
    const errors = errorsOf(samples.find(([n]) => n === "broken")![1]);
    expect(errors.length).toBeGreaterThan(0);
    for (const pointer of errors) {
      const address = pointer.split("/").slice(2).join(".");
      expect(expected.map((d) => d.address)).toContain(address);
    }
  });

  it.each(BREAKS)("rejects %s, at its place", (_what, breakIt, at) => {
    for (const [, sample] of samples) {
      const model = structuredClone(sample);
      breakIt(model);
      const errors = errorsOf(model);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.some((p) => p.startsWith(at))).toBe(true);
    }
  });

  it("rejects any sample with a section replaced by a value of the wrong JSON kind", () => {
    const wrong = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { minLength: 1 }), fc.string());
    const section = fc.constantFrom("inputs", "decisions", "types", "functions");
    fc.assert(
      fc.property(fc.constantFrom(...samples), section, wrong, ([, sample], name, value) => {
        const model = structuredClone(sample);
        model.content[name] = value;
        expect(errorsOf(model).some((p) => p.startsWith(`/content/${name}`))).toBe(true);
      }),
    );
  });
});
