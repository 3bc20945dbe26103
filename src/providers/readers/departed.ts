// Whether a listed person (or record) is no longer part of the group the list is read for: a
// member who moved out, died, or lives elsewhere is kept in many exports for history, flagged
// (`active: false`, `in_household: "N"`), dated (`end_date` passed) or noted ("moved out 2026-06").
// Shared by the JSON reader (records of a list input) and the text reader (people in prose).
import { parseDateString } from "./dates.js";
import { normaliseName } from "./words.js";

/** Prose that says a person has left the household, or never was in it, or is not in it yet ("moving in next month", "not here yet"). */
export const LEFT_PHRASE =
  /\b(moved (out|away)|moving in (next|this|later|soon|in|on|after)\b|(will|to|going to) move in|yet to move in|not (here|living (here|with us)|moved in) yet|has (since )?left|left (home|the (house|household|home|flat|family))|no longer (lives?|living|resides?|part of)|not (part of|in|a member of) (the |our |my |this )?(household|home)|(lives?|living|stays?|staying|resides?) (elsewhere|separately|on (his|her|their) own|in (?!the household|the same|with)\w+)|deceased|passed away|died)\b/i;

/** Key words of a flag that the record is current (`active`, `in_household`, `current`, `resident`). */
const CURRENT_KEY = /^(is )?(active|current|resident|present|in (the )?(household|hh|home)|lives with|living with|member|in hh)$/;
/** Key words of the day a record ended (`end_date`, `moved_out`, `left_on`, `exit_dt`). */
const END_KEY = /\b(end|ended|left|moved|exit|departure|departed|until|to)\b/;
/** Values of a status that say the record has ended or the person left. */
const LEFT_STATUS = /^(inactive|former|left|moved|moved[ _-]?out|deceased|died|ended|removed|closed|ex)$/i;
const STATUS_KEY = /^(status|state|stat|sts|hh status|household status|membership)$/;
const FALSE_WORDS = new Set(["false", "n", "no", "0", "inactive"]);
/** Key words of the span a person lived in the household (`livesAtAddress: {from, to}`, `residence`, `household_membership`). */
const STAY_KEY = /\b(lives?|living|resid\w*|address|household|hh|occupan\w*|tenan\w*|membership|stay)\b/;

/** Whether a value under a (normalised) key is a day something ended, on or before `reference` (`end_date`, `to`). */
function endPassed(key: string, v: unknown, reference: string): boolean {
  if (typeof v !== "string" || !END_KEY.test(key) || /\bstart|from|since\b/.test(key)) return false;
  const d = parseDateString(v, reference);
  return d !== undefined && d.iso <= reference;
}

/** Whether a span's record (`{"from": "2024-05-01", "to": "2026-03-31"}`) says it ended on or before `reference`. */
const spanEnded = (span: Record<string, unknown>, reference: string): boolean =>
  Object.entries(span).some(([k, v]) => endPassed(normaliseName(k), v, reference));

/** Whether the record says the person is no longer in the group, as of `reference` (ISO date). */
export function departed(record: Record<string, unknown>, reference: string): boolean {
  for (const [rawKey, v] of Object.entries(record)) {
    const key = normaliseName(rawKey);
    if (CURRENT_KEY.test(key) && (v === false || v === 0 || (typeof v === "string" && FALSE_WORDS.has(v.trim().toLowerCase()))))
      return true;
    // the span the person lived at the address, ended: `livesAtAddress: {"from": …, "to": "2026-03-31"}`
    if (
      STAY_KEY.test(key) &&
      typeof v === "object" &&
      v !== null &&
      !Array.isArray(v) &&
      spanEnded(v as Record<string, unknown>, reference)
    )
      return true;
    if (typeof v !== "string") continue;
    if (STATUS_KEY.test(key) && LEFT_STATUS.test(v.trim())) return true;
    if (endPassed(key, v, reference)) return true;
    if (/\b(note|notes|comment|comments|remark|remarks|status)\b/.test(key) && LEFT_PHRASE.test(v)) return true;
  }
  return false;
}
