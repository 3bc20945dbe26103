// IANA time zone offsets from the platform's ICU data (Intl.DateTimeFormat). Instants are given
// as whole days since 1970-01-01 plus seconds of the day, so years far outside JS Date's range
// work: before 1800 every zone keeps its local mean time, so the offset of 1800 applies (and ICU
// would format pre-1582 dates in the Julian calendar); after 2400 instants move back by whole
// 400-year eras, which keep the calendar identical, into the zone's current recurring rules.
import { tick, ZONE_OFFSET_STEPS } from "../budget.js";
import { DAYS_PER_ERA, daysFromCivil } from "./calendar.js";

// Only valid zones are cached, each under its name in lower case (ICU reads zone names in any case:
// a key per spelling let 2^n spellings of one name, sent request after request, grow the cache
// without end), so the cache stays as small as the zone database whatever the input.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** How many zone formatters are held (at most one per zone name or alias of the zone database). */
export const zoneFormattersHeld = (): number => formatters.size;

function formatter(zone: string): Intl.DateTimeFormat | null {
  const key = zone.toLowerCase();
  const cached = formatters.get(key);
  if (cached) return cached;
  try {
    const f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(key, f);
    return f;
  } catch {
    return null;
  }
}

/** Region/City style identifiers only: ICU also accepts abbreviations and offsets we do not want. */
const ZONE_ID = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

export function isValidZone(zone: string): boolean {
  return ZONE_ID.test(zone) && formatter(zone) !== null;
}

const EARLY_LIMIT = daysFromCivil(1800, 1, 1);
const LATE_LIMIT = daysFromCivil(2400, 1, 1);

/** Epoch seconds of an instant with the same offset as the given one, within JS Date's range. */
function intoRuleWindow(days: number, seconds: number): number {
  if (days < EARLY_LIMIT) return EARLY_LIMIT * 86_400;
  if (days >= LATE_LIMIT) days -= Math.ceil((days - LATE_LIMIT + 1) / DAYS_PER_ERA) * DAYS_PER_ERA;
  return days * 86_400 + Math.floor(seconds);
}

/** Offset (seconds east of UTC) of the zone at the instant utcDays + utcSeconds. */
export function offsetAtInstant(zone: string, utcDays: number, utcSeconds: number): number {
  const f = formatter(zone);
  if (f === null) return 0;
  tick(ZONE_OFFSET_STEPS);
  const epochSeconds = intoRuleWindow(utcDays, utcSeconds);
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(epochSeconds * 1000))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  const wall = daysFromCivil(parts.year, parts.month, parts.day) * 86_400 + parts.hour * 3600 + parts.minute * 60 + parts.second;
  return wall - epochSeconds;
}

/**
 * The offset for a local date-time in a zone. In an overlap (clocks turned back) the earlier
 * instant wins; in a gap (clocks turned forward) the local time moves forward by the gap, which
 * `shift` reports in seconds.
 */
export function resolveLocal(zone: string, localDays: number, localSeconds: number): { offset: number; shift: number } {
  const before = offsetAtInstant(zone, localDays - 1, localSeconds);
  const after = offsetAtInstant(zone, localDays + 1, localSeconds);
  const valid = [before, after].filter((o) => offsetAtInstant(zone, localDays, localSeconds - o) === o);
  if (valid.length > 0) return { offset: Math.max(...valid), shift: 0 };
  return { offset: after, shift: after - before };
}

/** The zone's standard offset, used for a time of day with a zone but no date. */
export function standardOffset(zone: string): number {
  return Math.min(offsetAtInstant(zone, daysFromCivil(2000, 1, 1), 43_200), offsetAtInstant(zone, daysFromCivil(2000, 7, 1), 43_200));
}
