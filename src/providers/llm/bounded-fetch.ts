// The fetch the language-model SDKs are given: a provider's answer is read here, whole, before the
// SDK sees it, and refused once it passes ANSWER_BYTES or nests deeper than ANSWER_DEPTH. The SDKs
// read an answer of any size into memory and parse it on the event loop: a provider (or anything
// posing as one) that sends 200 MB, or never stops sending, would hold the loop for seconds and
// grow the process without bound within the provider time limit. The refusal is a ProviderError,
// which the SDK carries out as the cause of its connection error (structured.ts unwraps it).
import { ProviderError } from "../types.js";

/**
 * The largest answer read. The most output one request asks for is 16,384 tokens (a thinking
 * draft); even at 32 bytes a token, escaped twice (the model's JSON inside the provider's), that is
 * about 1 MB: twice that leaves room for a provider's own fields.
 */
export const ANSWER_BYTES = 2 * 1024 * 1024;

/**
 * Arrays and objects inside one another in an answer: the provider's envelope (about 5) around a
 * model's JSON text. Parsing a few megabytes of `[[[[…` costs seconds.
 */
export const ANSWER_DEPTH = 128;

/** What each byte outside a string does to the nesting: `[` and `{` open, `]` and `}` close. */
const STEP = new Int8Array(256);
for (const [c, step] of [
  ["[", 1],
  ["{", 1],
  ["]", -1],
  ["}", -1],
] as const)
  STEP[c.charCodeAt(0)] = step;
const QUOTE = '"'.charCodeAt(0);
const BACKSLASH = "\\".charCodeAt(0);

/**
 * The deepest nesting of brackets outside strings in JSON of `length` units, `codeAt` giving each
 * (bytes or UTF-16 text alike: the characters that count are ASCII). A scan that parses nothing.
 */
export function nestingDepth(length: number, codeAt: (i: number) => number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < length; i++) {
    const c = codeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c < 256) depth += STEP[c]!;
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}

/** The body, read until its end or until it passes `limit` bytes (then null, the rest cancelled). */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<Buffer<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

export interface AnswerLimits {
  bytes: number;
  depth: number;
}

/** `fetch` for a provider's SDK: each answer bounded by `limits` (`what` names the provider in the refusal). */
export function boundedFetch(what: string, limits: AnswerLimits = { bytes: ANSWER_BYTES, depth: ANSWER_DEPTH }): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    if (!res.body) return res;
    const bytes = await readAtMost(res.body, limits.bytes);
    if (!bytes) throw new ProviderError("failed", `${what} answered more than ${limits.bytes} bytes, the most read from a provider`);
    const depth = nestingDepth(bytes.length, (i) => bytes[i]!);
    if (depth > limits.depth)
      throw new ProviderError("failed", `${what} answered JSON nested ${depth} deep; the most read is ${limits.depth}`);
    return new Response(bytes, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
