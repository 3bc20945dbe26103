// Totals: an input that asks for the sum of several things ("How many dollars does the applicant
// pay each month on existing debts?", "total", "combined") is answered by a list of amounts of one
// form ("mortgage $2,150/month, car $390/month") as their sum; an input that asks for one thing
// is not. A sum the text states ("… = $615/month", "$615 in total") is taken as it stands.
import type { InputIR } from "../../../ir/ir.js";
import { contentStems } from "../words.js";
import type { Token } from "./tokens.js";
import { BULLET, BULLET_LINE } from "./bullet-lists.js";
import { FOREIGN_AND, FOREIGN_NOT_KNOWING } from "../foreign-words.js";
import type { TextIndex } from "./text-index.js";

/** Words by which a question asks for a sum. */
const TOTAL_WORDS = /\b(total|totals|combined|altogether|together|in all|sum of)\b/i;

/**
 * Whether the input asks for a sum: its question says so, or names in the plural a thing its
 * name names in the singular ("monthly debt": "… on existing debts?").
 */
export function asksTotal(input: InputIR): boolean {
  const desc = input.desc ?? "";
  if (TOTAL_WORDS.test(desc)) return true;
  const name = new Set(contentStems(input.name));
  const nameWords = input.name.toLowerCase().split(/[^a-z]+/);
  return desc
    .toLowerCase()
    .split(/[^a-z]+/)
    .some((w) => /s$/.test(w) && !/ss$/.test(w) && name.has(contentStems(w)[0] ?? "") && !nameWords.includes(w));
}

/** How many content words (a label: "car", "card B min") may stand between two amounts of a list. */
const ITEM_GAP = 4;
/** What joins the items of a list: a comma, semicolon or plus sign, "and", "plus". */
const JOINS = /[,;+]|\b(and|plus)\b/i;
/** What ends a list: a full stop or a line break (a semicolon does not); not the point of a title ("Mr. Obi"). */
const ENDS = /(?<!\b(?:Mr|Mrs|Ms|Mx|Dr|Prof|Sr|Jr|St))[.!?](\s|$)|\n/;

/** How many content words a bullet's label may hold: the line bounds it, not a comma. */
const BULLET_GAP = 8;
/** Between two amounts: the rest of one bullet's line, then the next bullet's label. */
const BULLET_NEXT = new RegExp(`^[^\\n.!?]*\\n[ \\t]*${BULLET}[ \\t][^\\n]*$`);

/** Whether two amounts are of one form: the same currency, both percentages or neither, the same period. */
export const alike = (a: Token, b: Token): boolean =>
  a.amount!.currency === b.amount!.currency && a.amount!.percent === b.amount!.percent && a.amount!.period === b.amount!.period;

/**
 * Whether two amounts are items of one sum in periods of their own ("earns $3,200 a month; his salary
 * is $38,400 a year"): both money of one currency with a stated period, the periods different. Each
 * is converted to the input's period when summed (a sum that restates one figure is refused there).
 */
const ofPeriods = (a: Token, b: Token): boolean =>
  a.amount!.currency === b.amount!.currency &&
  !a.amount!.percent &&
  !b.amount!.percent &&
  a.amount!.period !== undefined &&
  b.amount!.period !== undefined &&
  a.amount!.period !== b.amount!.period;

/**
 * The amounts listed with the amount at token i (i among them, in text order): neighbours of the
 * same form, each joined to the next by a comma, semicolon, plus or "and" with at most a short
 * label between, in one sentence (a semicolon does not end a list). `usable` says which amounts
 * may count. A list of one is no list.
 */
export function listWith(tokens: Token[], text: string, amounts: number[], i: number, usable: (j: number) => boolean): number[] {
  const at = amounts.indexOf(i);
  if (at < 0) return [i];
  const joined = (a: number, b: number): boolean => {
    const [x, y] = [tokens[a]!, tokens[b]!];
    const between = text.slice(x.amountEnd ?? x.end, y.start);
    // "$275 student loan + $340 card = $615/month": the stated sum joins whatever its period
    const sum = /=\s*$/.test(between);
    // "- car loan: $230\n- card: $45": the items of a list of bullets, one a line
    const bullets = BULLET_NEXT.test(between) && BULLET_LINE.test(text.slice(text.lastIndexOf("\n", x.start) + 1, x.start));
    if (bullets)
      return alike(x, y) && words(a, b, x) <= BULLET_GAP && !leftOut(lineOf(text, x.start), x) && !leftOut(lineOf(text, y.start), y);
    if ((!alike(x, y) && !ofPeriods(x, y) && !sum) || ENDS.test(between) || (!JOINS.test(between) && !sum)) return false;
    return words(a, b, x) <= ITEM_GAP;
  };
  const words = (a: number, b: number, x: Token): number => wordsBetween(tokens, a, b, x);
  const out = [i];
  for (let k = at - 1; k >= 0 && usable(amounts[k]!) && joined(amounts[k]!, out[0]!); k--) out.unshift(amounts[k]!);
  for (let k = at + 1; k < amounts.length && usable(amounts[k]!) && joined(out[out.length - 1]!, amounts[k]!); k++) out.push(amounts[k]!);
  return out;
}

