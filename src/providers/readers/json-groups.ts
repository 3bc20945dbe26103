// Totals and counts over listed records: a borrower's debts summed for "monthly debt", a
// household's people counted for "household size", their incomes summed for "household income".
// Never by guess: only for an input whose name or desc asks for a total or a count.
import type { InputIR } from "../../ir/ir.js";
import { coerce, type CoerceContext } from "./coerce.js";
import { departed } from "./departed.js";
import { MIN_KEY_SCORE, pathScore, type InputWords } from "./json-keys.js";
import { legendsOf, memberSum, shareOf } from "./json-member-sums.js";
import { isRecord, type JsonNode } from "./json-walk.js";
import { countInSpan, spanAsked } from "./json-windowed-counts.js";
import { roundFloat, type Period } from "./numbers.js";
import { contentStems, normaliseName, periodOfKey, stem, stemMatch } from "./words.js";

const TOTAL_WORDS = /\b(total|sum|combined|overall|altogether|all)\b/i;
const COUNT_WORDS = /\b(how many|number of|count|size)\b/i;
/** A desc that asks how many of something: the few words after it name what. */
const HOW_MANY = /\bhow many\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)/iu;

/** Whether a desc asks how many of the things the input's name names ("How many insurance claims …?" of "prior claims"), not how many dollars. */
function asksCountOf(desc: string, nameStems: string[]): boolean {
  const m = HOW_MANY.exec(desc);
  return m !== null && contentStems(m[1]!).some((s) => nameStems.includes(s));
}
/** Words that ask for a count, not which things are counted ("household size", "number of children"). */
const COUNT_NAME_WORDS = new Set(["size", "count", "number", "num", "nbr", "total"].map(stem));
/** Words naming a whole group of people: its count or total takes every record of one shape. */
export const COLLECTIVE_WORDS = new Set(["household", "family", "people", "persons", "occupants", "residents", "everyone"].map(stem));

const GROUP_FACTOR = 0.6;
/** A count of dated records inside the question's span: the dates are certain, which records the list holds less so. */
const SPAN_FACTOR = 0.7;

/** An input that asks for a total: its name or desc says so, or its desc names the listed things in the plural ("on existing debts"). */
function asksTotal(input: InputIR, listKey: string): boolean {
  if (TOTAL_WORDS.test(`${input.name} ${input.desc}`)) return true;
  const listStems = contentStems(listKey);
  const plurals = `${input.name} ${input.desc}`
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 3 && w.endsWith("s") && !w.endsWith("ss"));
  return plurals.some((w) => contentStems(w).some((s) => listStems.some((k) => stemMatch(k, s) > 0)));
}

/** Keys of a listed item's amount: a word of amount (`amount`, `payment`, `balance`). */
const ITEM_AMOUNT_WORDS = new Set(
  ["amount", "amt", "value", "payment", "pmt", "instalment", "installment", "sum", "total", "balance", "bal", "outstanding", "saldo"].map(
    stem,
  ),
);
/** Keys of what a listed debt still owes (`balance`, `bal_cents`, `saldo`): the amount of a total owed, not of one per period. */
export const BALANCE_WORDS = new Set(["balance", "bal", "outstanding", "owed", "owing", "saldo"].map(stem));
/** Keys of what a listed debt is paid by (`pmt`, `minPaymentCents`, `termijn`): per month where the key says no period. */
export const PAYMENT_WORDS = new Set(["payment", "pay", "pmt", "instalment", "installment", "repayment", "termijn"].map(stem));
const keyPeriod = periodOfKey;
export const hasStem = (key: string, set: Set<string>) => contentStems(key).some((s) => set.has(s));

/**
 * The amount of a listed record: for an amount per period, its field of that period (`monthly`,
 * `monthly_payment`), else a field of amount under a list whose key states the period, else its
 * one field of payment (a debt's payment, its period unsaid, is its monthly one); for any other
 * amount, its one field of amount stating no period, or of those its one of balance (`balance`
 * beside `payment`).
 */
