// Models that come back request after request as the same text. A body whose "model" member
// (found by member-span.ts without parsing, wherever it stands among the body's members and
// whatever whitespace is around it) holds the exact bytes of a model seen before (compared in
// memory, neither decoded nor parsed) gets that model's parsed value, frozen and shared, and only
// the rest of the body is decoded, parsed and checked, the model's place holding `null`; the
// model's identity, its token count and its JSON echo are then made once (resolve-model.ts,
// response-text.ts), so a call's work grows with its state and answers alone. A body whose rest
// does not parse, or breaks a limit, is parsed again as a whole: its problem is the one it always
// was, named at its place in the body.
import { LRUCache } from "lru-cache";
import { jsonFault, type JsonFault } from "./json-limits.js";
import { misreadNumber } from "./json-numbers.js";
import { firstMemberSpan, memberSpan } from "./member-span.js";
import { nextTurn } from "./next-turn.js";
import { countTokensYielding, lastBoundary } from "./tokens.js";

const MODEL = Buffer.from("model");
const MODEL_KEY = Buffer.from('"model"');
const UNICODE_ESCAPE = Buffer.from("\\u");
/** Bytes of a model's text that find its candidates. */
const HEAD = 64;
/** Candidates sharing one head (versions of one model, usually). */
const PER_HEAD = 4;
/** Bytes of model text remembered at most. */
const MAX_CHARS = 64 * 1024 * 1024;
/** How far into a model's text the first place to cut its count is looked for. */
const HEAD_CHARS = 256;

interface Known {
  /** the model's JSON as the client sends it, in UTF-8 */
  bytes: Buffer;
  model: Record<string, unknown>;
  /**
   * The model's text cut where a pre-token begins whatever comes before or after it (tokens.ts):
   * its head and tail are counted with the body around them, its middle once, when first asked
   * for, so a body's count is theirs added up.
   */
  head: string;
  tail: string;
  middle: () => Promise<number>;
  /** the count of the head with the text before it, for the last such text (`{"model":`, usually) */
  lead?: { before: string; tokens: number };
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
  // a body without a "model" key is not walked for one (a key spelt with escapes holds a \u)
  if (!bytes.includes(MODEL_KEY) && !bytes.includes(UNICODE_ESCAPE)) return parseWhole(bytes, decode);
  let known: Known | undefined;
  const knownEnd = (start: number) => {
    known = lookUp(bytes, start);
    return known ? start + known.bytes.length : -1;
  };
  // a known model as the first member, as clients mostly send it: the rest is parsed, never walked
  const first = firstMemberSpan(bytes, MODEL, knownEnd);
  const leading = first && recogniseFirst(bytes.subarray(0, first.start), bytes.subarray(first.end), known!, decode);
  if (leading) return leading;
  known = undefined;
  const span = memberSpan(bytes, MODEL, knownEnd);
  const model = span && bytes[span.start] === OPEN ? bytes.subarray(span.start, span.end) : null;
  const fast = known && model && recognise(bytes, model, known, decode);
  if (fast) return fast;
  const parsed = parseWhole(bytes, decode);
  if (parsed.ok && model) remember(model, parsed.body, decode);
  return parsed;
}

/**
 * parseBody of the body that `chunks` hold one after the other (`length` bytes in all, as they
 * arrived): a known model that comes first, its key in the first chunk, is compared chunk by
 * chunk and only the bytes after it are joined; any other body is joined and parsed by parseBody.
 */
export function parseChunks(chunks: readonly Buffer[], length: number, decode: (bytes: Uint8Array) => string): ParsedBody {
  const head = chunks[0];
  if (head && chunks.length > 1) {
    let known: Known | undefined;
    const knownEnd = (start: number) => {
      known = lookUpIn(chunks, start);
      return known ? start + known.bytes.length : -1;
    };
    const first = firstMemberSpan(head, MODEL, knownEnd);
    const leading = first && recogniseFirst(head.subarray(0, first.start), bytesFrom(chunks, first.end), known!, decode);
    if (leading) return leading;
  }
  return parseBody(head && chunks.length === 1 ? head : Buffer.concat(chunks, length), decode);
}

