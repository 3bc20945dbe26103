// The parse codes of the diagnostic catalogue.
import { entry, variants, inStage, unknownKey, needsOneBody, type Suggested } from "./entries.js";

export const PARSE = inStage("parse", {
  "content.shape": entry({
    severity: "error",
    message: variants({
      content: "the content must be a JSON object",
      section: (p: { section: string }) => `\`${p.section}\` must be an object mapping names to definitions`,
    }),
    example: { variant: "section", section: "inputs" },
    explain: "The content, or one of its sections (`types`, `inputs`, `decisions`, `functions`), is not a JSON object: write it as one.",
  }),
  "content.name-missing": entry({
    severity: "error",
    message: "the content needs a `name` (a non-empty string)",
    explain: "`name` is missing or empty (lenient: only when present but not a string): give the model a name.",
  }),
  "content.inputs-missing": entry({
    severity: "error",
    message: "the content needs `inputs` (an object)",
    explain: "Strict content lists its inputs: add `inputs`, even if it is `{}`.",
  }),
  "content.decisions-missing": entry({
    severity: "error",
    message: "the content needs `decisions` (an object)",
    explain: "A model without `decisions` decides nothing: add them.",
  }),
  "content.unknown-key": entry({
    severity: "warning",
    message: (p: { key: string }) => `unknown key \`${p.key}\` is ignored`,
    example: { key: "decision" },
    explain: "A top-level key the format does not define; it is ignored. Remove it or fix its spelling.",
  }),
  "input.shape": entry({
    severity: "error",
    message: (p: { name: string }) => `input \`${p.name}\` must be an object with \`type\` and \`desc\``,
    example: { name: "age" },
    explain: "Strict: an input is an object `{type, desc, ...}` (lenient accepts a bare type).",
  }),
  "input.type-missing": entry({
    severity: "error",
    message: (p: { name: string }) => `input \`${p.name}\` needs a \`type\``,
    example: { name: "age" },
    explain: "An input has no `type`: declare what values it takes.",
  }),
  "input.desc-missing": entry({
    severity: "error",
    message: (p: { name: string }) => `input \`${p.name}\` needs a \`desc\`: the question a reader must answer`,
    example: { name: "age" },
    explain: "Strict: an input has no `desc`; write the question a reader answers from the evidence.",
  }),
  "input.desc-invalid": entry({
    severity: "error",
    message: "`desc` must be a string",
    explain: "An input's `desc` is not a string.",
  }),
  "input.from-invalid": entry({
    severity: "error",
    message: "`from` must be a string",
    explain: "An input's `from` is not a string.",
  }),
  "input.threshold-invalid": entry({
    severity: "error",
    message: "`threshold` must be a number from 0 to 1",
    explain: "An input's `threshold` is not a number within 0..1.",
  }),
  "input.blank-invalid": entry({
    severity: "error",
    message: "`blank` must be true or false",
    explain: "An input's `blank` is not a boolean.",
  }),
  "input.options-invalid": entry({
    severity: "error",
    message: variants({
      shape: "`options` must be an object mapping each value to its meaning (a string)",
      type: (p: { kind: string }) => `\`options\` need a choice or levels type, not ${p.kind}`,
    }),
    example: { variant: "type", kind: "number" },
    explain: "`options` is not an object of strings, or the input's type is not a choice or levels: fix the one or the other.",
  }),
  "input.option-unknown": entry({
    severity: "error",
    message: (p: { option: string; values: readonly string[] } & Suggested) =>
      `option \`${p.option}\` is not a value of the type (${p.values.join(", ")})${p.didYouMean}`,
    example: { option: "gld", values: ["gold", "silver"], didYouMean: "; did you mean `gold`?" },
    explain: "An `options` key is not a value of the input's type: explain the type's values, spelled as the type spells them.",
  }),
  "input.unknown-key": entry({
    severity: "warning",
    message: unknownKey,
    example: { key: "dsc", didYouMean: "; did you mean `desc`?" },
    explain: "An input key the format does not define; it is ignored. Remove it or fix its spelling.",
  }),
  "decision.shape": entry({
    severity: "error",
    message: (p: { name: string }) => `decision \`${p.name}\` must be an expression string, a table array or an object`,
    example: { name: "risk" },
    explain: "A decision is neither a string, an array nor an object.",
  }),
  "decision.body-missing": entry({
    severity: "error",
    message: needsOneBody,
    example: { name: "risk" },
    explain: "A decision object has neither `expr` nor `table`: give it exactly one.",
  }),
  "decision.unmapped": entry({
    severity: "error",
    message: (p: { name: string; reason: string }) => `decision \`${p.name}\` was not imported: ${p.reason}`,
    example: { name: "risk", reason: 'the expression is in JUEL, not FEEL: rewrite it in FEEL (<inputEntry id="e1"> in model.dmn:14)' },
    explain:
      "The DMN import could not map part of this decision (another expression language, a PMML model, an unmapped Java method...) and wrote `unmapped` with the reason instead of a body, so it never runs to null. Write the decision in FEEL.",
  }),
  "decision.body-conflict": entry({
    severity: "error",
    message: needsOneBody,
    example: { name: "risk" },
    explain: "A decision object has both `expr` and `table`: keep one.",
  }),
  "decision.body-shape": entry({
    severity: "error",
    message: variants({
      body: (p: { where: string; table: boolean; tableObject: boolean }) =>
        `${p.where} must be ${["an expression string", ...(p.table ? ["a table array"] : []), ...(p.tableObject ? ["`{table, hit, default}`"] : [])].join(" or ")}`,
      expr: "`expr` must be an expression string",
    }),
    example: { variant: "body", where: "let entry `base`", table: false, tableObject: false },
    explain:
      "`expr` is not a string, or a `let` entry or function body has a shape not allowed there (strict: `let` entries are expressions).",
  }),
  "decision.table-shape": entry({
    severity: "error",
    message: variants({
      decision: "`table` must be an array of rows",
      object: (p: { where: string }) => `\`table\` of ${p.where} must be an array of rows`,
    }),
    example: { variant: "decision" },
    explain: "`table` is not an array of rows (the header first, then the rules).",
  }),
  "decision.table-object-key": entry({
    severity: "error",
    message: (p: { keys: readonly string[]; where: string }) =>
      `unexpected key${p.keys.length > 1 ? "s" : ""} ${p.keys.map((k) => `\`${k}\``).join(", ")} in ${p.where}`,
    example: { keys: ["hits"], where: "let entry `base`" },
    explain: "Lenient: a `{table, hit, default}` object (a `let` entry or function body) has another key; remove it.",
  }),
  "decision.let-shape": entry({
    severity: "error",
    message: "`let` must be an object mapping names to expressions, in order",
    explain: "`let` is not an object of named entries.",
  }),
  "decision.requires-shape": entry({
    severity: "error",
    message: "`requires` must be an array of input or decision names",
    explain: "`requires` is not an array of names.",
  }),
  "decision.desc-invalid": entry({
    severity: "error",
    message: "`desc` must be a string",
    explain: "A decision's `desc` is not a string.",
  }),
  "decision.default-lenient": entry({
    severity: "error",
    message: "`default` is allowed only in lenient (imported) models",
    explain: "Strict: `default` is a lenient extension; end the table with an else row instead.",
  }),
  "decision.default-shape": entry({
    severity: "error",
    message: variants({
      outputs: "`default` of a multi-output table maps output names to expressions",
      output: "a default output is an expression string",
    }),
    example: { variant: "outputs" },
    explain: "`default` is not an expression (or, for several outputs, an object of them by output name).",
  }),
  "decision.priorities-shape": entry({
    severity: "error",
    message: variants({
      list: "`priorities` of an output is a list of FEEL literals, highest priority first",
      literal: (p: { text: string }) => `\`${p.text}\` in \`priorities\` is not a literal: list numbers, strings or booleans`,
      distinct: "`priorities` lists a value twice: each value has one rank",
      outputs: "`priorities` of a multi-output table maps output names to lists",
      output: (p: { name: string }) => `\`priorities\` names "${p.name}", which is no output of the table`,
    }),
    example: { variant: "literal", text: "x + 1" },
    explain:
      "`priorities` (lenient, written by the DMN import) gives a PRIORITY or OUTPUT ORDER table's order of output values, highest first: a list of distinct number, string or boolean literals (for several outputs, an object of such lists by output name).",
  }),
  "decision.table-key-unused": entry({
    severity: "warning",
    message: (p: { key: string }) => `\`${p.key}\` applies only to a table and is ignored`,
    example: { key: "hit" },
    explain: "`hit` or `default` on an expression decision; it is ignored. Remove it.",
  }),
  "decision.unknown-key": entry({
    severity: "warning",
    message: unknownKey,
    example: { key: "tpye", didYouMean: "; did you mean `type`?" },
    explain: "A decision key the format does not define; it is ignored. Remove it or fix its spelling.",
  }),
  "function.shape": entry({
    severity: "error",
    message: (p: { name: string }) => `function \`${p.name}\` must be an object with \`params\`, \`returns\` and \`body\``,
    example: { name: "fee" },
    explain: "A function is not an object.",
  }),
  "function.params-shape": entry({
    severity: "error",
    message: "`params` must be an object mapping parameter names to types, in order",
    explain: "A function's `params` is not an object of parameter names to types.",
  }),
  "function.unmapped": entry({
    severity: "error",
    message: (p: { name: string; reason: string }) => `function \`${p.name}\` was not imported: ${p.reason}`,
    example: { name: "fee", reason: "a PMML model cannot be evaluated here (<encapsulatedLogic> in model.dmn:40)" },
    explain:
      "The DMN import could not map this business knowledge model or decision service (a PMML model, an unmapped Java method, another expression language...) and wrote `unmapped` with the reason instead of a body. Write the function in FEEL.",
  }),
  "function.body-missing": entry({
    severity: "error",
    message: (p: { name: string }) => `function \`${p.name}\` needs a \`body\``,
    example: { name: "fee" },
    explain: "A function has no `body`: add the expression (or table) it computes.",
  }),
  "function.unknown-key": entry({
    severity: "warning",
    message: unknownKey,
    example: { key: "return", didYouMean: "; did you mean `returns`?" },
    explain: "A function key the format does not define; it is ignored. Remove it or fix its spelling.",
  }),
  "feel.syntax": entry({
    severity: "error",
    message: variants({
      parser: (p: { detail: string }) => p.detail,
      character: (p: { char: string }) => `unexpected character \`${p.char}\``,
      "lone-dash": "`-` stands alone in a cell",
      "lone-not": "`not(...)` wraps the whole cell",
      crash: (p: { error: string }) => `cannot parse: ${p.error}`,
    }),
    example: { variant: "parser", detail: "expected `)`, found the end of the text" },
    explain:
      "The FEEL text of an expression, cell, heading or type condition does not parse; the message says what was expected where (see `span`).",
  }),
  "feel.not-feel": entry({
    severity: "error",
    message: (p: { written: string; feel: string; meaning: string }) => `\`${p.written}\` is not FEEL; write \`${p.feel}\` (${p.meaning})`,
    example: { written: "&&", feel: "and", meaning: "logical and" },
    explain:
      "An operator from another language (`==`, `&&`, `||`, `!`, `=>`, `=<`, `<>`, `> =`, `;` between items): FEEL would read it " +
      "differently or not at all. Write the FEEL spelling the message gives.",
  }),
  "feel.empty": entry({
    severity: "error",
    message: variants({
      expression: "the expression is empty",
      type: "the type is empty",
      tests: "the unary tests are empty; write `-` to match any value",
    }),
    example: { variant: "expression" },
    explain: "An expression, type or cell is empty: write one (in a cell, `-` matches any value).",
  }),
  "feel.unterminated-string": entry({
    severity: "error",
    message: 'string is not closed; add a `"` at its end',
    explain: "A string literal has no closing quote.",
  }),
  "feel.unterminated-comment": entry({
    severity: "error",
    message: "comment is not closed; add `*/`",
    explain: "A `/*` comment has no closing `*/`.",
  }),
  "feel.number-range": entry({
    severity: "error",
    message: (p: { text: string }) => `the number ${p.text} is too large for a FEEL number (at most 10^6144 in magnitude)`,
    example: { text: "1e999999" },
    explain:
      "A number literal overflows FEEL's decimal numbers (34 digits, exponents up to 6144): it would be infinite, which FEEL has not.",
  }),
  "feel.lone-surrogate": entry({
    severity: "error",
    message: "the string holds a lone UTF-16 surrogate (a `\\u` escape of D800–DFFF without its partner), which is not a character",
    explain:
      "A `\\uD800`–`\\uDFFF` escape must pair a high surrogate with a low one (or write the character as `\\U01F600`); alone it is not text.",
  }),
  "feel.too-deep": entry({
    severity: "error",
    message: (p: { limit: number }) => `the expression nests more than ${p.limit} levels deep; split it into \`let\` entries or decisions`,
    example: { limit: 150 },
    explain:
      "The expression (brackets, operands of a long operator chain, nested `if`s...) nests deeper than the limit every phase is built for: split it into `let` entries or decisions.",
  }),
  "feel.internal": entry({
    severity: "error",
    message: (p: { error: string }) => `internal parser error: ${p.error}`,
    example: { error: "TypeError: Cannot read properties of null (reading 'kind')" },
    explain: "The parser failed on this text: a bug in the parser, never in the model. Please report it with the text.",
  }),
});
