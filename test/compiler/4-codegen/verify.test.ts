import { describe, expect, it } from "vitest";
import { verifyGenerated } from "../../../src/compiler/4-codegen/verify.js";

const ok = (src: string) => expect(verifyGenerated(src)).toEqual([]);
const rejected = (src: string, pattern: RegExp) => {
  const problems = verifyGenerated(src);
  expect(problems.length).toBeGreaterThan(0);
  expect(problems.map((p) => p.message).join("\n")).toMatch(pattern);
};

describe("allow-list check of generated code", () => {
  it("accepts the shapes the emitter writes", () => {
    ok(`"use strict";
const n0 = rt.num("700");
function fn0(a0) { rt.tick(); let r = null; r = rt.add(a0, n0); return r; }
const F0 = rt.fn("f", ["x"], fn0);
function run(I, S, TR) {
  const r0 = S === null ? undefined : S["Credit Score"]; const g0 = typeof r0 === "number";
  const i0 = S === null ? (I["Credit Score"] ?? null) : (g0 ? null : rt.fromJson(r0, null));
  let d0 = null;
  { const tr1 = TR === null ? null : (TR["risk"] = { lets: {} });
    T2: { if ((g0 ? r0 >= 700 : rt.ge(i0, n0) === true)) { d0 = "low"; if (tr1 !== null) tr1.rule = 1; break T2; } d0 = null; } }
  const q5 = ((acc3) => { for (const v4 of rt.iter(d0)) { rt.tick(); acc3.push(v4); } return acc3; })([]);
  return { ["risk"]: d0 };
}
return { run, functions: { ["f"]: F0 } };`);
  });

  it("accepts a counter's increment (a filter counted for count()), nothing else of update operators", () => {
    ok("let k1 = 0; k1++;");
    rejected("let k1 = 0; k1--;", /operator -- is not allowed/);
  });

  it("accepts certified code: a for statement that ticks every pass, and the certified helpers", () => {
    ok(`const ce0 = rt.certifiedError;
const cf9 = (() => { const pm1 = rt.certPowerMemo(); return (o2, o3) => { let tk4 = 0; const v5 = rt.certRead(o2), e6 = ce0[0];
  const n7 = rt.certPasses(1, 0, v5, e6); let s8 = 0, t9 = rt.certNone();
  for (let j10 = 0; j10 < n7; j10++) { rt.tick(); tk4++; const i11 = rt.certNth(1, v5, j10); const v12 = rt.certPow(pm1, v5, e6, i11, 0), e13 = ce0[0];
    if (j10 === 0) { s8 = v12; t9 = e13; } else { s8 = rt.certAdd(s8, t9, v12, e13); t9 = ce0[0]; } }
  return rt.certRound(s8, t9, 2, 6, tk4); }; })();
return cf9;`);
  });

  it.each([
    ["for (;;) { rt.tick(); }", "no test or update"],
    ["for (let j1 = 0; j1 < 3; j1++) {}", "an empty body"],
    ["for (let j1 = 0; j1 < 3; j1++) { j1++; rt.tick(); }", "a tick that is not first"],
    ["for (let j1 = 0; j1 < 3; j1++) rt.tick();", "a body that is not a block"],
  ])("rejects a for statement that does not tick every pass: %s (%s)", (src) => rejected(src, /node ForStatement is not allowed/));

  it("keeps model text inside string literals harmless", () => {
    ok(`const x1 = "\\"); process.exit(1); (\\""; return x1;`);
  });

  it.each([
    ["process.exit(1)", /identifier process/],
    ["new rt.fn()", /NewExpression/],
    ["this.x", /ThisExpression/],
    ["rt.constructor", /identifier constructor/],
    ["rt[name + 1]", /computed member/],
    ["`${rt}`", /TemplateLiteral/],
    ["/x/.test('a')", /regular expression|identifier test/],
    ["eval('1')", /identifier eval/],
    ["rt.add = 1, 2", /runtime's members/],
    ["rt.add = rt.sub", /runtime's members/],
    ["rt.tick++", /runtime's members|operator/],
    ["({ get x() { return 1; } })", /plain properties/],
    ["import('fs')", /ImportExpression|parse/],
    ["while (true) {}", /WhileStatement/],
  ])("rejects %s", (src, pattern) => rejected(`${src};`, pattern));

  it("rejects source that does not parse", () => rejected("const = ;", /does not parse/));

  it("reports each problem as codegen.disallowed, spanning the node at fault in the wrapped source", () => {
    const src = "while (true) {}";
    const wrapped = `(function (rt) {\n${src}\n})`;
    const [d, ...rest] = verifyGenerated(src);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: "error", code: "codegen.disallowed", message: "node WhileStatement is not allowed" });
    expect(wrapped.slice(d!.span!.start, d!.span!.end)).toBe(src);
  });
});
