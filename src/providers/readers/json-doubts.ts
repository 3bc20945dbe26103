// A yes/no whose basis a note beside it puts in doubt: `"tax": {"exempt": true, "certificate":
// "TX-EXM-88120", "certificate_status": "EXPIRED 2025-12-31 — renewal requested, not received"}`.
// The flag was set on a certificate that has lapsed, or on a check not made yet; a careful clerk
// does not grant what it says on that basis, nor deny it (the renewal may come): it is an open
// question. Before any key is matched, the yes/no values of a record holding such a note are left
// unread (null), and so are its identifiers of a document, which would say the document is held;
// a note on one check's outcome kept beside it (`adverse_media_status` by `adverse_media_hit`)
// leaves that outcome alone unread.
// A note is a string under a key whose last word names a status or a comment (`status`, `note`,
// `remark`) of a thing it names first (`certificate_status`; a bare `note` is the record's own),
// saying the basis is expired, revoked, or not settled yet: the words of a pending check
// (text/qualifiers.ts `saysPending`: "pending",
// "awaiting", "in progress"), or a denial of having it ("not received", "not verified"). Linear in
// the document.
import { isRecord } from "./json-walk.js";
import { saysPending } from "./text/qualifiers.js";
import { nameWords } from "./words.js";

/** Last words of a key whose string is a note on what the key names first: a status or a comment. */
const NOTE_KEYS = new Set(["status", "state", "validity", "comment", "comments", "note", "notes", "remark", "remarks"]);
/** Words that say a basis no longer holds. */
const VOID = new Set(["expired", "revoked", "lapsed", "suspended", "cancelled", "canceled", "invalid", "unverified", "withdrawn", "void"]);
/** Verbs that, denied ("not received"), say the basis is not in hand. */
const HELD = new Set(["received", "provided", "verified", "confirmed", "submitted", "renewed", "valid", "on file"]);
const NEGATORS = new Set(["not", "never", "no", "without"]);

/** Whether a note's words put its record's basis in doubt. */
function doubts(note: string): boolean {
  const words = note
    .toLowerCase()
    .split(/[^a-z'’]+/)
    .filter((w) => w !== "");
  return words.some((w, k) => VOID.has(w) || (HELD.has(w) && NEGATORS.has(words[k - 1] ?? ""))) || saysPending(words);
}

/**
 * The words of what a note's key names first (`certificate_status` → certificate,
 * `adverseMediaComment` → adverse, media), or undefined when the key names no note: its last word
 * a comment's or a status's, with a subject before it (a bare `status` or `note` is the record's
 * own, as an application's "pending review", and says nothing of its flags).
 */
function noteSubject(key: string): string[] | undefined {
  const words = nameWords(key);
  const last = words.at(-1) ?? "";
  return NOTE_KEYS.has(last) && words.length >= 2 ? words.slice(0, -1) : undefined;
}

/**
 * The keys of a record's values that a note beside them doubts. A note on a check whose outcome
 * the record keeps (`adverse_media_status` beside `adverse_media_hit`: a yes/no, or null) doubts
 * that outcome alone, not the record's other flags (`pep_hit`); a note on the basis of the
 * record's flags (`certificate_status` beside `certificate` and `exempt`) doubts every yes/no of
 * it, and the basis's identifier.
 */
function doubtedFlags(record: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  for (const [key, v] of Object.entries(record)) {
    const subject = noteSubject(key);
    if (subject === undefined || typeof v !== "string" || !doubts(v)) continue;
    const outcomes = Object.keys(record).filter(
      (k) => k !== key && (record[k] === null || isYesNo(record[k])) && nameWords(k).some((w) => subject.includes(w)),
    );
    const doubted = outcomes.length > 0 ? outcomes : Object.keys(record).filter((k) => isYesNo(record[k]) || isIdentifier(record[k]));
    for (const k of doubted) out.add(k);
  }
  return out;
}

/** A yes/no value: a boolean, or a string of one ("Y", "yes", "true"). */
const isYesNo = (v: unknown): boolean => typeof v === "boolean" || (typeof v === "string" && /^\s*(y|n|yes|no|true|false)\s*$/i.test(v));
/** A document's identifier: capitals and digits, with a digit (`TX-EXM-88120`). */
const isIdentifier = (v: unknown): boolean => typeof v === "string" && /^(?=.*\d)[A-Z0-9][A-Z0-9/_.-]{3,}$/.test(v.trim());

/** The state with the yes/no values (and document identifiers) that a note beside them doubts left unread. */
export function withoutDoubtedFlags(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutDoubtedFlags);
  if (!isRecord(v)) return v;
  const doubted = doubtedFlags(v);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, doubted.has(k) ? null : withoutDoubtedFlags(x)]));
}
