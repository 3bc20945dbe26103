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

/** A confidence as the readers give it: three places. */
export const roundConfidence = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Confidences from 0.6 to 0.9 were right more often than they said on the labelled cases (93–97 %
 * against 0.65–0.85): raised by this much, and never to 0.9, the threshold no wrong value may pass.
 */
const RAISE = 0.06;
const BELOW_THRESHOLD = 0.89;

/** A value's confidence after that correction. */
export const calibrated = (c: number): number => (c >= 0.6 && c < 0.9 ? Math.min(BELOW_THRESHOLD, roundConfidence(c + RAISE)) : c);

/** Drops the values below the floor: no answer is better than a guess that passes thresholds. */
export function aboveFloor<V extends { confidence: number }>(values: Record<string, V>): Record<string, V> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v.confidence >= CONFIDENCE_FLOOR));
}
