// Records and lists read by their shape where no key names the input: a record whose role field
// names a struct input, the one record outside any list that fills a struct input, the one list
// of such records for a list input.
import type { InputIR } from "../../ir/ir.js";
import { coerce, yesNoOf, type CoerceContext } from "./coerce.js";
import { isRecord, type JsonNode } from "./json-walk.js";
import { abbreviates, contentStems, normaliseName, stemMatch } from "./words.js";

export interface Candidate {
  input: string;
  pointer: string;
  value: unknown;
  confidence: number;
  raw: unknown;
  /** the sum of a list's amounts */
  summed?: true;
  /** what the candidate takes, when not the node itself: one field summed over a list's records */
  slot?: string;
}

/**
 * A list of records with a field naming each one's role (`"role": "applicant"`): the record whose
 * role is a struct input's name answers that input (0.7), and the list without it a list input of
 * the same records (0.6), when one record has that role.
 */
const BY_ROLE = 0.8;
const REST_BY_ROLE = 0.75;
/**
 * Roles by which a roster marks the one it is about, relative to whom the others are named
 * (`"Relation": "Self"`): they name the struct input when the model has only one.
 */
const SELF_ROLES = new Set(["self", "myself", "me", "head", "head of household", "householder", "hoh"]);
const roleNames = (record: Record<string, unknown>, name: string, self: boolean): boolean => {
  const want = contentStems(name);
  const says = (role: string) => namesRole(contentStems(role), want) || (self && SELF_ROLES.has(role.trim().toLowerCase()));
  // a role glossed in brackets ("self (applicant)", "Head (HoH)") says it either way
  return Object.values(record).some((v) => typeof v === "string" && (says(v) || rolesGlossed(v).some(says)));
};
/**
 * A role's words name the input's: the same words, or words of their synonym group, as another
 * system writes the role (`"Rôle": "demandeur"`, `"roll": "SÖKANDE"`, `"rol": "aanvrager"`), or a
 * code of three letters or more that abbreviates it (`"APPL"`); a word more ("co-applicant") says another.
 */
const namesRole = (role: string[], want: string[], codes = true): boolean =>
  role.length === want.length &&
  role.every((r, i) => stemMatch(r, want[i]!) > 0 || (codes && r.length >= MIN_ROLE_CODE && abbreviates(r, want[i]!)));
const MIN_ROLE_CODE = 3;
/** A role and its gloss in brackets after it: "self (applicant)" is "self" and "applicant". */
const GLOSSED = /^([^()]+)\(([^()]+)\)\s*$/;
const rolesGlossed = (v: string): string[] => {
  const m = GLOSSED.exec(v);
  return m ? [m[1]!, m[2]!] : [];
};
/** Keys of records numbered as siblings (`person_1`, `person2`, `member-3`): the stem and the number. */
const NUMBERED = /^(.*?[a-z])[ _-]?(\d+)$/i;

/**
 * The lists of several records in the state: each array of records, and each set of an object's
 * records under numbered keys of one stem (`person_1`, `person_2`), in number order; `at` is each
 * record's step from the list's pointer.
 */
function recordLists(nodes: JsonNode[]): { pointer: string; records: Record<string, unknown>[]; at: (string | number)[] }[] {
  const out: { pointer: string; records: Record<string, unknown>[]; at: (string | number)[] }[] = [];
  for (const n of nodes) {
    if (n.item || n.past) continue;
    if (Array.isArray(n.value) && n.value.length > 1 && n.value.every(isRecord))
      out.push({ pointer: n.pointer, records: n.value, at: n.value.map((_, i) => i) });
    else if (isRecord(n.value)) {
      const byStem = new Map<string, [number, string][]>();
      for (const [k, v] of Object.entries(n.value)) {
        const m = NUMBERED.exec(k);
        if (m && isRecord(v)) byStem.set(m[1]!.toLowerCase(), [...(byStem.get(m[1]!.toLowerCase()) ?? []), [Number(m[2]), k]]);
      }
      for (const keys of byStem.values()) {
        if (keys.length < 2) continue;
        keys.sort((a, b) => a[0] - b[0]);
        const value = n.value;
        out.push({
          pointer: n.pointer,
          records: keys.map(([, k]) => value[k] as Record<string, unknown>),
          at: keys.map(([, k]) => k.replaceAll("~", "~0").replaceAll("/", "~1")),
        });
      }
    }
  }
  return out;
}