/** How many content words stand between tokens a and b, after the amount x ends. */
const wordsBetween = (tokens: Token[], a: number, b: number, x: Token): number =>
  tokens.slice(a + 1, b).filter((t) => t.kind === "word" && !t.stop && t.start >= (x.amountEnd ?? x.end)).length;

/** How many content words may stand between two items of a list of pairs, the words about the other amount between them included. */
const PAIR_GAP = 2 * ITEM_GAP;

/**
 * The amounts listed in pairs with amounts of one other form, the amount at token i among them: "$18,400 on
 * the car (payment $420/month) and $2,600 on a Visa ($100/month)", "a car loan with $11,200 owing,
 * which we pay at $340 a month, and a card with $2,300 on it at $90 a month" — a balance and its
 * payment per debt. Every second amount is of i's form and usable; the one between each two of them
 * is of one other form, the same throughout; the two are joined as items are (a comma, semicolon,
 * plus or "and", in one sentence, a short label). A list of one is no list.
 */
export function pairedList(tokens: Token[], text: string, amounts: number[], i: number, usable: (j: number) => boolean): number[] {
  const at = amounts.indexOf(i);
  if (at < 0) return [i];
  let partner: Token | undefined;
  const joined = (a: number, mid: number, b: number): boolean => {
    const [x, m, y] = [tokens[a]!, tokens[mid]!, tokens[b]!];
    if (!alike(x, y) || alike(x, m) || (partner !== undefined && !alike(partner, m))) return false;
    const between = text.slice(x.amountEnd ?? x.end, y.start);
    if (ENDS.test(between) || !JOINS.test(between) || wordsBetween(tokens, a, b, x) > PAIR_GAP) return false;
    partner = m;
    return true;
  };
  const out = [amounts[at]!];
  for (let k = at - 2; k >= 0 && usable(amounts[k]!) && joined(amounts[k]!, amounts[k + 1]!, out[0]!); k -= 2) out.unshift(amounts[k]!);
  for (let k = at + 2; k < amounts.length && usable(amounts[k]!) && joined(out[out.length - 1]!, amounts[k - 1]!, amounts[k]!); k += 2)
    out.push(amounts[k]!);
  // each item has its partner: one more of the other form before the first item or after the last, in its sentence
  const [first, last] = [amounts.indexOf(out[0]!), amounts.indexOf(out[out.length - 1]!)];
  const partnered = (k: number, item: number) =>
    partner !== undefined &&
    amounts[k] !== undefined &&
    alike(partner, tokens[amounts[k]!]!) &&
    tokens[amounts[k]!]!.sentence === tokens[item]!.sentence;
  return out.length > 1 && (partnered(first - 1, out[0]!) || partnered(last + 1, out[out.length - 1]!)) ? out : [i];
}

/** The amount of a list that states its sum ("… = $615/month", "$615 in total", "totalling $615"), if any. */
export function statedSum(tokens: Token[], text: string, list: number[]): number | undefined {
  return list.find((j) => {
    const t = tokens[j]!;
    const before = text.slice(Math.max(0, t.start - 14), t.start);
    const after = text.slice(t.amountEnd ?? t.end, (t.amountEnd ?? t.end) + 12);
    return /(=|\btotal(l?ing)?:?|\bin all:?)\s*$/i.test(before) || /^\s*(in total|in all|total|combined)\b/i.test(after);
  });
}

/** A line that is an item of a list: indented, or after a bullet or an item's number. */
const ITEM_LINE = new RegExp(`^(?:[ \\t]+|${BULLET}[ \\t]|\\d{1,2}[.)][ \\t])`);

