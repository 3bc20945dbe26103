// A text state that is one JSON document and nothing else (an export pasted as the evidence,
// `"{\n  \"quoteRequest\": {…}\n}"`): its keys say what each value is, as a JSON state's do, and
// read as words they lose that (`"claims_5y": []` as five claims, `"licence_yrs": 45` as an age).
// Such a text is read by the JSON reader, as the document it is; it stays a text state for what
// may be read from it (spec 2.3: no free-text string). Only an object or a list, the whole text
// and nothing around it. Linear in the text.

/** The object or list a text is, whole, if it is one JSON document. */
export function jsonDocumentOf(text: string): object | undefined {
  const t = text.trim();
  if (!((t.startsWith("{") && t.endsWith("}")) || (t.startsWith("[") && t.endsWith("]")))) return undefined;
  try {
    const v: unknown = JSON.parse(t);
    return typeof v === "object" && v !== null ? v : undefined;
  } catch {
    return undefined;
  }
}
