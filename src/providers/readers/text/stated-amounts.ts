// Which amounts state a value an input can take, by what the English model reads around them
// (text/english.ts). An amount inside the scope of a negation is denied, not stated ("no claims
// in five years" says nothing is 5). An amount inside a span of time ("five years", "29 years")
// answers only an input that asks for a time: one whose name names a unit of time ("contract
// years") or whose question asks in one ("how old", "in years", "how many months").
import type { InputIR } from "../../../ir/ir.js";
import { within, type EnglishReading } from "./english.js";
import type { Token } from "./tokens.js";

const TIME_UNIT = /\b(years?|months?|weeks?|days?|hours?)\b/i;
/** Units of time as notes shorten them. */
const SHORT_TIME_UNIT = /^(yrs?|mos|mths?|wks?|hrs?)$/;
const ASKS_TIME = /\bhow old\b|\bhow long\b|\bin (years|months|weeks|days|hours)\b|\bhow many (years|months|weeks|days|hours)\b/i;

const asksForTime = (input: InputIR): boolean => TIME_UNIT.test(input.name) || ASKS_TIME.test(input.desc ?? "");

export interface StatedAmounts {
  /** whether the amount token i may answer the input */
  answers(i: number, input: InputIR): boolean;
}

export function amountsStated(english: EnglishReading, tokens: Token[]): StatedAmounts {
  const denied = (i: number) => within(english.negated, tokens[i]!.start, tokens[i]!.end);
  // the model knows "five years"; notes write "5 yrs", "3 mos", "2 wks"
  const abbreviated = (i: number) => {
    const a = tokens[i]!.amount;
    const bare = a !== undefined && !a.currency && !a.scaled && !a.percent && !a.period && a.value < 100;
    return bare && tokens[i + 1]?.kind === "word" && SHORT_TIME_UNIT.test(tokens[i + 1]!.lower);
  };
  const inTime = (i: number) => within(english.durations, tokens[i]!.start, tokens[i]!.end) || abbreviated(i);
  return { answers: (i, input) => !denied(i) && (!inTime(i) || asksForTime(input)) };
}