/** A line that runs on into the next: it ends on a comma or a joining word ("… student loan and"). */
const RUNS_ON = /(?:,|\b(?:and|or|plus|&))[ \t]*\r?$/i;

/** A payment its line says is not made now: "in deferment, paying $0 right now", "paying nothing". */
const NOT_PAID = /\b(?:pay(?:s|ing)?|paid)[ \t]+(?:nothing|\$[ \t]*0(?![\d.,]))|\bnothing[ \t]+paid\b|\bdeferr?(?:ed|ment)\b/i;
/** A debt its line says someone else owes alone: "Jen's own card", "in his own name". */
const OTHERS_OWN = /\b(?:his|her|their)[ \t]+own\b|\b(?!(?:my|our)\b)\p{Lu}\p{Ll}+['’]s[ \t]+own\b/u;

/** An item its line leaves out of a sum: a debt someone else owes alone, or a payment (an amount per period) not made now. */
const leftOut = (line: string, amount: Token): boolean =>
  OTHERS_OWN.test(line) || (amount.amount!.period !== undefined && NOT_PAID.test(line));

/** Where the line of the text that holds offset p starts and ends (before its line break). */
const lineBounds = (text: string, p: number): [number, number] => [
  text.lastIndexOf("\n", p - 1) + 1,
  (text.indexOf("\n", p) + 1 || text.length + 1) - 1,
];

/** The line of the text that holds offset p. */
const lineOf = (text: string, p: number): string => text.slice(...lineBounds(text, p));

/**
 * The amounts listed one per line with the amount at token i ("Debts:\n  Visa — $130/mo\n  Car loan
 * — $310/mo"): on the item lines of its block (no blank line between, none running on into the
 * next), each line's one amount of the same form as i's, while the next line holds exactly one such
 * amount that `usable` allows. A line without one ends the list (a debt paid nothing adds nothing to
 * the payments); so does an item its line leaves out. A list of one is no list.
 */
export function listByLines(tokens: Token[], text: string, amounts: number[], i: number, usable: (j: number) => boolean): number[] {
  const at = amounts.indexOf(i);
  const t = tokens[i]!;
  /** The line of amounts[k] ([start, end), its text), its amounts of i's form from amounts[k] on going by `step`, and where the next line's start. */
  const lineAt = (k: number, step: 1 | -1) => {
    const first = amounts[k];
    if (first === undefined) return undefined;
    const p = tokens[first]!.start;
    const [start, end] = lineBounds(text, p);
    const alikeOnes: number[] = [];
    const on = (j: number) => j >= 0 && j < amounts.length && tokens[amounts[j]!]!.start >= start && tokens[amounts[j]!]!.start < end;
    for (; on(k); k += step) if (alike(t, tokens[amounts[k]!]!)) alikeOnes.push(amounts[k]!);
    return { start, end, line: text.slice(start, end), alike: alikeOnes, next: k };
  };
  const [before, after] = [lineAt(at, -1), lineAt(at, 1)];
  if (!before || !after || !ITEM_LINE.test(after.line) || leftOut(after.line, t) || before.alike.length + after.alike.length !== 2)
    return [i];
  const out = [i];
  for (const [step, from] of [
    [-1, before],
    [1, after],
  ] as const) {
    let last = from;
    for (let line = lineAt(from.next, step); line; line = lineAt(line.next, step)) {
      // the next item is the line right after the last one, an item line too, the earlier not
      // running on into the later, with one amount of i's form
      const [earlier, later] = step < 0 ? [line, last] : [last, line];
      if (earlier.end + 1 !== later.start || !ITEM_LINE.test(line.line) || RUNS_ON.test(earlier.line)) break;
      if (line.alike.length !== 1 || !usable(line.alike[0]!)) break;
      last = line;
      if (leftOut(line.line, t)) continue;
      if (step < 0) out.unshift(line.alike[0]!);
      else out.push(line.alike[0]!);
    }
  }
  return out;
}

const phrases = (words: string[]): string => words.map((w) => w.replace(/\s+/g, "\\s+")).join("|");
/** What joins one more item to a list, in each language the readers know: a comma, plus sign, "and", "plus". */
const JOIN_WORDS = ["and", "plus", ...Object.values(FOREIGN_AND).flat()];
/** What says the writer does not know a figure, in each language the readers know. */
const NOT_KNOWING = [
  ...["not sure", "unsure", "no idea", "no clue", "don't know", "don’t know", "do not know", "not certain", "unknown"],
  ...Object.values(FOREIGN_NOT_KNOWING).flat(),
];
/**
 * After an item: a join, then (before the sentence ends or another amount) a word of not knowing
 * ("three-forty a month, and then a credit card, but the minimum on that I'm not sure").
 */
const JOINED_UNKNOWN = new RegExp(
  `^[^\\p{L}\\p{N}.!?\\n]*(?:[ \\t]*[\\p{L}'’]+){0,4}?[ \\t]*(?:[,+]|(?<!\\p{L})(?:${phrases(JOIN_WORDS)})(?!\\p{L}))[^.!?\\n]*?(?<!\\p{L})(?:${phrases(NOT_KNOWING)})(?!\\p{L})`,
  "iu",
);

/**
 * Whether a sum whose last item is the amount at token i leaves out an item of unknown size: one
 * more item joined after it in its sentence, before any other amount, said not known ("$340 a
 * month, and a credit card, no clue what the minimum is"). The sum of the parts known is no total.
 */
export function unknownPart(index: TextIndex, i: number, others: InputIR[]): boolean {
  const { tokens, text } = index;
  const t = tokens[i]!;
  const next = index.amounts.find((j) => j > i && tokens[j]!.sentence === t.sentence);
  const last = next === undefined ? index.sentenceLast[t.sentence]! : next - 1;
  if (!JOINED_UNKNOWN.test(text.slice(t.amountEnd ?? t.end, tokens[last]!.end))) return false;
  // what is not known is another input's, named whole ("… and I'm not sure of my credit score")
  const stems = new Set(tokens.slice(i + 1, last + 1).map((k) => k.stem));
  return !others.some((o) => contentStems(o.name).every((s) => stems.has(s)));
}

/** A line that heads a list: it ends on a colon ("Our debts:", "What we owe:"). */
const HEADING = /:[ \t]*\r?$/;

/** An amount's form: its currency, whether a percentage, its period. */
const formOf = (a: Token): string => `${a.amount!.currency ?? ""}|${a.amount!.percent}|${a.amount!.period ?? ""}`;

/**
 * Whether a sum of the amounts at tokens `items` takes a headed list of bullets of pairs only in
 * part. The first item stands on a bullet line of a run of bullets under a heading ("Our debts:");
 * some bullet of the run pairs amounts of two forms ("- Car loan: $12,400 still owing, $385 a
 * month": a balance and a payment), so each bullet is one item of one sum; and some bullet that
 * holds amounts gives the sum not exactly one of them ("- Credit card: $2,100 balance, $90
 * minimum", no monthly figure), unless its own words leave it out. Such a list is summed whole or
 * not at all. Linear in the amounts.
 */
export function partialBullets(tokens: Token[], text: string, amounts: number[], items: number[]): boolean {
  const t = tokens[items[0]!]!;
  // an amount denied or said in words of no form ("no debts") is no item of a list
  if (!t.amount || !BULLET_LINE.test(lineOf(text, t.start))) return false;
  // the run of bullet lines around the first item's, and the heading above it
  let [first, last] = lineBounds(text, t.start);
  for (;;) {
    if (first === 0) return false;
    const prev = lineBounds(text, first - 1)[0];
    const line = text.slice(prev, first - 1);
    if (!BULLET_LINE.test(line)) {
      if (!HEADING.test(line)) return false;
      break;
    }
    first = prev;
  }
  while (last < text.length) {
    const [, end] = lineBounds(text, last + 1);
    if (!BULLET_LINE.test(text.slice(last + 1, end))) break;
    last = end;
  }
  // per line of the run that holds amounts: the forms of its amounts, and how many of the items it holds
  const taken = new Set(items);
  const lines = new Map<number, { forms: Set<string>; items: number }>();
  for (const j of amounts) {
    const a = tokens[j]!;
    if (a.start < first || a.start >= last || !a.amount) continue;
    const at = lineBounds(text, a.start)[0];
    const held = lines.get(at) ?? { forms: new Set<string>(), items: 0 };
    held.forms.add(formOf(a));
    if (taken.has(j)) held.items++;
    lines.set(at, held);
  }
  const pairs = [...lines.values()].some((l) => l.forms.size > 1);
  return pairs && [...lines].some(([at, l]) => l.items !== 1 && !leftOut(lineOf(text, at), t));
}