function itemAmount(item: Record<string, unknown>, ctx: CoerceContext): { field: [string, unknown]; period?: Period } | undefined {
  const fields = Object.entries(item);
  const amountWord = ([k]: [string, unknown]) => hasStem(k, ITEM_AMOUNT_WORDS);
  const pick = (list: [string, unknown][], period?: Period) =>
    list.length === 1 ? { field: list[0]!, ...(period ? { period } : {}) } : undefined;
  const unsaid = fields.filter((f) => amountWord(f) && keyPeriod(f[0]) === undefined);
  if (ctx.period) {
    const same = fields.filter(([k]) => keyPeriod(k) === ctx.period);
    if (same.length > 0) return pick(same);
    if (ctx.sourcePeriod === ctx.period) return pick(unsaid);
    return ctx.sourcePeriod === undefined && ctx.period === "month"
      ? pick(
          unsaid.filter(([k]) => hasStem(k, PAYMENT_WORDS)),
          "month",
        )
      : undefined;
  }
  return pick(unsaid) ?? pick(unsaid.filter(([k]) => hasStem(k, BALANCE_WORDS)));
}

/** Words of a record's status that say it has ended (`status: "CLOSED"`, `"paid off"`, `"settled"`). */
const ENDED = /^(closed|paid|paid[ _-]?off|repaid|settled|cancell?ed|terminated|inactive|ended|discharged|redeemed|written[ _-]?off)$/i;
/** Keys of a record's status. */
const STATUS_KEYS = /^(status|state|acct[ _-]?status|account[ _-]?status|stat|sts)$/i;

/** A listed record whose status says it has ended ("status": "CLOSED"). */
const ended = (item: Record<string, unknown>): boolean =>
  Object.entries(item).some(([k, v]) => STATUS_KEYS.test(k) && typeof v === "string" && ENDED.test(v.trim()));

/** A list of amounts summed for an input that asks a total: plain numbers, or records each with one amount. */
export function summed(
  input: InputIR,
  node: JsonNode,
  ctxOf: (field?: string) => CoerceContext,
): { value: number; factor: number; field?: string } | undefined {
  const ctx = ctxOf();
  const items = node.value as unknown[];
  const key = node.keys[node.keys.length - 1];
  if (items.length < 2 || key === undefined || !asksTotal(input, key)) return undefined;
  let total = 0;
  let factor = 1;
  let fieldKey: string | undefined;
  for (const item of items) {
    let value: unknown = item;
    let itemCtx = ctx;
    // a debt closed, paid off or cancelled is no longer owed: it counts in no current total
    if (isRecord(item) && ended(item)) continue;
    // a form's line left blank (`{"creditor": "", "monthly": ""}`) lists nothing
    if (isRecord(item) && blankLine(item)) continue;
    if (isRecord(item)) {
      const amount = itemAmount(item, ctx);
      if (!amount) return undefined;
      [fieldKey, value] = amount.field;
      // the field's own unit counts (`bal_cents`), and its period, said or a payment's
      const own = ctxOf(fieldKey);
      itemCtx = { ...ctx, ...own, sourcePeriod: keyPeriod(fieldKey) ?? amount.period ?? ctx.sourcePeriod };
    }
    const c = coerce(value, input.type, itemCtx);
    if (!c || typeof c.value !== "number") return undefined;
    total += c.value;
    factor = Math.min(factor, c.factor);
  }
  return { value: roundFloat(total), factor: SUM_FACTOR * factor, ...(fieldKey ? { field: fieldKey } : {}) };
}
const SUM_FACTOR = 0.9;

/** A record every value of which is empty: a form's line left blank. */
const blankLine = (r: Record<string, unknown>): boolean =>
  Object.values(r).every((v) => v === null || (typeof v === "string" && v.trim() === ""));

/** Two records of one shape: the same keys, normalised. */
const keySet = (r: Record<string, unknown>): string => Object.keys(r).map(normaliseName).sort().join("|");

/**
 * The records a count or total of a group runs over: the one list of records whose key names what
 * the input counts ("children", "debts"), or, for a whole group ("household"), the one list of
 * records with every record of the same shape outside it (the applicant beside the members).
 */
