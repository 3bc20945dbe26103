// Which embedded reader reads a state: the text reader for a text, the JSON reader for JSON and for
// a text that is one document of keys and values (JSON, a query string), and for a text that is
// one document in a notation that may hold comments and words besides (XML, YAML) both, weighed
// together (json-text.ts, text-documents.ts).
import type { Reader } from "../types.js";
import { jsonReader } from "./json-reader.js";
import { keyedDocumentOf, markupDocumentOf } from "./json-text.js";
import { documentTextReader } from "./text-documents.js";
import { textReader } from "./text-reader.js";

/** The embedded reader of a state. */
export function embeddedReader(state: unknown): Reader {
  if (typeof state !== "string" || keyedDocumentOf(state) !== undefined) return jsonReader;
  return markupDocumentOf(state) === undefined ? textReader : documentTextReader;
}
