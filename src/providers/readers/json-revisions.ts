// Revisions of one record saved side by side with no status (`"quote_revisions": [{"rev": 3, …},
// {"rev": 1, …}, {"rev": 2, …}]`): the latest revision is the record the list stands for,
// wherever it stands in the list; the others are of another time. Only a list whose records each
// number themselves under a key of revision (`rev`, `revision`, `version`, `v`, `ver`, in the
// languages the readers know), every number a whole one and its own, and share the rest of their
// keys as versions of one record do; where every record also says when it was saved, the highest
// number must be the last saved, or the list says no latest. Linear in the list.
import { hasStatus } from "./json-versions.js";
import { normaliseName } from "./words.js";

/** Keys by which a record numbers its revision. */
const REVISION_KEY =
  /^(rev|revision|version|v|ver|vers|version no|version number|revision no|revision number|rev no|versione|revisione|versao|revisao|versie|fassung|surum|revizyon|revisie|wersja)$/;
/** Keys of the moment a revision was saved. */
const SAVED_KEY = /^(saved|saved at|saved on|updated|updated at|modified|modified at|created|created at|at|ts|timestamp|date)$/;
/** An ISO day, with a time or not: such moments compare as strings. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const wholeNumber = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isInteger(v) ? v : typeof v === "string" && /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : undefined;

/** The key of the list's records that the first names with `test`, if every record has it. */
function sharedKey(list: readonly Record<string, unknown>[], test: RegExp): string | undefined {
  const key = Object.keys(list[0]!).find((k) => test.test(normaliseName(k)));
  return key !== undefined && list.every((r) => Object.hasOwn(r, key)) ? key : undefined;
}

/** Whether the records share all but one of the first record's keys: versions of one record, not records of several things. */
function oneShape(list: readonly Record<string, unknown>[]): boolean {
  const first = Object.keys(list[0]!);
  return first.length >= 2 && list.every((r) => first.filter((k) => !Object.hasOwn(r, k)).length <= 1);
}

/** The index of the latest of a list of numbered revisions with no status, if it is one. */
export function latestRevision(list: readonly Record<string, unknown>[]): number | undefined {
  if (list.length < 2 || list.some(hasStatus) || !oneShape(list)) return undefined;
  const key = sharedKey(list, REVISION_KEY);
  if (key === undefined) return undefined;
  const numbers = list.map((r) => wholeNumber(r[key]));
  if (numbers.some((n) => n === undefined) || new Set(numbers).size !== numbers.length) return undefined;
  const latest = numbers.indexOf(Math.max(...(numbers as number[])));
  const saved = sharedKey(list, SAVED_KEY);
  if (saved === undefined || !list.every((r) => typeof r[saved] === "string" && ISO_MOMENT.test(r[saved] as string))) return latest;
  const last = list.reduce((at, r, i) => ((r[saved] as string) > (list[at]![saved] as string) ? i : at), 0);
  return last === latest && list.filter((r) => r[saved] === list[latest]![saved]).length === 1 ? latest : undefined;
}