function groupOf(
  words: InputWords,
  nodes: JsonNode[],
  things: string[],
  emptyOnly = false,
): { records: Record<string, unknown>[]; node: JsonNode } | undefined {
  const lists = nodes.filter((n) => !n.item && !n.past && Array.isArray(n.value) && n.value.length > 0 && n.value.every(isRecord));
  const collective = things.some((t) => COLLECTIVE_WORDS.has(t));
  if (!collective) {
    // for a count by its question, only an empty list under the key of the things counted: none ("claims_5y": [])
    const empty = nodes.filter((n) => !n.item && !n.past && Array.isArray(n.value) && n.value.length === 0);
    const named = (emptyOnly ? empty : lists).filter((n) => pathScore(words, n.keys) >= MIN_KEY_SCORE);
    return named.length === 1 ? { records: named[0]!.value as Record<string, unknown>[], node: named[0]! } : undefined;
  }
  // the group's list: the one list of records of one shape, or the one with records of its shape outside it (the applicant);
  // a list of people (each record with a role, a relation, an age or a name) before any other, whatever its records' shapes;
  // never a list of what the group owes (each record with a balance or a creditor, none a person's): debts are no members
  const groups = lists
    .filter((list) => !(list.value as Record<string, unknown>[]).every((r) => owedThing(r) && !isPerson(r)))
    .map((list) => {
      const items = list.value as Record<string, unknown>[];
      const shape = keySet(items[0]!);
      const people = items.every(isPerson);
      if (!items.every((r) => keySet(r) === shape)) return people ? { records: items, node: list, joined: false, people } : undefined;
      const outside = nodes.filter(
        (n) =>
          !n.item &&
          !n.past &&
          n.pointer !== "" &&
          isRecord(n.value) &&
          keySet(n.value) === shape &&
          !n.pointer.startsWith(`${list.pointer}/`),
      );
      return {
        records: [...outside.map((n) => n.value as Record<string, unknown>), ...items],
        node: list,
        joined: outside.length > 0,
        people,
      };
    })
    .filter((g) => g !== undefined);
  const people = groups.filter((g) => g.people);
  const pool = people.length > 0 ? people : groups;
  const joined = pool.filter((g) => g.joined);
  const pick = joined.length > 0 ? joined : pool;
  return pick.length === 1 ? pick[0] : undefined;
}

/**
 * The records a count over a span of the past runs over: the one list of records whose key names
 * what is counted, under a branch of history too (`claimsHistory`), or that list read as a
 * timeline keyed by each event's kind (json-event-lists.ts: `{"collision": {"date": …}}`).
 */
export function spanList(
  input: InputIR,
  inputWords: InputWords,
  nodes: JsonNode[],
): { records: Record<string, unknown>[]; node: JsonNode } | undefined {
  if (spanAsked(input.desc ?? "") === undefined) return undefined;
  const things = contentStems(input.name).filter((t) => !COUNT_NAME_WORDS.has(t));
  if (!asksCountOf(input.desc, things)) return undefined;
  const words = { ...inputWords, name: things };
  const named = nodes.filter((n) => {
    if (n.item || n.other || n.listed || pathScore(words, n.keys) < MIN_KEY_SCORE) return false;
    const records = Array.isArray(n.value) ? n.value : isRecord(n.value) ? Object.values(n.value) : [];
    return records.length > 0 && records.every(isRecord);
  });
  if (named.length !== 1) return undefined;
  const v = named[0]!.value;
  return { records: (Array.isArray(v) ? v : Object.values(v as object)) as Record<string, unknown>[], node: named[0]! };
}

/** Keys that only a person's record has: a role or relation in the household, an age, a birth date, a name. */
const PERSON_KEY =
  /^(rel|role|rol|relation|relationship|relatie|relacion|relacao|relation to (applicant|head)|age|age yrs|dob|birth date|date of birth|name|full name|first name)$/;
const isPerson = (r: Record<string, unknown>): boolean => Object.keys(r).some((k) => PERSON_KEY.test(normaliseName(k)));
/** Keys of a thing owed: its balance (`balance`, `saldo`), its creditor or lender, or the debt it is (a "Debt" column naming it). */
const OWED_KEY_WORDS = new Set([...BALANCE_WORDS, ...["creditor", "lender", "debt"].map(stem)]);
const owedThing = (r: Record<string, unknown>): boolean => Object.keys(r).some((k) => hasStem(k, OWED_KEY_WORDS));

