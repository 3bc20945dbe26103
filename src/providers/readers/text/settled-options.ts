// An option a conversation settles on after naming others: "marked gold in SFDC, but they're
// silver now", "ok, silver then", "make it gold instead". The option named with a word of the
// present or of a decision ("now", "instead", a closing "then") after every mention of the other
// options is the one that holds; the earlier ones are superseded, kept only as alternatives.

import type { Token } from "./tokens.js";

/** Words after an option that say it holds from here on: "silver now", "gold instead". */
const HOLDS_AFTER = new Set(["now", "instead"]);
/** Words before an option that say the same: "now silver", "instead gold". */
const HOLDS_BEFORE = new Set(["now", "instead"]);
/** What the options superseded keep of their evidence. */
export const SUPERSEDED = 0.3;

/** Whether the option named at `i` is said to hold: "now" or "instead" beside it, or a "then" closing its clause ("ok, silver then"). */
export function settles(tokens: readonly Token[], i: number): boolean {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  const after = tokens[i + 2];
  const same = (x: Token | undefined) => x !== undefined && x.sentence === t.sentence;
  if (same(next) && HOLDS_AFTER.has(next!.lower)) return true;
  if (same(tokens[i - 1]) && HOLDS_BEFORE.has(tokens[i - 1]!.lower)) return true;
  return same(next) && next!.lower === "then" && (!same(after) || after!.kind === "punct");
}

/** An option competes when its evidence is at least this share of the best option's (a word of another input's option, "product risk low", does not). */
const COMPETING = 0.4;

/**
 * The option settled on: one said to hold at a mention after every mention of each other option
 * competing. `scores`: each option's evidence; `settledAt`: each option's last mention said to
 * hold; `lastAt`: each option's last mention by its name.
 */
export function settledOption(
  scores: ReadonlyMap<string, number>,
  settledAt: ReadonlyMap<string, number>,
  lastAt: ReadonlyMap<string, number>,
): string | undefined {
  const top = Math.max(0, ...scores.values());
  const named = [...scores].filter(([o, x]) => lastAt.has(o) && x >= COMPETING * top).map(([o]) => o);
  if (named.length < 2) return undefined;
  return named.find((o) => settledAt.has(o) && named.every((p) => p === o || lastAt.get(p)! < settledAt.get(o)!));
}
