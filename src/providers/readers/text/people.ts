// People in prose and forms: a struct input whose fields are a person's facts (numbers and yes/no
// facts, no string: a reader never answers a string from text, spec 2.3) and a list input of the
// same records, read from a text. The people a text mentions are found (names, relations such as
// "my daughter Sofia (12)", the writer "I", the person a form is for, rows of a table: names tell
// them apart but are no field); each is given the facts the text says of them (an age,
// an amount per the field's period, a yes/no fact from the field's cue words, with denials); then
// one is the struct input (the person its name announces, "Applicant: …", else the writer) and
// the others are the list (those the text puts in the household, not those who moved out, died or
// live elsewhere; "I live alone" is an empty list). A record with a field the text does not
// establish, or a person the list would need but the text does not name, answers nothing: no
// record is guessed (as the JSON reader does for a partial record). Linear in the text.
import { ticked } from "./boxes.js";
import type { InputIR } from "../../../ir/ir.js";
import type { Type } from "../../../ir/types.js";
import type { ReadValue } from "../../types.js";
import { LEFT_PHRASE } from "../departed.js";
import { AMOUNT_SOURCE, amountFromMatch, convertPeriod, numberPhrase, numberWord, periodAfter, type Period } from "../numbers.js";
import { contentStems, normaliseName, periodOfText, stemMatch } from "../words.js";
import type { Span } from "./english.js";

type Role = "age" | "amount" | "flag";
interface Field {
  field: string;
  role: Role;
  /** stems that announce the fact: the field's name and the words the input's desc says of it */
  cues: string[];
  period?: Period;
}
interface Fact {
  value: unknown;
  confidence: number;
}
interface Person {
  name?: string;
  /** where the person is mentioned: their facts lie in the text that follows, up to the next person */
  scopes: Span[];
  facts: Map<string, Fact>;
  self: boolean;
  applicant: boolean;
  household: boolean;
  left: boolean;
  /** a relation without a name ("my husband"): a person the list needs but the text does not name */
  unnamed: boolean;
}

/** Relations by which a text introduces a person of the household. */
const KIN =
  "son|daughter|child|children|kid|kids|baby|babies|wife|husband|spouse|partner|mother|father|mum|mom|dad|parent|parents|" +
  "grandmother|grandfather|grandma|grandpa|grandson|granddaughter|grandchild|grandchildren|brother|sister|sibling|siblings|" +
  "aunt|uncle|niece|nephew|cousin|stepson|stepdaughter|stepfather|stepmother|boyfriend|girlfriend|fianc[eé]e?|" +
  "mother-in-law|father-in-law|son-in-law|daughter-in-law|sister-in-law|brother-in-law|flatmate|roommate|lodger";
const KIN_RE = new RegExp(`\\b(ex-?|former |late )?(?:(?:my|her|his|their|our|your|the)\\s+)?(?:\\w+\\s+)?(${KIN})\\b`, "gi");
const KIN_WORD = new RegExp(`^(?:ex-)?(?:${KIN})$`, "i");
const KIN_AFTER = new RegExp(`^\\s+(?:\\w+\\s+)?(?:${KIN})\\b`, "i");
const ALONE =
  /\b(?:lives?|living|stays?)\s+(?:alone|on (?:my|his|her|their) own|by (?:my|him|her)self)\b|\b(?:no ?one|nobody) else\b|\bsingle[- ]person household\b|\bonly (?:person|one) (?:in|living)\b/i;
