// The JSON text of a 4.2 response, assembled from the JSON of its parts instead of serialising the
// whole answer again: the model echo's text (serialised once, when the request's model was
// resolved), the input schema's (once per compiled model), and the receipt's (once, before it is
// settled; its billing is appended to that text when it is). The text is exactly what
// JSON.stringify would write for the response object, field for field in the same order; the text
// without the accounting fields is the one its output tokens are counted on (spec 2.10, tokens.ts).
import { countTokensYielding, prefixCountWhenAsked } from "./tokens.js";
import { hasMembers, plainString } from "../compiler/fixed-json.js";

/** The fields of a response known before it is settled, in the order they are answered. */
export interface ResponseHead {
  /** JSON text of the model echo */
  modelText: string;
  /** JSON text of the derived input schema */
  inputText: string;
  answers: Record<string, unknown>;
  /** JSON text of the answers, when it was written before (with the receipt's: receipt-text.ts) */
  answersText?: string;
  /** JSON text of the receipt before settlement (no signature, no billing) */
  receiptText: string;
  cacheHit: boolean;
  providerUsage: unknown;
  warnings: unknown[];
}

const schemaTexts = new WeakMap<object, string>();

/** The JSON text of a compiled model's input schema, serialised once per schema object. */
export function inputSchemaText(schema: object): string {
  let text = schemaTexts.get(schema);
  if (text === undefined) {
    text = JSON.stringify(schema);
    schemaTexts.set(schema, text);
  }
  return text;
}

const json = (value: unknown): string => JSON.stringify(value);

/** The members of a token usage, as providers and the answer's `usage` write them. */
const USAGE = ["input_tokens", "output_tokens"] as const;

/**
 * JSON.stringify of a token usage, its member names written as they are when it has those two
 * members, in that order, of safe integers (which JSON writes as `${n}`); written whole otherwise.
 */
function usageText(usage: unknown): string {
  if (!hasMembers(usage, USAGE)) return json(usage);
  const { input_tokens: input, output_tokens: output } = usage;
  return Number.isSafeInteger(input) && Number.isSafeInteger(output) ? `{"input_tokens":${input},"output_tokens":${output}}` : json(usage);
}

/** JSON.stringify of the warnings: none, nearly always. */
const warningsText = (warnings: unknown[]): string => (warnings.length === 0 && Array.isArray(warnings) ? "[]" : json(warnings));

/** JSON.stringify of a string, without the escaping walk for one of plain characters. */
const quoted = (text: string): string => (plainString(text) ? `"${text}"` : json(text));

interface Ends {
  answers: string;
  close: string;
}

/**
 * The answers' text and the text after the receipt, made once per head (the counted text and the
 * answer both need them): kept on the head under a symbol, not enumerable, rather than in a
 * WeakMap, whose entry per response costs the garbage collector more than making them.
 */
const ENDS = Symbol("ends");

function endsOf(h: ResponseHead): Ends {
  const kept = (h as ResponseHead & { [ENDS]?: Ends })[ENDS];
  if (kept) return kept;
  const e = {
    answers: h.answersText ?? json(h.answers),
    close: `"cache_hit":${json(h.cacheHit)},"provider_usage":${usageText(h.providerUsage)},"warnings":${warningsText(h.warnings)}`,
  };
  if (Object.isExtensible(h)) Object.defineProperty(h, ENDS, { value: e });
  return e;
}
const openWith = (h: ResponseHead) => `{"model":${h.modelText},"input":${h.inputText},"answers":${endsOf(h).answers}`;
const closeWith = (h: ResponseHead) => endsOf(h).close;

/** The lead of an answer and of its counted text, fixed for a model text and input schema: its tokens counted and its UTF-8 made once. */
const leads = new WeakMap<
  object,
  { modelText: string; inputText: string; count: () => Promise<{ tokens: number; rest: string }>; bytes: Buffer }
>();

/** `{"model":…,"input":…,"answers":` of h, by `schema` (h's input schema). */
function leadOf(h: ResponseHead, schema: object) {
  let known = leads.get(schema);
  if (!known || known.modelText !== h.modelText || known.inputText !== h.inputText) {
    const lead = `{"model":${h.modelText},"input":${h.inputText},"answers":`;
    known = { modelText: h.modelText, inputText: h.inputText, count: prefixCountWhenAsked(lead), bytes: Buffer.from(lead) };
    leads.set(schema, known);
  }
  return known;
}

/** countTokens(countedText(h)), the lead that `schema` (h's input schema) and h's model text fix counted once. */
export async function countedTokens(h: ResponseHead, schema: object): Promise<number> {
  // the lead and the answer may be large: counted in slices that let other requests run (tokens.ts)
  const lead = await leadOf(h, schema).count();
  return lead.tokens + (await countTokensYielding(`${lead.rest}${endsOf(h).answers},"receipt":${h.receiptText},${closeWith(h)}}`));
}

/** The response without its accounting (top-level usage and billing, the receipt's billing and signature): what output tokens count. */
export const countedText = (h: ResponseHead): string => `${openWith(h)},"receipt":${h.receiptText},${closeWith(h)}}`;

/**
 * JSON.stringify of `{...receipt, billing}` from the receipt's text and the billing's: billing
 * goes last, as the spread puts a field the receipt does not have.
 */
export const withBilling = (receiptText: string, billingText: string): string =>
  `${receiptText === "{}" ? "{" : `${receiptText.slice(0, -1)},`}"billing":${billingText}}`;

/**
 * The whole response but its signature, serialised before the signature is known, as UTF-8 in two
 * pieces sent one after the other: the lead's bytes, made once (by `schema`, h's input schema) and
 * shared by every answer of that model, and the rest's, made each time. Never joined: the lead of
 * a large model is hundreds of kilobytes. `payloadText` is the JSON of the receipt with its
 * billing, as signed (`billingText` the billing's, written once), and the signature goes first in
 * the receipt, as `{receipt: signature, ...payload}` puts it (the receipt's fields are names, never
 * array indices, which an object would list first). A string always serialises, so the answer is
 * complete once the signature is put in: its text is never made whole.
 */
export function responseBytes(
  h: ResponseHead,
  schema: object,
  payloadText: string,
  usage: unknown,
  billingText: string,
): (signature: string) => Buffer[] {
  const { bytes } = leadOf(h, schema);
  const rest = afterLead(h, payloadText, usage, billingText);
  return (signature) => [bytes, Buffer.from(rest(signature))];
}

function afterLead(h: ResponseHead, payloadText: string, usage: unknown, billingText: string): (signature: string) => string {
  const fields = payloadText === "{}" ? "}" : `,${payloadText.slice(1)}`;
  const before = `${endsOf(h).answers},"receipt":{"receipt":`;
  const after = `${fields},${closeWith(h)},"usage":${usageText(usage)},"billing":${billingText}}`;
  return (signature) => `${before}${quoted(signature)}${after}`;
}
