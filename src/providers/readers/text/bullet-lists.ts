// Lists of bullets: lines opened by "-", "*" or "•" under a heading that ends with a colon
// ("Monthly repayments:\n- car loan: $310\n- card: $45"). The heading labels every item of its
// list, as a label before a colon labels the amounts of its own line.
import type { Period } from "../numbers.js";
import { periodOfText } from "../words.js";
import type { TextIndex } from "./text-index.js";

/** The marks that open an item of a list: a dash, an asterisk, a bullet, a middle dot, an en dash. */
export const BULLET = "[-*•·–]";

/** A line opened by a bullet, up to any point on it. */
export const BULLET_LINE = new RegExp(`^[ \\t]*${BULLET}[ \\t][^\\n]*$`);

/** A bullet opening a line, seen from the few characters before the line's first token. */
const BULLET_OPENS = new RegExp(`(?:^|\\n)[ \\t]*${BULLET}[ \\t]`);
const INDENT = 6;

/** Per text, per sentence: the period its list's heading states ("none": it states none; null: no item of a list). */
const HEADINGS = new WeakMap<TextIndex, Map<number, Period | "none" | null>>();

/** Whether sentence s is a line opened by a bullet. */
function bulleted(index: TextIndex, s: number): boolean {
  const first = index.sentenceFirst[s];
  if (first === undefined || first < 0) return false;
  // the few characters before the line's first token: a bullet opens the line, after an indent
  const start = index.tokens[first]!.start;
  return BULLET_OPENS.test(index.text.slice(Math.max(0, start - INDENT), start + 2));
}

/**
 * The period the heading of the list of bullets sentence s stands in states ("Monthly
 * repayments:"), if s is an item of one. Each sentence is looked at once per text: linear.
 */
export function headingPeriod(index: TextIndex, s: number): Period | undefined {
  let cache = HEADINGS.get(index);
  if (!cache) HEADINGS.set(index, (cache = new Map()));
  const known = cache.get(s);
  if (known !== undefined) return known === "none" ? undefined : (known ?? undefined);
  index.meter.steps++;
  if (!bulleted(index, s)) {
    cache.set(s, null);
    return undefined;
  }
  // back over the items before it to the heading, or to an item already answered
  const items = [s];
  let period: Period | "none" = "none";
  for (let k = s - 1; k >= 0; k--) {
    index.meter.steps++;
    const item = cache.get(k);
    if (item) {
      period = item;
      break;
    }
    if (!bulleted(index, k)) {
      period = heading(index, k);
      break;
    }
    items.push(k);
  }
  for (const item of items) cache.set(item, period);
  return period === "none" ? undefined : period;
}

/** The period sentence k states when it is a heading: a line that ends with a colon. */
function heading(index: TextIndex, k: number): Period | "none" {
  const [first, last] = [index.sentenceFirst[k]!, index.sentenceLast[k]!];
  if (first < 0 || index.tokens[last]!.text !== ":") return "none";
  return periodOfText(index.text.slice(index.tokens[first]!.start, index.tokens[last]!.start)) ?? "none";
}
