// "Pay" as a noun is what someone earns: "my pay is $3,200 a month", "his gross pay", "take-home
// pay", "Pay: $4,100". As a verb it is what someone pays out ("we pay $90 a month"), a debt's cue. A
// "pay" after a possessive or a word that qualifies earnings, or first on its line before a colon, is
// read as the word "income": its stem and concept become income's, so it no longer cues a payment.
// One pass over the tokens.
import { stem } from "../words.js";
import type { Token } from "./tokens.js";

const PAY = stem("pay");
const INCOME = stem("income");
/** Words before "pay" that make it a noun of earnings. */
const BEFORE = new Set([
  ...["my", "his", "her", "their", "our", "your"],
  ...["gross", "net", "base", "basic", "home", "monthly", "weekly", "fortnightly", "annual", "yearly", "hourly", "regular", "usual"],
]);

/** Gives each noun "pay" the stem and concept of "income". */
export function markPayNouns(tokens: Token[], text: string): void {
  tokens.forEach((t, i) => {
    if (t.kind !== "word" || t.stem !== PAY || t.lower !== "pay") return;
    const before = tokens[i - 1];
    const qualified = before?.kind === "word" && before.sentence === t.sentence && BEFORE.has(before.lower);
    const label = (before === undefined || text.lastIndexOf("\n", t.start) > before.end - 1) && /^[ \t]*:/.test(text.slice(t.end));
    if (!qualified && !label) return;
    t.stem = INCOME;
    t.concept = INCOME;
  });
}
