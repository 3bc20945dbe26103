// The clause or sentence around a place in a text. Its ends are looked for within a bounded reach
// on each side, so that finding the span of every mention of a long text stays linear in the text
// (a span longer than the reach is cut there: no clause that long says one thing).

/** How far on each side of a place the ends of its span are looked for. */
const REACH = 400;

/**
 * The span between the last match of `ends` before `start` and the first at or after `end`, each
 * within REACH (else the span stops at the reach, or the text's edge). `ends` has the g flag.
 */
export function spanAround(text: string, start: number, end: number, ends: RegExp): { start: number; end: number } {
  const from = Math.max(0, start - REACH);
  let s = from;
  // one character past `start`, so that a lookahead sees what follows as in the whole text
  for (const m of text.slice(from, start + 1).matchAll(ends)) if (from + m.index < start) s = from + m.index + 1;
  const tail = text.slice(end, end + REACH + 1);
  const at = tail.search(ends);
  const e = at >= 0 && at < REACH ? end + at : Math.min(text.length, end + REACH);
  return { start: s, end: e };
}