/** An input about a whole group ("household income"): a key answers it only if it names the group or a total (`household_income`, `combined_income`). */
export function keyMissesWhole(input: InputIR, keys: string[]): boolean {
  if (!contentStems(input.name).some((t) => COLLECTIVE_WORDS.has(t))) return false;
  const ks = contentStems(keys.join(" "));
  return !ks.some((t) => COLLECTIVE_WORDS.has(t) || TOTAL_STEMS.has(t));
}
const TOTAL_STEMS = new Set(["total", "sum", "combined", "overall", "all"].map(stem));

/**
 * A count of listed records ("household size", "number of children") or a total of one field
 * over them ("household income", "total income"), for a number input whose name or desc asks
 * for one, at a confidence no threshold of 0.6 passes.
 */
export function groupAggregate(
  input: InputIR,
  words: InputWords,
  nodes: JsonNode[],
  ctxOf: (keys: string[]) => CoerceContext,
  reference: string,
): { value: number; factor: number; pointer: string; raw: unknown } | undefined {
  const text = `${input.name} ${input.desc}`;
  const stems = contentStems(input.name);
  // a count by its name ("household size"); or by its question ("how many claims …?"), none when the
  // list its key names is empty: a list of some may hold ones outside the question's window or of others
  const byName = stems.some((t) => COUNT_NAME_WORDS.has(t));
  const asked = !byName && input.type.kind === "number" && asksCountOf(input.desc, stems);
  if ((COUNT_WORDS.test(text) && byName) || asked) {
    const things = stems.filter((t) => !COUNT_NAME_WORDS.has(t));
    // a question over a span ("in the last five years") counts the listed records dated inside it
    const listed = asked ? spanList(input, words, nodes) : undefined;
    const inSpan = listed && countInSpan(input.desc ?? "", listed.records, reference);
    if (listed && inSpan !== undefined) return { value: inSpan, factor: SPAN_FACTOR, pointer: listed.node.pointer, raw: listed.node.value };
    const group = groupOf({ ...words, name: things }, nodes, things, asked);
    if (!group) return undefined;
    // a person who moved out or died, kept in the export for history, is not counted; an empty list asked of is none
    const present = group.records.filter((r) => !departed(r, reference));
    if (present.length === 0 && !asked) return undefined;
    return { value: present.length, factor: GROUP_FACTOR, pointer: group.node.pointer, raw: group.node.value };
  }
  if (!TOTAL_WORDS.test(text) && !stems.some((t) => COLLECTIVE_WORDS.has(t))) return undefined;
  const fieldWords = stems.filter((t) => !COLLECTIVE_WORDS.has(t) && !COUNT_NAME_WORDS.has(t));
  if (fieldWords.length === 0 || !stems.some((t) => COLLECTIVE_WORDS.has(t))) return undefined;
  // one field of one name in every record of the group; else each record's share under a key of its own
  return (
    sameFieldTotal(input, fieldWords, groupOf(words, nodes, stems), nodes, ctxOf([])) ??
    memberSum(input, { ...words, name: fieldWords, parts: undefined, context: [] }, nodes, ctxOf, reference)
  );
}

/**
 * The total of the one field every record of the group names the input's field with (`income` in
 * each member), but for a member who has left; a share of a record (`{"amount": 900, "basis":
 * "per project"}`) in the period its record states.
 */
function sameFieldTotal(
  input: InputIR,
  fieldWords: string[],
  group: { records: Record<string, unknown>[]; node: JsonNode } | undefined,
  nodes: JsonNode[],
  ctx: CoerceContext,
): { value: number; factor: number; pointer: string; raw: unknown } | undefined {
  if (!group) return undefined;
  const legends = legendsOf(nodes);
  let total = 0;
  let factor = 1;
  for (const r of group.records) {
    if (departed(r, ctx.reference)) continue;
    const fields = Object.entries(r).filter(([k]) => {
      const ks = contentStems(k);
      return fieldWords.every((f) => ks.some((s) => stemMatch(s, f) > 0));
    });
    if (fields.length !== 1) return undefined;
    const share = shareOf(fields[0]![0], fields[0]![1], legends);
    if (!share) return undefined;
    const c = coerce(share.value, input.type, { ...ctx, sourcePeriod: share.period });
    if (!c || typeof c.value !== "number") return undefined;
    total += c.value;
    factor = Math.min(factor, c.factor);
  }
  return { value: roundFloat(total), factor: GROUP_FACTOR * factor, pointer: group.node.pointer, raw: group.node.value };
}
