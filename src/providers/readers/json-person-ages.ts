// An age asked of one person ("How old is the main driver?") that an export gives only as a date
// of birth (`"driver": {"dob": "1988-07-21"}`), or in the record of the main one among a list of
// people (`"drivers": [{"role": "MAIN", "age": 44}, {"role": "NAMED", …}]`): the age written there,
// or the whole years from the date of birth to the day the reading is made as of. Only from one
// person's record whose branch names the person asked about, and only a date that reads one way
// (coerce.ts, ageOnReference).
import type { InputIR } from "../../ir/ir.js";
import { ageOnReference, BIRTH_KEY, coerce, FROM_BIRTH } from "./coerce.js";
import { pathScore, type InputWords } from "./json-keys.js";
import { mainOnes } from "./json-main-records.js";
import { isRecord, type JsonNode } from "./json-walk.js";
import { asksAge } from "./text/age-from-birth.js";
import { normaliseName } from "./words.js";

const MIN_KEY_SCORE = 0.45;
/** An age picked from a list by the record's role: the role's words are a table, less sure than a key. */
const BY_ROLE = 0.85;
/** Keys of a person's age in years (`age`, `age_yrs`). */
const AGE_KEY = /^age(?: (?:yrs|years|y))?$/;

type Found = { value: number; factor: number; pointer: string; raw: unknown };

/** An age from a record's own age field or date of birth. */
function ageIn(
  record: Record<string, unknown>,
  input: InputIR,
  reference: string,
): { value: number; factor: number; key: string } | undefined {
  const fields = Object.entries(record);
  const age = fields.filter(([k]) => AGE_KEY.test(normaliseName(k)));
  if (age.length === 1) {
    const c = coerce(age[0]![1], input.type, { reference });
    return c && typeof c.value === "number" ? { value: c.value, factor: c.factor, key: age[0]![0] } : undefined;
  }
  const births = fields.filter(([k]) => BIRTH_KEY.test(normaliseName(k)));
  const value = births.length === 1 ? ageOnReference(births[0]![1], input.type, reference) : undefined;
  return value === undefined ? undefined : { value, factor: FROM_BIRTH, key: births[0]![0] };
}

/**
 * The age of the person asked about: from the one date of birth, outside any list and any other
 * party's branch, whose keys with the date's key read as `age` name the input (`driver.dob` for
 * "driver age"); else from the main one's record of the one list of people that names the input.
 */
export function ageOfPerson(input: InputIR, words: InputWords, nodes: readonly JsonNode[], reference: string): Found | undefined {
  if (input.type.kind !== "number" || !asksAge(input)) return undefined;
  const found = nodes.flatMap((n) => {
    const key = n.keys[n.keys.length - 1];
    if (key === undefined || n.item || n.listed || n.other || n.past || !BIRTH_KEY.test(normaliseName(key))) return [];
    const score = pathScore(words, [...n.keys.slice(0, -1), "age"]);
    const age = score >= MIN_KEY_SCORE ? ageOnReference(n.value, input.type, reference) : undefined;
    return age === undefined ? [] : [{ value: age, factor: score * FROM_BIRTH, pointer: n.pointer, raw: n.value }];
  });
  if (found.length > 0) return found.length === 1 ? found[0] : undefined;
  const byRole = nodes.flatMap((n) => {
    if (n.item || n.listed || n.other || n.past || !Array.isArray(n.value) || n.value.length < 2 || !n.value.every(isRecord)) return [];
    const score = pathScore(words, [...n.keys, "age"]);
    const main = score >= MIN_KEY_SCORE ? mainOnes(n.value as Record<string, unknown>[]) : undefined;
    if (main?.length !== 1) return [];
    const age = ageIn(main[0]!, input, reference);
    const at = (n.value as unknown[]).indexOf(main[0]);
    return age
      ? [{ value: age.value, factor: score * age.factor * BY_ROLE, pointer: `${n.pointer}/${at}/${age.key}`, raw: main[0]![age.key] }]
      : [];
  });
  return byRole.length === 1 ? byRole[0] : undefined;
}
