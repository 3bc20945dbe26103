// API token counts with a real tokenizer (gpt-tokenizer, o200k_base). Byte-pair encoding is
// quadratic in the length of one pre-token, so a long run without whitespace (say 1 MB of "a")
// could stall the server; text is therefore counted in chunks of at most CHUNK characters cut
// before whitespace. Text shorter than CHUNK is counted exactly as the tokenizer counts it whole.
// Requests and responses repeat the same model text call after call, so each chunk's count is
// remembered by its text (a chunk's count depends on nothing else).
import { countTokens as countWithTokenizer } from "gpt-tokenizer";
import { textMemo } from "../compiler/index.js";

export const CHUNK = 2048;
/** chunks shorter than this are counted each time: remembering them costs more than counting */
const REMEMBER_FROM = 256;

/** Special tokens such as <|endoftext|> in a request are plain text here, not control tokens. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

const remembered = textMemo<number>(8 * 1024 * 1024);

function countChunk(piece: string): number {
  if (piece.length < REMEMBER_FROM) return countWithTokenizer(piece, AS_TEXT);
  let count = remembered.get(piece);
  if (count === undefined) {
    count = countWithTokenizer(piece, AS_TEXT);
    remembered.set(piece, count);
  }
  return count;
}

export function countTokens(text: string): number {
  let total = 0;
  for (const piece of chunks(text)) total += countChunk(piece);
  return total;
}

/** Where the chunks a text shares with every longer text that starts with it end, and their tokens. */
export interface PrefixCount {
  end: number;
  tokens: number;
}

/**
 * The chunks of any text that begins with `prefix` and lie wholly inside it: a chunk is cut within
 * a window of CHUNK characters from where the previous one ended, so while that window ends inside
 * the prefix the cut is the prefix's own. countTokens(prefix + rest) is then
 * tokens + countTokens((prefix + rest).slice(end)): chunking restarts the same at any chunk's start.
 */
export function countPrefix(prefix: string): PrefixCount {
  let end = 0;
  let tokens = 0;
  while (prefix.length - end > CHUNK) {
    const cut = lastWhitespace(prefix.slice(end, end + CHUNK));
    const next = end + (cut > 0 ? cut : CHUNK);
    tokens += countChunk(prefix.slice(end, next));
    end = next;
  }
  return { end, tokens };
}

function* chunks(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > CHUNK) {
    const window = text.slice(start, start + CHUNK);
    const cut = lastWhitespace(window);
    const end = start + (cut > 0 ? cut : CHUNK);
    yield text.slice(start, end);
    start = end;
  }
  if (start < text.length) yield text.slice(start);
}

/** JavaScript's \s beyond ASCII, asked only of the rare character past U+007F */
const WIDE_SPACE = /\s/;

/** A character of \s: ASCII by code (no string made per character), the rest by the regex. */
const isSpace = (code: number, s: string, i: number): boolean =>
  code < 0x80 ? code === 0x20 || (code >= 0x09 && code <= 0x0d) : WIDE_SPACE.test(s[i]!);

function lastWhitespace(s: string): number {
  for (let i = s.length - 1; i > 0; i--) if (isSpace(s.charCodeAt(i), s, i)) return i;
  return -1;
}

const ACCOUNTING = new Set(["usage", "billing"]);

/**
 * Output tokens of a response: its JSON with the accounting metadata left out (spec 2.10): the
 * top-level `usage` and `billing`, the receipt's `billing`, and the receipt signature, which
 * signs the billing and so cannot be known before it.
 */
export function countOutputTokens(body: Record<string, unknown>): number {
  const counted: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!ACCOUNTING.has(k)) counted[k] = v;
  const receipt = counted.receipt;
  if (receipt && typeof receipt === "object") {
    const { billing: _b, receipt: _sig, ...rest } = receipt as Record<string, unknown>;
    counted.receipt = rest;
  }
  return countTokens(JSON.stringify(counted));
}
