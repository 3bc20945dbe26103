// The embedded JSON reader: finds each input's value in a JSON state that does not match the
// input schema (other key names, nesting, strings for numbers, other date formats), and failing
// keys, reads the prose inside string values with the text reader. Offline and deterministic.
import { currencyOf } from "./currencies.js";
import type { InputIR } from "../../ir/ir.js";
import type { Type } from "../../ir/types.js";
import type { Period } from "./numbers.js";
import { NO_USAGE, type ReadRequest, type ReadResult, type ReadValue, type Reader } from "../types.js";
import { coerce, periodBeside, scaleBeside, wrappedFigureKey } from "./coerce.js";
import { parseDateString, todayIso } from "./dates.js";
import {
  asksOtherParty,
  asksOtherTime,
  inputWords,
  marksOtherParty,
  marksOtherTime,
  MIN_KEY_SCORE,
  pathScore,
  timeUnitOf,
  saidNotKnown,
  type InputWords,
} from "./json-keys.js";
import { EMBEDDED_LIMITS } from "./limits.js";
import { resolveHint, walkJson, type JsonNode } from "./json-walk.js";
import { readText } from "./text-reader.js";
import { aboveFloor, calibrate, JSON_WORTH, roundConfidence } from "./text/confidence.js";
import type { Meter } from "./text/text-index.js";
import { placedDates, swappedInOrder } from "./text/date-order.js";
import { contentStems, normaliseName, periodOfKey, periodOfText } from "./words.js";
import { byElimination, byOptionName, isProse, PROSE_FACTOR, readKeyedStrings, type Unread } from "./json-fallbacks.js";
import { groupAggregate, keyMissesWhole, spanList, summed } from "./json-groups.js";
import { ageOfPerson } from "./json-person-ages.js";
import { byRole, byStructure, type Candidate } from "./json-shapes.js";
import { tablesAsRecords } from "./json-tables.js";
import { withOwnConventions } from "./json-conventions.js";
import { asPlainJson } from "./json-elements.js";
import { withoutWrappers } from "./json-wrappers.js";
import { withProtobufValues } from "./json-protobuf.js";
import { withoutNetFigures } from "./json-basis.js";
import { withoutDoubtedFlags } from "./json-doubts.js";
import { withoutDateWindows } from "./json-date-windows.js";
import { withDelimitedTables } from "./json-delimited.js";
import { withFormFields } from "./json-form-encoded.js";
import { withFieldRowsAsKeys } from "./json-field-rows.js";
import { withChangesApplied } from "./json-changes.js";
import { withDatesByPattern } from "./json-date-formats.js";
import { withConnectionsAsLists } from "./json-connections.js";
import { dayOfOwnRecord, withTimelinesByEvent } from "./json-event-lists.js";
import { withPickedRecords } from "./json-picked-records.js";
import { prosePieces } from "./json-threads.js";
import { documentUnit, legendUnits, unitOfFieldKey, withUnitsApplied } from "./json-units.js";
import { withCodesSpelled } from "./json-codes.js";
import { documentHeld } from "./json-documents.js";
import { documentOf } from "./json-text.js";
import { withSourceConfidences } from "./json-source-confidences.js";
import { namedRecord } from "../../runtime/json.js";

/** Key words that state basis points (`escalator_bps`, `rate_bp`). */
const BASIS_POINT_WORDS = new Set(["bps", "bp", "basis"]);

const quote = (v: unknown): string => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));

const isScalarType = (input: InputIR): boolean => !["struct", "list", "any", "context"].includes(input.type.kind);

/** Top-level keys that date the export itself: `asOf`, `as_at`, `extract_date`, `snapshot_date`. */
const AS_OF = /^(as (of|at)|(extract|extracted|export|exported|snapshot|report) (date|on))$/;