/** Records of one kind share at least half the keys of the smaller. */
const sameKind = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.filter((k) => Object.hasOwn(b, k)).length * 2 >= Math.min(ka.length, kb.length);
};

/**
 * Keys of a flag that marks the one a roster is about (`"is_primary": true`, `"main": "Y"`,
 * `"hoofd": "J"`), their form words aside: they name the struct input when the model has only one.
 */
const PRIMARY_FLAG_WORDS = new Set(["primary", "main", "principal", "head", "lead", "hoofd", "haupt", "titular"]);
const FLAG_FORM_WORDS = new Set(["is", "flag", "flg", "yn", "ind", "indicator"]);
const saysYes = (v: unknown): boolean => v === true || v === 1 || (typeof v === "string" && (yesNoOf(v) === true || /^\s*x\s*$/i.test(v)));
/** A record flagged as the input's (`"is_applicant": "Y"`, `"primary": true`), its key's form words aside. */
const flaggedAs = (record: Record<string, unknown>, name: string, self: boolean): boolean =>
  Object.entries(record).some(([k, v]) => {
    if (!saysYes(v)) return false;
    const words = normaliseName(k)
      .split(" ")
      .filter((w) => !FLAG_FORM_WORDS.has(w));
    const primary = words.filter((w) => PRIMARY_FLAG_WORDS.has(w));
    const rest = contentStems(words.filter((w) => !PRIMARY_FLAG_WORDS.has(w)).join(" "));
    // `primary` alone names the one struct; `primary_applicant`, `is_applicant` name the input's
    // a key names the input by its words, never as a code: "Alter" (an age of 1) is no "applicant"
    return rest.length === 0 ? primary.length > 0 && self : namesRole(rest, contentStems(name), false);
  });

/** Keys of a roster's role or relationship field, in the languages of exports (`rel`, `Rôle`, `relatie`, `parentesco`). */
export const ROLE_KEYS = new Set([
  "role",
  "rol",
  "roll",
  "rolle",
  "ruolo",
  "papel",
  "rel",
  "relation",
  "relationship",
  "relatie",
  "relacion",
  "parentesco",
  "relazione",
  "beziehung",
  "lien",
  "yakinlik",
  "iliski",
  "relacja",
]);
/** A role left unsaid or in doubt (`"rel": "?"`, `"role": "unknown"`, `"relatie": "onbekend"`). */
const UNCLEAR_ROLE =
  /^\s*$|\?|\b(unknown|unclear|not stated|unsure|tbc|tbd|n\/?a|n a|onbekend|unbekannt|desconocido|desconocida|inconnu|inconnue|sconosciuto|desconhecido|okand|bilinmiyor)\b/i;
/** A record whose role field leaves its place in the household in doubt: read as no one's. */
const roleUnclear = (record: Record<string, unknown>): boolean =>
  Object.entries(record).some(
    ([k, v]) =>
      (v === null || typeof v === "string") &&
      normaliseName(k)
        .split(" ")
        .some((w) => ROLE_KEYS.has(w)) &&
      (v === null || UNCLEAR_ROLE.test(v) || UNCLEAR_ROLE.test(normaliseName(v))),
  );
/** Words of a key that flags whether a row belongs to the household (`hh_member`, `is_resident`, `lid_huishouden`). */
const MEMBER_FLAG_WORDS = new Set(["member", "resident", "occupant", "lid", "mitglied", "miembro", "membre", "membro", "uye"]);
/** A row its own flag says is no member of the household (`"hh_member": false`: a lodger kept in the export). */
const flaggedOut = (record: Record<string, unknown>): boolean =>
  Object.entries(record).some(
    ([k, v]) =>
      (v === false || v === 0 || (typeof v === "string" && yesNoOf(v) === false)) &&
      normaliseName(k)
        .split(" ")
        .some((w) => MEMBER_FLAG_WORDS.has(w)),
  );
/** A roster read without its records of unclear role: as sure as the rest, a little less. */
const UNCLEAR_LEFT_OUT = 0.85;

