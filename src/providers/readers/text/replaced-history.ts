// A reply that names a value of its quoted history as replaced: "we've decided to go for less:
// 18,000 instead of 25k", "$5,000 would be enough now rather than the $7,500", "please ignore the
// $6,200 I mentioned before". The history answers an input with that old value; the reply's new
// value answers it in its place, as surely as the history would have (the reply ties the new value
// to the input only through the old one), and an old value dismissed with no new one answers
// nothing. One pass over the reply's amounts.
import type { ReadValue } from "../../types.js";
import { dismissed, dismissedInto } from "./dismissed.js";
import { inThousands, replacedBy } from "./qualifiers.js";
import type { Token } from "./tokens.js";

/** An old value the reply names, and the new value it puts in its place, if any. */
export interface Replacement {
  /** the old value as said, and in full when said short in thousands ("18,000, not 25") */
  old: number[];
  newer?: { value: number; start: number; end: number; text: string };
}

/** The replacements a message makes: "X instead of Y", "X, not Y", "ignore the Y". */
export function replacementsIn(tokens: Token[], amounts: readonly number[], text: string): Replacement[] {
  const out: Replacement[] = [];
  for (const i of amounts) {
    const replacing = replacedBy(tokens, i);
    const newer = replacing ?? dismissedInto(tokens, i);
    if (newer === undefined && !dismissed(tokens, i)) continue;
    const a = tokens[i]!.amount!;
    const full = newer === undefined ? undefined : inThousands(a, tokens[newer]!.amount!);
    const n = newer === undefined ? undefined : tokens[newer]!;
    const end = n ? (n.amountEnd ?? n.end) : 0;
    out.push({
      old: full === undefined ? [a.value] : [a.value, full],
      ...(n ? { newer: { value: n.amount!.value, start: n.start, end, text: text.slice(n.start, end) } } : {}),
    });
  }
  return out;
}

const same = (a: unknown, b: number): boolean => typeof a === "number" && Math.abs(a - b) <= 0.005 * Math.abs(b);

/**
 * The history's value `older` for an input the reply leaves open, in the light of the reply's
 * replacements: the new value when the reply names `older` as replaced, nothing when it dismisses
 * it with no new value, else `older` itself.
 */
export function replacedInHistory(older: ReadValue, replacements: readonly Replacement[]): ReadValue | undefined {
  const r = replacements.find((x) => x.old.some((v) => same(older.value, v)));
  if (!r) return older;
  if (!r.newer) return undefined;
  const { value, start, end, text } = r.newer;
  return { value, confidence: older.confidence, source: { span: { start, end }, text } };
}
