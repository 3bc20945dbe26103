// Expression languages: FEEL under every name DMN gives it is imported; any other language (on the
// element, or the file's default on <definitions>) and JUEL's `${...}` are import errors at the
// element, and the decision holding them is `unmapped`, so the check fails and nothing runs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileUncached, type ModelInput } from "../../src/compiler/index.js";
import { importDmn } from "../../src/dmn/index.js";
import { singleQuoted } from "../../src/dmn/language.js";
import { decision, dmn, input } from "./helpers.js";

const errors = (r: ReturnType<typeof importDmn>) => r.diagnostics.filter((d) => d.severity === "error");
const warnings = (r: ReturnType<typeof importDmn>, code: string) =>
  r.diagnostics.filter((d) => d.severity === "warning" && d.code === code);
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
  // DMN 1.4, and 1.3's without the final slash as some tools write it
  "https://www.omg.org/spec/DMN/20211108/FEEL/",
  "https://www.omg.org/spec/DMN/20191111/FEEL",
  "HTTPS://WWW.OMG.ORG/SPEC/DMN/20191111/FEEL/",
  "FEEL",
  "feel",
  "Feel",
  "S-FEEL",
  // Camunda's FEEL engines
  "feel-scala",
  "FEEL-SCALA",
  "feel-juel",
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
    const r = importDmn(model({ fileLanguage: "Groovy" }), { file: "order.dmn" });
    const messages = errors(r).map((d) => d.message);
    expect(errors(r).every((d) => d.code === "dmn.expression.language")).toBe(true);
    expect(messages.some((m) => m.includes("Groovy") && /<literalExpression id="l1"> in order\.dmn:\d+\)$/.test(m))).toBe(true);
    expect(messages.some((m) => /<inputExpression id="ie1"> in order\.dmn:\d+\)$/.test(m))).toBe(true);
    expect(messages.some((m) => /<inputEntry id="e1"> in order\.dmn:\d+\)$/.test(m))).toBe(true);
    // no foreign text is written into the model: both decisions are placeholders that fail the check
    expect(decisions(r).double).toEqual({ type: "number", unmapped: expect.stringContaining("Groovy") });
    expect(decisions(r).grade.table).toBeUndefined();
    const check = lenient(r);
    expect(check.valid).toBe(false);
    expect(check.stages.flatMap((s) => s.diagnostics).filter((d) => d.code === "decision.unmapped")).toHaveLength(2);
  });

  it("under a JUEL default, imports what reads the same in FEEL (the input expression `x`) and refuses the rest", () => {
    const r = importDmn(model({ fileLanguage: "JUEL" }), { file: "order.dmn" });
    expect(warnings(r, "dmn.expression.juel-mapped").map((d) => d.message)).toEqual([
      expect.stringMatching(/`x`.*<inputExpression id="ie1"> in order\.dmn:\d+\)$/),
      expect.stringMatching(/`"high"`.*<outputEntry id="e2"> in order\.dmn:\d+\)$/),
    ]);
    const refused = errors(r).map((d) => d.message);
    expect(refused).toEqual([
      expect.stringMatching(/JUEL.*<literalExpression id="l1"> in order\.dmn:\d+\)$/),
      expect.stringMatching(/JUEL.*condition on cellInput.*<inputEntry id="e1"> in order\.dmn:\d+\)$/),
    ]);
    expect(decisions(r).double.unmapped).toContain("JUEL");
    expect(decisions(r).grade.unmapped).toContain("JUEL");
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

/** A Camunda-style table: an input expression, one rule, an output entry, each maybe in JUEL. */
function camunda(opts: { inputExpression: string; outputEntry: string; inputEntry?: string; language?: string }): string {
  const lang = opts.language === undefined ? "" : ` expressionLanguage="${opts.language}"`;
  return dmn(
    decision(
      "result",
      `<decisionTable id="t1"><input id="in1"><inputExpression id="ie1"${lang}><text>${opts.inputExpression}</text></inputExpression></input>
      <output id="o1" name="result"/>
      <rule id="r1"><inputEntry id="e1"${lang}><text>${opts.inputEntry ?? ""}</text></inputEntry><outputEntry id="e2"${lang}><text>${opts.outputEntry}</text></outputEntry></rule>
    </decisionTable>`,
    ),
  );
}

