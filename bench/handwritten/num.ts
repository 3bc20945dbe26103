// Number helpers a careful JS author reaches for when money meets binary floating point.

/** Drops binary noise such as 0.1 + 0.2 = 0.30000000000000004 (15 significant digits survive). */
export const clean = (x: number): number => Number(x.toPrecision(15));

/**
 * Rounds to `places` decimals, ties to even (FEEL's `decimal(x, n)`), treating values within a
 * few ulps of a tie as the tie they were meant to be.
 */
export function roundHalfEven(x: number, places: number): number {
  const scale = 10 ** places;
  const v = x * scale;
  const floor = Math.floor(v);
  const tolerance = Math.max(1e-9, Math.abs(v) * 1e-12);
  const fraction = v - floor;
  const rounded = Math.abs(fraction - 0.5) < tolerance ? (floor % 2 === 0 ? floor : floor + 1) : Math.round(v);
  return clean(rounded / scale);
}