/** The known model whose bytes the chunks hold from `start` (an index into the first) on, compared piece by piece. */
function lookUpIn(chunks: readonly Buffer[], start: number): Known | undefined {
  const head = chunks[0]!;
  if (head[start] !== OPEN) return undefined;
  return byHead.get(keyOf(head, start))?.find((k) => holdsAt(chunks, start, k.bytes));
}

/** Whether the chunks hold `bytes` from `start` (an index into the first) on. */
function holdsAt(chunks: readonly Buffer[], start: number, bytes: Buffer): boolean {
  let done = 0;
  let at = start;
  for (const c of chunks) {
    const n = Math.min(c.length - at, bytes.length - done);
    if (!bytes.subarray(done, done + n).equals(c.subarray(at, at + n))) return false;
    done += n;
    at = 0;
    if (done === bytes.length) return true;
  }
  return false;
}

/** The bytes of the chunks from `from` (an index into their concatenation) to the end, joined. */
function bytesFrom(chunks: readonly Buffer[], from: number): Buffer {
  const rest: Buffer[] = [];
  let at = from;
  for (const c of chunks) {
    if (at < c.length) rest.push(c.subarray(Math.max(0, at)));
    at -= c.length;
  }
  return rest.length === 1 ? rest[0]! : Buffer.concat(rest);
}

/** parseBody without the models it knows: the whole body decoded, parsed and checked. */
export function parseWhole(bytes: Buffer, decode: (bytes: Uint8Array) => string): ParsedBody {
  const text = decode(bytes);
  return checked(text, JSON.parse(text));
}

/**
 * parseWhole with the check in the event loop's next turn: a body near the size limit takes tens of
 * milliseconds to parse and as many to check (a state of 90,000 keys: 45 and 30 ms of CPU).
 */
export async function parseWholeInTurns(bytes: Buffer, decode: (bytes: Uint8Array) => string): Promise<ParsedBody> {
  const text = decode(bytes);
  const body: unknown = JSON.parse(text);
  await nextTurn();
  return checked(text, body);
}

