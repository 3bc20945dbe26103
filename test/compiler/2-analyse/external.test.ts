// External functions written with literal mappings are checked against the mapped java.lang
// methods ahead of time; a mapping computed at run time is left to the runtime.
import { describe, expect, it } from "vitest";
import { compileModel, type ModelInput } from "../../../src/compiler/index.js";
import { content, lenient, only, strict, warnings } from "./helpers.js";

const external = (cls: string, signature: string, params = "x") =>
  `function(${params}) external {java: {class: "${cls}", method signature: "${signature}"}}`;

describe("external functions", () => {
  it("a mapped method: no diagnostic, and the call runs", () => {
    const c = content({ decisions: { d: `(${external("java.lang.Math", "max(int, int)", "a, b")})(age, 65)` } });
    expect(strict(c).diagnostics).toEqual([]);
    const r = compileModel(c as ModelInput, { strict: true });
    expect(r.ok && r.model.evaluateTraced({ age: 70 }).decisions.d).toBe(70);
  });

  it.each([
    ["java.lang.Math", "foo(double)", /java\.lang\.Math has no mapped method named foo/],
    ["java.lang.Foo", "valueOf(double)", /java\.lang\.Foo is not one of the mapped classes/],
    ["java.lang.Math", "max(java.lang.String, java.lang.String)", /no mapped method max\(java\.lang\.String,java\.lang\.String\)/],
    ["java.lang.Math", "max(int, int)", /java\.lang\.Math\.max\(int, int\) takes 2 argument\(s\); the function declares 1/],
  ])("%s.%s: a strict error naming the class and method, a warning when lenient", (cls, signature, message) => {
    const c = content({ decisions: { d: `(${external(cls, signature)})(1)` } });
    const d = only(strict(c), "types.external-function");
    expect(d.severity).toBe("error");
    expect(d.message).toMatch(message);
    expect(d.address).toBe("decisions.d");
    expect(warnings(lenient(c)).map((w) => w.code)).toContain("types.external-function");
  });

  it("PMML functions are reported; a mapping computed at run time is not checked ahead of time", () => {
    expect(
      only(
        strict(content({ decisions: { d: 'function(x) external {pmml: {document: "m.pmml", model: "m"}}' } })),
        "types.external-function",
      ).message,
    ).toMatch(/PMML/);
    const computed = content({
      decisions: { d: 'function(x) external {java: {class: "java.lang." + "Math", method signature: "abs(double)"}}' },
    });
    expect(strict(computed).diagnostics.filter((d) => d.code === "types.external-function")).toEqual([]);
  });
});
