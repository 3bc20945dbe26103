// A name written as a program writes it: a column or key name in snake_case or camelCase
// ("prior_default", "taxExempt", "has_ccj"), as in a CSV export's header row or a list of fields.
// Such a name says which fact a column holds, never that the fact is so: a statement read from it
// alone is no statement. A name followed by a colon or an equals sign is a key before its value
// ("adverse_media:" heading a YAML block): what follows may state the fact, and is read.
import type { Token } from "./tokens.js";

/** The characters an identifier is written with. */
const IDENTIFIER_CHAR = /[A-Za-z0-9_]/;
/** Words joined by underscores, or a lower-case letter followed by a capital (camelCase). */
const IDENTIFIER = /^[A-Za-z0-9]*(?:[A-Za-z0-9]_[A-Za-z0-9]|[a-z][A-Z])[A-Za-z0-9_]*$/;

/** A key's value after it ("adverse_media:", "pep_flag = N"): the name labels what follows. */
const KEYED = /^[ \t]*[:=]/;

/**
 * Whether the token is a word inside a bare identifier ("default" of "prior_default", "Exempt"
 * of "taxExempt"), one that no colon or equals sign after it makes a key of a value.
 */
export function inBareIdentifier(text: string, token: Token): boolean {
  if (token.kind !== "word") return false;
  let from = token.start;
  let to = token.end;
  while (from > 0 && IDENTIFIER_CHAR.test(text[from - 1]!)) from--;
  while (to < text.length && IDENTIFIER_CHAR.test(text[to]!)) to++;
  return IDENTIFIER.test(text.slice(from, to)) && !KEYED.test(text.slice(to, to + 8));
}
