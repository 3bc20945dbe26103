// Names said by their initials, as notes write them: "CS 812" for a credit score, "AM: 1 hit" for
// adverse media. Only a name that is one concept (its words fold into one synonym, as "credit
// score" does) is said so, and only by a word of its initials written in capitals, so that "am",
// "Mr" or "PS" are never taken for a name.
import type { InputIR } from "../../../ir/ir.js";
import { conceptTokens, contentStems } from "../words.js";
import type { Token } from "./tokens.js";

/** The concept each set of initials stands for, from the inputs' names. */
function initialsOf(inputs: InputIR[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const input of inputs) {
    const words = input.name.split(/[^A-Za-z]+/).filter(Boolean);
    const concept = conceptTokens(contentStems(input.name));
    if (words.length < 2 || words.length > 3 || concept.length !== 1) continue;
    out.set(words.map((w) => w[0]!.toUpperCase()).join(""), concept[0]!);
  }
  return out;
}

/** Gives a word written as the initials of an input's name that name's concept. */
export function markInitials(tokens: Token[], inputs: InputIR[]): void {
  const initials = initialsOf(inputs);
  if (initials.size === 0) return;
  for (const t of tokens) {
    if (t.kind !== "word" || t.concept !== undefined || !/^[A-Z]{2,3}$/.test(t.text)) continue;
    const concept = initials.get(t.text);
    if (concept !== undefined) t.concept = concept;
  }
}