const WITH = /\b(?:lives?|living|stays?|staying)\s+with\b|\bat home\b|\bin the household\b|\bhousehold\b/i;
const NOT_NAME = new Set(
  (
    "dear sir madam mr mrs ms miss dr yours sincerely regards faithfully thanks thank best kind hello hi " +
    "january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec " +
    "monday tuesday wednesday thursday friday saturday sunday today yesterday tomorrow " +
    "yes no none not nil n/a na the a an and or but if so re subject fw fwd"
  ).split(" "),
);
/** The header of a table's column of names: the people's names tell its rows apart, and are no field. */
const NAME_HEADER = /^(?:(?:full|first|member(?:['’]s)?|person(?:['’]s)?)\s+)?names?$|^(?:member|person|who)$/i;
const PLACE_BEFORE = /\b(in|at|from|to|near|on|into|street|road|avenue|court|st|rd)\s*$/i;

/**
 * The fields of a person record, if the type is one: numbers and yes/no facts. A record with a
 * string field (a name) is none: a reader never answers a string from text (spec 2.3).
 */
function personFields(type: Type, desc: string): Field[] | undefined {
  if (type.kind !== "struct" || type.fields.length === 0) return undefined;
  if (!type.fields.every(([, t]) => t.kind === "number" || t.kind === "boolean")) return undefined;
  const parts = desc.split(/[,;:]|\band\b|\?/i);
  return type.fields.map(([field, t]) => {
    const own = contentStems(field);
    const part = parts.find((p) => contentStems(p).some((s) => own.some((o) => stemMatch(o, s) > 0))) ?? "";
    const cues = [...new Set([...own, ...contentStems(part)])].filter((s) => !FORM_STEMS.has(s));
    if (t.kind === "boolean") return { field, role: "flag" as const, cues };
    const age = own.includes("age") || /\b(age|years old|how old)\b/i.test(part);
    return age
      ? { field, role: "age" as const, cues }
      : { field, role: "amount" as const, cues, period: periodOfText(part) ?? periodOfText(normaliseName(field)) };
  });
}
/** Desc words that say the form of an answer, not the fact. */
const PERIOD_WORDS = new Set(["month", "year", "week", "annual", "dollar"]);
const FORM_STEMS = new Set([
  "wheth",
  "whether",
  "year",
  "month",
  "week",
  "dollar",
  "number",
  "each",
  "person",
  "els",
  "liv",
  "household",
  "who",
]);

export interface PersonInputs {
  struct?: InputIR;
  list?: InputIR;
  fields: Field[];
}

/** The person inputs of a model: a struct input and/or a list input of one person record type. */
export function personInputs(inputs: InputIR[]): PersonInputs | undefined {
  let fields: Field[] | undefined;
  let struct: InputIR | undefined;
  let list: InputIR | undefined;
  const key = (t: Type) => JSON.stringify(t);
  for (const i of inputs) {
    const t = i.type.kind === "list" ? i.type.element : i.type;
    const f = personFields(t, i.desc);
    if (!f) continue;
    if (
      fields &&
      key(t) !==
        key((struct ?? list)!.type.kind === "list" ? ((struct ?? list)!.type as { element: Type }).element : (struct ?? list)!.type)
    )
      continue;
    if (i.type.kind === "list" && !list) list = i;
    else if (i.type.kind === "struct" && !struct) struct = i;
    else return undefined;
    fields ??= f;
  }
  return fields ? { struct, list, fields } : undefined;
}

const cueIn = (stems: string[], cues: string[]): boolean => stems.some((s) => cues.some((c) => stemMatch(c, s) > 0 || sharedPrefix(c, s)));
/** "applicant" and "applying": a stem that starts another's (four letters or more). */
const sharedPrefix = (a: string, b: string): boolean => {
  const n = Math.min(a.length, b.length);
  return n >= 5 && a.slice(0, 4) === b.slice(0, 4) && (a.startsWith(b.slice(0, n - 1)) || b.startsWith(a.slice(0, n - 1)));
};

const AMOUNT_RE = new RegExp(AMOUNT_SOURCE, "giu");
const WORD_NUMBER =
  /\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a)\b/gi;
