// Cue words: the words of an input's name (strong) and desc (weaker) that announce its value in a
// text. A word other inputs use too ("applicant", "risk") says less about which one a number
// belongs to, so each cue is weighted down by how much the other inputs claim it.
import type { InputIR } from "../../../ir/ir.js";
import { FOREIGN_ASKING } from "../foreign-words.js";
import { conceptTokens, contentStems, folded, stem, stemMatch, SYNONYM_MATCH } from "../words.js";
import { nearest, type Meter, type TextIndex } from "./text-index.js";
import type { Token } from "./tokens.js";

export interface Cue {
  stem: string;
  weight: number;
  /** a word that states an estimate of the input's sum, not the sum itself ("quote" of a claim amount) */
  estimating?: true;
}

/** Words of a desc that name a unit or the form of a question, not the fact itself. */
const FORM_WORDS = new Set(["dollar", "percent", "percentag", "dat", "date", "number", "scal", "kind", "much", "many"].map((w) => w));

const NAME_WEIGHT = 1;
const DESC_WEIGHT = 0.5;
/** A word of a name said as one concept ("score" of "credit score", said as "FICO"): alone it says less. */
const PART_WEIGHT = 0.5;

/**
 * Verbs by which a person asks for something. A question about what is asked for ("How many
 * dollars does the applicant ask to borrow?", "How many seats are ordered?") is answered by any
 * of them in prose: "she wants $6,000", "need 2.5k", "requesting $40k", "we need 25", and so do
 * the same verbs in the other languages of evidence ("quiero pedir quince mil dólares").
 */
const ASKING = new Set(
  ["ask", "request", "req", "order", "want", "need", "seek", ...Object.values(FOREIGN_ASKING).flat().map(folded)].map(stem),
);
const ASKING_WEIGHT = DESC_WEIGHT * SYNONYM_MATCH;

/**
 * Words by which a claims text states what a loss costs, as a repairer or an assessor put it:
 * "Estimate: 12 500", "an estimate of 3150 from the body shop", "repair quote $2,300". They announce
 * the amount of a claim (an input of a sum whose words name a claim), and only that input: "estimate
 * dated 4 May" says nothing of a date. An estimate may differ from what is claimed, so they count
 * less than the input's own claim word does.
 */
const ESTIMATING = [...new Set(["estimate", "estimated", "quote", "quoted", "quotation"].map(stem))];
const ESTIMATE_SHARE = 0.6;
const CLAIM = stem("claim");
const SUM_WORDS = /\b(?:amount|sum|dollars?|euros?|pounds?)\b|\$/i;

/** The input asks for the sum of a claim: a number whose name or desc names a claim and a sum. */
function asksClaimedSum(input: InputIR, cues: Cue[]): boolean {
  return input.type.kind === "number" && cues.some((c) => c.stem === CLAIM) && SUM_WORDS.test(`${input.name} ${input.desc}`);
}

/** The estimating words of an input that asks for a claim's sum, weighted below its own claim word. */
function estimatingCues(input: InputIR, cues: Cue[]): Cue[] {
  if (!asksClaimedSum(input, cues)) return [];
  const claim = Math.max(...cues.filter((c) => c.stem === CLAIM).map((c) => c.weight));
  const own = new Set(cues.map((c) => c.stem));
  return ESTIMATING.filter((s) => !own.has(s)).map((s) => ({ stem: s, weight: ESTIMATE_SHARE * claim, estimating: true }));
}

function rawCues(input: InputIR): Cue[] {
  const byStem = new Map<string, number>();
  const add = (stems: string[], w: number) => {
    for (const s of stems) if (!FORM_WORDS.has(s)) byStem.set(s, Math.max(byStem.get(s) ?? 0, w));
  };
  const name = contentStems(input.name);
  add(conceptTokens(name), NAME_WEIGHT);
  add(name, PART_WEIGHT);
  add(conceptTokens(contentStems(input.desc)), DESC_WEIGHT);
  if (input.from) add(conceptTokens(contentStems(input.from)), DESC_WEIGHT);
  if ([...byStem.keys()].some((s) => ASKING.has(s))) add([...ASKING], ASKING_WEIGHT);
  return [...byStem].map(([stem, weight]) => ({ stem, weight }));
}

/**
 * Cues of every input, each weighted down by how much the other inputs claim the same word: a name
 * word shared by two names ("report" of "report date" and "police report") counts half, a name
 * word that is only a desc word elsewhere keeps most of its weight.
 */
