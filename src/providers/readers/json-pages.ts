// A document exported page by page (`"pages": [{"page": 1, "fields": {…}}, {"page": 2, "fields":
// {…}}]`, a form's sections or a wizard's steps): its pages are parts of one record, not records of
// several things, so their fields answer as one record's would. Only a list whose records each
// number their part under a key of part (`page`, `section`, `step`, in the languages the readers
// know), every number its own, and whose fields (a record's keys besides the part's, and the keys
// of the objects under them) no two parts share. Linear in the list and its parts' keys.
/** A JSON object (not an array, not null). */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
import { normaliseName } from "./words.js";

/** Keys by which a record numbers the part of a document it is. */
const PART_KEY =
  /^(page|pg|page no|page number|page num|sheet|section|part|step|seite|pagina|página|pagine|blad|feuille|sezione|seccion|sección|secao|seção|abschnitt|schritt|etape|étape|stap|paso|passo)$/;

const partNumber = (v: unknown): string | undefined =>
  typeof v === "number" && Number.isInteger(v)
    ? String(v)
    : typeof v === "string" && /^\s*[\dA-Za-z]{1,4}\s*$/.test(v)
      ? v.trim()
      : undefined;

/** Whether the list's records are the numbered parts of one document. */
export function partsOfOne(list: readonly unknown[]): boolean {
  if (list.length < 2 || !list.every(isRecord)) return false;
  const records = list as Record<string, unknown>[];
  const part = Object.keys(records[0]!).find((k) => PART_KEY.test(normaliseName(k)));
  if (part === undefined) return false;
  const numbers = new Set<string>();
  const fields = new Set<string>();
  for (const r of records) {
    const n = partNumber(r[part]);
    if (n === undefined || numbers.has(n)) return false;
    numbers.add(n);
    let own = 0;
    for (const [k, v] of Object.entries(r)) {
      if (k === part) continue;
      for (const f of isRecord(v) ? Object.keys(v) : [k]) {
        if (fields.has(f)) return false;
        fields.add(f);
        own++;
      }
    }
    if (own === 0) return false;
  }
  return true;
}
