// A text as the readers look it up: its tokens, where each sentence begins and ends, and where each
// cue word occurs (stem or concept → token positions, built once per word asked). Readers find
// the cue words near a value by looking on each side of it in these lists, never by scanning the
// text, so reading time grows with the length of the evidence and not with its square.
import { SYNONYM_MATCH, synonymsOf } from "../words.js";
import type { Token } from "./tokens.js";

/** Counts the readers' basic steps: tests check that it grows linearly with the evidence. */
export interface Meter {
  steps: number;
}

/**
 * Ascending token indices of a word, with a jump table: `from[b]` is the position in `at` of the
 * first occurrence at or after token b × BUCKET. The nearest occurrence to any token is then found
 * by scanning at most one bucket: a constant, where a binary search would cost the logarithm of
 * the text's length.
 */
export interface Postings {
  at: number[];
  from: Int32Array;
}

const BUCKET = 32;

interface Occurrences {
  /** where the word occurs itself (stem or concept): match 1 */
  exact: Postings;
  /** where a synonym occurs: match SYNONYM_MATCH */
  synonym: Postings;
}

export interface TextIndex {
  text: string;
  tokens: Token[];
  /** first and last token index of each sentence number (-1 for a sentence without tokens) */
  sentenceFirst: number[];
  sentenceLast: number[];
  /** sentences that end with a question mark: the next one is likely its answer */
  question: boolean[];
  /**
   * the question each sentence answers (-1 for none): the sentence right after a question, and
   * the sentences after it on the same line, one speaker's turn ("Thirty-five. Actually, thirty.")
   */
  answers: number[];
  /** tokens that are amounts, ascending */
  amounts: number[];
  meter: Meter;
  occurrences(stem: string): Occurrences;
}

const EMPTY: number[] = [];

const push = (map: Map<string, number[]>, key: string, i: number) => {
  const list = map.get(key);
  if (list) list.push(i);
  else map.set(key, [i]);
};

export function indexText(text: string, tokens: Token[], meter: Meter = { steps: 0 }): TextIndex {
  const byStem = new Map<string, number[]>();
  const byConcept = new Map<string, number[]>();
  const amounts: number[] = [];
  const last = tokens.length === 0 ? -1 : tokens[tokens.length - 1]!.sentence;
  const sentenceFirst = new Array<number>(last + 1).fill(-1);
  const sentenceLast = new Array<number>(last + 1).fill(-1);
  tokens.forEach((t, i) => {
    meter.steps++;
    if (sentenceFirst[t.sentence] === -1) sentenceFirst[t.sentence] = i;
    sentenceLast[t.sentence] = i;
    if (t.kind === "amount") amounts.push(i);
    if (t.kind !== "word") return;
    if (!t.stop) push(byStem, t.stem, i);
    // a stop word may carry a concept: the "is" of "she is 80" announces an age
    if (t.concept !== undefined) push(byConcept, t.concept, i);
  });
  const question = new Array<boolean>(sentenceLast.length).fill(false);
  for (let s = sentenceLast.length - 1, next = text.length; s >= 0; s--) {
    if (sentenceLast[s]! < 0) continue;
    question[s] = text.slice(tokens[sentenceLast[s]!]!.end, next).includes("?");
    next = tokens[sentenceFirst[s]!]!.start;
  }
  const answers = new Array<number>(sentenceLast.length).fill(-1);
  for (let s = 0, prev = -1; s < sentenceLast.length; s++) {
    if (sentenceFirst[s]! < 0) continue;
    if (prev >= 0) {
      const sameLine = !text.slice(tokens[sentenceLast[prev]!]!.end, tokens[sentenceFirst[s]!]!.start).includes("\n");
      answers[s] = question[prev] ? prev : sameLine ? answers[prev]! : -1;
    }
    prev = s;
  }
  const memo = new Map<string, Occurrences>();
  const occurrences = (stem: string): Occurrences => {
    const known = memo.get(stem);
    if (known) return known;
    const exact = union([byStem.get(stem) ?? EMPTY, byConcept.get(stem) ?? EMPTY]);
    const isExact = new Set(exact);
    const synonym = union(synonymsOf(stem).map((s) => byStem.get(s) ?? EMPTY)).filter((i) => !isExact.has(i));
    const o = { exact: postings(exact, tokens.length, meter), synonym: postings(synonym, tokens.length, meter) };
    memo.set(stem, o);
    return o;
  };
  return { text, tokens, sentenceFirst, sentenceLast, question, answers, amounts, meter, occurrences };
}

function union(lists: number[][]): number[] {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? EMPTY;
  return [...new Set(nonEmpty.flat())].sort((a, b) => a - b);
}

function postings(at: number[], tokens: number, meter: Meter): Postings {
  const from = new Int32Array(Math.ceil(tokens / BUCKET) + 1);
  let k = 0;
  for (let b = 0; b < from.length; b++) {
    while (k < at.length && at[k]! < b * BUCKET) k++;
    from[b] = k;
  }
  meter.steps += from.length + at.length;
  return { at, from };
}

/** Every occurrence of a word with its match strength, ascending. */
export function matchesOf(index: TextIndex, stem: string): { i: number; m: number }[] {
  const o = index.occurrences(stem);
  const out = [...o.exact.at.map((i) => ({ i, m: 1 })), ...o.synonym.at.map((i) => ({ i, m: SYNONYM_MATCH }))];
  return o.synonym.at.length === 0 ? out : out.sort((a, b) => a.i - b.i);
}

/** Position in `p.at` of the first occurrence at or after token `token` (p.at.length if none). */
function firstFrom(p: Postings, token: number, meter: Meter): number {
  if (token <= 0) return 0;
  const b = Math.floor(token / BUCKET);
  if (b >= p.from.length) return p.at.length;
  let k = p.from[b]!;
  while (k < p.at.length && p.at[k]! < token) {
    meter.steps++;
    k++;
  }
  meter.steps++;
  return k;
}

/**
 * The occurrences nearest to token `at` on each side (at most two), leaving out those in the
 * token range `skip` (the tokens of the value itself).
 */
export function nearest(p: Postings, at: number, meter: Meter, skip?: { from: number; to: number }): number[] {
  const { at: list } = p;
  if (list.length === 0) return EMPTY;
  const inSkip = (i: number) => skip !== undefined && i >= skip.from && i <= skip.to;
  const out: number[] = [];
  let left = firstFrom(p, at + 1, meter) - 1;
  if (left >= 0 && inSkip(list[left]!)) left = firstFrom(p, skip!.from, meter) - 1;
  if (left >= 0) out.push(list[left]!);
  let right = firstFrom(p, at, meter);
  if (right < list.length && inSkip(list[right]!)) right = firstFrom(p, skip!.to + 1, meter);
  if (right < list.length) out.push(list[right]!);
  return out;
}
