// The names codes of the diagnostic catalogue.
import { entry, variants, inStage, type Suggested } from "./entries.js";

export const NAMES = inStage("names", {
  "names.unknown": entry({
    severity: "error",
    message: variants({
      name: (p: { name: string } & Suggested) => `unknown name \`${p.name}\`${p.didYouMean}`,
      later: (p: { name: string }) =>
        `\`${p.name}\` is a \`let\` entry defined further down; entries are read in order, so move \`${p.name}\` above this one`,
      "own-entry": (p: { name: string }) =>
        `\`${p.name}\` is the context entry being defined, and an entry sees only the entries before it; a function cannot call itself from a context entry: declare it in \`functions\`, where a function may`,
      "later-entry": (p: { name: string }) =>
        `\`${p.name}\` is a context entry defined further down; entries are read in order, so move \`${p.name}\` above this one`,
      requires: (p: { name: string } & Suggested) =>
        `\`requires\` names \`${p.name}\`, which is neither an input nor a decision${p.didYouMean}`,
    }),
    example: { variant: "name", name: "incme", didYouMean: "; did you mean `income`?" },
    explain:
      "A name resolves to nothing in scope, or a `requires` entry is neither an input nor a decision: declare it or fix the spelling. " +
      "A `let` or context entry that reads a later entry, or itself, is told so. Inside a filter `xs[...]` an unresolved name is a member of the item, not an error, unless the items are numbers, strings or booleans, which have none (strict).",
  }),
  "names.duplicate": entry({
    severity: "error",
    message: variants({
      same: (p: { name: string; first: string }) =>
        `\`${p.name}\` is already declared in ${p.first}; inputs, decisions and functions share one namespace`,
      "unicode-form": (p: { name: string; first: string }) =>
        `\`${p.name}\` is the same text as a name declared in ${p.first}, written with other Unicode code points (composed and decomposed accents); inputs, decisions and functions share one namespace: write both alike, or rename one`,
    }),
    example: { variant: "same", name: "risk", first: "inputs" },
    explain:
      "A name is declared twice among inputs, decisions and functions: rename one. Two names that are the same text in " +
      "Unicode's composed form (NFC), such as `café` with a precomposed `é` and with `e` and a combining accent, count as one name: " +
      "they look alike, and an expression typed either way would read only one of them.",
  }),
  "names.duplicate-entry": entry({
    severity: "strict-error",
    message: (p: { name: string }) => `the context has two entries named \`${p.name}\``,
    example: { name: "total" },
    explain:
      "A context literal names an entry twice (`{a: 1, a: 2}`); DMN requires distinct names in a context. When lenient, the later " +
      "entry's value is the entry's value, and later entries read the one before them.",
  }),
  "names.reserved": entry({
    severity: "error",
    message: (p: { name: string; kind: string }) => `\`${p.name}\` is a FEEL keyword and cannot name ${p.kind}`,
    example: { name: "if", kind: "input" },
    explain: "A FEEL keyword (`if`, `true`, `null`, ...) used as a name: choose another.",
  }),
  "names.invalid": entry({
    severity: "error",
    message: variants({
      empty: "a name cannot be empty",
      spaces: (p: { name: string }) => `\`${p.name}\` starts or ends with a space`,
    }),
    example: { variant: "spaces", name: " age" },
    explain: "An empty name, or one with leading or trailing spaces.",
  }),
  "names.function-scope": entry({
    severity: "error",
    message: (p: { owner: string; what: string; name: string }) =>
      `${p.owner} reads ${p.what} \`${p.name}\`; a function body uses only its parameters and other functions`,
    example: { owner: "function `fee`", what: "input", name: "age" },
    explain: "A function body reads an input or a decision: pass the value as a parameter instead.",
  }),
  "names.unknown-parameter": entry({
    severity: "error",
    message: (p: { fn: string; param: string } & Suggested) => `function \`${p.fn}\` has no parameter \`${p.param}\`${p.didYouMean}`,
    example: { fn: "fee", param: "amont", didYouMean: "; did you mean `amount`?" },
    explain: "A named argument that is not a parameter of the called model function.",
  }),
});
