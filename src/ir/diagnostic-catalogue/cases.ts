// The cases codes of the diagnostic catalogue: a model's own test cases run by `pdm check`.
import { entry, inStage } from "./entries.js";

export const CASES = inStage("cases", {
  "cases.failed": entry({
    severity: "error",
    message: (p: { case: string; path: string; expected: string; actual: string }) =>
      `case ${p.case} expects ${p.path} = ${p.expected}; the model answers ${p.actual}`,
    example: { case: "prime.json", path: "decisions.risk", expected: '"low"', actual: '"medium"' },
    explain:
      "The model answers one of its own test cases differently from what the case expects: the model or the case is wrong. " +
      "`pdm test` shows why (the explanation of the decision).",
  }),
  "cases.unknown-name": entry({
    severity: "error",
    message: (p: { case: string; path: string; absent: string }) => `case ${p.case} expects ${p.path}, but ${p.absent}`,
    example: { case: "prime.json", path: "decisions.riks", absent: "the model has no decision `riks`; did you mean `risk`?" },
    explain:
      "A test case expects a decision or an answer the model does not have (misspelt, or renamed since): the nearest name is suggested.",
  }),
  "cases.invalid-state": entry({
    severity: "error",
    message: (p: { case: string; detail: string }) => `case ${p.case}: ${p.detail}`,
    example: { case: "prime.json", detail: "`credit score` must be <= 850 (got 900)" },
    explain: "A test case's state does not fit the model's inputs (a renamed input, a narrowed type): the case cannot run.",
  }),
});
