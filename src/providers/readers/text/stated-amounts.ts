// Which amounts state a value an input can take, by what the English model reads around them
// (text/english.ts). An amount inside the scope of a negation is denied, not stated ("no claims
// in five years" says nothing is 5). An amount inside a span of time ("five years", "29 years")
// answers only an input that asks for a time: one whose name names a unit of time ("contract
// years") or whose question asks in one ("how old", "in years", "how many months"). An amount an
// income word just before it binds ("a pension of 910 dollars a month", "Ma retraite est de 910")
// in its clause is no rent, no debt nor any other sum paid out.
import type { InputIR } from "../../../ir/ir.js";
import { FOREIGN_TIME_UNITS } from "../foreign-words.js";
import { SYNONYM_GROUPS } from "../synonyms.js";
import { contentStems, stem } from "../words.js";
import { within, type EnglishReading } from "./english.js";
import type { Token } from "./tokens.js";

/**
 * Words of what a person receives, besides the income group's (synonyms.ts: salary, pension, and
 * their words in other languages): benefits and allowances, in the languages of evidence.
 */
const RECEIVED_WORDS = [
  ...["benefit", "benefits", "allowance", "stipend", "annuity", "welfare", "dole", "ssi", "retirement"],
  ...["retraite", "allocation", "allocations", "rente"],
  ...["pensioen", "uitkering", "toeslag", "aow"],
  ...["bürgergeld", "sozialhilfe", "kindergeld", "wohngeld", "beihilfe", "zulage"],
  ...["jubilación", "prestación", "subsidio", "ayuda"],
  ...["aposentadoria", "benefício", "subsídio"],
  ...["indennità", "sussidio", "assegno"],
  // not "aylık" alone (the adjective "monthly" too: "aylık borç"), its possessed forms ("emekli aylığım")
  ...["emekli", "emeklilik", "aylığı", "aylığım", "yardım"],
];
const INCOME_GROUP = SYNONYM_GROUPS.find((g) => g[0] === "income") ?? [];
/** One word each: a phrase of the group ("get paid", "take home") binds by its words together, not alone. */
const RECEIVED = new Set([...INCOME_GROUP, ...RECEIVED_WORDS].map(contentStems).flatMap((stems) => (stems.length === 1 ? stems : [])));
/** How many words before an amount an income word binds it from ("a pension of", "Mi pensión es de"). */
const BINDING_WORDS = 4;

/**
 * Words of an input's name that ask what a person pays out: the rent, a debt, a payment, a loan.
 * Only such an input loses an amount bound to income (money moving through an account, a claim, a
 * price may well be a salary's).
 */
const PAID_OUT = new Set(
  [
    "rent",
    "housing",
    "debt",
    "debts",
    "obligations",
    "repayment",
    "payment",
    "payments",
    "instalment",
    "installment",
    "expenses",
    "cost",
    "costs",
    "loan",
    "mortgage",
    "borrow",
    "requested",
  ].map(stem),
);
const asksPaidOut = (input: InputIR): boolean => {
  const words = contentStems(`${input.name} ${input.desc ?? ""}`);
  return !words.some((s) => RECEIVED.has(s)) && contentStems(input.name).some((s) => PAID_OUT.has(s));
};

/**
 * Whether a word of income stands just before the amount in its clause, no other amount nor a word
 * of the input's own between ("rent $700 … pension $910": the rent is the rent's).
 */
function incomeBefore(tokens: Token[], i: number, own: Set<string>): boolean {
  let words = 0;
  for (let j = i - 1; j >= 0 && words < BINDING_WORDS; j--) {
    const t = tokens[j]!;
    if (t.clause !== tokens[i]!.clause || t.kind === "amount") return false;
    if (t.kind !== "word") continue;
    words++;
    if (own.has(t.stem)) return false;
    if (RECEIVED.has(t.stem) || RECEIVED.has(stem(t.lower))) return true;
  }
  return false;
}

const TIME_UNIT = /\b(years?|months?|weeks?|days?|hours?)\b/i;
/** Units of time as notes shorten them. */
const SHORT_TIME_UNIT = /^(yrs?|mos|mths?|wks?|hrs?)$/;
/** Units of time as the other languages write them after a number ("5 Jahren", "3 anni"): the English model knows none of them. */
const FOREIGN_TIME_UNIT = new Set(Object.values(FOREIGN_TIME_UNITS).flat());
const ASKS_TIME = /\bhow old\b|\bhow long\b|\bin (years|months|weeks|days|hours)\b|\bhow many (years|months|weeks|days|hours)\b/i;

const asksForTime = (input: InputIR): boolean => TIME_UNIT.test(input.name) || ASKS_TIME.test(input.desc ?? "");

export interface StatedAmounts {
  /** whether the amount token i may answer the input */
  answers(i: number, input: InputIR): boolean;
}

export function amountsStated(english: EnglishReading, tokens: Token[]): StatedAmounts {
  const denied = (i: number) => within(english.negated, tokens[i]!.start, tokens[i]!.end);
  // the model knows "five years"; notes write "5 yrs", "3 mos", "2 wks", and other languages "5 Jahren", "3 anni"
  const abbreviated = (i: number) => {
    const a = tokens[i]!.amount;
    const bare = a !== undefined && !a.currency && !a.scaled && !a.percent && !a.period && a.value < 100;
    const next = tokens[i + 1];
    return bare && next?.kind === "word" && (SHORT_TIME_UNIT.test(next.lower) || FOREIGN_TIME_UNIT.has(next.lower));
  };
  const inTime = (i: number) => within(english.durations, tokens[i]!.start, tokens[i]!.end) || abbreviated(i);
  // per input once: whether it asks what is paid out, and its own words (undefined: it does not ask)
  const paidOut = new Map<InputIR, Set<string> | undefined>();
  const ownWords = (input: InputIR): Set<string> | undefined => {
    if (!paidOut.has(input)) paidOut.set(input, asksPaidOut(input) ? new Set(contentStems(input.name)) : undefined);
    return paidOut.get(input);
  };
  const received = (i: number, input: InputIR) => {
    const own = ownWords(input);
    return own !== undefined && incomeBefore(tokens, i, own);
  };
  return { answers: (i, input) => !denied(i) && (!inTime(i) || asksForTime(input)) && !received(i, input) };
}
