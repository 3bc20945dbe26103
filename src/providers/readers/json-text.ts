// A text state that is one structured document and nothing else (an export pasted as the evidence):
// JSON (`"{\n  \"quoteRequest\": {…}\n}"`), XML, YAML in blocks, or a URL query string
// (`seats=40&tier=gold&name=Kim+Nguyen`). Its keys say what each value is, as a JSON state's do,
// and read as words they lose that (`"claims_5y": []` as five claims, `"licence_yrs": 45` as an
// age). Such a text is read by the JSON reader, as the document it is: one path from keys to
// inputs whatever the notation; it stays a text state for what may be read from it (spec 2.3: no
// free-text string). The whole text and nothing around it. Linear in the text.
import { formFields } from "./json-form-encoded.js";
import { xmlDocumentOf } from "./text-xml.js";
import { yamlDocumentOf } from "./text-yaml.js";

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

/** A URL's query, or a query string alone: the fields after any `…?`. */
const QUERY = /^(?:[a-z][a-z0-9+.-]*:\/\/[^\s?]*\?|[/\w.-]*\?)?(\S+)$/i;

/** The fields of a text that is one URL query string (two fields at least), or a URL ending in one. */
const queryDocumentOf = (text: string): object | undefined => {
  const m = QUERY.exec(text.trim());
  return m === null ? undefined : formFields(m[1]!);
};

/** The document a text is, whole, in a notation of keys and values only (JSON, a query string); otherwise undefined. */
export const keyedDocumentOf = (text: string): object | undefined => jsonDocumentOf(text) ?? queryDocumentOf(text);

/** The document a text is, whole, in a notation that may hold comments and words besides (XML, YAML); otherwise undefined. */
export const markupDocumentOf = (text: string): object | undefined => xmlDocumentOf(text) ?? yamlDocumentOf(text);

/** The document a text is, whole, in any notation read as one; otherwise undefined. */
export const documentOf = (text: string): object | undefined => keyedDocumentOf(text) ?? markupDocumentOf(text);
