// Whose value a statement gives. A writer who says their own age beside the person the input is
// about ("I'm 52 but he'll be the main driver, Jake, he's 19") gives another party's value: the
// input's role (driver, applicant) is said of someone else, so the writer's "I'm 52" is not it;
// so is the role said by its verb in the passive ("the car will be driven mainly by my daughter").
import type { InputIR } from "../../../ir/ir.js";
import { stem } from "../words.js";
import type { TextIndex } from "./text-index.js";
import type { Token } from "./tokens.js";

/** Roles an input may name the person of ("driver age", "applicant income"), as stems. */
const ROLES = new Set(
  "driver applicant borrower policyholder insured claimant customer client tenant owner member".split(" ").map((w) => stem(w)),
);
/** Words that put the clause after them on a third person: "he'll be the main driver", "his car". */
const THIRD_PERSON = /^(he|she|they|him|her|his|their|them)(['’](ll|s|d|re))?$/;
/** People the writer may name as the role's ("the main driver will be my son"). */
const RELATIVES = new Set(
  "son daughter husband wife partner spouse boy girl lad child kid father mother dad mum mom brother sister".split(" "),
);
/** The role said by its verb, in the passive: "the car will be driven mainly by my daughter". */
const ROLE_VERBS: Record<string, string> = { [stem("driver")]: "driven" };
/** How many tokens after "by" the person may stand ("driven mainly by my daughter Chloe"). */
const AGENT_REACH = 3;

/** Whether tokens from i say the role's verb in the passive of a third person: "driven (mainly) by my daughter", "driven by him". */
function passiveOfAnother(tokens: Token[], i: number, verb: string): boolean {
  if (tokens[i]!.lower !== verb) return false;
  for (let k = i + 1; k < tokens.length && k - i <= AGENT_REACH && tokens[k]!.clause === tokens[i]!.clause; k++) {
    if (tokens[k]!.lower !== "by") continue;
    for (let j = k + 1; j < tokens.length && j - k <= AGENT_REACH && tokens[j]!.clause === tokens[k]!.clause; j++) {
      // "by me" is the writer; "by my daughter" is the daughter
      if (/^(i|me|myself)$/.test(tokens[j]!.lower)) return false;
      if (THIRD_PERSON.test(tokens[j]!.lower) || RELATIVES.has(tokens[j]!.lower)) return true;
    }
    return false;
  }
  return false;
}

/** Words that say the clause is of the writer ("I'm 52", "I am 52"). */
const FIRST_PERSON = /^(i|i['’](m|ll|d|ve)|me|my|myself)$/;
/** How many tokens before the role word a third person may stand ("she will be the only driver"). */
const ROLE_REACH = 6;

/** Per text, per input: whether the input's role is said of a third person somewhere. */
const ROLE_ELSEWHERE = new WeakMap<TextIndex, Map<string, boolean>>();

function roleOfAnother(index: TextIndex, input: InputIR): boolean {
  let known = ROLE_ELSEWHERE.get(index);
  if (!known) ROLE_ELSEWHERE.set(index, (known = new Map()));
  const seen = known.get(input.name);
  if (seen !== undefined) return seen;
  const roles = new Set(
    input.name
      .toLowerCase()
      .split(/[^a-z]+/)
      .map((w) => stem(w))
      .filter((s) => ROLES.has(s)),
  );
  const { tokens } = index;
  let found = false;
  const verbs = [...roles].flatMap((r) => (Object.hasOwn(ROLE_VERBS, r) ? [ROLE_VERBS[r]!] : []));
  for (let i = 0; i < tokens.length && !found && roles.size > 0; i++) {
    index.meter.steps++;
    if (verbs.some((v) => passiveOfAnother(tokens, i, v))) found = true;
    if (!roles.has(tokens[i]!.stem)) continue;
    // "she'll be the named driver", or after it: "the main driver will be him", "… will be my son"
    let writer = false;
    for (let k = i - 1; k >= 0 && i - k <= ROLE_REACH && tokens[k]!.clause === tokens[i]!.clause && !found && !writer; k--) {
      writer = FIRST_PERSON.test(tokens[k]!.lower);
      found = !writer && THIRD_PERSON.test(tokens[k]!.lower);
    }
    // "I'm the main driver, my husband is 50": the role is the writer's
    if (writer) continue;
    for (let k = i + 1; k < tokens.length && k - i <= ROLE_REACH && tokens[k]!.sentence === tokens[i]!.sentence && !found; k++) {
      if (/^(i|me)$/.test(tokens[k]!.lower)) break;
      if (THIRD_PERSON.test(tokens[k]!.lower) || RELATIVES.has(tokens[k]!.lower)) found = true;
    }
  }
  known.set(input.name, found);
  return found;
}

/** The writer's own age or value ("I'm 52", "I am 52"): the word or two before the amount at i. */
const saidOfWriter = (tokens: Token[], i: number): boolean =>
  FIRST_PERSON.test(tokens[i - 1]?.lower ?? "") || (tokens[i - 1]?.lower === "am" && tokens[i - 2]?.lower === "i");

/** The amount at i is the writer's, while the input's role is someone else's. */
export const writersNotTheRole = (index: TextIndex, input: InputIR, i: number): boolean =>
  saidOfWriter(index.tokens, i) && roleOfAnother(index, input);

/**
 * A writer who says they are someone else's relative ("his wife here 👋", "I'm her husband", "this
 * is his mum") speaks for themselves, not for the person the evidence is about: their own figures
 * ("I earn 61,000 a year") are another party's. Such a line marks its writer: in a chat, every
 * line under the same name is theirs too ("[10:12] Lucía Ruiz: and I pay 210 a month …").
 */
const INTRODUCING = /^(i['’]m|im|am|is|it['’]s)$/;
/** A possessive of a third person: "his", "her", "their", or a name's ("Tomás's"). */
const possessive = (t: Token | undefined): boolean =>
  t !== undefined && t.kind === "word" && (/^(his|her|their)$/.test(t.lower) || /^\p{Lu}.*['’]s$/u.test(t.text));

/** Whether the tokens at k say the writer is a third person's relative: "his wife here", "I'm his wife". */
function introducedAsRelative(tokens: Token[], k: number): boolean {
  const t = tokens[k]!;
  if (t.kind !== "word" || !RELATIVES.has(t.lower) || !possessive(tokens[k - 1])) return false;
  const [after, before] = [tokens[k + 1], tokens[k - 2]];
  return (after?.lower === "here" && after.sentence === t.sentence) || (before !== undefined && INTRODUCING.test(before.lower));
}

/** A chat line's writer: the name before its colon or its time, past a bracketed stamp ("[09/04/2026, 10:07] Lucía Ruiz: …", "Raj (Sales Mgr) 10:21 …"). */
const WRITER = /^[ \t]*(?:\[[^\]\n]{0,40}\][ \t]*)?([^:\n\d[\]]{1,40}?)[ \t]*(?:\d{1,2}:\d{2}|:)/;

export const lineStart = (text: string, at: number): number => text.lastIndexOf("\n", at - 1) + 1;
const writerOf = (text: string, start: number): string | undefined =>
  WRITER.exec(text.slice(start, start + 100))?.[1]
    ?.trim()
    .toLowerCase() || undefined;
/** Where the words of the line from `start` begin, past its writer's stamp and name, if any. */
export const bodyStart = (text: string, start: number): number => start + (WRITER.exec(text.slice(start, start + 100))?.[0].length ?? 0);

/** Per text: the lines (by their first offset) and the chat writers that speak for another party than the subject. */
const OTHERS_LINES = new WeakMap<TextIndex, { lines: Set<number>; writers: Set<string> }>();

function othersLines(index: TextIndex): { lines: Set<number>; writers: Set<string> } {
  let known = OTHERS_LINES.get(index);
  if (known) return known;
  known = { lines: new Set(), writers: new Set() };
  const { tokens, text } = index;
  for (let k = 0; k < tokens.length; k++) {
    index.meter.steps++;
    if (!introducedAsRelative(tokens, k)) continue;
    const start = lineStart(text, tokens[k]!.start);
    known.lines.add(start);
    const writer = writerOf(text, start);
    if (writer) known.writers.add(writer);
  }
  OTHERS_LINES.set(index, known);
  return known;
}

/** How many tokens before the amount the writer's "I" or "my" may stand in its clause ("I earn 61,000", "my salary is 61,000"). */
const FIRST_PERSON_REACH = 6;

/**
 * The amount at i is the writer's own ("I earn 61,000 a year") on a line of a writer who said they
 * are the subject's relative: another party's value.
 */
export function relativesOwn(index: TextIndex, i: number): boolean {
  const { tokens, text } = index;
  const others = othersLines(index);
  if (others.lines.size === 0) return false;
  let own = false;
  for (let k = i - 1; k >= 0 && i - k <= FIRST_PERSON_REACH && tokens[k]!.clause === tokens[i]!.clause && !own; k--)
    own = FIRST_PERSON.test(tokens[k]!.lower);
  if (!own) return false;
  const start = lineStart(text, tokens[i]!.start);
  const writer = writerOf(text, start);
  return others.lines.has(start) || (writer !== undefined && others.writers.has(writer));
}

/** Who may hold a figure in the subject's stead: a relative, a friend, a landlord ("her sister Gloria", "my cousin Marcus"). */
const HOLDERS = new Set([
  ...RELATIVES,
  ..."cousin aunt uncle niece nephew grandmother grandfather friend roommate flatmate landlord landlady".split(" "),
]);
/** Verbs by which a named person holds a figure as theirs: "Gloria pays it", "Marcus covers it". */
const HOLDING = new Set(["pays", "paid", "covers", "covered", "owns", "holds"]);
/** How many tokens before an amount a name's possessive may own it ("Gloria's rent at that flat: $1,400"). */
const OWNER_REACH = 8;
const NAME_POSSESSIVE = /^(\p{Lu}\p{Ll}+)['’]s$/u;

/** Per text: the names (lower case) the text says are another party's: a relative's, or one who pays a figure. */
const OTHER_NAMES = new WeakMap<TextIndex, Set<string>>();

function otherNames(index: TextIndex): Set<string> {
  let known = OTHER_NAMES.get(index);
  if (known) return known;
  known = new Set();
  const { tokens } = index;
  const nameAt = (k: number): string | undefined => {
    const t = tokens[k];
    return t?.kind === "word" && /^\p{Lu}\p{Ll}+$/u.test(t.text) ? t.lower : undefined;
  };
  for (let k = 0; k < tokens.length; k++) {
    index.meter.steps++;
    const t = tokens[k]!;
    // "sister (Gloria)", "my cousin Marcus", "Tom, her brother"
    if (HOLDERS.has(t.lower)) for (const j of [k + 1, k + 2]) if (tokens[j]?.sentence === t.sentence && nameAt(j)) known.add(nameAt(j)!);
    if (HOLDERS.has(t.lower) && tokens[k - 2]?.text === "," && possessive(tokens[k - 1]) && nameAt(k - 3)) known.add(nameAt(k - 3)!);
    // "Gloria pays it"
    if (HOLDING.has(t.lower) && nameAt(k - 1) && tokens[k - 1]!.sentence === t.sentence) known.add(nameAt(k - 1)!);
  }
  OTHER_NAMES.set(index, known);
  return known;
}

/**
 * The amount at i is owned by another named person: a name's possessive before it in its clause
 * ("Gloria's rent at that flat: $1,400/mo") of someone the text says is a relative of the subject
 * or pays the figure ("Gloria pays it"). Not the subject's figure.
 */
export function namedOthersOwn(index: TextIndex, i: number): boolean {
  const { tokens } = index;
  for (let k = i - 1; k >= 0 && i - k <= OWNER_REACH && tokens[k]!.clause === tokens[i]!.clause; k--) {
    const owner = NAME_POSSESSIVE.exec(tokens[k]!.text)?.[1];
    if (owner) return otherNames(index).has(owner.toLowerCase());
  }
  return false;
}
