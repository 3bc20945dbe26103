// The types codes of the diagnostic catalogue.
import { entry, variants, inStage, cannotMatch, plural, type Suggested } from "./entries.js";

export const TYPES = inStage("types", {
  "types.unknown": entry({
    severity: "strict-error",
    message: (p: { name: string } & Suggested) => `unknown type \`${p.name}\`${p.didYouMean}`,
    example: { name: "numbr", didYouMean: "; did you mean `number`?" },
    explain:
      "An unknown type name: use a built-in type or a key of `types`. An error in both modes in model types; in a FEEL type " +
      "expression (`instance of`, a typed lambda parameter) a strict error.",
  }),
  "types.invalid": entry({
    severity: "error",
    message: variants({
      "list-arity": (p: { count: number }) => `a list type is an array of exactly one element type, not ${p.count}`,
      shape: (p: { got: string }) => `a type is a string, an object or a one-element array, not ${p.got}`,
      alone: (p: { key: string }) => `\`${p.key}\` stands alone in its object`,
      values: (p: { key: string }) => `\`${p.key}\` is a non-empty array of strings`,
      "empty-value": (p: { kind: string }) => `a ${p.kind} value is empty`,
      "repeated-value": (p: { kind: string; value: string }) => `the ${p.kind} value "${p.value}" appears twice`,
    }),
    example: { variant: "repeated-value", kind: "choice", value: "gold" },
    explain: "A malformed type: a list of more than one element, an empty or repeated choice value, a bad `$enum` or `$levels`.",
  }),
  "types.recursive": entry({
    severity: "error",
    message: (p: { cycle: readonly string[] }) => `recursive type definition: ${p.cycle.join(" → ")}`,
    example: { cycle: ["Person", "Family", "Person"] },
    explain:
      "A named type contains itself (the message names the cycle); a static type is a finite tree. The DMN TCK counts " +
      "self-referencing item definitions as non-compliant too.",
  }),
  "types.lenient-only": entry({
    severity: "error",
    message: (p: { type: string }) => `the type \`${p.type}\` is allowed only in lenient (imported) models`,
    example: { type: "any" },
    explain: "Strict: `any`, `context` or a duration type; declare a concrete type of the public format.",
  }),
  "types.constraint-mismatch": entry({
    severity: "strict-error",
    message: cannotMatch,
    example: { test: 'the string "x"', type: "string", subject: "number" },
    explain: 'A constrained type\'s condition compares with a value of another type (`number > "x"`).',
  }),
  "types.mismatch": entry({
    severity: "strict-error",
    message: variants({
      declared: (p: { what: string; declared: string; inferred: string }) =>
        `${p.what} is declared ${p.declared}, but its calculation gives ${p.inferred}`,
      operator: (p: { op: string; left: string; right: string }) => `\`${p.op}\` cannot combine ${p.left} and ${p.right}`,
      condition: (p: { type: string }) => `an \`if\` condition must be boolean, not ${p.type}`,
    }),
    example: { variant: "operator", op: "+", left: "number", right: "string" },
    explain: "A declared type the calculation certainly cannot produce, arithmetic on incompatible types, or a non-boolean `if` condition.",
  }),
  "types.compare-mismatch": entry({
    severity: "strict-error",
    message: variants({
      compare: (p: { left: string; right: string }) => `comparing ${p.left} with ${p.right}`,
      range: (p: { start: string; end: string }) => `a range from ${p.start} to ${p.end}`,
      test: cannotMatch,
    }),
    example: { variant: "compare", left: "number", right: "string" },
    explain: "Comparing values that can never be equal or ordered (a number with a string).",
  }),
  "types.arith-boolean": entry({
    severity: "strict-error",
    message: variants({
      negate: "arithmetic on a boolean",
      operator: (p: { op: string }) => `arithmetic on a boolean (\`${p.op}\`)`,
    }),
    example: { variant: "operator", op: "+" },
    explain: "Arithmetic on a boolean.",
  }),
  "types.cell-mismatch": entry({
    severity: "strict-error",
    message: cannotMatch,
    example: { test: 'the string "x"', type: "string", subject: "number" },
    explain: "An input cell tests a value of another type than its column (a string in a number column).",
  }),
  "types.output-mismatch": entry({
    severity: "strict-error",
    message: (p: { output: string; type: string; gives: string }) => `output \`${p.output}\` is ${p.type}, but this cell gives ${p.gives}`,
    example: { output: "risk", type: "number", gives: "string" },
    explain: "An output cell's value does not fit its column's type.",
  }),
  "types.not-an-option": entry({
    severity: "strict-error",
    message: (p: { value: string; what: string; values: readonly string[] } & Suggested) =>
      `"${p.value}" is not one of ${p.what} (${p.values.join(", ")})${p.didYouMean}`,
    example: { value: "hgh", what: "the column's values", values: ["low", "high"], didYouMean: "; did you mean `high`?" },
    explain: "A literal that is not a value of a choice or levels column, output or declared type.",
  }),
  "types.out-of-range": entry({
    severity: "strict-error",
    message: (p: { value: number; type: string }) => `${p.value} is outside ${p.type}`,
    example: { value: 150, type: "number [0..100]" },
    explain: "A literal output outside a constrained number type.",
  }),
  "types.unknown-member": entry({
    severity: "strict-error",
    message: (p: { member: string; type: string } & Suggested) => `no field \`${p.member}\` in ${p.type}${p.didYouMean}`,
    example: { member: "incme", type: "{income: number}", didYouMean: "; did you mean `income`?" },
    explain: "`.field` that a struct type does not have.",
  }),
  "types.arity": entry({
    severity: "error",
    message: variants({
      builtin: (p: { detail: string }) => p.detail,
      function: (p: { fn: string; params: readonly string[]; given: number }) =>
        `function \`${p.fn}\` takes ${plural(p.params.length, "argument")} (${p.params.join(", ")}), not ${p.given}`,
    }),
    example: { variant: "function", fn: "fee", params: ["amount"], given: 2 },
    explain:
      "A model function called with the wrong number of arguments, or a built-in called in a way none of its signatures accepts " +
      "(`string()`, `abs(1, 2)`, `abs(nmber: 1)`).",
  }),
  "types.not-a-function": entry({
    severity: "strict-error",
    message: (p: { name: string; kind: string }) => `\`${p.name}\` is a ${p.kind}, not a function`,
    example: { name: "age", kind: "number" },
    explain: "Calling a value that is certainly not a function.",
  }),
});