const NEGATION = /\b(no|not|none|without|never|nor|n['’]t|denies|denied)\b[^.;\n]{0,25}$/i;

/** Confidences of what a text says of a person (before the record's own). */
const STATED = 0.95;
const CONVERTED = 0.9;
/** An amount stated with no period, taken as the field's period. */
const NO_PERIOD = 0.65;
/** A yes/no fact said of others and not of this person: taken as no. */
const UNSAID_FLAG = 0.75;
/** A record is as sure as its least sure field, and less, for the ways a person may be mixed up with another. */
const RECORD = 0.85;
const LIST = 0.8;

/** An age said of a person in `s`: "41 years old", "aged 41", "age: 41", "I am 72", "is 68"; in words too. */
function ageIn(s: string): Fact | undefined {
  const n = String.raw`(\d{1,3}|[a-z]+(?:[- ][a-z]+)?)`;
  const pats: [RegExp, number][] = [
    [new RegExp(String.raw`\b${n}[- ]?(?:years?|yrs?)[- ]?old\b`, "i"), STATED],
    [new RegExp(String.raw`\b(?:aged?|age:)\s*${n}\b`, "i"), STATED],
    [
      new RegExp(String.raw`\b(?:I am|I['’]m|is|she['’]s|he['’]s)\s+(\d{1,3})\b(?!\s*(?:%|\$|dollars|years? (?:ago|since)|[a-z]))`, "i"),
      0.85,
    ],
  ];
  for (const [re, confidence] of pats) {
    const m = re.exec(s);
    if (!m) continue;
    const raw = m[1]!;
    const value = /^\d+$/.test(raw) ? Number(raw) : numberWord(raw.replace(" ", "-"));
    if (value !== undefined && value <= 120) return { value, confidence };
  }
  return undefined;
}

/** Amounts of money in [start, end): digits with a currency or a period, or words with a currency. */
function amountsIn(text: string, start: number, end: number): { value: number; period?: Period; start: number; end: number }[] {
  const out: { value: number; period?: Period; start: number; end: number }[] = [];
  const s = text.slice(start, end);
  for (const m of s.matchAll(AMOUNT_RE)) {
    if (m[0].trim() === "" || !/\d/.test(m[0])) continue;
    const a = amountFromMatch(m as RegExpExecArray);
    const after = s.slice(m.index + m[0].length);
    const p = periodAfter(after.replace(/^\s*\/\s*/, " per "));
    if (!a.currency && !p && !/^\s*(?:\(|\)|$)/.test(after.slice(0, 1))) continue;
    if (!a.currency && !p) continue;
    out.push({ value: a.value, period: p?.period, start: start + m.index, end: start + m.index + m[0].length });
  }
  for (const m of s.matchAll(WORD_NUMBER)) {
    const ph = numberPhrase(text, start + m.index, m[0]);
    if (!ph || !ph.amount.currency) continue;
    const p = periodAfter(text.slice(ph.end, end));
    out.push({ value: ph.amount.value, period: p?.period, start: start + m.index, end: ph.end });
  }
  return out;
}

/** A person's facts in one stretch of text. */
function factsIn(text: string, span: Span, fields: Field[], otherCues: string[], person: Person): void {
  const s = text.slice(span.start, span.end);
  for (const f of fields) {
    if (person.facts.has(f.field)) continue;
    if (f.role === "age") {
      const a = ageIn(s);
      if (a) person.facts.set(f.field, a);
    } else if (f.role === "amount") {
      const zero = new RegExp(String.raw`\b(?:no|without|zero|nil)\s+(\w+)(?:\s+(\w+))?`, "gi");
      for (const m of s.matchAll(zero))
        if (cueIn(contentStems(`${m[1]} ${m[2] ?? ""}`), f.cues)) {
          person.facts.set(f.field, { value: 0, confidence: CONVERTED });
          break;
        }
      if (person.facts.has(f.field)) continue;
      for (const a of amountsIn(text, span.start, span.end)) {
        // the words around the amount, within its sentence, announce which fact it is
        const before =
          text
            .slice(Math.max(span.start, a.start - 50), a.start)
            .split(/[.;\n]/)
            .pop() ?? "";
        const after = text.slice(a.end, Math.min(span.end, a.end + 30)).split(/[.;\n,]/)[0] ?? "";
        const words = contentStems(`${before} ${after}`);
        if (!cueIn(words, f.cues) || cueIn(words, otherCues)) continue;
        let value = a.value;
        let confidence = STATED;
        if (f.period && a.period && a.period !== f.period) {
          value = Math.round(convertPeriod(value, a.period, f.period) * 100) / 100;
          confidence = CONVERTED;
        } else if (f.period && !a.period) confidence = NO_PERIOD;
        person.facts.set(f.field, { value, confidence });
        break;
      }
    } else if (f.role === "flag") {
      for (const m of s.matchAll(/[A-Za-z][A-Za-z'’-]*/g)) {
        if (!cueIn(contentStems(m[0]), f.cues)) continue;
        const at = span.start + m.index;
        const rest = text.slice(at + m[0].length, Math.min(span.end, at + m[0].length + 40)).split("\n")[0]!;
        const box = ticked(rest);
        const denied = NEGATION.test(text.slice(Math.max(span.start, at - 30), at));
        const value = box ?? !denied;
        person.facts.set(f.field, { value, confidence: STATED });
        break;
      }
    }
  }
}

interface Mention {
  start: number;
  end: number;
  name?: string;
  kin?: string;
  ex?: boolean;
  self?: boolean;
  pronoun?: boolean;
}

const capitalised = /^[A-Z][a-zà-ÿ'’-]+$|^[A-Z]\.$/;

/** Names: runs of capitalised words the English model tags as proper nouns, not places nor labels. */
function namesIn(text: string, proper: Span[], labels: string[]): Mention[] {
  const out: Mention[] = [];
  for (const p of proper) {
    const words = text.slice(p.start, p.end).split(/\s+/);
    if (!words.every((w) => capitalised.test(w)) || words.some((w) => NOT_NAME.has(w.toLowerCase().replace(/\.$/, "")))) continue;
    if (words.length === 1 && words[0]!.length < 3) continue;
    if (words.some((w) => /^I['’]/.test(w))) continue;
    if (words.some((w) => KIN_WORD.test(w))) continue;
    if (words.every((w) => cueIn(contentStems(w), labels))) continue;
    if (PLACE_BEFORE.test(text.slice(Math.max(0, p.start - 12), p.start))) continue;
    // "Maria's mother": a name that only says whose relation follows
    if (/^['’]s\b/.test(text.slice(p.end, p.end + 3))) continue;
    out.push({ start: p.start, end: p.end, name: words.join(" ").replace(/^[A-Z]\. /, "") });
  }
  return out;
}

/**
 * Reads the person inputs from `text`. `proper` are the spans the English model tags as proper
 * nouns; `otherCues` the stems of the model's other inputs' names (an amount they announce,
 * such as the rent, is no one's income).
 */
export function readPeople(inputs: InputIR[], text: string, proper: Span[], otherCues: string[]): Record<string, ReadValue> {
  const pi = personInputs(inputs);
  if (!pi) return {};
  const { fields } = pi;
  const structStems = pi.struct ? contentStems(pi.struct.name) : [];
  // the words that put a person in the list ("lives", "household"), not the words of its fields
  const fieldCues = fields.flatMap((f) => f.cues);
  const listStems = pi.list
    ? [...contentStems(pi.list.name), ...contentStems(pi.list.desc)].filter(
        (s) => !PERIOD_WORDS.has(s) && s !== "person" && !cueIn([s], fieldCues),
      )
    : [];
  const labelWords = [...fields.flatMap((f) => f.cues), ...structStems, ...listStems, ...otherCues];
  const people: Person[] = [];
  const newPerson = (init: Partial<Person> = {}): Person => {
    const p: Person = {
      scopes: [],
      facts: new Map(),
      self: false,
      applicant: false,
      household: false,
      left: false,
      unnamed: false,
      ...init,
    };
    people.push(p);
    return p;
  };
  let selfPerson: Person | undefined;
  const self = () => (selfPerson ??= newPerson({ self: true }));
  // a person by their name, or by their first name said alone ("Abena is my wife")
  const byNames = new Map<string, Person>();
  const byName = (name: string): Person | undefined => byNames.get(name) ?? byNames.get(name.split(" ")[0]!);
  const nameOf = (p: Person, name: string) => {
    p.name = name;
    for (const key of [name, name.split(" ")[0]!]) if (!byNames.has(key)) byNames.set(key, p);
  };

  // 1. tables: a header row of a name column and field names, then one row per person
  const lines: Span[] = [];
  for (let at = 0; at <= text.length;) {
    const nl = text.indexOf("\n", at);
    const end = nl < 0 ? text.length : nl;
    lines.push({ start: at, end });
    at = end + 1;
  }
  const isRow = (l: Span) => (text.slice(l.start, l.end).match(/\|/g) ?? []).length >= 2;
  const inTable = new Set<number>();
  let heading = "";
  for (let i = 0; i < lines.length; i++) {
    const line = text.slice(lines[i]!.start, lines[i]!.end);
    if (!isRow(lines[i]!)) {
      if (line.trim() !== "") heading = line;
      continue;
    }
    const cells = line.split("|").map((c) => c.trim());
    const nameColumn = cells.findIndex((c) => NAME_HEADER.test(c));
    const columns = cells.map((c, j) =>
      j === nameColumn ? undefined : fields.find((f) => cueIn(contentStems(c), [...contentStems(f.field), ...f.cues.slice(0, 1)])),
    );
    inTable.add(i);
    if (nameColumn < 0) continue;
    const headingStems = contentStems(heading);
    const household = cueIn(headingStems, listStems) || /\b(with you|with me|household|members?)\b/i.test(heading);
    const applicantTable = cueIn(headingStems, structStems);
    for (i++; i < lines.length && isRow(lines[i]!); i++) {
      inTable.add(i);
      const row = text
        .slice(lines[i]!.start, lines[i]!.end)
        .split("|")
        .map((c) => c.trim());
      if (row.every((c) => /^[-:= ]*$/.test(c))) continue;
      const p = newPerson({ household, applicant: applicantTable && !household });
      const name = row[nameColumn] ?? "";
      if (/^[A-Z]/.test(name)) nameOf(p, name);
      columns.forEach((f, j) => {
        const cell = row[j] ?? "";
        if (!f) return;
        if (f.role === "age" && /^\d{1,3}$/.test(cell)) p.facts.set(f.field, { value: Number(cell), confidence: STATED });
        else if (f.role === "amount") {
          const m = new RegExp(`^${AMOUNT_SOURCE}$`, "iu").exec(cell);
          if (m) {
            const period = periodOfText(cells[j] ?? "");
            const v = amountFromMatch(m).value;
            const value = f.period && period && period !== f.period ? Math.round(convertPeriod(v, period, f.period) * 100) / 100 : v;
            p.facts.set(f.field, { value, confidence: f.period && !period ? NO_PERIOD : STATED });
          } else if (/^(none|nil|-)$/i.test(cell)) p.facts.set(f.field, { value: 0, confidence: CONVERTED });
        } else if (f.role === "flag") {
          const v = /^\[\s*[xX✓✔]\s*\]$|^(y|yes|true)$/i.test(cell) ? true : /^\[\s*\]$|^(n|no|false)$/i.test(cell) ? false : undefined;
          if (v !== undefined) p.facts.set(f.field, { value: v, confidence: STATED });
        }
      });
    }
    i--;
  }

  // 2. prose and forms: mentions of people in text order, each owning the text up to the next
  const names = namesIn(text, proper, labelWords);
  const mentions: Mention[] = [...names];
  for (const m of text.matchAll(KIN_RE)) {
    const start = m.index;
    const end = start + m[0].length;
    // "my daughter Sofia", "Ex-husband (Luis)": the relation and the name are one mention
    const after = names[firstAtOrAfter(names, end)];
    const name = after && /^[\s,:(]*$/.test(text.slice(end, after.start)) ? after : undefined;
    // "Abena is my wife": the relation said of a name before it
    const prior = names[firstAtOrAfter(names, start) - 1];
    const said =
      name || !prior || prior.end > start || !/^[\s,]*(?:is|was|[-–,])?\s*$/.test(text.slice(prior.end, start)) ? undefined : prior;
    if (said) {
      said.kin = m[2]!.toLowerCase();
      said.ex = m[1] !== undefined;
    } else if (name) {
      name.kin = m[2]!.toLowerCase();
      name.ex = m[1] !== undefined;
      name.start = start;
    } else mentions.push({ start, end, kin: m[2]!.toLowerCase(), ex: m[1] !== undefined });
  }
  const taken = new Uint8Array(text.length);
  for (const x of mentions) taken.fill(1, x.start, x.end);
  for (const m of text.matchAll(/\b(I|I['’]m|[Mm]e|[Mm]y|[Mm]yself|[Yy]ou|[Yy]our)\b/g)) {
    if (/^(my|your)$/i.test(m[0]) && KIN_AFTER.test(text.slice(m.index + m[0].length, m.index + m[0].length + 40))) continue;
    if (taken[m.index]) continue;
    mentions.push({ start: m.index, end: m.index + m[0].length, self: true });
  }
  for (const m of text.matchAll(/\b(she|he|her|him|his)\b/gi)) {
    if (taken[m.index]) continue;
    mentions.push({ start: m.index, end: m.index + m[0].length, pronoun: true });
  }
  mentions.sort((a, b) => a.start - b.start);

  /** A person's text ends at the next mention, a blank line, a line labelled with something else, or a table. */
  // per line, where the text after it stops being anyone's (one pass from the end), and the
  // heading its mentions stand under: its own label, else a label line above it with nothing after the colon
  const barrier = new Array<number>(lines.length);
  for (let j = lines.length - 1, next = text.length; j >= 0; j--) {
    barrier[j] = next;
    const l = text.slice(lines[j]!.start, lines[j]!.end);
    if (l.trim() === "" || inTable.has(j) || /^[^\n:|]{1,40}:/.test(l)) next = Math.max(0, lines[j]!.start - 1);
  }
  const headings = new Array<string>(lines.length);
  for (let j = 0, carry = ""; j < lines.length; j++) {
    const l = text.slice(lines[j]!.start, lines[j]!.end);
    if (l.trim() === "") carry = "";
    const lab = /^\s*([^:\n]{1,40}):(.*)$/.exec(l);
    headings[j] = lab ? lab[1]! : carry;
    if (lab && lab[2]!.trim() === "") carry = lab[1]!;
  }
  const lineOf = (at: number): number => firstAtOrAfter(lines, at + 1) - 1;
  const limit = (nextStart: number, lineNo: number): number => Math.min(nextStart, barrier[lineNo]!);
  let last: Person | undefined;
  let lastOther: Person | undefined;
  let group: Person[] = [];
  for (let k = 0; k < mentions.length; k++) {
    const m = mentions[k]!;
    const lineNo = lineOf(m.start);
    if (inTable.has(lineNo)) continue;
    const line = lines[lineNo]!;
    const next = mentions[k + 1];
    let end = limit(next ? next.start : text.length, lineNo);
    let p: Person;
    if (m.self) p = self();
    else if (m.pronoun) {
      if (!lastOther) continue;
      p = lastOther;
    } else {
      const known = m.name ? byName(m.name) : undefined;
      p = known ?? newPerson({ unnamed: !m.name });
      if (!known && m.name) nameOf(p, m.name);
      if (m.ex) p.left = true;
      if (m.kin) p.household = p.household || !m.ex;
      lastOther = p;
    }
    // what stands before the mention on its line: "Applicant:", "Household:", "People living with you:"
    const lineBefore = text.slice(line.start, m.start);
    const sectionHead = headings[lineNo]!;
    const before = contentStems(lineBefore.split(/[.;]/).pop() ?? "");
    if (!m.self && !m.pronoun && cueIn(before, structStems) && !cueIn(before, listStems)) p.applicant = true;
    if (!m.self && !m.pronoun) {
      const head = contentStems(sectionHead);
      if (cueIn(head, listStems) && !cueIn(head, structStems)) p.household = true;
      if (cueIn(head, structStems)) p.applicant = p.applicant || head.length <= 2;
    }
    // names said of the writer: "My name is Edith Carmody", "Your name: Kwame", "I am Ana Ruiz"
    if (
      m.self &&
      next?.name &&
      !next.kin &&
      /^(?:\s+name\s+is|\s+name\s*:|\s+am|['’]m)\s*$/i.test(text.slice(m.end, next.start).replace(/^\s*name\s*(\([^)]*\))?\s*:/i, " name:"))
    ) {
      const before = byName(next.name);
      if (before && before !== p) people.splice(people.indexOf(before), 1);
      if (!p.name) nameOf(p, next.name);
      mentions.splice(k + 1, 1);
      m.end = next.end;
      end = limit(mentions[k + 1]?.start ?? text.length, lineNo);
    }
    const span = { start: m.start, end };
    p.scopes.push(span);
    // "Sofia (12) and Mateo (9) - no income": facts after names listed together are said of each
    const between = last && last !== p && !m.self && k > 0 ? text.slice(mentions[k - 1]!.end, m.start) : "";
    if (!m.self && !m.pronoun && last && !last.self && /^[\s,]*(?:\(\s*\d{1,3}\s*\))?[\s,]*(?:and|&)?\s*$/.test(between)) group.push(p);
    else group = [p];
    const ageNow = /^\s*(?:\(\s*(?:age[d]?\s*)?(\d{1,3})\s*\)|,\s*(?:aged?\s*)?(\d{1,3})\s*(?:,|\.|;|\s[-–]|$))/.exec(
      text.slice(mentions[k]!.end, end),
    );
    const ageField = fields.find((f) => f.role === "age");
    if (ageNow && ageField && !p.facts.has(ageField.field))
      p.facts.set(ageField.field, { value: Number(ageNow[1] ?? ageNow[2]), confidence: STATED });
    const scopeText = text.slice(span.start, span.end);
    if (LEFT_PHRASE.test(scopeText) && !m.self) p.left = true;
    if (WITH.test(scopeText) && !m.self && !LEFT_PHRASE.test(scopeText)) p.household = true;
    for (const q of group) factsIn(text, span, fields, otherCues, q);
    last = p;
  }

  // 3. forms: "Your age: 29", "Do you have a disability? [ ] Yes [x] No" answer for the person the form is for
  for (let i = 0; i < lines.length; i++) {
    if (inTable.has(i)) continue;
    const l = text.slice(lines[i]!.start, lines[i]!.end);
    const lab = /^\s*([^:?\n]{1,60})[:?]\s*(.*)$/.exec(l);
    if (!lab) continue;
    const stems = contentStems(lab[1]!);
    const yours = /\b(you|your)\b/i.test(lab[1]!);
    // "Applicant age: 45": a field of the person the struct input names
    const theirs = !yours && cueIn(stems, structStems) && !cueIn(stems, listStems);
    if (!yours && !theirs) continue;
    const f = fields.find((x) => cueIn(stems, x.cues));
    if (!f) continue;
    const p = yours ? self() : (people.find((q) => q.applicant && !q.self) ?? newPerson({ applicant: true }));
    if (p.facts.has(f.field) && p.facts.get(f.field)!.confidence >= STATED) continue;
    const value = lab[2]!;
    if (f.role === "age" && /^\s*\d{1,3}\b/.test(value)) p.facts.set(f.field, { value: Number(/\d+/.exec(value)![0]), confidence: STATED });
    else if (f.role === "amount") {
      const m = new RegExp(AMOUNT_SOURCE, "iu").exec(value);
      if (m && /\d/.test(m[0])) {
        const period = periodOfText(lab[1]!) ?? periodAfter(value.slice(m.index + m[0].length))?.period;
        const v = amountFromMatch(m).value;
        const conv = f.period && period && period !== f.period ? Math.round(convertPeriod(v, period, f.period) * 100) / 100 : v;
        p.facts.set(f.field, { value: conv, confidence: f.period && !period ? NO_PERIOD : STATED });
      }
    } else if (f.role === "flag") {
      const box = ticked(value) ?? (/^\s*(yes|no|y|n)\s*$/i.test(value) ? /^\s*y/i.test(value) : undefined);
      if (box !== undefined) p.facts.set(f.field, { value: box, confidence: STATED });
    }
  }

  // 4. who is who
  const flagSaid = new Set(fields.filter((f) => f.role === "flag" && people.some((p) => p.facts.has(f.field))).map((f) => f.field));
  const complete = (p: Person): Fact[] | undefined => {
    const out: Fact[] = [];
    for (const f of fields) {
      const fact =
        p.facts.get(f.field) ?? (f.role === "flag" && flagSaid.has(f.field) ? { value: false, confidence: UNSAID_FLAG } : undefined);
      if (!fact) return undefined;
      out.push(fact);
    }
    return out;
  };
  const record = (p: Person, facts: Fact[]) => Object.fromEntries(fields.map((f, i) => [f.field, facts[i]!.value]));
  const named = people.filter((p) => p.applicant && !p.self);
  const applicant = named.length === 1 ? named[0]! : named.length === 0 && selfPerson?.name ? selfPerson : undefined;
  if (
    applicant &&
    selfPerson &&
    applicant !== selfPerson &&
    !selfPerson.name &&
    named.length === 1 &&
    selfPerson.facts.size > 0 &&
    !/\b(I|my|me)\b/.test(text)
  )
    for (const [k, v] of selfPerson.facts) if (!applicant.facts.has(k)) applicant.facts.set(k, v);
  const out: Record<string, ReadValue> = {};
  const source = (p: Person) => {
    const sp = p.scopes[0];
    return sp ? { span: { start: sp.start, end: sp.end }, text: text.slice(sp.start, sp.end) } : undefined;
  };
  if (pi.struct && applicant) {
    const facts = complete(applicant);
    if (facts)
      out[pi.struct.name] = {
        value: record(applicant, facts),
        confidence: round(RECORD * Math.min(...facts.map((f) => f.confidence))),
        ...(source(applicant) ? { source: source(applicant) } : {}),
      };
  }
  if (pi.list) {
    const members = people.filter((p) => p !== applicant && !p.self && p.household && !p.left);
    const records = members.map((p) => complete(p));
    if (members.length > 0 && records.every((r) => r !== undefined) && members.every((p) => !p.unnamed)) {
      const all = records.flatMap((r) => r!);
      out[pi.list.name] = {
        value: members.map((p, i) => record(p, records[i]!)),
        confidence: round(LIST * Math.min(...all.map((f) => f.confidence))),
      };
    } else if (members.length === 0 && applicant && ALONE.test(text)) out[pi.list.name] = { value: [], confidence: round(LIST * STATED) };
  }
  return out;
}

/** The index of the first span starting at or after `at` (spans sorted by start). */
function firstAtOrAfter(spans: Span[], at: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.start < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
const round = (x: number): number => Math.round(x * 1000) / 1000;
