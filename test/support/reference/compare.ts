// Equality and ordering (DMN 1.5, 10.3.2.9 and table 55): values of one kind compare; values of
// different kinds are not equal and not ordered (null). Null equals only null.
import { epochDay, instant, localSeconds, timeInstant } from "./temporal.js";
import { isList, isNum, tagOf, type RDateTime, type RTime, type RValue } from "./values.js";

/** FEEL `=`: true, false, or null when the two cannot be compared */
export function equal(a: RValue, b: RValue): boolean | null {
  if (a === null || b === null) return a === b;
  const ta = tagOf(a);
  if (ta !== tagOf(b)) return null;
  if (isNum(a)) return a.eq(b as typeof a);
  if (typeof a === "string" || typeof a === "boolean") return a === b;
  if (isList(a)) {
    const bl = b as RValue[];
    if (a.length !== bl.length) return false;
    let all: boolean | null = true;
    for (let i = 0; i < a.length; i++) {
      const e = equal(a[i]!, bl[i]!);
      if (e === false) return false;
      if (e === null) all = null;
    }
    return all;
  }
  switch (a.t) {
    case "context": {
      const bc = b as typeof a;
      if (a.entries.size !== bc.entries.size) return false;
      let all: boolean | null = true;
      for (const [k, v] of a.entries) {
        if (!bc.entries.has(k)) return false;
        const e = equal(v, bc.entries.get(k)!);
        if (e === false) return false;
        if (e === null) all = null;
      }
      return all;
    }
    case "range": {
      const br = b as typeof a;
      const ends = [equal(a.start, br.start), equal(a.end, br.end)];
      return (
        a.startIncluded === br.startIncluded &&
        a.endIncluded === br.endIncluded &&
        !!a.startOpen === !!br.startOpen &&
        !!a.endOpen === !!br.endOpen &&
        ends.every((e) => e === true)
      );
    }
    case "function":
      return a === b;
    case "time":
    case "date and time":
      // a local value is never equal to one with an offset (the TCK's pending cases)
      return (offsetOf(a) === null) === (offsetOf(b as typeof a) === null) && compare(a, b) === 0;
    default:
      return compare(a, b) === 0;
  }
}

const offsetOf = (v: RTime | RDateTime) => (v.t === "time" ? v.offset : v.time.offset);

/** -1, 0, 1, or null when FEEL does not order the two */
export function compare(a: RValue, b: RValue): number | null {
  if (a === null || b === null || tagOf(a) !== tagOf(b)) return null;
  if (isNum(a)) return a.cmp(b as typeof a);
  if (typeof a === "string") return a < (b as string) ? -1 : a > (b as string) ? 1 : 0;
  if (typeof a === "boolean" || isList(a)) return null;
  const sign = (x: { cmp(o: unknown): number }, y: unknown) => x.cmp(y);
  switch (a.t) {
    case "date":
      return Math.sign(epochDay(a) - epochDay(b as typeof a));
    // Times and date-times compare in whole seconds (the TCK's value resolution); a local value
    // ordered against one with an offset lends it that offset, so their wall clocks compare (Table 54)
    case "time": {
      const bt = b as typeof a;
      const pinned = a.offset !== null && bt.offset !== null;
      return sign((pinned ? timeInstant(a) : a.secs).floor(), (pinned ? timeInstant(bt) : bt.secs).floor());
    }
    case "date and time": {
      const bd = b as typeof a;
      const pinned = a.time.offset !== null && bd.time.offset !== null;
      return sign((pinned ? instant(a) : localSeconds(a)).floor(), (pinned ? instant(bd) : localSeconds(bd)).floor());
    }
    case "days and time duration":
      return sign(a.secs, (b as typeof a).secs);
    case "years and months duration":
      return Math.sign(a.months - (b as typeof a).months);
    default:
      return null;
  }
}
