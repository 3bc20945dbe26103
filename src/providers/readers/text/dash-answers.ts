// A form's question answered by a dash or "n/a" alone: "Claims: —", "Prior claims: – none –",
// "Vorschäden: -", "PEP: n/a". Of a count of events or a yes/no question it says none, or no; of an
// amount, a measure or anything else it says nothing (the field left unfilled is not stated).

/** Dashes as forms write them: a hyphen, an en dash, an em dash, one to three. */
const DASHES = /^[–—-]{1,3}|[–—-]{1,3}$/g;
const NOT_APPLICABLE = /^n[/.]?a\.?$/i;

/**
 * What a dash answer says after the label's colon at `from`, alone on its line: "" for a bare dash
 * or "n/a", the word between dashes ("– none –" → "none"), or undefined when the line holds no
 * dash answer (a figure, a word with no dash, a negative amount "-500").
 */
export function dashAnswer(text: string, from: number): string | undefined {
  const line = /^[^\n]*/
    .exec(text.slice(from, from + 60))![0]
    .trim()
    .replace(/[.;]$/, "");
  if (NOT_APPLICABLE.test(line)) return "";
  if (!/^[–—-]/.test(line)) return undefined;
  const inner = line.replace(DASHES, "").trim().toLowerCase();
  return NOT_APPLICABLE.test(inner) ? "" : /^[\p{L}]*$/u.test(inner) ? inner : undefined;
}
