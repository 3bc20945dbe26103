// A yes/no that asks whether someone holds a document ("Does the customer hold a sales tax
// exemption certificate?") is answered by the document as an export keeps it: its number under a
// key naming it (`"tax_exempt_cert": "TX-EX-2025-8812 (valid to 2027-12-31)"`) says it is held,
// and a record of it with a flag of being on file (`"taxExemptCert": {"onFile": true}`,
// `"taxExemption": {"certificateOnFile": false}`, `"police_report": {"filed": true}`) says what the flag says. A document whose expiry
// beside it has passed answers nothing. Only where the input's own words name the kind of document.
import type { InputIR } from "../../ir/ir.js";
import type { Coerced } from "./coerce.js";
import { parseDateString } from "./dates.js";
import { contentStems, normaliseName } from "./words.js";

/** Kinds of document a yes/no may ask about, as stems (`certificate`, `licence`, `permit`). */
const DOCUMENTS = new Set(
  ["certificate", "cert", "certification", "licence", "license", "permit", "exemption", "waiver", "report", "passport", "visa"].flatMap(
    (w) => contentStems(w),
  ),
);
/** Words of a flag that says a document is held. */
const HELD = /\b(on ?file|held|present|provided|received|submitted|filed|lodged|available|exists|valid)\b/;
/** Keys of a document's expiry. */
const EXPIRY = /^(expires|expiry|expiry date|expiration|expiration date|valid to|valid until|valid thru|expires on|expires at)$/;
/** A document's number: letters and digits, at least one of each, before any gloss in brackets; no date. */
const NUMBER = /^\s*(?=[A-Za-z0-9-/.]*\d)(?=[A-Za-z0-9-/.]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9-/.]{3,}\s*(\(.*\))?\s*$/;
const isNumber = (v: string, reference: string | undefined): boolean =>
  NUMBER.test(v) && (reference === undefined || parseDateString(v.split("(")[0]!, reference) === undefined);
/** A document's number says it is held a little less surely than a yes would. */
const BY_NUMBER = 0.8;
const BY_FLAG = 0.9;

/** Whether the input asks whether a document is held: its words name one. */
const asksDocument = (input: InputIR): boolean =>
  input.type.kind === "boolean" && contentStems(`${input.name} ${input.desc}`).some((s) => DOCUMENTS.has(s));

const lapsed = (record: Record<string, unknown>, reference: string | undefined): boolean =>
  reference !== undefined &&
  Object.entries(record).some(([k, v]) => {
    if (typeof v !== "string" || !EXPIRY.test(normaliseName(k))) return false;
    const d = parseDateString(v, reference);
    return d?.exact === true && d.iso < reference;
  });

/** A document's number or record under a key that names the input, read as whether it is held. */
export function documentHeld(input: InputIR, key: string | undefined, value: unknown, reference?: string): Coerced | undefined {
  if (!asksDocument(input) || key === undefined || !contentStems(key).some((s) => DOCUMENTS.has(s))) return undefined;
  if (typeof value === "string") return isNumber(value, reference) ? { value: true, factor: BY_NUMBER } : undefined;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const flags = Object.entries(record).filter(([k, v]) => typeof v === "boolean" && HELD.test(normaliseName(k)));
  if (flags.length !== 1) return undefined;
  const held = flags[0]![1] as boolean;
  if (held && lapsed(record, reference)) return undefined;
  return { value: held, factor: BY_FLAG };
}
