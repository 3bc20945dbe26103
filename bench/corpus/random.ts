// Seeded pseudo-random numbers for reproducible benchmark states.
import { seeded } from "../../src/providers/seeded-random.js";

export { seeded };

/** An integer in [lo, hi]. */
export const int = (rnd: () => number, lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));

/** A number in [lo, hi] with `places` decimals. */
export const fixed = (rnd: () => number, lo: number, hi: number, places: number): number =>
  Number((lo + rnd() * (hi - lo)).toFixed(places));

export const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;

/** `n` random states of a model, reproducible from `seed`. */
export const statesOf = <S>(make: (rnd: () => number) => S, n: number, seed = 1): S[] => {
  const rnd = seeded(seed);
  return Array.from({ length: n }, () => make(rnd));
};