/** The day a JSON object state says it stands as of, if it does. */
function asOfDate(state: unknown, reference: string): string | undefined {
  if (state === null || typeof state !== "object" || Array.isArray(state)) return undefined;
  for (const [k, v] of Object.entries(state))
    if (typeof v === "string" && AS_OF.test(normaliseName(k))) {
      const d = parseDateString(v, reference);
      if (d?.exact) return d.iso;
    }
  return undefined;
}

/**
 * Words after a key's first that state the unit of its amounts, by what one is worth in whole
 * units: thousands (`inc_yr_k`, `turnover_000s`, `salaryThousands`), cents (`requestedAmountCents`,
 * `fee_pence`, `total_minor`: a payment API's minor units).
 */
const UNIT_WORDS = new Map<string, number>([
  ...["k", "000", "000s", "thousand", "thousands", "thou"].map((w): [string, number] => [w, 1000]),
  ...["cents", "cent", "cts", "pence", "minor"].map((w): [string, number] => [w, 0.01]),
]);
const unitOfKey = (key: string | undefined): number | undefined =>
  key === undefined
    ? undefined
    : (normaliseName(key)
        .split(" ")
        .slice(1)
        .map((w) => UNIT_WORDS.get(w))
        // or a minor unit of another language's exports (`precio_lista_centavos_anual`, `tutar_kurus`);
        // not its thousands: Spanish "miles" is English miles in `annual_miles`
        .find((u) => u !== undefined) ?? minorUnit(unitOfFieldKey(key)));
const minorUnit = (u: number | undefined): number | undefined => (u !== undefined && u < 1 ? u : undefined);

/** The unit a document's note names for its amounts, found once per document. */
const NOTED_UNITS = new WeakMap<object, number | null>();
function unitOfDocument(root: unknown): number | undefined {
  if (root === null || typeof root !== "object") return undefined;
  let u = NOTED_UNITS.get(root);
  if (u === undefined) NOTED_UNITS.set(root, (u = documentUnit(root) ?? null));
  return u ?? undefined;
}

/** The units a document's legend gives its keys, found once per document. */
const LEGEND_UNITS = new WeakMap<object, Map<string, number>>();
function unitsOfLegend(root: unknown): Map<string, number> | undefined {
  if (root === null || typeof root !== "object") return undefined;
  let u = LEGEND_UNITS.get(root);
  if (u === undefined) LEGEND_UNITS.set(root, (u = legendUnits(root)));
  return u.size > 0 ? u : undefined;
}

/** The record fields of a struct input, or of a list input's records. */
const recordFields = (input: InputIR): [string, Type][] =>
  input.type.kind === "struct"
    ? input.type.fields
    : input.type.kind === "list" && input.type.element.kind === "struct"
      ? input.type.element.fields
      : [];

/** The period the desc gives each amount field of the input's records, just before its name ("monthly income"). */
function fieldPeriodsOf(input: InputIR): Record<string, Period> | undefined {
  const desc = input.desc.toLowerCase();
  const found = recordFields(input).flatMap(([name, type]): [string, Period][] => {
    if (type.kind !== "number") return [];
    const before = new RegExp(`\\b(\\w+)\\s+${name.toLowerCase().replace(/[^a-z0-9 ]/g, "")}\\b`).exec(desc);
    const period = before ? periodOfText(before[1]!) : undefined;
    return period ? [[name, period]] : [];
  });
  return found.length > 0 ? Object.fromEntries(found) : undefined;
}

/** A word of a key that names a currency (`bruto_jaarinkomen_usd`, `amount_eur`). */
const CURRENCY_KEY = /^(usd|eur|gbp|chf|cad|aud|dollars?|euros?)$/;

/** Words of an input that asks an amount of money, which a document's note of its amounts' unit reaches. */
/** A key's words saying its figure is per day: `daily_miles`, `km_per_day`, `miles_a_day`, `mi_day`. */
const PER_DAY_KEY = /(?:^| )(?:daily|(?:per|a|each) day)(?= |$)| day$/;
const MONEY = /\b(income|salary|amount|debt|price|cost|fee|rent|premium|volume|payment|turnover|budget)\b/i;

