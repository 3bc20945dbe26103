// A receipt's JSON text, written once per call: the answer limit is checked on it (run.ts) before
// the latency is known, and the answer and its output tokens are made of it once it is
// (respond.ts), the latency put in its place instead of writing the whole receipt again. A receipt
// of the shape evaluation.ts builds has its fixed member names written as they are and only its
// records written by JSON.stringify, each on its own, so that the answers' text is kept for the
// answer's top-level `answers`, the same object, instead of being written twice.
import { hasMembers, plainString } from "../compiler/fixed-json.js";
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

/** The receipt's text, and its answers' text when it was written apart (for the object `of`). */
interface Text {
  text: string;
  answers?: { of: unknown; text: string };
}

type Written = ReceiptBody & { [WRITTEN]?: Text };

/** A receipt's members in the order evaluation.ts writes them (for a JSON state and a read one alike), without an explanation. */
const MEMBERS = ["model", "given", "read", "decisions", "answers", "state", "latency_ms"] as const;
/** The state's provenance's members, in the order receipt.ts writes them. */
const STATE_MEMBERS = ["kind", "schema_matched", "sha256", "inputs"] as const;

/** JSON.stringify of the state's provenance, its member names and plain strings written as they are. */
function stateText(state: unknown): string | undefined {
  if (!hasMembers(state, STATE_MEMBERS)) return JSON.stringify(state);
  const { kind, schema_matched: matched, sha256, inputs } = state;
  const inputsText = JSON.stringify(inputs);
  if (!plainString(kind) || typeof matched !== "boolean" || !plainString(sha256)) return JSON.stringify(state);
  if (inputsText === undefined) return `{"kind":"${kind}","schema_matched":${matched},"sha256":"${sha256}"}`;
  return `{"kind":"${kind}","schema_matched":${matched},"sha256":"${sha256}","inputs":${inputsText}}`;
}

/**
 * JSON.stringify(receipt) for a receipt of the members MEMBERS in that order, each written apart
 * (a member's text is what JSON.stringify writes for it inside the object: no toJSON of the
 * service's values reads the key it is given); undefined for any other receipt, or one with a
 * member JSON leaves out (its value undefined, a function).
 */
function writtenByShape(receipt: ReceiptBody): Text | undefined {
  if (!hasMembers(receipt, MEMBERS)) return undefined;
  const model = JSON.stringify(receipt.model);
  const given = JSON.stringify(receipt.given);
  const read = JSON.stringify(receipt.read);
  const decisions = JSON.stringify(receipt.decisions);
  const answers = JSON.stringify(receipt.answers);
  const state = stateText(receipt.state);
  const latency = JSON.stringify(receipt.latency_ms);
  // JSON.stringify answers undefined for a value JSON leaves out, never for a string or an object
  const leftOut = (text: string | undefined) => text === undefined;
  if (leftOut(model) || leftOut(given) || leftOut(read) || leftOut(decisions) || leftOut(answers) || leftOut(state) || leftOut(latency))
    return undefined;
  return {
    text: `{"model":${model},"given":${given},"read":${read},"decisions":${decisions},"answers":${answers},"state":${state},"latency_ms":${latency}}`,
    answers: { of: receipt.answers, text: answers },
  };
}

/**
 * JSON.stringify of the receipt without its explanation (the part the answer limit measures),
 * kept for receiptText and answersText.
 */
export function receiptTextWithoutExplanation(receipt: ReceiptBody): string {
  // the copy without the explanation is made only when there is one
  const written =
    receipt.explanation === undefined
      ? (writtenByShape(receipt) ?? { text: JSON.stringify(receipt) })
      : { text: JSON.stringify({ ...receipt, explanation: undefined }) };
  if (Object.isExtensible(receipt)) Object.defineProperty(receipt, WRITTEN, { value: written, configurable: true, writable: true });
  return written.text;
}

/** JSON.stringify(receipt.answers), as receiptTextWithoutExplanation wrote it for these answers; undefined when it did not. */
export function answersText(receipt: ReceiptBody): string | undefined {
  const answers = (receipt as Written)[WRITTEN]?.answers;
  return answers !== undefined && answers.of === receipt.answers ? answers.text : undefined;
}

/**
 * JSON.stringify(receipt), from the text receiptTextWithoutExplanation wrote when nothing but the
 * latency changed since (an integer, written as JSON writes it) and the receipt has no
 * explanation; written whole otherwise.
 */
export function receiptText(receipt: ReceiptBody): string {
  const before = (receipt as Written)[WRITTEN]?.text;
  if (
    before === undefined ||
    receipt.explanation !== undefined ||
    !before.endsWith(PENDING_LATENCY) ||
    !Number.isSafeInteger(receipt.latency_ms)
  )
    return JSON.stringify(receipt);
  return `${before.slice(0, -2)}${receipt.latency_ms}}`;
}
