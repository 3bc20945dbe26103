// Number inputs read raw by the certified doubles. A JSON number in the state is already the double
// the certified code reads (runtime/certified.ts `certReadEntry`, runtime/certified-dd.ts
// `ddReadInput` read it as the decimal the loader would make of it), so a certified operand that
// names a number input is its raw JSON value where that is a number, and the input's FEEL value
// (its decimal made on its first read, codegen/body-uses.ts) where it is not: a numeric string,
// null or a value the loader refuses, and FEEL values passed in place of a state (no raw value).
// The decimal is then made only where the exact path runs.

/** The operand of a number input `read` (its FEEL value's JS) whose raw JSON value is `raw`. */
export const rawNumberRead = (raw: string, read: string): string => `(typeof ${raw} === "number" ? ${raw} : ${read})`;
