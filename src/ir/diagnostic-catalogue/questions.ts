// The questions codes of the diagnostic catalogue.
import { entry, variants, inStage, type Suggested } from "./entries.js";

export const QUESTIONS = inStage("questions", {
  "questions.shape": entry({
    severity: "error",
    message: variants({
      section: "`questions` maps each question id to a question object",
      question: (p: { id: string }) => `question \`${p.id}\` must be an object with \`type\` and \`instructions\``,
    }),
    example: { variant: "question", id: "eligible" },
    explain: "`questions` or a question is not an object.",
  }),
  "questions.type-invalid": entry({
    severity: "error",
    message: (p: { types: readonly string[]; got: unknown } & Suggested) =>
      `question type must be one of ${p.types.join(", ")}, not ${JSON.stringify(p.got)}${p.didYouMean}`,
    example: { types: ["noul", "choice", "score", "number", "date"], got: "bool", didYouMean: "" },
    explain: "The question type is not `noul`, `choice`, `score`, `number` or `date`.",
  }),
  "questions.instructions-missing": entry({
    severity: "error",
    message: (p: { id: string }) => `question \`${p.id}\` needs \`instructions\`: the question text`,
    example: { id: "eligible" },
    explain: "A question without `instructions`: write the question text.",
  }),
  "questions.options-missing": entry({
    severity: "error",
    message: "a choice question needs `options`",
    explain: "A choice question without `options`.",
  }),
  "questions.levels-missing": entry({
    severity: "error",
    message: "a score question needs `levels`",
    explain: "A score question without `levels`.",
  }),
  "questions.criteria-invalid": entry({
    severity: "error",
    message: "`criteria` maps `true` and/or `false` to a description of that outcome",
    explain: "`criteria` has the wrong shape (see `questions.md`).",
  }),
  "questions.options-invalid": entry({
    severity: "error",
    message: "`options` is an object mapping each option to its meaning, or an array of option names",
    explain: "`options` has the wrong shape (see `questions.md`).",
  }),
  "questions.levels-invalid": entry({
    severity: "error",
    message: "`levels` is an array of at least two distinct level names, lowest first",
    explain: "`levels` has the wrong shape (see `questions.md`).",
  }),
  "questions.range-invalid": entry({
    severity: "error",
    message: "`range` is `{min?, max?}` with numbers, min not above max",
    explain: "`range` has the wrong shape (see `questions.md`).",
  }),
  "questions.unknown-key": entry({
    severity: "warning",
    message: (p: { key: string; type: string }) => `\`${p.key}\` does not apply to a ${p.type} question and is ignored`,
    example: { key: "levels", type: "noul" },
    explain: "A field that does not apply to the question's type; it is ignored.",
  }),
  "questions.missing-decision": entry({
    severity: "error",
    message: (p: { id: string } & Suggested) => `no decision named \`${p.id}\` answers this question${p.didYouMean}`,
    example: { id: "eligble", didYouMean: "; did you mean `eligible`?" },
    explain: "No decision has the question's id: name the answering decision like the question.",
  }),
  "questions.not-a-decision": entry({
    severity: "error",
    message: (p: { id: string; kind: "input" | "function" }) =>
      `question \`${p.id}\` is answered by a decision of that name, but \`${p.id}\` is ${p.kind === "input" ? "an input" : "a function"}`,
    example: { id: "age", kind: "input" },
    explain: "The question's id names an input or a function; only a decision answers a question.",
  }),
  "questions.type-mismatch": entry({
    severity: "error",
    message: (p: { id: string; type: string; want: string; got: string }) =>
      `question \`${p.id}\` (${p.type}) needs decision \`${p.id}\` of type \`${p.want}\`, not ${p.got}`,
    example: { id: "eligible", type: "noul", want: "boolean", got: "number" },
    explain: "The decision's type is not the one the question fixes (address: the decision).",
  }),
  "questions.type-unknown": entry({
    severity: "warning",
    message: (p: { id: string; type: string; want: string; inferred: string }) =>
      `question \`${p.id}\` (${p.type}) needs decision \`${p.id}\` of type \`${p.want}\`; its type is inferred as ${p.inferred}: declare \`type: ${JSON.stringify(p.want)}\``,
    example: { id: "tier", type: "choice", want: "gold|silver", inferred: "string" },
    explain: "The decision's type is inferred and cannot confirm the contract (for example a plain string for a choice): declare it.",
  }),
});
