// The built-in catalogue walked entry by entry: what the parser and the analyser make of a call
// agrees with what the runtime does with it. Nothing here names a built-in: every case comes
// from src/runtime/builtins.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../../../src/ir/diagnostics.js";
import type { Type } from "../../../../src/ir/types.js";
import { parseExpression } from "../../../../src/compiler/1-parse/feel/index.js";
import { typeToString } from "../../../../src/compiler/2-analyse/expressions/compat.js";
import { infer } from "../../../../src/compiler/2-analyse/expressions/infer.js";
import { fixed, rootScope } from "../../../../src/compiler/2-analyse/expressions/scope.js";
import { BUILTINS } from "../../../../src/runtime/builtins/index.js";
import { fitsNamed, requiredCount, type BuiltinDef, type Signature } from "../../../../src/runtime/builtins/def.js";
import { builtin, call, callNamed, collectProblems, conforms, toFeelString } from "../../../../src/runtime/index.js";
import { args } from "../../../support/feel-values.js";

const ARGS = ["x1", "x2", "x3", "x4", "x5"];
const scope = rootScope(new Map(ARGS.map((x) => [x, fixed({ kind: "input", name: x }, { kind: "any" })])));

function analyse(text: string): { type: Type; diagnostics: Diagnostic[] } {
  const parsed = parseExpression(text, { names: text.includes(ARGS[0]!) ? ARGS : [] });
  if (!parsed.value) throw new Error(`${text}: ${JSON.stringify(parsed.diagnostics)}`);
  const sink: Diagnostic[] = [];
  const type = infer(parsed.value, {
    scope,
    source: text,
    address: "decisions.x",
    sink,
    strict: true,
    refs: [],
    functionParams: new Map(),
    types: {},
  });
  return { type, diagnostics: sink };
}

/** Every positional argument count some signature takes (a variadic one: up to two more). */
function arities(d: BuiltinDef): number[] {
  const counts = new Set<number>();
  for (const s of d.signatures) {
    const last = s.variadic ? s.params.length + 2 : s.params.length;
    for (let k = requiredCount(s); k <= last; k++) counts.add(k);
  }
  return [...counts].sort((a, b) => a - b);
}

/** The name lists a named call of the signature may use: the required ones plus any optional prefix. */
const namedForms = (s: Signature): string[][] =>
  s.variadic || s.positionalOnly
    ? []
    : Array.from({ length: s.params.length - requiredCount(s) + 1 }, (_, i) => s.params.slice(0, requiredCount(s) + i));

const namedCall = (name: string, names: readonly string[]) => `${name}(${names.map((p, i) => `${p}: ${ARGS[i]}`).join(", ")})`;

/** null plus the problem when the runtime cannot bind the names to a signature. */
function runtimeBinds(name: string, names: readonly string[]): boolean {
  const { problems } = collectProblems(() =>
    callNamed(
      builtin(name),
      names.map((n) => [n, null]),
    ),
  );
  return !problems.some(
    (p) => p.startsWith(`${name}() has no parameters named`) || p.startsWith(`${name}() is called without its parameter`),
  );
}

const ENOUGH_ANSWERS = 20;

const fixedResult = (d: BuiltinDef): Type | undefined => (typeof d.result === "string" ? undefined : d.result);
const show = (v: unknown) => (v === null ? "null" : toFeelString(v as never));

describe.each(BUILTINS.map((d) => [d.name, d] as const))("%s", (name, def) => {
  it("takes its declared parameter names in a named call, in the runtime and in the analyser", () => {
    const forms = def.signatures.flatMap(namedForms);
    for (const names of forms) {
      expect(runtimeBinds(name, names), names.join(", ")).toBe(true);
      // `today()` and `now()` are a warning of their own in a strict model (graph.clock), whatever their arguments
      const diagnostics = analyse(namedCall(name, names)).diagnostics.filter((d) => d.code !== "graph.clock");
      expect(diagnostics, names.join(", ")).toEqual([]);
    }
  });

  it("rejects a misspelt parameter name, in the runtime and in the analyser", () => {
    const forms = def.signatures.flatMap(namedForms).filter((names) => names.length > 0);
    for (const names of forms) {
      for (let i = 0; i < names.length; i++) {
        const wrong = names.map((n, j) => (j === i ? `${n}_` : n));
        expect(runtimeBinds(name, wrong), wrong.join(", ")).toBe(false);
        expect(
          analyse(namedCall(name, wrong)).diagnostics.map((d) => d.code),
          wrong.join(", "),
        ).toEqual(["types.arity"]);
      }
    }
  });

  it("binds a set of names in the runtime exactly when the analyser accepts it", () => {
    const pool = [...new Set(def.signatures.flatMap((s) => s.params)), "nonesuch"];
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...pool), { minLength: 1, maxLength: pool.length }), (names) => {
        const accepted = analyse(namedCall(name, names)).diagnostics.length === 0;
        expect(accepted, names.join(", ")).toBe(runtimeBinds(name, names));
        expect(accepted).toBe(def.signatures.some((s) => fitsNamed(s, names)));
      }),
      { numRuns: 60 },
    );
  });

  it("is typed as its declared result, called positionally or by name", () => {
    const declared = fixedResult(def);
    if (declared === undefined) return; // a result rule: the property below checks it against real results
    for (const k of arities(def)) expect(analyse(`${name}(${ARGS.slice(0, k).join(", ")})`).type, `${k} arguments`).toEqual(declared);
    for (const names of def.signatures.flatMap(namedForms))
      expect(analyse(namedCall(name, names)).type, names.join(", ")).toEqual(declared);
  });

  it("returns a value of the type the analyser infers for the call, or null", () => {
    let answered = 0;
    const property = fc.property(fc.constantFrom(...arities(def)).chain(args), (generated) => {
      const text = `${name}(${generated.map((g) => g.text).join(", ")})`;
      const { result } = collectProblems(() =>
        call(
          builtin(name),
          generated.map((g) => g.value),
        ),
      );
      const type = analyse(text).type;
      if (result !== null) answered++;
      expect(conforms(result, type), `${text} = ${show(result)}, typed ${typeToString(type)}`).toBe(true);
    });
    // a null result conforms to every type: keep generating until the built-in has answered
    // often enough for the check to mean something (an implementation that always answers null fails)
    // (seeded by the built-in's name, so a run is the same on every machine: a rarely answering
    // built-in such as `number` with three arguments must not pass or fail by chance)
    const seed = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);
    for (let round = 0; round < 80 && answered < ENOUGH_ANSWERS; round++) fc.assert(property, { numRuns: 100, seed: seed + round });
    expect(answered).toBeGreaterThanOrEqual(ENOUGH_ANSWERS);
  });
});
