// Values a Protocol Buffers message writes as JSON, read as the values they stand for before any
// key is matched: an enum value named with its enum's name before it (`"partyKind":
// "PARTY_KIND_NATURAL_PERSON"`, `"EMPLOYMENT_STATUS_EMPLOYED"`, `"MATCH_STATUS_NONE"`) as the words
// after that name ("natural person", "employed", "none"); an enum's zero value (`…_UNSPECIFIED`)
// as nothing said; an amount of money as `{units, nanos}` (google.type.Money: `{"currencyCode":
// "USD", "units": "1250", "nanos": 500000000}`) as the number it stands for (1250.5). Linear in the
// document; a document with no such value is returned as it is.
import { isRecord } from "./json-walk.js";
import { normaliseName } from "./words.js";

/** An enum value in capitals with underscores, three words or more. */
const ENUM_VALUE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+){2,}$/;
/** Words that end an enum's name: the value's words after one of them name the value. */
const ENUM_NAME_ENDS = new Set([
  "status",
  "type",
  "kind",
  "level",
  "tier",
  "category",
  "class",
  "rating",
  "listing",
  "result",
  "state",
  "code",
]);
/** The most words an enum's name has, and the longest enum value: longer strings are words, not enums. */
const [NAME_WORDS, LONGEST] = [6, 120];
/** An enum's zero value, the default a message sends when nothing was set. */
const UNSET = /_UNSPECIFIED$/;

/**
 * The words of an enum value after its enum's name: the longest run of its first words that ends
 * with a word naming an enum (`MATCH_STATUS`, two words or more) or that repeats the key's last
 * words (`requestedProduct`: `PRODUCT_`), leaving at least one word.
 */
function enumValue(value: string, key: string): string | null | undefined {
  if (value.length > LONGEST || !ENUM_VALUE.test(value)) return undefined;
  if (UNSET.test(value)) return null;
  const words = value.toLowerCase().split("_");
  const keyWords = normaliseName(key).split(" ");
  let cut = 0;
  for (let i = 1; i < Math.min(words.length, NAME_WORDS + 1); i++) {
    const named = i >= 2 && ENUM_NAME_ENDS.has(words[i - 1]!);
    const repeated = i <= keyWords.length && words.slice(0, i).join(" ") === keyWords.slice(keyWords.length - i).join(" ");
    if (named || repeated) cut = i;
  }
  return cut === 0 ? undefined : words.slice(cut).join(" ");
}

const MONEY_KEYS = new Set(["units", "nanos", "currencyCode", "currency_code"]);
/** `{units, nanos}` with an optional currency, nothing else: units a whole number, nanos billionths. */
function money(v: Record<string, unknown>): number | undefined {
  const keys = Object.keys(v);
  if (!keys.every((k) => MONEY_KEYS.has(k)) || !Object.hasOwn(v, "units") || keys.length < 2) return undefined;
  const units = typeof v.units === "string" && /^-?\d+$/.test(v.units) ? Number(v.units) : v.units;
  const nanos = v.nanos ?? 0;
  if (typeof units !== "number" || !Number.isInteger(units) || typeof nanos !== "number" || !Number.isInteger(nanos)) return undefined;
  if (Math.abs(nanos) >= 1e9) return undefined;
  return Math.round((units + nanos / 1e9) * 1e9) / 1e9;
}

function read(v: unknown, key: string): unknown {
  if (typeof v === "string") {
    const e = enumValue(v, key);
    return e === undefined ? v : e;
  }
  if (Array.isArray(v)) {
    const items = v.map((x) => read(x, key));
    return items.every((x, i) => x === v[i]) ? v : items;
  }
  if (isRecord(v)) {
    const m = money(v);
    if (m !== undefined) return m;
    const entries = Object.entries(v);
    const values = entries.map(([k, x]) => read(x, k));
    return values.every((x, i) => x === entries[i]![1]) ? v : Object.fromEntries(entries.map(([k], i) => [k, values[i]]));
  }
  return v;
}

/** The state with Protocol Buffers' enum values and amounts of money written as the values they stand for. */
export const withProtobufValues = (root: unknown): unknown => read(root, "");
