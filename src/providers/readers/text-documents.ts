// A text that is a document in a notation other than JSON (XML, YAML, a query string) is read both
// ways: by its keys, as the JSON it stands for, and as a text, for what its comments and words say.
// Where the two agree the keys' answer stands; where only the keys answer, an answer they are
// unsure of is dropped (a count of media hits beside the analyst's dismissal is no yes); where the
// two differ, the keys' answer if they are sure enough of it, else the text's, either less sure
// for the other's doubt. A field the keys say is not known (left null) is not answered from the text.
import { NO_USAGE, type ReadValue, type Reader } from "../types.js";
import { jsonReader } from "./json-reader.js";
import { EMBEDDED_LIMITS } from "./limits.js";
import { textReader } from "./text-reader.js";
import { roundConfidence } from "./text/confidence.js";

/** Below this, an answer of the keys alone is no answer. */
const KEYS_ALONE = 0.6;
/** What a reading the other contradicts keeps of its confidence. */
const CONTRADICTED = 0.75;

const same = (a: ReadValue, b: ReadValue): boolean => JSON.stringify(a.value) === JSON.stringify(b.value);

function merged(byKeys: ReadValue | undefined, asText: ReadValue | undefined): ReadValue | undefined {
  if (byKeys === undefined) return asText;
  if (asText === undefined) return byKeys.confidence >= KEYS_ALONE ? byKeys : undefined;
  if (same(byKeys, asText)) return byKeys;
  const kept = byKeys.confidence >= KEYS_ALONE ? byKeys : asText;
  return { ...kept, confidence: roundConfidence(kept.confidence * CONTRADICTED) };
}

export const documentTextReader: Reader = {
  name: "document",
  limits: EMBEDDED_LIMITS,
  async read(request, signal) {
    const [byKeys, asText] = await Promise.all([jsonReader.read(request, signal), textReader.read(request, signal)]);
    const values: Record<string, ReadValue> = {};
    const unknown = new Set(byKeys.unknown);
    for (const { name } of request.inputs) {
      // a field the document leaves null is not known: its words elsewhere in the text do not answer it
      const v = unknown.has(name) ? undefined : merged(byKeys.values[name], asText.values[name]);
      if (v) values[name] = v;
    }
    return { values, usage: NO_USAGE };
  },
};
