// How much evidence the embedded readers take. They read in time linear in the evidence; these
// bounds keep one request's reading to about a second of one core (bench/READER-EVAL.md). Over
// them `readState` answers "evidence too large" instead of reading, and the service answers 422
// `evidence_too_large` (docs/service.md). A language-model reader has no such bound here: the
// request body limit and its provider's context bound it.

export interface EvidenceLimits {
  /** characters of a text state (UTF-16 code units, as the string's length) */
  textChars: number;
  /** characters of a text state times the inputs to read from it: the text reader looks for each input across the text */
  textCharsTimesInputs: number;
  /** values of a JSON state: objects, arrays and scalars, the root included */
  jsonValues: number;
  /** characters of all the strings of a JSON state together: prose in them is read as text */
  jsonTextChars: number;
  /**
   * values of a JSON state times the inputs to read from it: the JSON reader weighs every key and
   * value for every input it reads, so a state of many keys read for many inputs costs their product
   */
  jsonValuesTimesInputs: number;
}

export const EMBEDDED_LIMITS: EvidenceLimits = {
  textChars: 256 * 1024,
  textCharsTimesInputs: 16 * 256 * 1024,
  jsonValues: 50_000,
  jsonTextChars: 256 * 1024,
  jsonValuesTimesInputs: 100_000,
};

/** The measure of the evidence that went over its limit. */
export interface EvidenceSize {
  measure:
    | "characters of text"
    | "characters of text times the inputs to read"
    | "JSON values"
    | "characters in JSON strings"
    | "JSON values times the inputs to read";
  size: number;
  limit: number;
}

/** How many values and string characters a JSON value holds; iterative, so depth costs no stack. */
export function jsonSize(root: unknown): { values: number; chars: number } {
  let values = 0;
  let chars = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    values++;
    if (typeof v === "string") chars += v.length;
    else if (Array.isArray(v)) for (const item of v) stack.push(item);
    else if (v !== null && typeof v === "object") for (const item of Object.values(v)) stack.push(item);
  }
  return { values, chars };
}

/** The first limit the evidence exceeds, read for `inputs` inputs, or undefined when the readers take it. */
export function evidenceOverLimit(state: unknown, limits: EvidenceLimits, inputs = 1): EvidenceSize | undefined {
  if (typeof state === "string") {
    if (state.length > limits.textChars) return { measure: "characters of text", size: state.length, limit: limits.textChars };
    const product = state.length * inputs;
    return product > limits.textCharsTimesInputs
      ? { measure: "characters of text times the inputs to read", size: product, limit: limits.textCharsTimesInputs }
      : undefined;
  }
  const { values, chars } = jsonSize(state);
  if (values > limits.jsonValues) return { measure: "JSON values", size: values, limit: limits.jsonValues };
  if (chars > limits.jsonTextChars) return { measure: "characters in JSON strings", size: chars, limit: limits.jsonTextChars };
  const pairs = values * inputs;
  if (pairs > limits.jsonValuesTimesInputs)
    return { measure: "JSON values times the inputs to read", size: pairs, limit: limits.jsonValuesTimesInputs };
  return undefined;
}
