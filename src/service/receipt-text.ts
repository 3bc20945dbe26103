// A receipt's JSON text, written once per call: the answer limit is checked on it (run.ts) before
// the latency is known, and the answer and its output tokens are made of it once it is
// (respond.ts), the latency put in its place instead of writing the whole receipt again.
import type { ReceiptBody } from "./receipt.js";

/** How the text written before the latency ends: latency_ms is the receipt's last field, still 0. */
const PENDING_LATENCY = '"latency_ms":0}';

/**
 * The text of each receipt without its explanation, written while its latency was 0: kept on the
 * receipt under a symbol, not enumerable (JSON, spreads and comparisons never see it, and a receipt
 * copied to another process leaves it behind), rather than in a WeakMap, whose entry per receipt
 * costs the garbage collector more than writing the text.
 */
const WRITTEN = Symbol("written as");

type Written = ReceiptBody & { [WRITTEN]?: string };

/**
 * JSON.stringify of the receipt without its explanation (the part the answer limit measures),
 * kept for receiptText.
 */
export function receiptTextWithoutExplanation(receipt: ReceiptBody): string {
  // the copy without the explanation is made only when there is one
  const text = receipt.explanation === undefined ? JSON.stringify(receipt) : JSON.stringify({ ...receipt, explanation: undefined });
  if (Object.isExtensible(receipt)) Object.defineProperty(receipt, WRITTEN, { value: text, configurable: true, writable: true });
  return text;
}

/**
 * JSON.stringify(receipt), from the text receiptTextWithoutExplanation wrote when nothing but the
 * latency changed since (an integer, written as JSON writes it) and the receipt has no
 * explanation; written whole otherwise.
 */
export function receiptText(receipt: ReceiptBody): string {
  const before = (receipt as Written)[WRITTEN];
  if (
    before === undefined ||
    receipt.explanation !== undefined ||
    !before.endsWith(PENDING_LATENCY) ||
    !Number.isSafeInteger(receipt.latency_ms)
  )
    return JSON.stringify(receipt);
  return `${before.slice(0, -2)}${receipt.latency_ms}}`;
}