export function cuesOf(inputs: InputIR[]): Map<string, Cue[]> {
  const raw = new Map(inputs.map((i) => [i.name, rawCues(i)]));
  const claimedElsewhere = (name: string, stem: string) => {
    let claim = 0;
    for (const [other, cues] of raw) {
      if (other === name) continue;
      claim += Math.max(0, ...cues.filter((c) => stemMatch(c.stem, stem) > 0).map((c) => c.weight));
    }
    return claim;
  };
  const out = new Map<string, Cue[]>();
  for (const input of inputs) {
    const weighted = raw.get(input.name)!.map((c) => ({ stem: c.stem, weight: c.weight / (1 + claimedElsewhere(input.name, c.stem)) }));
    out.set(input.name, [...weighted, ...estimatingCues(input, weighted)]);
  }
  return out;
}

/**
 * Nearer cue words count more; in another clause of the sentence less ("…on 14.02, reported on
 * 16.02": "reported" belongs to the second date), across a sentence boundary much less, except
 * from a question to the line that answers it ("How much do you want to borrow?\nClient: 14,000"),
 * every sentence of that line ("Client: Fifteen. Actually, make it fourteen thousand.").
 */
const decay = (distance: number): number => 1 / (1 + 0.3 * Math.max(0, distance - 1));
const OTHER_CLAUSE = 0.8;
const OTHER_SENTENCE = 0.2;
const ANSWERED_QUESTION = 0.6;

function placeFactor(index: TextIndex, cue: Token, value: Token): number {
  if (cue.sentence === value.sentence) return cue.clause === value.clause ? 1 : OTHER_CLAUSE;
  return index.answers[value.sentence] === cue.sentence ? ANSWERED_QUESTION : OTHER_SENTENCE;
}

/**
 * How much the single strongest cue decides the proximity of a value (a number or a date); the
 * rest is the support of all cues. Option words are placed by the support alone: an option name
 * shared by inputs ("high") goes to the input whose cues surround it most fully.
 */
const VALUE_PLACEMENT = 0.7;
export const OPTION_PLACEMENT = 0;

/**
 * 0..1: how strongly the cues surround position `at` (a token index). Each cue counts by its
 * strongest occurrence, which is the nearest one on either side (of the word itself or of a
 * synonym): decay falls with distance, and clauses and sentences are contiguous. Mostly the one
 * strongest cue decides (a value right after its name wins over one amid several desc words);
 * the sum of all cues, scaled by the two heaviest as a value is rarely announced by more than
 * two words, supports it. Tokens in `skip` (the value's own words) are not cues.
 */
export function proximity(
  index: TextIndex,
  cues: Cue[],
  at: number,
  skip?: { from: number; to: number },
  strongestShare = VALUE_PLACEMENT,
): number {
  const { tokens, meter } = index;
  const here = tokens[at]!;
  const top = cues.map((c) => c.weight).sort((a, b) => b - a);
  const scale = (top[0] ?? 0) + (top[1] ?? 0);
  if (scale === 0) return 0;
  let total = 0;
  let strongest = 0;
  for (const cue of cues) {
    const o = index.occurrences(cue.stem);
    let best = 0;
    for (const [list, m] of [
      [o.exact, 1],
      [o.synonym, SYNONYM_MATCH],
    ] as const) {
      for (const j of nearest(list, at, meter, skip)) {
        const t = tokens[j]!;
        best = Math.max(best, m * decay(Math.abs(t.pos - here.pos)) * placeFactor(index, t, here));
      }
    }
    total += cue.weight * best;
    strongest = Math.max(strongest, (cue.weight / top[0]!) * best);
  }
  return strongestShare * strongest + (1 - strongestShare) * Math.min(1, total / scale);
}

/** Each input takes its best candidate; a mention answers one input at most (best pairs first). */
export function assignBest<C extends { input: string; mention: number; score: number }>(candidates: C[], meter?: Meter): Map<string, C> {
  if (meter) meter.steps += candidates.length;
  const chosen = new Map<string, C>();
  const used = new Set<number>();
  for (const c of [...candidates].sort((a, b) => b.score - a.score)) {
    if (chosen.has(c.input) || used.has(c.mention)) continue;
    chosen.set(c.input, c);
    used.add(c.mention);
  }
  return chosen;
}

/**
 * The last resort for inputs no cue word announces: when inputs of a kind are left and mentions
 * of that kind are unused, each left input takes the best remaining mention (ties: the first),
 * at a low confidence the caller sets. "Repair estimate: $3,275.40" is the claim amount when
 * nothing else is.
 */
export function byElimination<M>(
  left: string[],
  mentions: { index: number; mention: M; score: (input: string) => number }[],
): Map<string, number> {
  const out = new Map<string, number>();
  const free = [...mentions];
  for (const input of left) {
    if (free.length === 0) break;
    let best = 0;
    for (let j = 1; j < free.length; j++) if (free[j]!.score(input) > free[best]!.score(input)) best = j;
    out.set(input, free[best]!.index);
    free.splice(best, 1);
  }
  return out;
}
