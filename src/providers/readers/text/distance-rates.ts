// A distance stated per period after its figure: "about 250 miles a week", "1,000 km per month",
// "40 mi a day", "12k miles annually". An input that counts distance per another period ("How many
// miles is the vehicle driven each year?") takes it converted; a distance per day is no sure
// figure per year or month (driven on working days only, or every day), so it answers nothing, nor
// does any figure said per day ("$150 a day" of a monthly income: worked how many days?), nor a
// trip's distance ("20 miles each way", "a 40 km round trip": made how often?).
// The look-ahead is bounded: linear in the text.
import { FOREIGN_DISTANCE_UNITS } from "../foreign-words.js";
import { periodAfter, type Period } from "../numbers.js";

/** A unit of distance written right after a figure. */
const DISTANCE = /^[ \t]*(?:miles?|mi|kms?|kilomet(?:er|re)s?)\b\.?/i;
/** The same in another language ("1000 mil miesięcznie", "8.000 miglia al mese"): its period may be that language's too. */
const FOREIGN_DISTANCE = new RegExp(`^[ \\t]*(?:${FOREIGN_DISTANCE_UNITS.join("|")})(?![\\p{L}])`, "iu");
/** A day as the period of a rate: "a day", "per day", "each day", "/day", "daily". */
const PER_DAY = /^[ \t]*(?:(?:a|per|each|every|\/)[ \t]*day\b|daily\b)/i;
/** A trip as what a distance measures: "each way", "one way", "(a) round trip", "return". */
const PER_TRIP = /^[ \t]*(?:(?:each|one)[ \t-]+way\b|(?:a[ \t]+)?round[ \t-]*trip\b|return\b)/i;
/** How far after a figure its unit and period may stand. */
const REACH = 40;

/**
 * The period of the distance stated after a figure ending at `end`, if it is one; "day" also of any
 * figure said per day ("$150 a day"); "trip" of a distance a trip measures ("20 miles each way").
 */
export function distancePeriod(text: string, end: number): Period | "day" | "trip" | undefined {
  const rest = text.slice(end, end + REACH);
  if (PER_DAY.test(rest)) return "day";
  const english = DISTANCE.exec(rest);
  const unit = english ?? FOREIGN_DISTANCE.exec(rest);
  if (!unit) return undefined;
  const after = rest.slice(unit[0].length);
  if (PER_DAY.test(after)) return "day";
  if (PER_TRIP.test(after)) return "trip";
  return periodAfter(after, english !== null)?.period;
}
