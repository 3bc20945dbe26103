// An API envelope or a sheet listing several records of which a key outside the list picks one
// (`{"requested_claim": "CLM-20931", "data": {"claims": [{"claim_id": "CLM-20877", …},
// {"claim_id": "CLM-20931", …}]}}`, `"selected": "C-102"`, `"dossier_actif": "D-21"`): the list
// stands for the record picked, the others are other records. Before any key is matched such a
// list is read as that one record. A key picks when its name has a word of choosing (`selected`,
// `requested`, `active`, `current`, in the languages the readers know) and its value, an
// identifier (a digit in it, or three characters or more), is the value of one of a record's own
// keys in exactly one record of a list under the object holding it. Linear in the document (at
// most MAX_PICKS keys picking at once).
import { isRecord } from "./json-walk.js";
import { normaliseName } from "./words.js";

/** Words of a key's name that say it picks a record. */
const PICKING = new Set([
  ...["selected", "select", "selection", "requested", "active", "current", "chosen", "picked", "focus", "focused", "target", "open"],
  // French, German, Dutch, Italian, Spanish, Portuguese, as key names are compared: accents folded
  ...["actif", "courant", "selectionne", "choisi", "demande", "aktiv", "aktuell", "ausgewahlt", "gewahlt", "actief", "huidig"],
  ...["geselecteerd", "gekozen", "attivo", "attiva", "corrente", "selezionato", "selezionata", "activo", "activa", "seleccionado"],
  ...["seleccionada", "ativo", "ativa", "selecionado"],
]);
/** At most this many picking keys are carried down at once. */
const MAX_PICKS = 8;

const isPicking = (key: string): boolean =>
  normaliseName(key)
    .split(" ")
    .some((w) => PICKING.has(w));
const isIdentifier = (v: unknown): v is string => typeof v === "string" && (/\d/.test(v) ? v.trim().length >= 2 : v.trim().length >= 3);
const same = (a: unknown, b: string): boolean => (typeof a === "string" || typeof a === "number") && String(a).trim().toLowerCase() === b;

/** The one record of a list of records that has one of `picks` as one of its own values, if exactly one has. */
function picked(list: unknown[], picks: readonly string[]): Record<string, unknown> | undefined {
  if (list.length < 2 || !list.every(isRecord)) return undefined;
  let found: Record<string, unknown> | undefined;
  for (const r of list as Record<string, unknown>[])
    if (Object.values(r).some((v) => picks.some((p) => same(v, p)))) {
      if (found) return undefined;
      found = r;
    }
  return found;
}

/** The value with its picked lists read as their records; the very value when nothing in it changes. */
function rewrite(v: unknown, picks: readonly string[]): unknown {
  if (Array.isArray(v)) {
    const one = picks.length > 0 ? picked(v, picks) : undefined;
    if (one) return rewrite(one, picks);
    const items = v.map((x) => rewrite(x, picks));
    return items.every((x, i) => x === v[i]) ? v : items;
  }
  if (!isRecord(v)) return v;
  const own = Object.entries(v).flatMap(([k, x]) => (isIdentifier(x) && isPicking(k) ? [x.trim().toLowerCase()] : []));
  const carried = own.length === 0 ? picks : [...own, ...picks].slice(0, MAX_PICKS);
  const entries = Object.entries(v).map(([k, x]): [string, unknown] => [k, rewrite(x, carried)]);
  return entries.every(([k, x]) => x === v[k]) ? v : Object.fromEntries(entries);
}

/** The document with every list a key outside it picks one record of read as that record; a document with none as it is. */
export const withPickedRecords = (root: unknown): unknown => rewrite(root, []);
