// Seeded pseudo-random numbers for reproducible benchmark states (mulberry32).
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
