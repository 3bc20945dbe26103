// The currency an input asks its amounts in, from its own words ("How many dollars…", "in EUR",
// "$"), and how a wrapped figure in another currency gives its value in that one
// (`{"amount": 20000, "currency": "CHF", "usdAtOnboardingRate": 22600}` → 22600).
import type { InputIR } from "../../ir/ir.js";
import { normaliseName } from "./words.js";

/** Words of an input's name or desc naming a currency, by ISO code. */
const NAMED_CURRENCIES: [RegExp, string][] = [
  [/\b(?:dollars?|usd)\b|\$/, "USD"],
  [/\b(?:euros?|eur)\b|€/, "EUR"],
  [/\b(?:pounds? sterling|gbp)\b|£/, "GBP"],
];

/** The one currency the input asks its amount in; undefined when its words name none or several. */
export function currencyOf(input: Pick<InputIR, "name" | "desc">): string | undefined {
  const words = `${input.name} ${input.desc}`.toLowerCase();
  const named = NAMED_CURRENCIES.filter(([re]) => re.test(words));
  return named.length === 1 ? named[0]![1] : undefined;
}

/** Words of a key that name each currency (`usdAtOnboardingRate`, `amount_eur`, `in_dollars`). */
const KEY_WORDS: Record<string, string[]> = {
  USD: ["usd", "dollar", "dollars"],
  EUR: ["eur", "euro", "euros"],
  GBP: ["gbp", "sterling"],
};

/** A currency code as a wrapper writes it (`"CHF"`, `"usd"`, `"€"`). */
const CODE = /^\s*([A-Za-z]{3}|[$€£])\s*$/;
const SIGNS: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP" };

/**
 * A wrapped figure stated in another currency than `wanted`: the key of its value in `wanted`
 * beside it (`usdAtOnboardingRate`, `amountUsd`), or null when none is given (the figure is no
 * answer); undefined when the wrapper states no other currency.
 */
export function convertedKey(o: Record<string, unknown>, wanted: string): string | null | undefined {
  const stated = typeof o.currency === "string" ? CODE.exec(o.currency)?.[1] : undefined;
  if (stated === undefined) return undefined;
  const code = SIGNS[stated] ?? stated.toUpperCase();
  if (code === wanted) return undefined;
  const words = KEY_WORDS[wanted] ?? [wanted.toLowerCase()];
  const key = Object.keys(o).find(
    (k) =>
      k !== "currency" &&
      (typeof o[k] === "number" || typeof o[k] === "string") &&
      normaliseName(k)
        .split(" ")
        .some((w) => words.includes(w)),
  );
  return key ?? null;
}

/** The currency a word names on its own (`USD`, "dollars", "euro"), if any. */
export function currencyWord(word: string): string | undefined {
  const w = word.toLowerCase();
  return Object.keys(KEY_WORDS).find((code) => KEY_WORDS[code]!.includes(w) || w === code.toLowerCase());
}
