// A days and time duration's magnitude split the way FEEL shows it and reads its properties: whole
// days, the whole seconds into the last day, and the fraction of a second. Whole seconds within
// safe integers (every duration of the years people use) are split on numbers; anything else on
// BigInt, exactly however large (the days then rounded to a decimal's 34 digits).
import { Decimal } from "../decimal.js";
import { SECONDS_PER_DAY, wholeSeconds } from "./safe-seconds.js";

export interface DaysTimeParts {
  negative: boolean;
  days: number | Decimal;
  /** whole seconds into the last day, 0 to 86,399 */
  rest: number;
  /** the fraction of a second, null when there is none to add */
  fraction: Decimal | null;
}

const DAY = BigInt(SECONDS_PER_DAY);

export function daysTimeParts(seconds: Decimal): DaysTimeParts {
  const whole = wholeSeconds(seconds);
  if (whole !== null) {
    const size = Math.abs(whole);
    const days = Math.floor(size / SECONDS_PER_DAY);
    return { negative: whole < 0, days, rest: size - days * SECONDS_PER_DAY, fraction: null };
  }
  const abs = seconds.abs();
  const floor = abs.floor();
  // on BigInt: past 34 digits days × 86,400 is rounded, and the seconds left over from it would not be
  const total = BigInt(floor.toFixed(0));
  const days = new Decimal((total / DAY).toString());
  return { negative: seconds.isNeg(), days, rest: Number(total % DAY), fraction: abs.minus(floor) };
}

export const hoursOf = (p: DaysTimeParts): number => Math.floor(p.rest / 3600);
export const minutesOf = (p: DaysTimeParts): number => Math.floor(p.rest / 60) % 60;

/** The seconds of the last minute, fraction included. */
export const secondsOf = (p: DaysTimeParts): Decimal => {
  const whole = new Decimal(p.rest % 60);
  return p.fraction === null ? whole : whole.plus(p.fraction);
};