/** Words of a key that say its span of time passed without the thing it names (`years_claim_free`, `claimless_yrs`, `yrs_no_claims`). */
const WITHOUT_WORDS = /(?:^| )(?:free|without|no|less|claimless|accident free)(?= |$)/;

/**
 * A key that counts the time without a thing (`years_claim_free`, `ncd_years`, `yrs_without_claim`)
 * says how long none happened: never a count of the thing, nor any other figure but a duration.
 */
function spanWithout(key: string | undefined): boolean {
  if (key === undefined) return false;
  const words = normaliseName(key);
  return WITHOUT_WORDS.test(words) && words.split(" ").some((w) => timeUnitOf(w) !== undefined);
}

function contextOf(input: InputIR, words: InputWords, reference: string, root: unknown) {
  const money = input.type.kind === "number" && MONEY.test(`${input.name} ${input.desc}`);
  const noted = money ? unitOfDocument(root) : undefined;
  const legend = unitsOfLegend(root);
  const period = input.type.kind === "number" ? periodOfText(`${input.name} ${input.desc}`) : undefined;
  const fieldPeriods = fieldPeriodsOf(input);
  const questionWords = contentStems(`${input.name} ${input.desc}`);
  const percent = input.type.kind === "number" && /\b(percent|percentage)\b|%/i.test(`${input.name} ${input.desc}`);
  const currency = input.type.kind === "number" && !percent ? currencyOf(input) : undefined;
  return (keys: string[]) => {
    const keyWords = keys.flatMap((k) => normaliseName(k).split(" "));
    const keyUnits = keyWords.map(timeUnitOf);
    const sourceTimeUnit = words.timeUnit ? keyUnits.find((u) => u !== undefined) : undefined;
    const last = keys[keys.length - 1];
    // a key's unit, in its own words or in the document's legend of it (`"rent_c": "rent in cents"`)
    const own = unitOfKey(last) ?? (last === undefined ? undefined : legend?.get(normaliseName(last)));
    const scale = own ?? (money ? noted : undefined);
    return {
      options: input.options,
      period,
      sourcePeriod: periodOfKey(keys.join(" ")),
      ...(period && PER_DAY_KEY.test(keyWords.join(" ")) ? { perDay: true } : {}),
      ...(words.timeUnit ? { timeUnit: words.timeUnit } : {}),
      ...(sourceTimeUnit ? { sourceTimeUnit } : {}),
      questionWords,
      ...(fieldPeriods ? { fieldPeriods } : {}),
      ...(legend ? { keyUnits: legend } : {}),
      ...(currency ? { currency } : {}),
      ...(keyWords.some((w) => CURRENCY_KEY.test(w)) ? { currencyKey: true } : {}),
      ...(percent ? { percent, basisPoints: keyWords.some((w) => BASIS_POINT_WORDS.has(w)) } : {}),
      ...(!percent && !words.timeUnit && scale !== undefined ? { scale, ...(own === undefined ? { scaleNoted: true } : {}) } : {}),
      reference,
    };
  };
}

