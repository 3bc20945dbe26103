// A FIRST table's number literal outputs have their JSON form worked out at code generation
// (codegen/literal-json.ts). Over random tables of random literal outputs — numbers of any sign,
// zeros and negative zeros, many digits, exponents far beyond a double's range either way, strings
// of any unicode, booleans, null — the compiled model's JSON answer must be, byte for byte, the
// runtime's own conversion of the value it evaluates, and for a number the runtime's reading of the
// literal's text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel, type ModelInput } from "../../../src/compiler/index.js";
import { neg } from "../../../src/runtime/arithmetic.js";
import { toJson } from "../../../src/runtime/json.js";
import { num } from "../../../src/runtime/literals.js";

const digits = fc.stringMatching(/^[0-9]{1,25}$/);
const numberLiteral = fc
  .record({
    minus: fc.boolean(),
    whole: digits,
    fraction: fc.option(digits, { nil: undefined }),
    exponent: fc.option(fc.integer({ min: -400, max: 400 }), { nil: undefined }),
  })
  .map(({ minus, whole, fraction, exponent }) => ({
    minus,
    text: `${whole}${fraction === undefined ? "" : `.${fraction}`}${exponent === undefined ? "" : `e${exponent}`}`,
  }));
const feelNumber = ({ minus, text }: { minus: boolean; text: string }) => (minus ? `-${text}` : text);
const numberValue = ({ minus, text }: { minus: boolean; text: string }) => (minus ? neg(num(text)) : num(text));

const text = fc.string({ unit: "grapheme", maxLength: 8 }).filter((s) => !/["\\\p{Cc}]/u.test(s));
type Output = { feel: string; json?: unknown };
const output: fc.Arbitrary<Output> = fc.oneof(
  numberLiteral.map((n) => ({ feel: feelNumber(n), json: toJson(numberValue(n)) })),
  text.map((s) => ({ feel: `"${s}"` })),
  fc.boolean().map((b) => ({ feel: String(b) })),
  fc.constant({ feel: "null" }),
);

function compile(type: string, outputs: string[]) {
  const rows = outputs.map((o, i) => [i === outputs.length - 1 ? "-" : String(i), o]);
  const content = {
    name: "literals",
    inputs: { k: { type: "number", desc: "Which rule?" } },
    decisions: { y: { type, table: [["k", `=> ${type}`], ...rows] }, z: { type, table: [["k", `=> ${type}`], ...rows] } },
  };
  const r = compileModel({ content, questions: {} } as unknown as ModelInput, { strict: type !== "any" });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
  return r.model;
}

function check(type: string, outputs: Output[]): void {
  const model = compile(
    type,
    outputs.map((o) => o.feel),
  );
  for (let k = -1; k <= outputs.length; k++) {
    const answer = model.evaluate({ k });
    const expected = toJson(model.evaluateToValues({ k }).y ?? null);
    expect(JSON.stringify(answer.y)).toBe(JSON.stringify(expected));
    expect(Object.is(answer.y, expected)).toBe(true);
    const known = outputs[k]?.json;
    if (known !== undefined) expect(Object.is(answer.y, known)).toBe(true);
    expect(answer.z).toStrictEqual(answer.y);
  }
}

describe("a table's literal outputs, converted once", () => {
  it("numbers: the runtime's conversion of the literal, byte for byte", () => {
    const numbers = numberLiteral.map((n) => ({ feel: feelNumber(n), json: toJson(numberValue(n)) }));
    fc.assert(
      fc.property(fc.array(numbers, { minLength: 1, maxLength: 6 }), (outputs) => check("number", outputs)),
      { numRuns: 150 },
    );
  });
  it("any literal: the runtime's conversion of the value evaluated", () => {
    fc.assert(
      fc.property(fc.array(output, { minLength: 1, maxLength: 6 }), (outputs) => check("any", outputs)),
      { numRuns: 150 },
    );
  });
  it("works out a number output's form at code generation", () => {
    const source = compile("number", ["-0", "1e400", "0.1"]).loadable.source;
    expect(source).toMatch(/ = 0; [^;]*;[\s\S]* = "10{400}";[\s\S]* = 0\.1; /);
  });
});
