// ISO date helpers on whole UTC days, enough for date arithmetic without a library.
const DAY_MS = 86_400_000;

export const toDay = (iso: string): number => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY_MS;

export const fromDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Days-time duration of whole days in the ISO form FEEL prints (P5D, -P3D, PT0S). */
export const daysDuration = (days: number): string => (days === 0 ? "PT0S" : `${days < 0 ? "-" : ""}P${Math.abs(days)}D`);

/** Whole months from `from` to `to` (from <= to), as FEEL's years and months duration prints it. */
export function monthsBetween(from: string, to: string): string {
  const [y1, m1, d1] = from.split("-").map(Number);
  const [y2, m2, d2] = to.split("-").map(Number);
  const months = (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (months === 0) return "P0M";
  return `P${years ? `${years}Y` : ""}${rest ? `${rest}M` : ""}`;
}