const run = (r: ReturnType<typeof importDmn>, state: Record<string, unknown>): unknown => {
  const compiled = compileUncached(r.content as ModelInput, { strict: false });
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.check.stages.flatMap((s) => s.diagnostics).map((d) => d.message)));
  return compiled.model.evaluate(state).result;
};

describe("JUEL that FEEL reads the same", () => {
  const name = fc
    .stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/)
    .filter(
      (n) =>
        ![
          "and",
          "or",
          "not",
          "eq",
          "ne",
          "lt",
          "gt",
          "le",
          "ge",
          "true",
          "false",
          "null",
          "instanceof",
          "empty",
          "div",
          "mod",
          "for",
          "in",
          "return",
          "if",
          "then",
          "else",
          "some",
          "every",
          "satisfies",
          "between",
          "instance",
          "of",
          "function",
          "external",
          "result",
        ].includes(n),
    );
  /** JUEL literal text and the value it evaluates to. */
  const literalValue = fc.oneof(
    fc.boolean().map((b) => [String(b), b] as const),
    fc.integer({ min: 0, max: 1_000_000 }).map((n) => [String(n), n] as const),
    fc.stringMatching(/^[a-z ]{0,10}$/).map((t) => [`"${t}"`, t] as const),
    fc.stringMatching(/^[a-z ]{0,10}$/).map((t) => [`'${t}'`, t] as const),
  );

  it("imports a variable's name and a literal, bare under expressionLanguage=juel or as ${...}, and runs them to JUEL's value", () => {
    fc.assert(
      fc.property(name, literalValue, fc.boolean(), fc.anything(), (variable, [text, value], wrapped, given) => {
        const juel = (t: string) => (wrapped ? `\${${t}}` : t);
        const r = importDmn(
          camunda({
            inputExpression: juel(variable),
            outputEntry: juel(text).replace(/"/g, "&quot;"),
            language: wrapped ? undefined : "juel",
          }),
        );
        expect(errors(r)).toEqual([]);
        expect(warnings(r, "dmn.expression.juel-mapped")).toHaveLength(2);
        expect(run(r, { [variable]: given })).toEqual(value);
      }),
      { numRuns: 60 },
    );
  });

  it("keeps an empty input entry (it matches everything, in any language)", () => {
    const r = importDmn(camunda({ inputExpression: "x", outputEntry: "1", inputEntry: "", language: "juel" }));
    expect(errors(r)).toEqual([]);
    expect(run(r, { x: 5 })).toBe(1);
  });

  it.each([
    ["an operator", "${a + b}"],
    ["a comparison", "${a == 1}"],
    ["a property path", "${a.b}"],
    ["an index counted from 0", "${a[0]}"],
    ["a method call", "${variableContext.resolve('a')}"],
    ["a string with an escape", '${"a\\"b"}'],
    ["a decimal (a double in JUEL)", "${13.37}"],
    ["a reserved word", "${empty}"],
    ["two expressions in one text", "${a}${b}"],
    ["a FEEL keyword", "${for}"],
  ])("refuses %s, which FEEL does not read the same", (_, text) => {
    const r = importDmn(camunda({ inputExpression: "x", outputEntry: text.replace(/"/g, "&quot;") }));
    expect(errors(r).map((d) => d.code)).toEqual(["dmn.expression.juel"]);
    expect(errors(r)[0]!.message).toMatch(/<outputEntry id="e2"> in model\.dmn:\d+\)$/);
    expect(decisions(r).result.unmapped).toBeDefined();
  });

  it("refuses every JUEL input entry, a condition on cellInput, even one that looks like a literal", () => {
    for (const entry of ["true", "x", '"gold"']) {
      const r = importDmn(camunda({ inputExpression: "x", outputEntry: "1", inputEntry: entry.replace(/"/g, "&quot;"), language: "juel" }));
      expect(errors(r).map((d) => d.message)).toEqual([expect.stringMatching(/condition on cellInput.*<inputEntry id="e1">/)]);
      expect(decisions(r).result.unmapped).toBeDefined();
    }
  });
});

describe("single-quoted FEEL text (older Camunda FEEL strings, jDMN names)", () => {
  const located = /\(<inputEntry id="e1">(?: in <\w+ [^>]*>)? in q\.dmn:\d+\)$/;

  it("refuses an entry in single quotes at the element, says what FEEL writes instead, and the check fails", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,11}$/), fc.constantFrom("", "not(", "&lt; ", "x, "), (word, before) => {
        const entry = `${before}'${word}'${before.endsWith("(") ? ")" : ""}`;
        const r = importDmn(model({ entry }), { file: "q.dmn" });
        const e = errors(r);
        expect(e.map((d) => d.code)).toEqual(["dmn.expression.single-quoted"]);
        expect(e[0]!.message).toContain(`\`'${word}'\``);
        expect(e[0]!.message).toContain("double quotes");
        expect(e[0]!.message).toMatch(located);
        expect(lenient(r).valid).toBe(false);
      }),
      { numRuns: 25 },
    );
  });

  it("reads an apostrophe inside a name, a string or a comment as FEEL", () => {
    for (const text of ["Customer's age", '"O\'Brien"', "> 10 // it's high", "/* 'a' */ > 10", 'x = "it\'s"'])
      expect([text, singleQuoted(text)]).toEqual([text, undefined]);
    for (const text of ["'gold'", "not('a', 'b')", "x = 'y'", "\"a\", 'b'"])
      expect([text, singleQuoted(text)]).not.toEqual([text, undefined]);
    const r = importDmn(model({ entry: '"it\'s"' }), { file: "q.dmn" });
    expect(errors(r)).toEqual([]);
  });
});

describe("JUEL condition ends in table entries (Flowable, Activiti)", () => {
  const located = /\(<inputEntry id="e1">(?: in <\w+ [^>]*>)? in f\.dmn:\d+\)$/;

  it("refuses `== value`, `!= value` and `.method(...)` at the element, never writes them into the model, and the check fails", () => {
    const operand = fc.constantFrom("1", "10.5", '"gold"', "'gold'", "true", "x", "");
    const method = fc.constantFrom("startsWith", "endsWith", "contains", "equals");
    const fragment = fc.oneof(
      operand.map((o) => `== ${o}`),
      operand.map((o) => `==${o}`),
      operand.map((o) => `!= ${o}`),
      fc.tuple(method, operand).map(([m, o]) => `.${m}(${o})`),
    );
    fc.assert(
      fc.property(fragment, fc.constantFrom("", " ", "\n  "), (text, pad) => {
        const r = importDmn(model({ entry: pad + text.replace(/</g, "&lt;") }), { file: "f.dmn" });
        const e = errors(r);
        expect(e.map((d) => d.code)).toEqual(["dmn.expression.juel-fragment"]);
        expect(e[0]!.message).toContain("JUEL");
        expect(e[0]!.message).toMatch(located);
        // the decision is written without a body: only the message quotes the text
        expect(Object.keys(decisions(r).grade!).sort()).toEqual(["type", "unmapped"]);
        expect(lenient(r).valid).toBe(false);
      }),
      { numRuns: 40 },
    );
  });

  it("leaves FEEL that merely contains a method-like name or `=` alone", () => {
    for (const entry of ['"a.b"', "= 10", "x.y", "[1..10]", "not(1)"]) {
      const r = importDmn(model({ entry }), { file: "f.dmn" });
      expect(errors(r).map((d) => d.code)).not.toContain("dmn.expression.juel-fragment");
    }
  });
});
