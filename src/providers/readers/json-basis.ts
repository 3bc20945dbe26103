// A figure's basis written beside it as a value, not in its key: `{"amount": 2150, "basis":
// "NET_AFTER_TAX"}` says the figure is net, after tax, which no input asking a gross figure may
// take, and a reader matching keys would not see: the record's figures are left unread (null).
// Only a net basis (a figure stated with no basis is read as gross already), under a key that
// names a basis. Linear in the document.
import { isRecord } from "./json-walk.js";

/** Keys whose value names the basis of the record's figures. */
const BASIS_KEYS = new Set(["basis", "base", "measure", "amounttype", "amount_type", "incometype", "income_type"]);
/** Whether the record says its figures are net: a basis key whose value has the word "net" and not "gross". */
function net(record: Record<string, unknown>): boolean {
  return Object.entries(record).some(([k, v]) => {
    if (!BASIS_KEYS.has(k.toLowerCase()) || typeof v !== "string") return false;
    const words = v.toLowerCase().split(/[^a-z]+/);
    return words.includes("net") && !words.includes("gross");
  });
}

const isFigure = (v: unknown): boolean => typeof v === "number" || (typeof v === "string" && /^\s*[$€£]?\s*\d[\d,.]*\s*$/.test(v));

/** The state with each figure said to be net beside it left unread. */
export function withoutNetFigures(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutNetFigures);
  if (!isRecord(v)) return v;
  const isNet = net(v);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, isNet && isFigure(x) ? null : withoutNetFigures(x)]));
}
