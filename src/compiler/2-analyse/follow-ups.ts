// Diagnostics that only follow from another problem, dropped so that a check names the cause
// once: while any calculation has an error, the types inferred from it (and from what reads it)
// cannot confirm a question's contract; while a name does not resolve or an expression does not
// parse, which inputs are read is not known.
import { hasCode, type Diagnostic } from "../../ir/diagnostics.js";

/** The family of FEEL text that does not parse. */
const FEEL_SYNTAX = "feel.";

type FollowUp = (d: Diagnostic, errors: readonly Diagnostic[]) => boolean;

const FOLLOW_UPS: readonly FollowUp[] = [
  (d, errors) => hasCode(d, "questions.type-unknown") && errors.length > 0,
  (d, errors) => hasCode(d, "graph.unused-input") && errors.some((e) => hasCode(e, "names.unknown") || e.code.startsWith(FEEL_SYNTAX)),
];

export function dropFollowUps(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const errors = diagnostics.filter((d) => d.severity === "error");
  return diagnostics.filter((d) => !FOLLOW_UPS.some((follows) => follows(d, errors)));
}
