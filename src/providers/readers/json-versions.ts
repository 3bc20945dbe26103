// Versions of one record listed side by side: an export keeps the drafts and the withdrawn or
// rejected versions of a quote or an application beside the one in force. When every record of a
// list has a status, exactly one says it is in force (`accepted`, `signed`, `approved`, `final`,
// also done by both sides or in full: `countersigned`, `co-signed`, `fully executed`)
// and every other that it was replaced or dropped (`superseded`, `draft`, `withdrawn`,
// `rejected`), that one is the record the list stands for; the others are of another time. A
// status glossed after a dash or in brackets ("draft - not sent", "superseded (by v3)") is its
// head. Revisions that say no status but number themselves (`"rev": 3`, `"version": 2`) stand for
// the latest: the highest number, when every record has one of its own and, where each also says
// when it was saved, the highest was saved last (json-revisions.ts).
import { normaliseName } from "./words.js";

/** Keys of a record's status. */
const STATUS_KEY = /^(status|state|stage|stat|sts|version status|quote status|outcome)$/;
/** Statuses of the version in force. */
const IN_FORCE = /^(?:counter ?|co ?|fully |duly )?(accepted|signed|approved|final|agreed|current|latest|executed|bound|won|in force)$/;
/** Statuses of a version replaced or dropped. */
const REPLACED =
  /^(superseded|replaced|draft|withdrawn|expired|rejected|declined|void|voided|cancelled|canceled|obsolete|outdated|previous|old|lost|abandoned)$/;

/** A status's head, before a gloss after a dash or in brackets ("draft - not sent" › "draft"). */
const GLOSS = /\s[-–—]\s|[(:;]/;
const headOf = (status: string): string => normaliseName(status.split(GLOSS)[0]!);

function statusOf(record: Record<string, unknown>): string | undefined {
  for (const [key, v] of Object.entries(record)) if (typeof v === "string" && STATUS_KEY.test(normaliseName(key))) return headOf(v);
  return undefined;
}

/** Whether a record says a status of its own. */
export const hasStatus = (record: Record<string, unknown>): boolean => statusOf(record) !== undefined;

/** The index of the one version in force among a list's records, if they are such a set of versions. */
export function versionInForce(list: readonly Record<string, unknown>[]): number | undefined {
  if (list.length < 2) return undefined;
  let found: number | undefined;
  for (let i = 0; i < list.length; i++) {
    const status = statusOf(list[i]!);
    if (status === undefined) return undefined;
    if (IN_FORCE.test(status)) {
      if (found !== undefined) return undefined;
      found = i;
    } else if (!REPLACED.test(status)) return undefined;
  }
  return found;
}
