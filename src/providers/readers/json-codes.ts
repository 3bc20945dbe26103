// Values written as codes beside the dictionary that spells them out: `{"type_code": "W", "codes":
// {"C": "collision", "W": "weather", …}}`, `{"tier_code": "G", "tiers": {"B": "bronze", "G":
// "gold"}}`, or a document's `"dictionary": {"kind": {"IND": "individual"}}`. Before any key is
// matched each such code (capitals or digits) is read as the word its dictionary gives it, and the
// dictionary, once it spelled one, is dropped (its words list every choice, none of them the answer). A dictionary spells out
// the codes under the object holding it whose key shares a word with its own (`tier_code` and
// `tiers`, `type_code` and `codes`), or any of them when its key is only a word of a dictionary
// (`codes`, `legend`, `lookup`). Linear in the document (at most MAX_DICTIONARIES carried at once).
import { yesNoOf } from "./coerce.js";
import { FOREIGN_LEGENDS } from "./foreign-words.js";
import { isRecord } from "./json-walk.js";
import { normaliseName } from "./words.js";

/** Keys that only say a record spells codes out: such a dictionary reads any code under it. */
const GENERIC = new Set([
  "code",
  "codes",
  "legend",
  "lookup",
  "lookups",
  "dictionary",
  "dict",
  "mapping",
  "map",
  "labels",
  "decode",
  "key",
  // and their words in the other languages of evidence (accents folded, as keys are)
  ...Object.values(FOREIGN_LEGENDS).flatMap((words) => words.map(normaliseName)),
]);
const MAX_DICTIONARIES = 8;
/** A code: a few capitals or digits, no spaces (`W`, `IND`, `COL`, `02`). */
const CODE = /^[A-Z0-9][A-Z0-9_-]{0,5}$/;
/** A code's spelling: words, no figures; letters of Latin Extended-A too ("hayır", "kaçağı", "złoty"). */
const SPELLING = /^[A-Za-zÀ-ÿĀ-ž][A-Za-zÀ-ÿĀ-ž ()'/-]*$/;

interface Dictionary {
  words: Set<string>;
  generic: boolean;
  spelled: Map<string, string>;
  /** a code was spelled by it: only then is it dropped */
  used: boolean;
}

/** The words of a key, a plural's last "s" aside (`tiers` is `tier`). */
const wordsOf = (key: string): string[] =>
  normaliseName(key)
    .split(" ")
    .map((w) => (w.length > 3 && w.endsWith("s") ? w.slice(0, -1) : w));

/** A record of at least two codes, each spelled out in a word longer than itself, is a dictionary. */
function asDictionary(key: string, v: unknown): Dictionary | undefined {
  if (!isRecord(v)) return undefined;
  const entries = Object.entries(v);
  if (
    entries.length < 2 ||
    !entries.every(([c, w]) => CODE.test(c) && typeof w === "string" && SPELLING.test(w.trim()) && w.trim().length > c.length)
  )
    return undefined;
  const words = wordsOf(key);
  return {
    words: new Set(words.filter((w) => !GENERIC.has(w))),
    // a legend of yes and no (`"evet_hayir": {"E": "evet", "H": "hayır"}`, `"legende_jn"`) reads any flag beside it
    generic: words.every((w) => GENERIC.has(w)) || entries.every(([, w]) => yesNoOf(w as string) !== undefined),
    spelled: new Map(entries.map(([c, w]) => [c.toLowerCase(), (w as string).trim()])),
    used: false,
  };
}

/** The dictionaries an object holds: its own entries, and those of an entry whose key is only a word of a dictionary. */
function dictionariesIn(o: Record<string, unknown>): { key: string; held: Dictionary[] }[] {
  const out: { key: string; held: Dictionary[] }[] = [];
  for (const [k, v] of Object.entries(o)) {
    const d = asDictionary(k, v);
    if (d) out.push({ key: k, held: [d] });
    else if (isRecord(v) && wordsOf(k).every((w) => GENERIC.has(w))) {
      const inner = Object.entries(v).map(([ik, iv]) => asDictionary(ik, iv));
      if (inner.length > 0 && inner.every((x) => x !== undefined)) out.push({ key: k, held: inner as Dictionary[] });
    }
  }
  return out;
}

/** The word a code under `key` stands for, by the first dictionary that spells it and speaks of that key. */
function spelled(code: string, key: string, dictionaries: readonly Dictionary[]): string | undefined {
  const words = wordsOf(key);
  for (const d of dictionaries) {
    const word = d.spelled.get(code.trim().toLowerCase());
    if (word !== undefined && (d.generic || words.some((w) => d.words.has(w) || d.words.has(`${w}e`)))) {
      d.used = true;
      return word;
    }
  }
  return undefined;
}

function rewrite(v: unknown, key: string, carried: readonly Dictionary[]): unknown {
  if (typeof v === "string") return carried.length > 0 && CODE.test(v.trim()) ? (spelled(v, key, carried) ?? v) : v;
  if (Array.isArray(v)) {
    const items = v.map((x) => rewrite(x, key, carried));
    return items.every((x, i) => x === v[i]) ? v : items;
  }
  if (!isRecord(v)) return v;
  const held = dictionariesIn(v);
  const here = held.length === 0 ? carried : [...held.flatMap((h) => h.held), ...carried].slice(0, MAX_DICTIONARIES);
  const dictionaries = new Set(held.map((h) => h.key));
  const entries = Object.entries(v).map(([k, x]): [string, unknown] => [k, dictionaries.has(k) ? x : rewrite(x, k, here)]);
  // a dictionary that spelled a code out is dropped: its words list every choice
  const dropped = new Set(held.filter((h) => h.held.some((d) => d.used)).map((h) => h.key));
  const kept = entries.filter(([k]) => !dropped.has(k));
  return dropped.size === 0 && kept.every(([k, x]) => x === v[k]) ? v : Object.fromEntries(kept);
}

/** The document with its codes spelled out by the dictionaries beside them; a document with none as it is. */
export const withCodesSpelled = (root: unknown): unknown => rewrite(root, "", []);
