// A text as tokens: words (stemmed, with the synonym concept of any multi-word phrase they start),
// amounts, and sentence ends. `pos` counts content tokens only, so "income of $52,000" puts the
// amount right next to "income".
import { amountFromMatch, AMOUNT_SOURCE, numberWord, periodAfter, type Amount } from "../numbers.js";
import { phraseAt, representativeOf, stem, STOP_WORDS } from "../words.js";

export interface Token {
  kind: "word" | "amount" | "punct";
  text: string;
  start: number;
  end: number;
  /** lower-case word */
  lower: string;
  stem: string;
  /** the token a multi-word synonym starting here stands for ("politically exposed" → "pep") */
  concept?: string;
  sentence: number;
  /** position among content tokens (stop words and punctuation do not count) */
  pos: number;
  stop: boolean;
  amount?: Amount;
  /** end of the amount including its period ("52,000 a year") */
  amountEnd?: number;
}

const TOKEN = new RegExp(
  `(?<amount>${AMOUNT_SOURCE.replace(/\?<(\w+)>/g, "?<a_$1>")})|(?<word>[A-Za-z]+(?:-[A-Za-z]+)*(?:['’][a-z]+)?)|(?<end>[.!?;\\n]+(?=\\s|$)|\\n)|(?<other>\\S)`,
  "gu",
);

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let sentence = 0;
  let pos = 0;
  const push = (t: Omit<Token, "sentence" | "pos" | "stop" | "lower" | "stem"> & { lower?: string }) => {
    const lower = t.lower ?? t.text.toLowerCase();
    const stop = t.kind === "punct" || (t.kind === "word" && STOP_WORDS.has(lower));
    tokens.push({
      kind: t.kind,
      text: t.text,
      start: t.start,
      end: t.end,
      lower,
      stem: t.kind === "word" ? stem(lower) : lower,
      concept: undefined,
      sentence,
      pos: stop ? pos : pos++,
      stop,
      amount: t.amount,
      amountEnd: t.amountEnd,
    });
  };
  for (const m of text.matchAll(TOKEN)) {
    const g = m.groups ?? {};
    const start = m.index ?? 0;
    if (g.amount !== undefined) {
      const groups = { cur1: g.a_cur1, num: g.a_num, mult: g.a_mult, pct: g.a_pct, cur2: g.a_cur2 };
      const amount = amountFromMatch({ groups } as unknown as RegExpExecArray);
      const lead = m[0].length - m[0].trimStart().length;
      const end = start + m[0].trimEnd().length;
      const period = periodAfter(text.slice(end));
      if (period) amount.period = period.period;
      push({ kind: "amount", text: m[0].trim(), start: start + lead, end, amount, amountEnd: end + (period?.length ?? 0) });
    } else if (g.word !== undefined) {
      const word = numberWord(g.word);
      // "one" is a number only before a unit ("one year"), not in "one of the owners"
      const unitFollows = () => /^\s+(year|month|week|day|seat|licen[cs]e|user|unit)/i.test(text.slice(start + g.word!.length));
      if (word !== undefined && (!/^one$/i.test(g.word) || unitFollows())) {
        push({ kind: "amount", text: g.word, start, end: start + g.word.length, amount: { value: word, percent: false, scaled: false, words: true } });
        continue;
      }
      // "self-employed" → "self", "employed": each part is a word
      let offset = start;
      for (const part of g.word.split("-")) {
        const n = numberWord(part);
        if (n !== undefined && !/^one$/i.test(part)) push({ kind: "amount", text: part, start: offset, end: offset + part.length, amount: { value: n, percent: false, scaled: false, words: true } });
        else push({ kind: "word", text: part, start: offset, end: offset + part.length });
        offset += part.length + 1;
      }
    } else if (g.end !== undefined) sentence++;
    else if (/^[,:()–—-]$/.test(g.other ?? "")) push({ kind: "punct", text: g.other!, start, end: start + 1 });
  }
  markConcepts(tokens);
  return tokens;
}

function markConcepts(tokens: Token[]): void {
  const words = tokens.map((t) => (t.kind === "word" && !t.stop ? t.stem : ""));
  const content = tokens.map((_, i) => i).filter((i) => words[i] !== "");
  const stems = content.map((i) => words[i]!);
  for (let j = 0; j < stems.length; j++) {
    const phrase = phraseAt(stems, j);
    if (!phrase) continue;
    const first = tokens[content[j]!]!;
    const last = tokens[content[j + phrase.stems.length - 1]!]!;
    if (first.sentence !== last.sentence) continue;
    for (let k = j; k < j + phrase.stems.length; k++) tokens[content[k]!]!.concept = representativeOf(phrase.group);
  }
}
