// The tables codes of the diagnostic catalogue.
import { entry, variants, inStage, plural, ALL_HIT_POLICIES, type Suggested } from "./entries.js";

export const TABLES = inStage("tables", {
  "tables.header": entry({
    severity: "error",
    message: variants({
      "not-headings": "the first row of a table is its header: an array of column headings (strings)",
      "no-output": "a table needs at least one output column (a heading starting with `=>`)",
      order: "input columns come before the output columns",
    }),
    example: { variant: "no-output" },
    explain: "The first row is not a list of headings, has no `=>` output, or has inputs after outputs (address `…rule[0]`).",
  }),
  "tables.output-header": entry({
    severity: "error",
    message: "each output column of a multi-output table needs a name: `=> name: type`",
    explain: "An output heading of a multi-output table lacks a name.",
  }),
  "tables.hit-policy": entry({
    severity: "error",
    message: variants({
      unknown: (p: { policy: unknown; strict: boolean }) =>
        `unknown hit policy ${JSON.stringify(p.policy)}; use ${p.strict ? "FIRST" : ALL_HIT_POLICIES}`,
      strict: (p: { policy: string }) =>
        `strict models use FIRST tables only (rows tried top to bottom, first match wins), not ${p.policy}`,
    }),
    example: { variant: "strict", policy: "UNIQUE" },
    explain: "Strict: a hit policy other than FIRST; both modes: an unknown hit policy.",
  }),
  "tables.no-else-row": entry({
    severity: "error",
    message: "the last rule must be an else row with `-` in every input cell, so that no state falls through to null",
    explain: "Strict: the last rule does not have `-` in every input cell; add an else row.",
  }),
  "tables.unreachable-rule": entry({
    severity: "warning",
    message: (p: { rule: number; catchAll: number }) => `rule ${p.rule} can never fire: rule ${p.catchAll} before it matches everything`,
    example: { rule: 4, catchAll: 3 },
    explain: "A rule after an all-`-` rule in a FIRST table can never fire: move or remove it.",
  }),
  "tables.cell-count": entry({
    severity: "error",
    message: (p: { cells: number; columns: number }) => `this rule has ${plural(p.cells, "cell")}; the header has ${p.columns} columns`,
    example: { cells: 2, columns: 3 },
    explain: "A rule has a different number of cells than the header has columns.",
  }),
  "tables.cell-invalid": entry({
    severity: "error",
    message: variants({
      input: (p: { column: string }) => `an input cell is a string, a number or a boolean (column \`${p.column}\`)`,
      output: "an output cell is a string, a number, a boolean or null",
    }),
    example: { variant: "input", column: "age" },
    explain: "A cell is not a string, number or boolean (output cells may be null).",
  }),
  "tables.rule-shape": entry({
    severity: "error",
    message: variants({
      shape: "a rule is an array of cells or an object `{when, then, why}`",
      key: (p: { key: string }) => `unexpected key \`${p.key}\` in a rule object (use when, then, why)`,
      when: "`when` maps input column headings to cell conditions",
      then: (p: { outputs: readonly string[] }) => `\`then\` must name every output: ${p.outputs.join(", ")}`,
    }),
    example: { variant: "key", key: "if" },
    explain: "A rule is neither an array nor `{when, then, why}`, or `then` does not name the outputs.",
  }),
  "tables.unknown-column": entry({
    severity: "error",
    message: variants({
      input: (p: { column: string } & Suggested) => `no input column \`${p.column}\`${p.didYouMean}`,
      output: (p: { column: string } & Suggested) => `no output column \`${p.column}\`${p.didYouMean}`,
    }),
    example: { variant: "input", column: "Age", didYouMean: "; did you mean `age`?" },
    explain: "A `when` or `then` key that is not a column.",
  }),
  "tables.missing-output": entry({
    severity: "error",
    message: variants({
      then: "the rule needs `then`: its output",
      output: (p: { output: string }) => `\`then\` lacks the output \`${p.output}\``,
    }),
    example: { variant: "output", output: "fee" },
    explain: "A rule object without a value for an output.",
  }),
  "tables.empty": entry({
    severity: "error",
    message: variants({
      "no-rows": "a table needs a header row and at least one rule",
      "no-rules": "a table needs at least one rule after the header",
    }),
    example: { variant: "no-rules" },
    explain: "A table without rules.",
  }),
  "tables.bare-word-name": entry({
    severity: "warning",
    message: (p: { word: string }) =>
      `\`${p.word}\` is read as the text "${p.word}"; write \`= ${p.word}\` to use the value of \`${p.word}\``,
    example: { word: "nickname" },
    explain: "A bare word in a string column is also a declared name; it is read as text (write `= name` for the value).",
  }),
});
