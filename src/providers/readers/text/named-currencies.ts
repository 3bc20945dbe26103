// The currencies a text names: in its amounts ("$1,200", "EUR 40,000", "31.000 dollari") or in
// words alone ("the USD equivalent is still to be confirmed"). A text that names the currency an
// input asks in beside another one keeps the two apart; a text in one currency only writes its
// reader's amounts in it.
import { currencyWord } from "../currencies.js";
import { foreignCurrencyAfter } from "../numbers.js";
import type { TextIndex } from "./text-index.js";

const named = new WeakMap<TextIndex, Set<string>>();

/** Every currency the text names, in one pass over its tokens. */
export function currenciesNamed(index: TextIndex): Set<string> {
  let out = named.get(index);
  if (out) return out;
  out = new Set<string>();
  for (const t of index.tokens) {
    const code =
      t.kind === "amount" ? t.amount!.currency : t.kind === "word" ? (currencyWord(t.text) ?? foreignCurrencyAfter(t.text)) : undefined;
    if (code) out.add(code);
  }
  named.set(index, out);
  return out;
}
