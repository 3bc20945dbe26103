// Which embedded reader reads a state: the text reader for a text, the JSON reader for JSON, and
// for a text that is one JSON document and nothing else, the JSON reader (json-text.ts).
import type { Reader } from "../types.js";
import { jsonReader } from "./json-reader.js";
import { jsonDocumentOf } from "./json-text.js";
import { textReader } from "./text-reader.js";

/** The embedded reader of a state. */
export const embeddedReader = (state: unknown): Reader =>
  typeof state === "string" && jsonDocumentOf(state) === undefined ? textReader : jsonReader;
