// Money is integer micro-dollars everywhere inside the service; USD numbers exist only at the edges
// (JSON responses, CLI arguments). Parsing goes through the decimal text so "0.1" is exactly 100000.

const MICROS_PER_USD = 1_000_000;

export type Micros = number;

/** Parses a USD amount such as "12", "0.5" or "3.000001" (at most 6 decimals) into micro-dollars. */
export function parseUsd(text: string): Micros | null {
  const m = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * MICROS_PER_USD + Number((m[2] ?? "").padEnd(6, "0"));
}

/**
 * Micro-dollars as a JSON number of dollars: the double nearest to micros / 10^6, which is what
 * reading the 6-decimal text gives, and what one division gives (IEEE division rounds the exact
 * quotient of two exact operands, and a safe integer and 10^6 are exact).
 */
export const toUsd = (micros: Micros): number => micros / MICROS_PER_USD;

/** Micro-dollars as a fixed 6-decimal string, for display. */
export function formatUsd(micros: Micros): string {
  const sign = micros < 0 ? "-" : "";
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / MICROS_PER_USD);
  const frac = String(abs % MICROS_PER_USD).padStart(6, "0");
  return `${sign}${whole}.${frac}`;
}

/** Cost of `tokens` at a rate in micro-dollars per million tokens, rounded up to a whole micro-dollar. */
export function tokenCost(tokens: number, microsPerMillion: number): Micros {
  return Math.ceil((tokens * microsPerMillion) / 1_000_000);
}
