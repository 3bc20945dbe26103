// Figures of one fact stated for different years side by side ("Tax returns: 2024 gross $118,000;
// 2025 gross $104,500", "turnover $2.1m in 2024, $2.6m in 2025"): which year the question asks is
// not said, so the reader gives none rather than pick one. A figure with no year beside it, and a
// rival far weaker than the figure read, change nothing.
import type { Token } from "./tokens.js";

const YEAR = /^(?:19|20)\d{2}$/;
/** How many tokens before and after a figure its year may stand, in its sentence, with no other figure between. */
const BEFORE = 3;
const AFTER = 2;
/** Words that put a year after the figure it dates. */
const YEAR_AFTER = new Set(["in", "for", "during", "over"]);
/** A rival counts when it scores at least this share of the figure read. */
const RIVAL_SHARE = 0.5;

/** A year written as a bare number: four digits, no currency, no percent. */
export const isYear = (t: Token): boolean => t.kind === "amount" && YEAR.test(t.text) && !t.amount?.currency && !t.amount?.percent;

/** The year a figure is stated for: one written just before it, else just after it, in its sentence. */
function yearOf(tokens: Token[], i: number): string | undefined {
  const sentence = tokens[i]!.sentence;
  for (const [step, reach] of [
    [-1, BEFORE],
    [1, AFTER],
  ] as const)
    for (let j = i + step, n = 0; n < reach && j >= 0 && j < tokens.length && tokens[j]!.sentence === sentence; j += step, n++) {
      // "$30,000 in 2018 and $15,000 in 2019": a year after its preposition is the figure's before it
      if (isYear(tokens[j]!) && step < 0 && YEAR_AFTER.has(tokens[j - 1]?.lower ?? "")) break;
      if (isYear(tokens[j]!)) return tokens[j]!.text;
      if (tokens[j]!.kind === "amount") break;
    }
  return undefined;
}

/** How far a figure of another year may stand, in tokens, and how far its size may be from the figure read. */
const SIBLING_REACH = 12;
const SIBLING_RATIO = 3;

/** A figure of the same kind: its currency, period and percent the same, its size within a factor of SIBLING_RATIO. */
function sameKind(a: Token, b: Token): boolean {
  const x = a.amount!;
  const y = b.amount!;
  if (x.currency !== y.currency || x.period !== y.period || x.percent !== y.percent || x.value <= 0 || y.value <= 0) return false;
  return Math.max(x.value, y.value) / Math.min(x.value, y.value) <= SIBLING_RATIO;
}

/**
 * Whether the figure read has a year beside it and a figure of the same kind near it (a rival of
 * the reading, or a sibling of the same kind within a few tokens) has another year beside it.
 */
export function yearsApart(
  tokens: Token[],
  best: { mention: number; score: number },
  rivals: { mention: number; score: number }[],
): boolean {
  const year = yearOf(tokens, best.mention);
  if (year === undefined) return false;
  const other = (j: number) => {
    const t = tokens[j]!;
    return t.kind === "amount" && !isYear(t) && sameKind(tokens[best.mention]!, t) && (yearOf(tokens, j) ?? year) !== year;
  };
  if (rivals.some((r) => r.score >= RIVAL_SHARE * best.score && other(r.mention))) return true;
  for (let j = Math.max(0, best.mention - SIBLING_REACH); j <= Math.min(tokens.length - 1, best.mention + SIBLING_REACH); j++)
    if (j !== best.mention && other(j)) return true;
  return false;
}
