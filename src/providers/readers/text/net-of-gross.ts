// A figure the text says is net ("take-home is more like $3,450", "€2.100 netto") when the input
// asks for gross pay and the text states a gross figure too ("it's $4,800 gross each paycheck"):
// the net one is another figure than the one asked, read, if at all, like a figure of another
// party. A net figure alone stays the reading. Words of the languages of evidence, as data.
import type { InputIR } from "../../../ir/ir.js";
import type { TextIndex } from "./text-index.js";

/** Words that say a figure is net of tax, and that it is gross. */
const NET = ["net", "nett", "take-home", "take home", "takehome", "after tax", "after-tax", "in hand", "netto", "neto", "netti"];
const GROSS = ["gross", "before tax", "pre-tax", "pretax", "brutto", "bruto", "brut", "lordi"];
const phrases = (words: string[]): RegExp =>
  new RegExp(`(?<![\\p{L}-])(?:${words.map((w) => w.replace(/[ -]/g, "[ -]?")).join("|")})(?![\\p{L}-])`, "iu");
const NET_WORD = phrases(NET);
const GROSS_WORD = phrases(GROSS);

/** How many words before the amount its net word may stand ("Take-home is more like $3,450"), and how many characters after ("$3,450 net"). */
const WORDS_BEFORE = 5;
const CHARS_AFTER = 12;

const STATES_GROSS = new WeakMap<TextIndex, boolean>();
const statesGross = (index: TextIndex): boolean => {
  let s = STATES_GROSS.get(index);
  if (s === undefined) STATES_GROSS.set(index, (s = GROSS_WORD.test(index.text)));
  return s;
};
const asksGross = (input: InputIR): boolean => GROSS_WORD.test(`${input.name} ${input.desc}`);

/** The amount at token i is said to be net, the input asks for gross pay, and the text states a gross figure. */
export function netOfGross(index: TextIndex, input: InputIR, i: number): boolean {
  if (!asksGross(input) || !statesGross(index)) return false;
  const { tokens, text } = index;
  const t = tokens[i]!;
  const first = Math.max(index.sentenceFirst[t.sentence]!, i - WORDS_BEFORE);
  const before = text.slice(tokens[first]!.start, t.start);
  const end = t.amountEnd ?? t.end;
  const after = text.slice(end, end + CHARS_AFTER).split(/[\n.;,]/)[0]!;
  return NET_WORD.test(before) || NET_WORD.test(after);
}