export function byRole(input: InputIR, inputs: InputIR[], nodes: JsonNode[], ctx: CoerceContext): Candidate[] {
  const structs = input.type.kind === "struct" ? [input] : inputs.filter((i) => i !== input && i.type.kind === "struct");
  const onlyStruct = inputs.filter((i) => i.type.kind === "struct").length === 1;
  const out: Candidate[] = [];
  for (const { pointer, records, at: where } of recordLists(nodes)) {
    for (const struct of structs) {
      const at = records.flatMap((r, i) =>
        !roleUnclear(r) && (roleNames(r, struct.name, onlyStruct) || flaggedAs(r, struct.name, onlyStruct)) ? [i] : [],
      );
      if (at.length !== 1) continue;
      const i = at[0]!;
      // the others are the records of its kind: a roster exported beside a record of another kind (a
      // tenancy) keeps it apart; one whose role is in doubt is left out rather than guessed
      const others = records.filter((r, j) => j !== i && sameKind(r, records[i]!));
      const member = others.filter((r) => !flaggedOut(r));
      const clear = member.filter((r) => !roleUnclear(r));
      const value = input === struct ? records[i] : clear;
      const c = coerce(value, input.type, ctx);
      if (c)
        out.push({
          input: input.name,
          pointer: input === struct ? `${pointer}/${where[i]}` : pointer,
          value: c.value,
          confidence: (input === struct ? BY_ROLE : REST_BY_ROLE * (clear.length < member.length ? UNCLEAR_LEFT_OUT : 1)) * c.factor,
          raw: value,
        });
    }
  }
  return out.length === 1 ? out : [];
}

/**
 * A record or list no key names, taken by its shape: the one object outside any list whose keys
 * name every field of a struct input (`primary`, `hh_head` for an applicant), the one list of such
 * records for a list input (`others`, `hh_mbrs` for the household's members). More than one such
 * node is no answer.
 */
const BY_STRUCTURE = 0.75;
/** An empty list says nothing by its shape: it counts only when its key is a word of the input's desc ("the household"). */
const namedInDesc = (input: InputIR, n: JsonNode): boolean => {
  const key = contentStems(n.keys[n.keys.length - 1] ?? "");
  const desc = contentStems(input.desc);
  return key.length > 0 && key.every((k) => desc.includes(k));
};
/** Whether a record's role or flag says it is a struct input's (the applicant's row of a roster). */
const holdsRoleOf = (record: unknown, inputs: InputIR[]): boolean => {
  const structs = inputs.filter((i) => i.type.kind === "struct");
  return (
    isRecord(record) &&
    !roleUnclear(record) &&
    structs.some((s) => roleNames(record, s.name, structs.length === 1) || flaggedAs(record, s.name, structs.length === 1))
  );
};

export function byStructure(input: InputIR, inputs: InputIR[], nodes: JsonNode[], ctx: CoerceContext, keyed: Candidate[]): Candidate[] {
  const list = input.type.kind === "list";
  const shaped = nodes.filter(
    (n) =>
      n.pointer !== "" &&
      !n.item &&
      !n.past &&
      !keyed.some((c) => c.pointer === n.pointer) &&
      (list
        ? Array.isArray(n.value) && (n.value.length > 0 || namedInDesc(input, n))
        : typeof n.value === "object" && n.value !== null && !Array.isArray(n.value)),
  );
  const found: Candidate[] = [];
  for (const n of shaped) {
    // a roster holding the applicant's row is no list of the others: byRole reads it, or nothing does;
    // nor is one with a row whose role is in doubt, which may be the applicant's
    if (list && (n.value as unknown[]).some((r) => holdsRoleOf(r, inputs) || (isRecord(r) && roleUnclear(r)))) continue;
    const c = coerce(n.value, input.type, ctx);
    // a list whose every record left (`formerOccupants`) is a history, not a list of the input's records
    const allLeft = list && c && (n.value as unknown[]).length > 0 && (c.value as unknown[]).length === 0;
    if (c && !allLeft)
      found.push({ input: input.name, pointer: n.pointer, value: c.value, confidence: BY_STRUCTURE * c.factor, raw: n.value });
  }
  return found.length === 1 ? found : [];
}