function candidatesFor(
  input: InputIR,
  root: unknown,
  nodes: JsonNode[],
  reference: string,
  meter: Meter,
  unread: Unread[],
  others: InputIR[],
): Candidate[] {
  // a `from` that is not a path is still a hint: its words count as the input's context
  const words = inputWords(input, input.from ?? "");
  const ctx = contextOf(input, words, reference, root);
  if (input.from) {
    const hit = resolveHint(root, input.from, normaliseName);
    const c = hit && coerce(hit.value, input.type, ctx(hit.pointer.split("/")));
    if (hit && c) return [{ input: input.name, pointer: hit.pointer, value: c.value, confidence: c.factor, raw: hit.value }];
  }
  // what lies under a branch of another time (`previous`, `history`) answers only an input that asks for another time
  const pastAllowed = asksOtherTime(input);
  // nor what lies under another party's branch (`coApplicant`, `additionalDrivers`), unless the input names that party
  const otherAllowed = asksOtherParty(input);
  const out: Candidate[] = [];
  const listed: JsonNode[] = [];
  let best: Unread | undefined;
  for (const node of nodes) {
    meter.steps++;
    // an item of a list answers nothing on its own, unless it is an amount that names its kind (`[{"type": "coupon", "value": 5}]`)
    const namedItem = node.item === true && isAmountObject(node.value) && kindScore(words, node.value) > 0;
    if (
      node.keys.length === 0 ||
      (node.item === true && !namedItem) ||
      (node.past && !pastAllowed) ||
      (node.other && !otherAllowed) ||
      keyMissesWhole(input, node.keys) ||
      (!words.timeUnit && spanWithout(node.keys[node.keys.length - 1]))
    )
      continue;
    const listOfAmounts = Array.isArray(node.value) && input.type.kind === "number";
    // a document asked about, kept as its number or its record (json-documents.ts)
    const document = node.listed ? undefined : documentHeld(input, node.keys[node.keys.length - 1], node.value, reference);
    if (document) {
      const score = pathScore(words, node.keys, node.above);
      if (score >= MIN_KEY_SCORE)
        out.push({ input: input.name, pointer: node.pointer, value: document.value, confidence: score * document.factor, raw: node.value });
      continue;
    }
    if (isScalarType(input) && typeof node.value === "object" && node.value !== null && !isAmountObject(node.value) && !listOfAmounts)
      continue;
    // a field of one record among several listed is no answer on its own (one member's income, one debt's payment);
    // a yes/no is gathered over the list (listedYesNo)
    if (isScalarType(input) && node.listed) {
      if (input.type.kind === "boolean") listed.push(node);
      continue;
    }
    // a code with its description beside it (`{"code": "FT", "desc": "Full-time employee"}`): the words say it
    if (describedBeside(nodes, node)) continue;
    const score = Math.max(pathScore(words, node.keys, node.above), kindScore(words, node.value));
    if (score < MIN_KEY_SCORE) continue;
    if (listOfAmounts) {
      const total = summed(input, node, (field) => ctx(field === undefined ? node.keys.slice(-2) : [...node.keys.slice(-2), field]));
      if (total)
        out.push({
          input: input.name,
          pointer: node.pointer,
          raw: node.value,
          summed: true,
          value: total.value,
          confidence: score * total.factor,
          slot: `${node.pointer}#${total.field ?? ""}`,
        });
      continue;
    }
    const c = coerce(node.value, input.type, besideItsPeriod(ctx(node.keys.slice(-2)), nodes, node));
    if (c) out.push({ input: input.name, pointer: node.pointer, value: c.value, confidence: score * c.factor, raw: node.value });
    else if (typeof node.value === "string" && (!best || score > best.score)) best = { input, node, score };
  }
  if (best) unread.push(best);
  if (out.length === 0) out.push(...listedYesNo(input, words, listed, ctx));
  // records by their role or shape only where no key names the input
  if ((input.type.kind === "struct" || input.type.kind === "list") && out.length === 0) {
    const roles = byRole(input, others, nodes, ctx([]));
    out.push(...(roles.length > 0 ? roles : byStructure(input, others, nodes, ctx([]), out)));
  }
  // a count of all time (`claims_count_total`) answers no question over a span ("in the last five years"): the dated records do
  // and no field of one of the records counted (a claim's `year`) is their count
  const counted = input.type.kind === "number" ? spanList(input, words, nodes) : undefined;
  if (counted) {
    const inside = `${counted.node.pointer}/`;
    const kept = out.filter((c) => !c.pointer.startsWith(inside));
    const allTime = kept.filter((c) => ALL_TIME.test(normaliseName(c.pointer.slice(c.pointer.lastIndexOf("/") + 1))));
    const spanned = allTime.length > 0 && allTime.length === kept.length && groupAggregate(input, words, nodes, ctx, reference);
    out.splice(0, out.length, ...(spanned ? [] : kept));
  }
  // an age the export gives only as a date of birth, or in the main one's record of a list of people
  const birth = out.length === 0 ? ageOfPerson(input, words, nodes, reference) : undefined;
  if (birth) out.push({ input: input.name, pointer: birth.pointer, value: birth.value, confidence: birth.factor, raw: birth.raw });
  if (input.type.kind === "number" && out.length === 0) {
    const group = groupAggregate(input, words, nodes, ctx, reference);
    if (group)
      out.push({
        input: input.name,
        pointer: group.pointer,
        value: group.value,
        confidence: group.factor,
        raw: group.raw,
        summed: true,
        slot: `${group.pointer}#${input.name}`,
      });
  }
  return withoutSummedItems(out);
}

