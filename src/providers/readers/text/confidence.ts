// What the text reader's evidence is worth as a probability of being right, in one place. The
// numbers were set on the dev cases, a little below their accuracy there (tuned cases flatter the
// reader), and are checked on cases never tuned on (bench/READER-EVAL.md): a confidence should be
// the share of values read with it that are right.

/** Below this a value is a guess: the readers answer nothing rather than it. */
export const CONFIDENCE_FLOOR = 0.3;

/** A value placed by its cue words: how strongly they stand around it (0..1) → probability. */
export const placed = (strength: number): number => 0.68 + 0.29 * Math.min(1, strength / 0.9);

/**
 * Another value for the same input with this share of the chosen one's evidence, and what it
 * leaves of the confidence: two amounts announced alike may be either.
 */
const RIVALS: [ratio: number, factor: number][] = [
  [0.9, 0.75],
  [0.7, 0.85],
  [0.5, 0.93],
];
export const rivalFactor = (ratio: number): number => RIVALS.find(([r]) => ratio >= r)?.[1] ?? 1;

/**
 * An amount only an estimate or a quote announces for a claim ("Estimate: 12 500", "the garage
 * quoted $4,120"): the sum claimed may differ from it.
 */
export const ESTIMATED = 0.85;

/** A value no cue word claims, given to the one input of its kind left ("Repair estimate: $3,275"). */
export const BY_ELIMINATION = 0.65;

/**
 * The chosen value's mention is claimed by another input almost as strongly ("reported on 14.02,
 * registered on 16.02" with two date inputs): the two may be swapped.
 */
export const contestFactor = (ratio: number): number => (ratio >= 0.8 ? 0.85 : 1);

/**
 * A relative date ("today", "last Friday") in a text that states no date of its own is resolved
 * against the day it is read, which need not be the day it was written.
 */
export const RELATIVE_TO_CLOCK = 0.6;

/**
 * An amount listed next to others of its form ("mortgage $2,150/month, car $390/month"): the
 * input may be one of them or their sum.
 */
export const LISTED = 0.75;

/**
 * A sum asked for ("the combined monthly income of everyone in the household") that the text gives
 * no list of, answered by one amount while another of the input's amounts stands apart and no other
 * input takes it ("I earn $2,400 a month. … his salary is $54,000 a year"): the one may be a part.
 */
export const ONE_OF_PARTS = 0.7;

/** A confidence as the readers give it: three places. */
export const roundConfidence = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * What a confidence from 0.5 to 0.9 is worth: the share of values read with it that were right
 * on the splits written after the tuning (bench/READER-EVAL.md), as knots [said, worth] joined by
 * straight lines, increasing so the order of two values never changes, and never reaching 0.9,
 * the threshold no wrong value may pass. Below the first knot and from 0.9 a confidence is left
 * as it is. The text reader's plain reads (0.75 to 0.9) were right 94–98 % of the time and are
 * raised most; values a named doubt lowers (another person's amount, one listed beside others
 * of its form, a verdict the clause rules do not attribute) stay under the bounds their doubt
 * sets, though they too were right more often than they said (78–88 % from 0.5 to 0.75). The
 * JSON reader's values from 0.6 to 0.9 were right 93–100 % of the time; a fraction read as a
 * percent (about 0.51), the one date no key names (0.5) and an amount converted from another
 * period (about 0.76, under 0.8) stay about as doubtful as they are.
 */
export type Worth = readonly (readonly [said: number, worth: number])[];
export const TEXT_WORTH: Worth = [
  [0.5, 0.55],
  [0.6, 0.68],
  [0.66, 0.74],
  [0.735, 0.79],
  [0.75, 0.86],
  [0.9, 0.89],
];
export const JSON_WORTH: Worth = [
  [0.55, 0.6],
  [0.6, 0.7],
  [0.8, 0.8],
  [0.9, 0.89],
];

/** A confidence as its table says it is worth. */
function calibrated(c: number, worth: Worth): number {
  for (let k = 1; k < worth.length; k++) {
    const [x0, y0] = worth[k - 1]!;
    const [x1, y1] = worth[k]!;
    if (c >= x0 && c < x1) return roundConfidence(y0 + ((y1 - y0) * (c - x0)) / (x1 - x0));
  }
  return c;
}

/** Every value's confidence as its table says it is worth, its alternatives sharing what is left as before. */
export function calibrate<V extends { confidence: number; alternatives?: { p: number }[] }>(
  values: Record<string, V>,
  worth: Worth,
): Record<string, V> {
  for (const v of Object.values(values)) {
    const worthy = calibrated(v.confidence, worth);
    if (worthy === v.confidence) continue;
    const rest = (1 - worthy) / (1 - v.confidence);
    if (v.alternatives) v.alternatives = v.alternatives.map((a) => ({ ...a, p: roundConfidence(a.p * rest) }));
    v.confidence = worthy;
  }
  return values;
}

/** Drops the values below the floor: no answer is better than a guess that passes thresholds. */
export function aboveFloor<V extends { confidence: number }>(values: Record<string, V>): Record<string, V> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v.confidence >= CONFIDENCE_FLOOR));
}
