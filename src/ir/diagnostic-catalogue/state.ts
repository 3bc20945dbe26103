// The state codes of the diagnostic catalogue.
import { entry, variants, inStage, article } from "./entries.js";

/** How many of a choice's allowed values a message lists: the rest are counted (a choice may have 20,000). */
export const LISTED_VALUES = 20;

/** The allowed values as a message lists them: all of up to LISTED_VALUES, else the first and how many more. */
const listed = (values: readonly string[]): string =>
  values.length <= LISTED_VALUES
    ? values.join(", ")
    : `${values.slice(0, LISTED_VALUES).join(", ")}, … and ${values.length - LISTED_VALUES} more`;

export const STATE = inStage("state", {
  "state.missing": entry({
    severity: "error",
    message: variants({
      absent: (p: { name: string }) => `\`${p.name}\` is required`,
      null: (p: { name: string }) => `\`${p.name}\` is required (got null)`,
    }),
    example: { variant: "absent", name: "age" },
    explain: "A required input is absent or null (only inputs with `blank: true` may be).",
  }),
  "state.type": entry({
    severity: "error",
    message: variants({
      value: (p: { name: string; wanted: readonly string[]; got: string }) =>
        `\`${p.name}\` must be ${p.wanted.map(article).join(" or ")} (got ${p.got})`,
      state: "the state must be a JSON object mapping input names to values",
      row: "a row must be a JSON object mapping input names to values",
    }),
    example: { variant: "value", name: "age", wanted: ["number"], got: '"30"' },
    explain: "The value has the wrong JSON type (address `inputs` when the state, or a batch row, is not an object).",
  }),
  "state.enum": entry({
    severity: "error",
    message: variants({
      values: (p: { name: string; allowed: readonly string[]; got: string }) =>
        `\`${p.name}\` must be one of ${listed(p.allowed)} (got ${p.got})`,
      const: (p: { name: string; detail: string; got: string }) => `\`${p.name}\` ${p.detail} (got ${p.got})`,
    }),
    example: { variant: "values", name: "tier", allowed: ['"gold"', '"silver"'], got: '"bronze"' },
    explain: `The value is not one of the choice's or levels' values; of more than ${LISTED_VALUES} values, the message lists the first ${LISTED_VALUES} and counts the rest.`,
  }),
  "state.format": entry({
    severity: "error",
    message: (p: { name: string; hint: string; got: string }) => `\`${p.name}\` must be ${p.hint} (got ${p.got})`,
    example: { name: "start", hint: "a date YYYY-MM-DD", got: '"2023-02-29"' },
    explain: "A date, time, date and time or duration string is malformed (or names a day that does not exist).",
  }),
  "state.range": entry({
    severity: "error",
    message: (p: { name: string; comparison: string; limit: string; got: string }) =>
      `\`${p.name}\` must be ${p.comparison} ${p.limit} (got ${p.got})`,
    example: { name: "age", comparison: "<=", limit: "130", got: "131" },
    explain: "A number outside its constrained range.",
  }),
  "state.invalid": entry({
    severity: "error",
    message: variants({
      schema: (p: { name: string; detail?: string; got: string }) => `\`${p.name}\` ${p.detail ?? "is invalid"} (got ${p.got})`,
      row: "the row does not match the model's inputs",
      cells: (p: { columns: number }) => `the record has more cells than the header's ${p.columns} column${p.columns === 1 ? "" : "s"}`,
      long: (p: { limit: number }) =>
        `the record is longer than ${p.limit.toLocaleString("en-US")} bytes, the longest a batch reads (--max-record-bytes): it was not read`,
    }),
    example: { variant: "schema", name: "items", detail: "must NOT have more than 10 items", got: "an array" },
    explain:
      "Any other schema violation (a batch row lists each one in its `errors`); a CSV record with more cells than its header has columns (whose extra cells no input would read); a batch record longer than `--max-record-bytes` (skipped unread, so that one record cannot hold the batch's memory).",
  }),
  "state.unknown": entry({
    severity: "warning",
    message: variants({
      near: (p: { key: string; input: string }) => `\`${p.key}\` is not an input; did you mean \`${p.input}\`?`,
      extra: (p: { key: string }) => `\`${p.key}\` is not an input of the model and was ignored`,
    }),
    example: { variant: "near", key: "credit scroe", input: "credit score" },
    explain:
      "A key of a JSON state that names no input, at address `state.<key>`. Close to an input the state does not give (a misspelling), the state is refused as invalid and the input named; otherwise a state that runs as it is answers with it as a warning.",
  }),
});
