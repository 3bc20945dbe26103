// Models that come back request after request as the same text. A body that begins
// `{"model":` followed by the exact bytes of a model seen before (compared in memory, neither
// decoded nor parsed) gets that model's parsed value, frozen and shared, and only the rest of the
// body (the state) is decoded, parsed and checked; the model's identity, its token count and its JSON echo are then made once
// (resolve-model.ts, response-text.ts), so a call's work grows with its state and answers alone.
// The text of a complete JSON value is read to its end by any parser and no further, so when the
// body continues with `,` or `}` after it, that text is the value of "model", exactly as parsing
// the whole body would give (a second "model" key in the rest falls back to parsing it all).
import { LRUCache } from "lru-cache";
import { jsonFault, type JsonFault } from "./json-limits.js";
import { misreadNumber } from "./json-numbers.js";
import { countTokensYielding, prefixCountWhenAsked } from "./tokens.js";

const LEAD = '{"model":';
/** Characters of a model's text that find its candidates. */
const HEAD = 64;
/** Candidates sharing one head (versions of one model, usually). */
const PER_HEAD = 4;
/** Bytes of model text remembered at most. */
const MAX_CHARS = 64 * 1024 * 1024;

interface Known {
  /** the model's JSON as the client sends it, in UTF-8 */
  bytes: Buffer;
  model: Record<string, unknown>;
  /**
   * the tokens of the chunks of `{"model":<text>` that any body starting with it shares, and the
   * rest of it after them: counted when a body brings the model again, letting other work run
   */
  lead: () => Promise<{ tokens: number; rest: string }>;
}

const byHead = new LRUCache<string, Known[]>({
  maxSize: MAX_CHARS,
  sizeCalculation: (list) => list.reduce((n, k) => n + k.bytes.length, 1),
});
const models = new WeakSet<object>();

/** A parsed body, and its API input tokens (countTokens of its text), counted when asked. */
export type ParsedBody = { ok: true; body: unknown; tokens: () => Promise<number> } | { ok: false; fault: JsonFault };

/**
 * JSON.parse of a request body's UTF-8 (`decode`: its decoder, which throws on bytes that are not
 * UTF-8) and its limits (json-limits.ts); throws what `decode` or JSON.parse throws.
 */
export function parseBody(bytes: Buffer, decode: (bytes: Uint8Array) => string): ParsedBody {
  const fast = recognise(bytes, decode);
  if (fast) return fast;
  const text = decode(bytes);
  const body = JSON.parse(text) as unknown;
  const fault = jsonFault(body, "body") ?? misreadFault(text);
  if (fault) return { ok: false, fault };
  remember(text, body);
  return { ok: true, body, tokens: () => countTokensYielding(text) };
}

/** What JSON.parse reads a number beyond a double's range as, and what to send instead. */
const MISREAD = {
  underflow:
    "is not zero but lies below 5e-324, the smallest magnitude a JSON number is read as here, so it would be read as 0; send 0, or round it",
  overflow:
    "lies beyond 1.7976931348623157e308, the largest magnitude a JSON number is read as here, so it would be read as Infinity; send a smaller number",
};

/** A number of the text that JSON.parse reads as 0 though it is not, or as ±Infinity (json-numbers.ts). */
function misreadFault(text: string, where = (at: number) => ` at character ${at} of the body`): JsonFault | null {
  const found = misreadNumber(text);
  if (!found) return null;
  const shown =
    found.token.length > 40 ? `${found.token.slice(0, 20)}…${found.token.slice(-12)} (${found.token.length} characters)` : found.token;
  return { kind: found.kind, path: "body", message: `the number ${shown}${where(found.at)} ${MISREAD[found.kind]}` };
}

/** Whether `model` is a recognised model's shared value (deeply frozen). */
export const isKnownModel = (model: unknown): model is Record<string, unknown> =>
  model !== null && typeof model === "object" && models.has(model);

const LEAD_BYTES = Buffer.from(LEAD);
const COMMA = 0x2c;
const CLOSE = 0x7d;
const headOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(HEAD, bytes.length)).toString("latin1");

function recognise(bytes: Buffer, decode: (bytes: Uint8Array) => string): ParsedBody | null {
  if (bytes.length <= LEAD_BYTES.length || bytes.compare(LEAD_BYTES, 0, LEAD_BYTES.length, 0, LEAD_BYTES.length) !== 0) return null;
  const list = byHead.get(headOf(bytes.subarray(LEAD_BYTES.length)));
  if (!list) return null;
  for (const k of list) {
    const after = LEAD_BYTES.length + k.bytes.length;
    const next = bytes[after];
    if ((next !== COMMA && next !== CLOSE) || !k.bytes.equals(bytes.subarray(LEAD_BYTES.length, after))) continue;
    // the model's bytes were UTF-8 and end with "}": the rest decodes on its own
    const restText = decode(bytes.subarray(after + 1));
    let rest: Record<string, unknown>;
    try {
      rest = JSON.parse(next === CLOSE ? `{}${restText}` : `{${restText}`) as Record<string, unknown>;
    } catch {
      return null; // the whole body's own error
    }
    if (Object.hasOwn(rest, "model")) return null;
    // (the rest's characters do not count from the body's start: the number is named alone)
    const fault = jsonFault(rest, "body") ?? misreadFault(restText, () => " in the body");
    if (fault) return { ok: false, fault };
    const tokens = async () => {
      const lead = await k.lead();
      return lead.tokens + (await countTokensYielding(`${lead.rest}${next === CLOSE ? "}" : ","}${restText}`));
    };
    return { ok: true, body: { model: k.model, ...rest }, tokens };
  }
  return null;
}

function remember(text: string, body: unknown): void {
  if (!text.startsWith(LEAD) || text.charCodeAt(LEAD.length) !== 0x7b) return;
  const model = (body as Record<string, unknown>).model as Record<string, unknown>;
  const end = objectEnd(text, LEAD.length);
  const next = text.charCodeAt(end);
  if (next !== COMMA && next !== CLOSE) return;
  // a second "model" key would be the one parsed: then the first text is not the model
  try {
    if (next === COMMA && Object.hasOwn(JSON.parse(`{${text.slice(end + 1)}`) as object, "model")) return;
  } catch {
    return;
  }
  const lead = text.slice(0, end);
  const modelBytes = Buffer.from(lead.slice(LEAD.length));
  deepFreeze(model);
  models.add(model);
  const k: Known = { bytes: modelBytes, model, lead: prefixCountWhenAsked(lead) };
  const head = headOf(modelBytes);
  const others = (byHead.get(head) ?? []).filter((o) => !o.bytes.equals(modelBytes));
  byHead.set(head, [k, ...others].slice(0, PER_HEAD));
}

/** The index after the object that opens at `start` in valid JSON text. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) i = stringEnd(text, i);
    else if (c === 0x7b || c === 0x5b) depth++;
    else if ((c === 0x7d || c === 0x5d) && --depth === 0) return i + 1;
  }
  return text.length;
}

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}
