// A status that lapsed while its renewal is under way: "their exemption certificate expired in
// September, renewal is in process - we'll know next week". The lapse denies the fact for now, the
// renewal may restore it: the text does not settle it either way, so the statement answers nothing.
import type { Token } from "./tokens.js";

/** Words saying a status ended: the lapse a renewal may undo. */
const LAPSED = new Set(["expired", "lapsed", "expiring", "suspended", "revoked"]);
/** Stems of renewing a status ("renewal", "renewing", "reissued", "reapplied"). */
const RENEWING = /^(renew|re-?issu|re-?appl|re-?certif|extension|extend)/;
/** Words saying the renewal is not decided yet. */
const UNDER_WAY = new Set([
  "process",
  "progress",
  "pending",
  "underway",
  "submitted",
  "filed",
  "applied",
  "awaiting",
  "requested",
  "ongoing",
]);
/** How many tokens after a word of renewing its word of being under way may stand ("renewal is in process"). */
const REACH = 4;

/**
 * Whether tokens `from`..`to` (a statement's sentence) say a status lapsed and its renewal is under
 * way: a lapse word, then a word of renewing followed within REACH tokens by a word of being under
 * way, or preceded by one ("pending renewal"). One pass over the sentence.
 */
export function lapsedUnderRenewal(tokens: Token[], from: number, to: number): boolean {
  let lapse = false;
  for (let k = from; k <= to; k++) {
    const t = tokens[k]!;
    if (LAPSED.has(t.lower)) lapse = true;
    else if (lapse && RENEWING.test(t.lower)) {
      for (let j = Math.max(from, k - 2); j <= Math.min(to, k + REACH); j++) if (UNDER_WAY.has(tokens[j]!.lower)) return true;
    }
  }
  return false;
}
