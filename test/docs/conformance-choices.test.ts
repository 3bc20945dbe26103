// docs/conformance.md lists what the engine answers where the DMN specification is silent: every
// row of that table is evaluated here, so the document cannot drift from the behaviour.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileModel } from "../../src/compiler/index.js";

const doc = readFileSync(new URL("../../docs/conformance.md", import.meta.url), "utf8");
const section = doc.slice(doc.indexOf("## Where the specification is silent"));
const rows = [...section.matchAll(/^\| `(.+?)` \| (?:`(.+?)`|error `(.+?)`) \|/gm)].map((m) => ({
  expr: m[1]!,
  value: m[2],
  error: m[3],
}));

const evaluate = (expr: string) => compileModel({ content: { name: "silent", inputs: {}, decisions: { v: expr } } }, { strict: false });

describe("docs/conformance.md: where the specification is silent", () => {
  it("has rows to check", () => expect(rows.length).toBeGreaterThanOrEqual(6));

  it.each(rows)("$expr", ({ expr, value, error }) => {
    const r = evaluate(expr);
    if (error) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.check.stages.flatMap((s) => s.diagnostics).map((d) => d.code)).toContain(error);
      return;
    }
    if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
    expect(r.model.evaluate({}).v).toEqual(JSON.parse(value!));
  });

  it("a model function may call itself, as the table says", () => {
    const r = compileModel({
      content: {
        name: "recursion",
        inputs: {},
        functions: { fact: { params: { n: "number" }, returns: "number", body: "if n <= 1 then 1 else n * fact(n - 1)" } },
        decisions: { v: "fact(5)" },
      },
    });
    if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
    expect(r.model.evaluate({}).v).toBe(120);
  });
});
