// A value an OCR engine or an extraction service wrapped with how sure it was of it (`{"value":
// "1,240.00", "confidence": 0.62}`, `{"text": "Dana Oyelaran", "score": 0.91, "page": 2}`): read
// as the value, and the source's doubt carried to ours. Only a record of one value (a scalar) and
// a confidence from 0 to 1 (or a percentage), with nothing beside them but where the value was
// found; `{"value": 700, "unit": "cents"}` and a credit `score` of 712 are no such record. Run after
// the document's other rewrites, so the pointers it notes are the ones the walk gives. Linear in
// the document; a document with none is returned as it is.
import { isRecord } from "./json-walk.js";

/** Keys of the value read. */
const VALUE_KEYS = new Set(["value", "val", "v", "text", "txt", "raw", "content", "normalized", "normalised"]);
/** Keys of how sure the source was. */
const CONFIDENCE_KEYS = new Set(["confidence", "conf", "score", "ocr confidence", "probability", "certainty", "prob"]);
/** Keys that say only where the value was found, which may stand beside them. */
const SOURCE_KEYS = new Set(["source", "src", "page", "bbox", "box", "engine", "method", "model", "origin", "region", "line"]);
/** A source this sure or surer takes nothing from ours. */
const SURE = 0.95;

const keyOf = (k: string): string =>
  k
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
const escape = (k: string): string => k.replaceAll("~", "~0").replaceAll("/", "~1");

/** A source confidence as a fraction: 0.62, or a percentage (62); otherwise undefined. */
function fractionOf(v: unknown): number | undefined {
  const n = typeof v === "string" && /^\d+(\.\d+)?%?$/.test(v.trim()) ? Number.parseFloat(v) : v;
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0 || n > 100) return undefined;
  return n > 1 ? n / 100 : n;
}

/** The value and the source's confidence of a wrapped value; otherwise undefined. */
function wrapped(v: Record<string, unknown>): { value: unknown; confidence: number } | undefined {
  let value: [unknown] | undefined;
  let confidence: number | undefined;
  for (const [k, x] of Object.entries(v)) {
    const key = keyOf(k);
    if (VALUE_KEYS.has(key) && value === undefined && (x === null || typeof x !== "object")) value = [x];
    else if (CONFIDENCE_KEYS.has(key) && confidence === undefined && (confidence = fractionOf(x)) !== undefined) continue;
    else if (!SOURCE_KEYS.has(key)) return undefined;
  }
  return value !== undefined && confidence !== undefined ? { value: value[0], confidence } : undefined;
}

export interface Sourced {
  state: unknown;
  /** by the pointer of each unwrapped value, the factor its source's confidence puts on ours */
  factors: Map<string, number>;
}

/** The document with its wrapped values unwrapped, and the factors their sources put on our confidence. */
export function withSourceConfidences(root: unknown): Sourced {
  const factors = new Map<string, number>();
  const rewrite = (v: unknown, pointer: string): unknown => {
    if (Array.isArray(v)) return v.map((x, i) => rewrite(x, `${pointer}/${i}`));
    if (!isRecord(v)) return v;
    const w = wrapped(v);
    if (w) {
      factors.set(pointer, Math.min(1, w.confidence / SURE));
      return w.value;
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rewrite(x, `${pointer}/${escape(k)}`)]));
  };
  const state = rewrite(root, "");
  return { state: factors.size > 0 ? state : root, factors };
}
