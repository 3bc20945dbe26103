// A date written beside the pattern it is written in (`"incep": "01/09/2023", "incep_fmt":
// "DD/MM/YYYY"`, `"tarih": "05.03.2025", "tarih_formati": "GG.AA.YYYY"`): before any key is
// matched the date is read by its pattern and written as an ISO day, and the pattern's key is
// dropped. A pattern's letters say which part is which in the languages of exports: a run of four
// letters is the year (YYYY, JJJJ, AAAA), two letters M or A the month (MM; Turkish AA, "ay"), two
// letters D, G, T or J the day (DD; Turkish GG, German TT, French JJ). A pattern whose parts are not
// one day, one month and one year, or a date it does not read, leaves both as they are. Linear in
// the document.
import { isRecord } from "./json-walk.js";
import { normaliseName } from "./words.js";

/** Words after a key's own that name its pattern: `_fmt`, `_format`, `_formati` (Turkish), `_formato`. */
const FORMAT_WORDS = new Set(["fmt", "format", "formati", "formato", "formaat", "pattern", "notation", "notatie"]);

type Part = "day" | "month" | "year";
const partOf = (run: string): Part | undefined =>
  run.length === 4 && /^(Y|J|A)+$/i.test(run)
    ? "year"
    : run.length === 2 && /^(M|A)+$/i.test(run)
      ? "month"
      : run.length === 2 && /^(D|G|T|J)+$/i.test(run)
        ? "day"
        : undefined;

interface Pattern {
  re: RegExp;
  parts: Part[];
}

/** A pattern's runs of letters as a regular expression of digits, with its parts in order. */
export function datePattern(text: string): Pattern | undefined {
  const runs = text.trim().match(/([A-Za-z])\1*|[^A-Za-z]+/g);
  if (runs === null) return undefined;
  const parts: Part[] = [];
  let source = "";
  for (const run of runs) {
    if (/^[A-Za-z]/.test(run)) {
      const part = partOf(run);
      if (part === undefined) return undefined;
      parts.push(part);
      source += `(\\d{${run.length}})`;
    } else if (/^[\s./-]+$/.test(run)) source += run.replace(/[.]/g, "\\.");
    else return undefined;
  }
  return new Set(parts).size === 3 && parts.length === 3 ? { re: new RegExp(`^${source}$`), parts } : undefined;
}

/** The ISO day a date reads as by its pattern; undefined for one it does not read or no real day. */
export function byPattern(value: string, pattern: Pattern): string | undefined {
  const m = pattern.re.exec(value.trim());
  if (m === null) return undefined;
  const at = (p: Part): number => Number(m[pattern.parts.indexOf(p) + 1]);
  const [y, mo, d] = [at("year"), at("month"), at("day")];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, "0")}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** The key of a record whose pattern the key `k` gives, if `k` is the key of a pattern: `incep_fmt` › `incep`. */
function patternOf(k: string, o: Record<string, unknown>): string | undefined {
  const words = normaliseName(k).split(" ");
  if (words.length < 2 || !FORMAT_WORDS.has(words[words.length - 1]!)) return undefined;
  const own = words.slice(0, -1).join(" ");
  return Object.keys(o).find((x) => x !== k && normaliseName(x) === own);
}

function rewrite(v: unknown): unknown {
  if (Array.isArray(v)) {
    const items = v.map(rewrite);
    return items.every((x, i) => x === v[i]) ? v : items;
  }
  if (!isRecord(v)) return v;
  const out: Record<string, unknown> = {};
  let changed = false;
  for (const [k, x] of Object.entries(v)) out[k] = rewrite(x);
  for (const [k, x] of Object.entries(v)) {
    const dated = typeof x === "string" ? patternOf(k, v) : undefined;
    const pattern = dated !== undefined ? datePattern(x as string) : undefined;
    const value = dated !== undefined ? v[dated] : undefined;
    const iso = pattern && typeof value === "string" ? byPattern(value, pattern) : undefined;
    if (iso === undefined) continue;
    out[dated!] = iso;
    delete out[k];
    changed = true;
  }
  return changed || Object.keys(out).some((k) => out[k] !== v[k]) ? out : v;
}

/** The document with its dates written beside their patterns read by them; a document with none as it is. */
export const withDatesByPattern = (root: unknown): unknown => rewrite(root);
