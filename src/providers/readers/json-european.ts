// Numbers written with European separators in a JSON export's strings. "1.200" alone may be 1.2 or
// 1200; an export that marks its decimals with a comma elsewhere ("1.150,00", "3,5 %") and never
// with a dot writes dots only to group thousands. Such a document's strings are read with its own
// convention: dots grouping thousands dropped, the decimal comma made a point ("1.200" → "1200",
// "3,5 %" → "3.5 %"). Plain JSON numbers are untouched.

/** A number whose comma can only mark decimals: "1.150,00", "3,5", "412,50" (one or two digits after it). */
const COMMA_DECIMAL = /(?<![\d.,])\d{1,3}(?:\.\d{3})*,\d{1,2}(?![\d.,]?\d)/;
/** A number whose dot can only mark decimals, or whose comma groups thousands: "12.50", "1,234.56". */
const DOT_DECIMAL = /(?<![\d.,])\d+\.\d{1,2}(?![\d.,]?\d)|(?<![\d.,])\d{1,3}(?:,\d{3})+\.\d+/;
/** A number in European writing: dots grouping thousands, a decimal comma, or both. */
const EUROPEAN_NUMBER = /(?<![\d.,])\d{1,3}(?:\.\d{3})+(?:,\d+)?(?![\d.,]?\d)|(?<![\d.,])\d+,\d+(?![\d.,]?\d)/g;

function strings(root: unknown, out: string[] = []): string[] {
  const stack = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) stack.push(...v);
    else if (typeof v === "object" && v !== null) stack.push(...Object.values(v));
  }
  return out;
}

/** Whether the document writes its decimals with a comma, and never with a dot. */
export function writesEuropean(root: unknown): boolean {
  const all = strings(root);
  return all.some((s) => COMMA_DECIMAL.test(s)) && !all.some((s) => DOT_DECIMAL.test(s));
}

const plain = (s: string): string => s.replace(EUROPEAN_NUMBER, (n) => n.replace(/\./g, "").replace(",", "."));

/** The state with the numbers of its strings in plain writing, when it writes them the European way; else the state itself. */
export function europeanNumbers(root: unknown): unknown {
  if (!writesEuropean(root)) return root;
  const convert = (v: unknown): unknown =>
    typeof v === "string"
      ? plain(v)
      : Array.isArray(v)
        ? v.map(convert)
        : typeof v === "object" && v !== null
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, convert(x)]))
          : v;
  return convert(root);
}
