// A lenient model's table decision is converted to its declared type (rt.coerce) unless every value
// the table can give conforms already (codegen/conformance.ts): one rule's output under FIRST,
// UNIQUE, ANY and PRIORITY; the list of outputs under RULE ORDER, OUTPUT ORDER and COLLECT; a count,
// sum, least or greatest of numbers. Random single-output tables of every hit policy, with outputs
// that conform to the declared type or not (a word outside a choice, a list declared of numbers
// holding words), are evaluated on random states: the value is `coerce(hit(...))` of the matched
// rules' outputs worked out here, and `run` converts nothing when every output conforms.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUncached, type ModelInput } from "../../../src/compiler/index.js";
import { num, toJson } from "../../../src/runtime/index.js";
import { hit } from "../../../src/runtime/tables.js";
import { coerce } from "../../../src/runtime/types.js";
import type { Aggregation, Policy } from "../../../src/runtime/hit-policies.js";
import type { FeelValue } from "../../../src/runtime/values.js";
import type { Type } from "../../../src/ir/types.js";
import { HIT_POLICIES } from "../../support/generate/tables.js";

const WORDS = ["gold", "silver", "bronze", "tin"];
const CHOICE = ["gold", "silver", "bronze"];

/** A declared type: its text in the model, its IR, and the output literals a rule may give. */
interface Declared {
  text: string | [string];
  type: Type;
  outputs: [string, FeelValue][];
  /** whether each output conforms (the test's own judgement, not the compiler's) */
  conforms: (out: FeelValue) => boolean;
}
const words = WORDS.map((w): [string, FeelValue] => [JSON.stringify(w), w]);
const numbers = [-2, 0, 0.5, 3, 12].map((n): [string, FeelValue] => [String(n), num(String(n))]);
const isNumber = (v: FeelValue) => typeof v === "object" && v !== null && !Array.isArray(v);
const ONE: Declared[] = [
  { text: "string", type: { kind: "string" }, outputs: words, conforms: () => true },
  { text: CHOICE.join("|"), type: { kind: "choice", values: CHOICE }, outputs: words, conforms: (v) => CHOICE.includes(v as string) },
  { text: "number", type: { kind: "number" }, outputs: numbers, conforms: () => true },
  {
    text: "boolean",
    type: { kind: "boolean" },
    outputs: [
      ["true", true],
      ["false", false],
    ],
    conforms: () => true,
  },
];
const LISTS: Declared[] = [
  { text: ["string"], type: { kind: "list", element: { kind: "string" } }, outputs: words, conforms: () => true },
  {
    text: [CHOICE.join("|")],
    type: { kind: "list", element: { kind: "choice", values: CHOICE } },
    outputs: words,
    conforms: (v) => CHOICE.includes(v as string),
  },
  { text: ["number"], type: { kind: "list", element: { kind: "number" } }, outputs: [...numbers, ...words], conforms: isNumber },
];
const NUMBER: Declared = { text: "number", type: { kind: "number" }, outputs: numbers, conforms: () => true };
const declaredFor = (policy: string): Declared[] =>
  policy.startsWith("COLLECT ") ? [NUMBER] : ["RULE ORDER", "OUTPUT ORDER", "COLLECT"].includes(policy) ? LISTS : ONE;

const small = fc.integer({ min: 0, max: 8 });
const cell = fc.oneof(
  fc.constant("-"),
  fc.tuple(fc.constantFrom("<", "<=", ">", ">="), small).map(([op, v]) => `${op} ${v}`),
);
const tables = fc
  .constantFrom(...HIT_POLICIES)
  .chain((policy) => fc.tuple(fc.constant(policy), fc.constantFrom(...declaredFor(policy))))
  .chain(([policy, declared]) =>
    fc.record({
      policy: fc.constant(policy),
      declared: fc.constant(declared),
      rules: fc.array(fc.tuple(cell, fc.constantFrom(...declared.outputs)), { minLength: 1, maxLength: 8 }),
    }),
  );
const states = fc.array(fc.record({ a: fc.oneof(small, fc.constant(null)) }), { minLength: 1, maxLength: 8 });

function compile(policy: string, declared: Declared, rules: [string, [string, FeelValue]][]) {
  const content = {
    name: "declared table result",
    inputs: { a: { type: "number", desc: "a number", blank: true } },
    decisions: { t: { type: declared.text, hit: policy, table: [["a", "=>"], ...rules.map(([c, [out]]) => [c, out])] } },
  };
  const r = compileUncached(content as ModelInput, { strict: false });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics).map((d) => d.message)));
  return r.model;
}

/** Whether rule `n` (1-based) matches `a`. */
function matches(c: string, a: number | null): boolean {
  if (c === "-") return true;
  if (a === null) return false;
  const [op, v] = c.split(" ") as [string, string];
  const b = Number(v);
  return op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : a >= b;
}

describe("a table decision held to its declared type", () => {
  it("is the matched outputs combined, then converted to the type; run converts nothing when every output conforms", () => {
    fc.assert(
      fc.property(tables, states, ({ policy, declared, rules }, probes) => {
        const model = compile(policy, declared, rules);
        const run = model.source.split("function explain(")[0]!;
        if (rules.every(([, [, out]]) => declared.conforms(out))) expect(run).not.toContain("rt.coerce(");
        const [hitPolicy, aggregation] = policy.startsWith("COLLECT ") ? ["COLLECT", policy.slice(8)] : [policy, null];
        for (const { a } of probes) {
          const matched = rules.flatMap(([c], i) => (matches(c, a) ? [i + 1] : []));
          const values = matched.map((n) => rules[n - 1]![1][1]);
          const listed = declared.type.kind === "list" ? declared.type.element : declared.type;
          const ranks = listed.kind === "choice" ? [listed.values] : [null];
          const combined = hit(hitPolicy as Policy, aggregation as Aggregation, matched, values, ranks, null).value;
          const expected = toJson(coerce(combined, declared.type));
          expect(model.evaluate({ a }).t, `${policy} ${JSON.stringify(declared.text)} a=${a}`).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });
});
