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
  "types.constant-null": entry({
    severity: "error",
    message: (p: { fn: string; why: string }) =>
      `this call of \`${p.fn}\` has only constant arguments and is null for every state: ${p.why}`,
    example: { fn: "date", why: 'date("2026-13-01") is not a valid date' },
    explain:
      "Strict: a built-in called with literal arguments is evaluated by the check; one that gives null (an impossible date " +
      '`date("2026-13-01")`, a duration that is not ISO 8601 `duration("1D")`, a substring out of range) would make its ' +
      "decision null whatever the state. Fix the literal.",
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
      unordered: (p: { op: string; type: string }) =>
        `\`${p.op}\` on ${p.type} compares the text alphabetically: a choice has no order; test with \`=\` or declare levels (\`low<medium<high\`)`,
      test: cannotMatch,
    }),
    example: { variant: "compare", left: "number", right: "string" },
    explain:
      "Comparing values that can never be equal or ordered (a number with a string), or ordering choice values, which have no " +
      "order (levels do).",
  }),
  "types.iteration-range": entry({
    severity: "strict-error",
    message: variants({
      endpoints: (p: { start: string; end: string }) =>
        `an iteration range \`a..b\` runs over integers or dates, not from ${p.start} to ${p.end}`,
      "range value": "a range value is not a list to iterate over; write the endpoints without brackets: `for x in a..b`",
    }),
    example: { variant: "endpoints", start: "date and time", end: "date and time" },
    explain:
      "`for x in a..b` (and `some`/`every`) iterates over the integers from `a` to `b` or the dates from `a` to `b`, one day apart, " +
      "ascending or descending (DMN 1.5, 10.3.2.14). Other endpoints (date and time, time, durations, strings, mixed kinds) make the " +
      "iteration null with a problem at run time. A bracketed range such as `[1..3]` is a range value, not a list: iterating over it " +
      "visits the range itself once.",
  }),
  "types.external-function": entry({
    severity: "strict-error",
    message: (p: { detail: string }) => `external function: ${p.detail}`,
    example: { detail: "java.lang.Math has no mapped method named foo" },
    explain:
      "`function(...) external {java: {class: ..., method signature: ...}}` names a Java static method that is not one of the mapped " +
      "`java.lang` methods (docs/java-externals.md lists them), declares another number of parameters than the method takes, or " +
      "is a PMML function. Calling it gives null with a problem.",
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
    message: variants({
      field: (p: { member: string; type: string } & Suggested) => `no field \`${p.member}\` in ${p.type}${p.didYouMean}`,
      property: (p: { member: string; type: string; properties: readonly string[] } & Suggested) =>
        `a ${p.type} has no property \`${p.member}\` (it has ${p.properties.join(", ")})${p.didYouMean}`,
    }),
    example: { variant: "field", member: "incme", type: "{income: number}", didYouMean: "; did you mean `income`?" },
    explain: "`.field` that a struct type does not have, or a property a date, time or duration does not have (`.day` of a duration).",
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
  "types.regex": entry({
    severity: "strict-error",
    message: (p: { fn: string; detail: string }) => `${p.fn}(): ${p.detail}`,
    example: {
      fn: "matches",
      detail: 'invalid regular expression "(a)\\2": the back-reference \\2 names no group closed before it',
    },
    explain:
      "A literal pattern of `matches`, `replace` or `split` that the runtime would refuse: not an XML Schema regular expression (lookaround, " +
      "a back-reference to a group not closed before it), an unknown flag, or, with a back-reference, a pattern too large for the " +
      "backtracking matcher (the message names the limit). Lenient (imports): a warning, and the call is null at run time.",
  }),
  "types.not-a-function": entry({
    severity: "strict-error",
    message: (p: { name: string; kind: string }) => `\`${p.name}\` is a ${p.kind}, not a function`,
    example: { name: "age", kind: "number" },
    explain: "Calling a value that is certainly not a function.",
  }),
});