/** The parsed body, or the first fault of it or of its text. */
function checked(text: string, body: unknown): ParsedBody {
  const fault = jsonFault(body, "body") ?? misreadFault(text);
  if (fault) return { ok: false, fault };
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
function misreadFault(text: string): JsonFault | null {
  const found = misreadNumber(text);
  if (!found) return null;
  const shown =
    found.token.length > 40 ? `${found.token.slice(0, 20)}…${found.token.slice(-12)} (${found.token.length} characters)` : found.token;
  return { kind: found.kind, path: "body", message: `the number ${shown} at character ${found.at} of the body ${MISREAD[found.kind]}` };
}

/** Whether `model` is a recognised model's shared value (deeply frozen). */
export const isKnownModel = (model: unknown): model is Record<string, unknown> =>
  model !== null && typeof model === "object" && models.has(model);

const OPEN = 0x7b;
/** Where a model's text is looked for: its first bytes. */
const keyOf = (bytes: Buffer, at = 0) => bytes.toString("latin1", at, Math.min(at + HEAD, bytes.length));

/** The known model whose bytes `body` holds from `start` on (compared in memory). */
function lookUp(body: Buffer, start: number): Known | undefined {
  if (body[start] !== OPEN) return undefined;
  return byHead
    .get(keyOf(body, start))
    ?.find((k) => k.bytes.length <= body.length - start && k.bytes.equals(body.subarray(start, start + k.bytes.length)));
}

/** What may follow a body's first member: whitespace, then a comma and the next key's quote, or the closing brace. */
const AFTER_FIRST = /^[ \t\n\r]*(?:,(?=[ \t\n\r]*")|\})/;

/**
 * The body whose first member is a known model's (`k`'s, between the bytes `beforeBytes` and
 * `afterBytes`): the members after it are parsed as an object of their own, which must not hold
 * "model" again; null when they do, or are not a clean body.
 */
function recogniseFirst(beforeBytes: Buffer, afterBytes: Buffer, k: Known, decode: (bytes: Uint8Array) => string): ParsedBody | null {
  const before = decode(beforeBytes);
  const after = decode(afterBytes);
  const sep = AFTER_FIRST.exec(after);
  if (!sep) return null;
  const restText = sep[0].endsWith("}") ? `{}${after.slice(sep[0].length)}` : `{${after.slice(sep[0].length)}`;
  let rest: Record<string, unknown>;
  try {
    rest = JSON.parse(restText) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (Object.hasOwn(rest, "model") || jsonFault(rest, "body") || misreadNumber(restText)) return null;
  return { ok: true, body: { model: k.model, ...rest }, tokens: tokensOf(before, k, after) };
}

/** The tokens of `before`, a known model's text and `after`: the model's middle counted once, and its head with the last `before` seen. */
const tokensOf = (before: string, k: Known, after: string) => async () =>
  (await leadTokens(before, k)) + (await k.middle()) + (await countTokensYielding(k.tail + after));

async function leadTokens(before: string, k: Known): Promise<number> {
  if (k.lead?.before === before) return k.lead.tokens;
  const tokens = await countTokensYielding(before + k.head);
  // a short text only: what a body puts before the model is not kept in memory
  if (before.length <= HEAD_CHARS) k.lead = { before, tokens };
  return tokens;
}

/** The body with a known model's value (`k`'s, whose bytes `model` holds) in place of its bytes; null when the rest is not a clean body. */
function recognise(bytes: Buffer, model: Buffer, k: Known, decode: (bytes: Uint8Array) => string): ParsedBody | null {
  const start = model.byteOffset - bytes.byteOffset;
  // the model's bytes are UTF-8 and open and close with braces: what is around them decodes on its own
  const before = decode(bytes.subarray(0, start));
  const after = decode(bytes.subarray(start + model.length));
  const restText = `${before}null${after}`;
  let rest: unknown;
  try {
    rest = JSON.parse(restText);
  } catch {
    return null; // the whole body's own error
  }
  if (rest === null || typeof rest !== "object" || (rest as Record<string, unknown>).model !== null) return null;
  // a fault is named by its place in the whole body
  if (jsonFault(rest, "body") || misreadNumber(restText)) return null;
  (rest as Record<string, unknown>).model = k.model;
  return { ok: true, body: rest, tokens: tokensOf(before, k, after) };
}

/** A model parsed from `bytes` (a body's "model" member, an object), kept for the bodies that bring the same bytes again. */
function remember(bytes: Buffer, body: unknown, decode: (bytes: Uint8Array) => string): void {
  const model = (body as Record<string, unknown>).model as Record<string, unknown>;
  const text = decode(bytes);
  const a = lastBoundary(text, 0, Math.min(HEAD_CHARS, text.length - 1));
  if (a < 0) return;
  const b = Math.max(a, lastBoundary(text, a, text.length - 1));
  let middle: string | null = text.slice(a, b);
  let counted: Promise<number> | undefined;
  const count = () =>
    (counted ??= countTokensYielding(middle!).then((n) => {
      middle = null;
      return n;
    }));
  deepFreeze(model);
  models.add(model);
  const own = Buffer.from(bytes);
  const k: Known = { bytes: own, model, head: text.slice(0, a), tail: text.slice(b), middle: count };
  const key = keyOf(own);
  const others = (byHead.get(key) ?? []).filter((o) => !o.bytes.equals(own));
  byHead.set(key, [k, ...others].slice(0, PER_HEAD));
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}
