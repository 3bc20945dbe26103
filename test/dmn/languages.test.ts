// Expression languages: FEEL under every name DMN gives it is imported; any other language (on the
// element, or the file's default on <definitions>) and JUEL's `${...}` are import errors at the
// element, and the decision holding them is `unmapped`, so the check fails and nothing runs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, type ModelInput } from "../../src/compiler/index.js";
import { importDmn } from "../../src/dmn/index.js";
import { decision, dmn, input } from "./helpers.js";

const errors = (r: ReturnType<typeof importDmn>) => r.diagnostics.filter((d) => d.severity === "error");
const lenient = (r: ReturnType<typeof importDmn>) => checkModel(r.content as ModelInput, { strict: false });
const decisions = (r: ReturnType<typeof importDmn>) => r.content!.decisions as Record<string, Record<string, unknown>>;

/** A file with a default language, a literal decision and a table whose entries may name their own. */
function model(opts: { fileLanguage?: string; literalLanguage?: string; entryLanguage?: string; entry?: string }): string {
  const lang = (l?: string) => (l === undefined ? "" : ` expressionLanguage="${l}"`);
  const table = `<decisionTable id="t1"><input id="in1"><inputExpression id="ie1" typeRef="number"><text>x</text></inputExpression></input>
    <output id="o1" name="grade" typeRef="string"/>
    <rule id="r1"><inputEntry id="e1"${lang(opts.entryLanguage)}><text>${opts.entry ?? "&gt; 10"}</text></inputEntry><outputEntry id="e2"><text>"high"</text></outputEntry></rule>
  </decisionTable>`;
  const body = [
    input("x", "number"),
    decision("double", `<literalExpression id="l1"${lang(opts.literalLanguage)}><text>x * 2</text></literalExpression>`, "number"),
    decision("grade", table, "string"),
  ].join("\n");
  const xml = dmn(body);
  return opts.fileLanguage === undefined ? xml : xml.replace('id="defs"', `id="defs" expressionLanguage="${opts.fileLanguage}"`);
}

const FEEL_NAMES = [
  "http://www.omg.org/spec/FEEL/20140401",
  "http://www.omg.org/spec/DMN/20180521/FEEL/",
  "https://www.omg.org/spec/DMN/20191111/FEEL/",
  "https://www.omg.org/spec/DMN/20230324/FEEL/",
  "FEEL",
  "feel",
  "S-FEEL",
];

describe("expression languages", () => {
  it.each(FEEL_NAMES)("imports FEEL named %s, on the file or on an element", (name) => {
    for (const opts of [{ fileLanguage: name }, { literalLanguage: name, entryLanguage: name }]) {
      const r = importDmn(model(opts));
      expect(errors(r)).toEqual([]);
      expect(decisions(r).double.expr).toBe("x * 2");
      expect(lenient(r).valid).toBe(true);
    }
  });

  it("refuses the file's default language for every expression that names none, naming the language at each element and line", () => {
    const r = importDmn(model({ fileLanguage: "JUEL" }), { file: "order.dmn" });
    const messages = errors(r).map((d) => d.message);
    expect(errors(r).every((d) => d.code === "dmn.expression.language")).toBe(true);
    expect(messages.some((m) => m.includes("JUEL") && /<literalExpression id="l1"> in order\.dmn:\d+\)$/.test(m))).toBe(true);
    expect(messages.some((m) => /<inputExpression id="ie1"> in order\.dmn:\d+\)$/.test(m))).toBe(true);
    expect(messages.some((m) => /<inputEntry id="e1"> in order\.dmn:\d+\)$/.test(m))).toBe(true);
    // no foreign text is written into the model: both decisions are placeholders that fail the check
    expect(decisions(r).double).toEqual({ type: "number", unmapped: expect.stringContaining("JUEL") });
    expect(decisions(r).grade.table).toBeUndefined();
    const check = lenient(r);
    expect(check.valid).toBe(false);
    expect(check.stages.flatMap((s) => s.diagnostics).filter((d) => d.code === "decision.unmapped")).toHaveLength(2);
  });

  it("honours an element's own FEEL over a foreign file default, and the reverse", () => {
    const own = importDmn(model({ fileLanguage: "groovy", literalLanguage: "feel" }));
    expect(decisions(own).double.expr).toBe("x * 2");
    expect(decisions(own).grade.unmapped).toContain("Groovy");
    const reverse = importDmn(model({ entryLanguage: "javascript" }));
    expect(decisions(reverse).double.expr).toBe("x * 2");
    expect(decisions(reverse).grade.unmapped).toContain("JavaScript");
  });

  it("refuses B-FEEL, whose null handling differs, though its name contains FEEL", () => {
    const r = importDmn(model({ literalLanguage: "https://www.omg.org/spec/DMN/20230324/B-FEEL/" }));
    expect(errors(r).map((d) => d.message)).toEqual([expect.stringContaining("B-FEEL")]);
    expect(decisions(r).double.unmapped).toBeDefined();
  });

  it("names JUEL's ${...} where no language is declared (Camunda 7's old default) and does not read it as FEEL", () => {
    const r = importDmn(model({ entry: "${x > 10}" }));
    expect(errors(r).map((d) => d.code)).toEqual(["dmn.expression.juel"]);
    expect(errors(r)[0].message).toContain("${x > 10}");
    expect(decisions(r).grade.unmapped).toContain("JUEL");
    expect(lenient(r).valid).toBe(false);
  });

  it("never writes text of another language into a model, whatever the language is called", () => {
    const notFeel = fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((s) => /^[\w.:/ -]+$/.test(s) && !/^\s*(?:s-)?feel\b/i.test(s) && !/\/FEEL\/?(\d{8}\/?)?$/i.test(s));
    fc.assert(
      fc.property(notFeel, fc.constantFrom("fileLanguage", "literalLanguage"), (language, where) => {
        if (language.trim() === "") return;
        const r = importDmn(model({ [where]: language }));
        expect(decisions(r).double.expr).toBeUndefined();
        expect(decisions(r).double.unmapped).toBeDefined();
        expect(lenient(r).valid).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps a decision whose every expression is FEEL runnable beside one that is not", () => {
    const r = importDmn(model({ entryLanguage: "juel" }));
    expect(decisions(r).double.expr).toBe("x * 2");
    expect(decisions(r).grade.unmapped).toMatch(/JUEL.*<inputEntry id="e1">/);
  });
});