/** Key words of a count over all time, not over a span (`claims_count_total`, `lifetime_claims`, `claims_ever`). */
const ALL_TIME = /\b(total|all|lifetime|ever|overall)\b/;

/** A yes/no gathered over listed records: less sure than one record's own answer. */
const OVER_THE_LIST = 0.85;

/**
 * A yes/no that the records of a list each answer (`owners[i].pep`): one yes among them says yes
 * (a politically exposed owner makes the customer exposed, one default makes a default on
 * record); every record saying no says no. Only for one key, the same in every record, that names
 * the input, and only when every record answers it.
 */
function listedYesNo(input: InputIR, words: InputWords, nodes: JsonNode[], ctx: ReturnType<typeof contextOf>): Candidate[] {
  const byField = new Map<string, JsonNode[]>();
  for (const n of nodes) {
    if (pathScore(words, n.keys, n.above) < MIN_KEY_SCORE) continue;
    const field = n.pointer.replace(/\/\d+\//g, "/*/");
    byField.set(field, [...(byField.get(field) ?? []), n]);
  }
  if (byField.size !== 1) return [];
  const [[field, same]] = [...byField];
  const score = Math.min(...same.map((n) => pathScore(words, n.keys, n.above)));
  const answers = same.map((n) => coerce(n.value, input.type, ctx(n.keys.slice(-2))));
  if (answers.some((a) => a === undefined)) return [];
  const yes = answers.findIndex((a) => a!.value === true);
  const at = yes >= 0 ? yes : 0;
  const factor = Math.min(...answers.map((a) => a!.factor));
  return [
    {
      input: input.name,
      pointer: same[at]!.pointer,
      value: yes >= 0,
      confidence: score * factor * OVER_THE_LIST,
      raw: same[at]!.value,
      slot: field,
    },
  ];
}

/** Once a list is summed for an input, its items do not answer that input one by one. */
function withoutSummedItems(cands: Candidate[]): Candidate[] {
  const sums = cands.filter((c) => c.summed).map((c) => `${c.pointer}/`);
  return sums.length === 0 ? cands : cands.filter((c) => c.summed || !sums.some((p) => c.pointer.startsWith(p)));
}

/** Nodes by pointer, built once per state. */
const byPointer = new WeakMap<JsonNode[], Map<string, JsonNode>>();

/**
 * The amount of an object that states its period beside it (`{"amount": 540000, "period":
 * "ANNUAL"}`, `{"grossAmount": "4,150.00", "period": "MONTHLY"}`) is counted in that period, read
 * at the object or at its amount.
 */
function besideItsPeriod<
  T extends { sourcePeriod?: unknown; timeUnit?: unknown; sourceTimeUnit?: unknown; percent?: boolean; scale?: number },
>(ctx: T, nodes: JsonNode[], node: JsonNode): T {
  const key = node.keys[node.keys.length - 1];
  if (node.item || !key) return ctx;
  const parent = parentOf(nodes, node);
  if (!parent || typeof parent !== "object" || Array.isArray(parent)) return ctx;
  // the key is an amount, or ends with the word (`grossAmount`, `net_value`), or is the one figure
  // its object wraps (`{"gross": "9,600", "freq": "annual"}`)
  if (!AMOUNT_KEYS.has(normaliseName(key).split(" ").pop()!) && wrappedFigureKey(parent as Record<string, unknown>) !== key) return ctx;
  const stated = periodBeside(parent as Record<string, unknown>);
  // a duration with its unit beside it (`{"unit": "months", "value": 36}`) counts in that unit
  const unit = ctx.timeUnit ? unitBeside(parent as Record<string, unknown>) : undefined;
  // a figure with its scale beside it (`{"value": 1.5, "scale": "million"}`) counts in that scale
  const scale = ctx.timeUnit || ctx.percent ? undefined : scaleBeside(parent as Record<string, unknown>);
  return stated || unit || scale
    ? { ...ctx, ...(stated ? { sourcePeriod: stated } : {}), ...(unit ? { sourceTimeUnit: unit } : {}), ...(scale ? { scale } : {}) }
    : ctx;
}
const UNIT_KEYS = new Set(["unit", "units", "uom", "per"]);
/** The unit of time an object's `unit` field names (`"months"`), if one. */
const unitBeside = (o: Record<string, unknown>) =>
  Object.entries(o)
    .filter(([k, v]) => UNIT_KEYS.has(k.toLowerCase()) && typeof v === "string")
    .map(([, v]) => timeUnitOf(v as string))
    .find((u) => u !== undefined);
const AMOUNT_KEYS = new Set(["amount", "value", "number", "total"]);

function parentOf(nodes: JsonNode[], node: JsonNode): unknown {
  let map = byPointer.get(nodes);
  if (!map) byPointer.set(nodes, (map = new Map(nodes.map((n) => [n.pointer, n]))));
  return map.get(node.pointer.slice(0, node.pointer.lastIndexOf("/")))?.value;
}

/** Keys by which an amount object says what it is (`{"type": "RENT", "amount": 980}`). */
const KIND_KEYS = new Set(["type", "kind", "category"]);
/** A kind named in the object's own field names it a little less surely than a key would. */
const KIND_NAMED = 0.9;

/** How well an amount object's own kind (`"type": "RENT"`) names the input, read as a key would be. */
function kindScore(words: InputWords, value: unknown): number {
  if (!isAmountObject(value)) return 0;
  const kinds = Object.entries(value as Record<string, unknown>).filter(
    ([k, v]) => KIND_KEYS.has(k.toLowerCase()) && typeof v === "string",
  );
  return Math.max(0, ...kinds.map(([, v]) => KIND_NAMED * pathScore(words, [v as string])));
}

const CODE_KEYS = new Set(["code", "cd"]);
const DESCRIPTION_KEYS = ["desc", "description", "label"];
/** Whether the node is a code whose object describes it in words beside it. */
function describedBeside(nodes: JsonNode[], node: JsonNode): boolean {
  const key = node.keys[node.keys.length - 1];
  if (node.item || !key || !CODE_KEYS.has(key.toLowerCase())) return false;
  const parent = parentOf(nodes, node);
  return (
    !!parent &&
    typeof parent === "object" &&
    Object.entries(parent).some(([k, v]) => DESCRIPTION_KEYS.includes(k.toLowerCase()) && typeof v === "string")
  );
}

const isAmountObject = (v: unknown): boolean =>
  !Array.isArray(v) && typeof v === "object" && v !== null && ["amount", "value"].some((k) => Object.hasOwn(v as object, k));

/** Each input takes its best node; a node answers one input at most (best pairs first). */
function assign(candidates: Candidate[]): Map<string, Candidate> {
  const chosen = new Map<string, Candidate>();
  const used = new Set<string>();
  for (const c of [...candidates].sort((a, b) => b.confidence - a.confidence)) {
    const slot = c.slot ?? c.pointer;
    if (chosen.has(c.input) || used.has(slot)) continue;
    chosen.set(c.input, c);
    used.add(slot);
  }
  return chosen;
}

/** Two dates swapped back into their order in time: a guess of how they were confused. */
const OUT_OF_ORDER = 0.85;

/** Strings of several words are prose the text reader can read. */
const proseLeaves = (nodes: JsonNode[]): JsonNode[] => nodes.filter((n) => typeof n.value === "string" && isProse(n.value));

/**
 * `reference`: the day the reading is made as of; the clock is read here, once, when none is
 * given, and every date below counts from this one value. `meter` counts the basic steps taken
 * (tests check they grow linearly with the evidence).
 */
export function readJson(
  inputs: InputIR[],
  state: unknown,
  reference = todayIso(),
  meter: Meter = { steps: 0 },
  claimed: readonly string[] = [],
  unknown: string[] = [],
): Record<string, ReadValue> {
  // an export that says the day it stands as of (`asOf`, `as_at`, `extract_date`): ages and ends count to that day
  // JSON made from XML (`@attributes`, `#text`) is read as the plain JSON it stands for
  state = asPlainJson(state);
  // an Avro union (`{"string": "…"}`), an OData date (`/Date(ms)/`) and epoch milliseconds under a
  // key of a moment are read as the values they stand for
  state = withoutWrappers(state);
  // a Protocol Buffers enum value (`PARTY_KIND_NATURAL_PERSON`) as the words after its enum's name,
  // and its money (`{units, nanos}`) as a number
  state = withProtobufValues(state);
  // a figure whose basis beside it says net (`"basis": "NET_AFTER_TAX"`) is no gross figure: unread
  state = withoutNetFigures(state);
  // a yes/no beside a note that its basis lapsed or is awaited (`"certificate_status": "EXPIRED"`) is an open question: unread
  state = withoutDoubtedFlags(state);
  // a day not known, only the window it fell in (`{"known": false, "earliest": …, "latest": …}`): unread
  state = withoutDateWindows(state);
  // a web form's fields posted as one URL-encoded string are read as the object they encode, and
  // a GraphQL connection (`edges` of `node`s) as the list of its items
  state = withConnectionsAsLists(withFormFields(state));
  // a list of field rows (`[{"fld": "REQ_AMT", "val": "20000"}]`) is read as the object it stands for
  state = withFieldRowsAsKeys(state);
  // a log of changes beside the record (`{"field": "monthly_rent", "old": 1200, "new": 1275}`) is applied to it
  state = withChangesApplied(state);
  // a date written beside its pattern (`"incep_fmt": "DD/MM/YYYY"`) is read by it
  state = withDatesByPattern(state);
  // a timeline of events (`[{"event": "LOSS", "at": …}]`) is read as the events' days under their names
  state = withTimelinesByEvent(state);
  // of a list of records a key outside it picks one of (`"selected": "C-102"`), that one is read;
  // so is a sheet's row (its columns and rows read as records first)
  state = withPickedRecords(tablesAsRecords(state));
  // an amount wrapped with its unit (`{"value": "125050", "unit": "cents"}`) is read in whole units
  state = withUnitsApplied(state);
  // a code beside the dictionary that spells it out (`"type_code": "W"`, `"codes": {"W": "weather"}`) is read as its word
  state = withCodesSpelled(state);
  reference = asOfDate(state, reference) ?? reference;
  // a CSV or semicolon table written inside a string is read as its records
  state = withDelimitedTables(state);
  // a table written as column names and rows of cells is read as its records
  state = tablesAsRecords(state);
  // an export that marks decimals with a comma groups thousands with a dot ("1.200" is 1200), and
  // one whose dates put a day over 12 first writes them all day first
  state = withOwnConventions(state);
  // a value wrapped with its source's confidence (`{"value": "1,240", "confidence": 0.62}`) is read as the value
  const sourced = withSourceConfidences(state);
  state = sourced.state;
  const nodes = withoutClaimed(walkJson(state, marksOtherTime, marksOtherParty), claimed);
  meter.steps += nodes.length;
  const values = namedRecord<ReadValue>();
  if (nodes.length === 1 && inputs.length === 1) {
    // a bare value answers the one input asked, if it has its type
    const c = coerce(state, inputs[0]!.type, { options: inputs[0]!.options, reference });
    if (c) values[inputs[0]!.name] = { value: c.value, confidence: 0.6 * c.factor, source: { path: "", text: quote(state) } };
    return calibrate(values, JSON_WORTH);
  }
  const unreadKeys: Unread[] = [];
  const chosen = assign(inputs.flatMap((input) => candidatesFor(input, state, nodes, reference, meter, unreadKeys, inputs)));
  for (const [name, c] of chosen) {
    values[name] = { value: c.value, confidence: roundConfidence(c.confidence), source: { path: c.pointer, text: quote(c.raw) } };
  }
  const used = new Set([...chosen.values()].map((c) => c.pointer));
  readKeyedStrings(unreadKeys, values, used, reference, meter);
  byOptionName(inputs, nodes, values, used, reference);
  byElimination(inputs, nodes, values, used, reference);
  // a loss is reported on or after the day it happened: dates read against that order were taken
  // for each other (a key misnamed, a date by elimination), as in a text (text/date-order.ts)
  swappedInOrder(placedDates(inputs, values), values, OUT_OF_ORDER);
  // what the keys say, as it is worth; prose in strings is worth what the text reader says, less
  calibrate(values, JSON_WORTH);
  // and a source unsure of it makes us as unsure
  for (const v of Object.values(values)) {
    const factor = sourced.factors.get(v.source?.path ?? "");
    if (factor !== undefined) v.confidence = roundConfidence(v.confidence * factor);
  }
  const unread = inputs.filter((i) => !Object.hasOwn(values, i.name));
  // a note in a record of its own day (a ticket's comment `at` a time) is read as of that day
  const dayOf = dayOfOwnRecord(nodes, reference);
  // a list of messages is read as one thread (json-threads.ts)
  for (const piece of unread.length > 0 ? prosePieces(proseLeaves(nodes), dayOf) : []) {
    // a person record is read from its keys, never from one note about it
    const still = unread.filter((i) => !Object.hasOwn(values, i.name) && isScalarType(i));
    if (still.length === 0) break;
    const found = readText(still, piece.text, piece.reference ?? reference, meter);
    for (const [name, v] of Object.entries(found)) {
      values[name] = {
        ...v,
        confidence: roundConfidence(v.confidence * PROSE_FACTOR),
        source: { path: piece.pointer, span: v.source?.span, text: v.source?.text },
      };
    }
  }
  const read = aboveFloor(values);
  for (const { name } of inputs) if (!Object.hasOwn(read, name) && saidNotKnown(nodes, name)) unknown.push(name);
  return read;
}

/** The nodes outside the state's top-level keys that give other inputs by their exact names. */
function withoutClaimed(nodes: JsonNode[], claimed: readonly string[]): JsonNode[] {
  if (claimed.length === 0) return nodes;
  const roots = claimed.map((k) => `/${k.replaceAll("~", "~0").replaceAll("/", "~1")}`);
  return nodes.filter((n) => !roots.some((r) => n.pointer === r || n.pointer.startsWith(`${r}/`)));
}

/** Top-level keys of the state that are the exact names of inputs other than those asked. */
function claimedKeys(request: ReadRequest): string[] {
  const { state, schema, inputs } = request;
  if (state === null || typeof state !== "object" || Array.isArray(state)) return [];
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const asked = new Set(inputs.map((i) => i.name));
  return Object.keys(state).filter((k) => Object.hasOwn(properties, k) && !asked.has(k));
}

export const jsonReader: Reader = {
  name: "json",
  limits: EMBEDDED_LIMITS,
  async read(request: ReadRequest): Promise<ReadResult> {
    // a text that is one structured document is read as that document
    const state = typeof request.state === "string" ? (documentOf(request.state) ?? request.state) : request.state;
    const unknown: string[] = [];
    const values = readJson(request.inputs, state, request.reference, undefined, claimedKeys(request), unknown);
    return { values, usage: NO_USAGE, ...(unknown.length > 0 ? { unknown } : {}) };
  },
};
