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
    message: variants({
      "catch-all": (p: { rule: number; by: number }) => `rule ${p.rule} can never fire: rule ${p.by} before it matches everything`,
      shadowed: (p: { rule: number; by: number }) =>
        `rule ${p.rule} can never fire: rule ${p.by} before it matches every state rule ${p.rule} matches`,
    }),
    example: { variant: "shadowed", rule: 4, by: 2 },
    explain:
      "In a FIRST table, a rule whose every cell is covered by the same column's cell of one earlier rule (an all-`-` rule " +
      "covers everything) can never fire: move it up, narrow the earlier rule, or remove it. A warning: the model still " +
      "answers as written.",
  }),
  "tables.gap": entry({
    severity: "warning",
    message: (p: { value: string; first: number; firstText: string; second: number; secondText: string }) =>
      `${p.value} is matched neither by rule ${p.first} (\`${p.firstText}\`) nor by rule ${p.second} (\`${p.secondText}\`), which match the values on either side of it; include it in one of them`,
    example: { value: "0.5", first: 4, firstText: "> 0.5", second: 6, secondText: "(0.3..0.5)" },
    explain:
      "Among rules alike in every other column, two ranges of a number column leave out the one value between them (an " +
      "off-by-one): states with exactly that value fall through to a later rule.",
  }),
  "tables.inconsistent-bound": entry({
    severity: "warning",
    message: (p: { text: string; other: number; otherText: string }) =>
      `\`${p.text}\` and rule ${p.other}'s \`${p.otherText}\` bound the same column at the same value, one including it and one excluding it; write the bound the same way in both unless the difference is meant`,
    example: { text: "> 0.5", other: 4, otherText: ">= 0.5" },
    explain:
      "In a number or date column, two rules start (or end) at the same value, one including the value and the other " +
      "excluding it (`>= 0.5` and `> 0.5`): usually an off-by-one in one of them.",
  }),
  "tables.cell-vacuous": entry({
    severity: "strict-error",
    message: variants({
      everything: (p: { text: string; type: string }) =>
        `\`${p.text}\` matches every ${p.type}: the tests of a comma list are alternatives (or); for values between two bounds write one range such as \`[a..b)\`, for any value \`-\``,
      nothing: (p: { text: string; type: string }) => `\`${p.text}\` matches no ${p.type}, so this rule never fires`,
    }),
    example: { variant: "everything", text: ">= 720, < 800", type: "number" },
    explain:
      "An input cell other than `-` that matches every value of its column's kind (a comma list read as *and*), or none " + "(`[70..25]`).",
  }),
  "tables.cell-outside-type": entry({
    severity: "warning",
    message: variants({
      none: (p: { text: string; type: string }) => `\`${p.text}\` matches no value of \`${p.type}\`, so this rule never fires`,
      all: (p: { text: string; type: string }) => `\`${p.text}\` matches every value of \`${p.type}\`; write \`-\``,
    }),
    example: { variant: "none", text: "< 0", type: "number >= 0" },
    explain:
      "An input cell that matches no value its column's declared type allows (the rule never fires), or lists every value of " +
      "a choice or levels column (write `-`).",
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
  "tables.cell-intent": entry({
    severity: "strict-error",
    message: variants({
      arithmetic: (p: { text: string; value: string; range: string }) =>
        `\`${p.text}\` is arithmetic: it matches only ${p.value}; for the numbers from one to the other write \`${p.range}\``,
      boolean: (p: { text: string; column: string }) =>
        `\`${p.text}\` in a ${p.column} column never matches (a ${p.column} value is never ${p.text}); test the column's value, or write \`-\` for any value`,
      "decimal-comma": (p: { text: string; decimal: string }) =>
        `\`${p.text}\` is a list of two numbers; FEEL decimals use a dot (\`${p.decimal}\`), and list items are separated by \`, \``,
      "list-range": (p: { text: string; items: string; range: string }) =>
        `\`${p.text}\` is a list: it matches only its items; for the values from one to the other write \`${p.range}\`, for either one \`${p.items}\``,
      list: (p: { text: string; items: string }) =>
        `\`${p.text}\` is a list: it matches only its items; to match any of them write them without brackets, \`${p.items}\``,
    }),
    example: { variant: "arithmetic", text: "25-70", value: "-45", range: "[25..70]" },
    explain:
      "An input cell that is valid FEEL but cannot mean what it says: `25-70` (a subtraction, not a range), `true` in a " +
      "non-boolean column (never matches), `<= 0,43` (two tests, not a decimal), `[620, 719]` in a column whose values " +
      "are not lists (a list, matching only 620 and 719, not the interval `[620..719]`).",
  }),
  "tables.bare-word-quoted": entry({
    severity: "strict-error",
    message: (p: { text: string; word: string }) =>
      `\`${p.text}\` in a text column is the text ${p.text}, single quotes included, which none of the column's values has; write \`${p.word}\` (or \`"${p.word}"\`)`,
    example: { text: "'NL'", word: "NL" },
    explain:
      "A bare word in single quotes in a text column: FEEL strings use double quotes, so the quotes become part of the " +
      "text and the cell never matches `NL`. Write the word bare or in double quotes.",
  }),
  "tables.bare-word-number": entry({
    severity: "warning",
    message: (p: { word: string; kind: string }) =>
      `\`${p.word}\` in a text column is the text "${p.word}", compared as text; if a ${p.kind} is meant, the column's value must be one (declare its type)`,
    example: { word: "740", kind: "number" },
    explain: "A bare word that looks like a number or a date in a string column: it is text, and text compares letter by letter.",
  }),
  "tables.bare-word-name": entry({
    severity: "warning",
    message: (p: { word: string }) =>
      `\`${p.word}\` is read as the text "${p.word}"; write \`= ${p.word}\` to use the value of \`${p.word}\``,
    example: { word: "nickname" },
    explain: "A bare word in a string column is also a declared name; it is read as text (write `= name` for the value).",
  }),
});
