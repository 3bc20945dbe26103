// An amount paid "per paycheck" ("$1,400 a paycheck", "each pay period", "per pay cheque") is paid
// at the period the text says the pay comes at elsewhere ("I'm paid biweekly.", "every two weeks"):
// the one frequency of pay-frequencies.ts the whole text states. A text that states none, or two
// different ones, leaves the amount's period unknown, and the amount answers no input: a pay
// cheque's figure is no month's nor year's.
import type { Period } from "../numbers.js";
import { frequenciesIn } from "../pay-frequencies.js";
import type { TextIndex } from "./text-index.js";

/** The words after an amount that say it is one pay cheque's. */
const PER_CHEQUE =
  /^[ \t]*(?:(?:gross|net|before tax|after tax)[ \t]+)?(?:per|each|every|a|an|on each|for each)[ \t]+(?:pay[ \t-]?cheque|pay[ \t-]?check|pay[ \t]+period|pay[ \t]?day|pay[ \t]?slip)s?(?!\p{L})/iu;

/** The period of the amount at token i if it is a pay cheque's: the text's one frequency of pay, or "unknown". */
export function chequePeriod(index: TextIndex, i: number): Period | "unknown" | undefined {
  const t = index.tokens[i]!;
  const end = t.amountEnd ?? t.end;
  if (!PER_CHEQUE.test(index.text.slice(end, end + 40))) return undefined;
  const said = frequenciesIn(index.text);
  return said.size === 1 ? [...said][0]! : "unknown";
}
