// How a JSON export writes its numbers and dates in strings, settled by the document as a whole.
// - Numbers: "1.200" alone may be 1.2 or 1200; an export that marks its decimals with a comma
//   elsewhere ("1.150,00", "3,5 %") and never with a dot writes dots only to group thousands. Such
//   a document's strings are read with its own convention: dots grouping thousands dropped, the
//   decimal comma made a point ("1.200" → "1200", "3,5 %" → "3.5 %").
// - Dates: "01/10/2025" alone is read month first; an export whose dates of that form put a number
//   over 12 first ("14/09/2026") and never second writes them day first, and its dates that could
//   be read either way are written dotted, which reads day first ("01/10/2025" → "01.10.2025").
// Plain JSON numbers are untouched; a document with no such sign is returned as it is.

/** A number whose comma can only mark decimals: "1.150,00", "3,5", "412,50" (one or two digits after it). */
const COMMA_DECIMAL = /(?<![\d.,])\d{1,3}(?:\.\d{3})*,\d{1,2}(?![\d.,]?\d)/;
/** A number whose dot can only mark decimals, or whose comma groups thousands: "12.50", "1,234.56". */
const DOT_DECIMAL = /(?<![\d.,])\d+\.\d{1,2}(?![\d.,]?\d)|(?<![\d.,])\d{1,3}(?:,\d{3})+\.\d+/;
/** A number in European writing: dots grouping thousands, a decimal comma, or both. */
const EUROPEAN_NUMBER = /(?<![\d.,])\d{1,3}(?:\.\d{3})+(?:,\d+)?(?![\d.,]?\d)|(?<![\d.,])\d+,\d+(?![\d.,]?\d)/g;
/** A date on its own with slashes or dashes, year last: "14/09/2026", "01-10-2025". */
const SLASHED_DATE = /^\s*(\d{1,2})[/-](\d{1,2})[/-](\d{4})\s*$/;

function strings(root: unknown): string[] {
  const out: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) stack.push(...v);
    else if (typeof v === "object" && v !== null) stack.push(...Object.values(v));
  }
  return out;
}

const mapStrings = (v: unknown, f: (s: string) => string): unknown =>
  typeof v === "string"
    ? f(v)
    : Array.isArray(v)
      ? v.map((x) => mapStrings(x, f))
      : typeof v === "object" && v !== null
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapStrings(x, f)]))
        : v;

/** Whether the document writes its decimals with a comma, and never with a dot. */
export function writesEuropean(root: unknown): boolean {
  const all = strings(root);
  return all.some((s) => COMMA_DECIMAL.test(s)) && !all.some((s) => DOT_DECIMAL.test(s));
}

/** Whether the document writes its slashed dates day first: a number over 12 first in one, second in none. */
export function writesDayFirst(root: unknown): boolean {
  const dates = strings(root).flatMap((s) => {
    const m = SLASHED_DATE.exec(s);
    return m ? [[Number(m[1]), Number(m[2])] as const] : [];
  });
  return dates.some(([a]) => a > 12) && !dates.some(([, b]) => b > 12);
}

const plainNumbers = (s: string): string => s.replace(EUROPEAN_NUMBER, (n) => n.replace(/\./g, "").replace(",", "."));
const dotted = (s: string): string => {
  const m = SLASHED_DATE.exec(s);
  return m ? `${m[1]}.${m[2]}.${m[3]}` : s;
};

/** The state with its strings' numbers and dates in the writing the readers take, per the document's own conventions. */
export function withOwnConventions(root: unknown): unknown {
  const european = writesEuropean(root);
  const dayFirst = writesDayFirst(root);
  if (!european && !dayFirst) return root;
  return mapStrings(root, (s) => (dayFirst ? dotted(european ? plainNumbers(s) : s) : plainNumbers(s)));
}
