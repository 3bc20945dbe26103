// Cue words: the words of an input's name (strong) and desc (weaker) that announce its value in a
// text. A word shared by several inputs ("applicant", "risk") says less about which one a number
// belongs to, so each cue is weighted by how many inputs share it.
import type { InputIR } from "../../../ir/ir.js";
import { conceptTokens, contentStems, stemMatch, SYNONYM_MATCH } from "../words.js";
import { nearest, type Meter, type TextIndex } from "./text-index.js";

export interface Cue {
  stem: string;
  weight: number;
}

/** Words of a desc that name a unit or the form of a question, not the fact itself. */
const FORM_WORDS = new Set(["dollar", "percent", "percentag", "dat", "date", "number", "scal", "kind", "much", "many"].map((w) => w));

const NAME_WEIGHT = 1;
const DESC_WEIGHT = 0.5;

function rawCues(input: InputIR): Cue[] {
  const byStem = new Map<string, number>();
  const add = (stems: string[], w: number) => {
    for (const s of stems) if (!FORM_WORDS.has(s)) byStem.set(s, Math.max(byStem.get(s) ?? 0, w));
  };
  add(conceptTokens(contentStems(input.name)), NAME_WEIGHT);
  add(conceptTokens(contentStems(input.desc)), DESC_WEIGHT);
  if (input.from) add(conceptTokens(contentStems(input.from)), DESC_WEIGHT);
  return [...byStem].map(([stem, weight]) => ({ stem, weight }));
}

/** Cues of every input, each weighted down by the number of inputs that share it. */
export function cuesOf(inputs: InputIR[]): Map<string, Cue[]> {
  const raw = new Map(inputs.map((i) => [i.name, rawCues(i)]));
  const sharing = (stem: string) => [...raw.values()].filter((cues) => cues.some((c) => stemMatch(c.stem, stem) > 0)).length;
  const out = new Map<string, Cue[]>();
  for (const [name, cues] of raw) out.set(name, cues.map((c) => ({ stem: c.stem, weight: c.weight / Math.max(1, sharing(c.stem)) })));
  return out;
}

/** Nearer cue words count more; across a sentence boundary much less. */
const decay = (distance: number): number => 1 / (1 + 0.3 * Math.max(0, distance - 1));
const OTHER_SENTENCE = 0.2;

/**
 * 0..1: how strongly the cues surround position `at` (a token index). Each cue counts once, by
 * its strongest occurrence, which is the nearest one on either side (of the word itself or of a
 * synonym): decay falls with distance and sentences are contiguous. The sum is scaled by the
 * two heaviest cues, as a value is rarely announced by more than two words. Tokens in `skip`
 * (the value's own words) are not cues.
 */
export function proximity(index: TextIndex, cues: Cue[], at: number, skip?: { from: number; to: number }): number {
  const { tokens, meter } = index;
  const here = tokens[at]!;
  let total = 0;
  for (const cue of cues) {
    const o = index.occurrences(cue.stem);
    let best = 0;
    for (const [list, m] of [[o.exact, 1], [o.synonym, SYNONYM_MATCH]] as const) {
      for (const j of nearest(list, at, meter, skip)) {
        const t = tokens[j]!;
        best = Math.max(best, m * decay(Math.abs(t.pos - here.pos)) * (t.sentence === here.sentence ? 1 : OTHER_SENTENCE));
      }
    }
    total += cue.weight * best;
  }
  const top = cues.map((c) => c.weight).sort((a, b) => b - a);
  const scale = (top[0] ?? 0) + (top[1] ?? 0);
  return scale === 0 ? 0 : Math.min(1, total / scale);
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
export function byElimination<M>(left: string[], mentions: { index: number; mention: M; score: (input: string) => number }[]): Map<string, number> {
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
