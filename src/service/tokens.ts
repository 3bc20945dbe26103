// API token counts with a real tokenizer (gpt-tokenizer, o200k_base). Byte-pair encoding is
// quadratic in the length of one pre-token (the tokenizer's regex splits text into pre-tokens
// and encodes each on its own), so text is counted in slices of at most CHUNK characters, cut
// where a pre-token begins whatever came before (startsPreToken: before a space or tab that follows
// a character that is not whitespace, where a word or a number ends and punctuation begins, ...).
// The sum over the slices is then exactly the count of the whole text. Only a stretch of CHUNK
// characters with no such place in it (a run of letters, CJK, whitespace or punctuation) is cut
// inside, at CHUNK, and counted slice by slice. Requests and responses repeat
// the same model text call after call, and much of the rest (member names, the parts of a state and
// an answer that did not change), so each slice is cut again into pieces of about PIECE characters
// at the same kind of place, and each piece's count is remembered by its text: a call counts only
// the pieces it does not share with the calls before it.
import { countTokens as countWithTokenizer } from "gpt-tokenizer";
import { textMemo } from "../compiler/index.js";
import { generations } from "./generations.js";
import { slices } from "./next-turn.js";

export const CHUNK = 1024;
/** About how long a remembered piece is: looking one up costs a few percent of counting it. */
const PIECE = 128;
/** The longest token of o200k_base, in UTF-8 bytes (128 spaces). */
const MAX_TOKEN_BYTES = 128;

/** Special tokens such as <|endoftext|> in a request are plain text here, not control tokens. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** Characters of remembered pieces, half for the longer pieces (a stretch with no place to cut), half for the others. */
const REMEMBERED_CHARS = 8 * 1024 * 1024;
const remembered = textMemo<number>(REMEMBERED_CHARS / 2);
/**
 * Pieces up to this long (nearly all of them, PIECE or shorter) are remembered in a plain Map keyed
 * by their text (generations.ts), without lru-cache's bookkeeping on every lookup: with it, and the
 * short pieces counted each time, counting a 1,158-character response text whose pieces were all
 * known took twice as long.
 */
const SHORT_PIECE = 2 * PIECE;
const shortPieces = generations<number>(REMEMBERED_CHARS / 2);

/**
 * A piece's count, remembered: a short one too (the last piece of a chunk, often a few characters
 * of an answer's end), whose count costs the tokenizer a microsecond or two and a lookup a
 * fraction of that.
 */
function countPiece(piece: string): number {
  const memo = piece.length <= SHORT_PIECE ? shortPieces : remembered;
  let count = memo.get(piece);
  if (count === undefined) {
    count = countWithTokenizer(piece, AS_TEXT);
    memo.set(piece, count);
  }
  return count;
}

/**
 * A chunk's count, the sum over its pieces: cut where `chunks` cuts (a pre-token begins there
 * whatever precedes it), the last such place within PIECE characters; a stretch with none is
 * one piece to the chunk's end. Cut only there, the sum is exactly the chunk's count.
 */
function countChunk(chunk: string): number {
  let total = 0;
  let start = 0;
  while (chunk.length - start > PIECE) {
    const cut = lastBoundary(chunk, start, start + PIECE);
    if (cut <= start) break;
    total += countPiece(chunk.slice(start, cut));
    start = cut;
  }
  return total + countPiece(start === 0 ? chunk : chunk.slice(start));
}

export function countTokens(text: string): number {
  let total = 0;
  for (const piece of chunks(text)) total += countChunk(piece);
  return total;
}

/** Where a text's last pre-token that every longer text starting with it shares begins, and the tokens before it. */
export interface PrefixCount {
  end: number;
  tokens: number;
}

/** Sums `count` over `pieces`, letting the event loop run other work every SLICE_MS. */
async function sumYielding(pieces: Iterable<string>): Promise<number> {
  let total = 0;
  const pause = slices();
  for (const piece of pieces) {
    total += countChunk(piece);
    const paused = pause();
    if (paused) await paused;
  }
  return total;
}

/**
 * countTokens, letting the event loop run other work every few milliseconds: a megabyte of
 * text that takes seconds to count never holds the server for longer than one slice.
 */
export const countTokensYielding = (text: string): Promise<number> => sumYielding(chunks(text));

/**
 * The tokens of `prefix` up to `end`, the last place in it where a pre-token begins whatever
 * follows the prefix (startsPreToken looks at the code points on either side, both in the prefix):
 * the chunks any text that begins with `prefix` shares with it, then the rest up to that place.
 * Cut there, countTokens(prefix + rest) is tokens + countTokens((prefix + rest).slice(end)), and
 * what a longer text counts again is the prefix's last pre-token or so, not up to a chunk of it.
 * Counted as countTokensYielding counts.
 */
export async function countPrefix(prefix: string): Promise<PrefixCount> {
  const at = { end: 0 };
  const tokens = await sumYielding(prefixChunks(prefix, at));
  return { end: at.end, tokens };
}

/** The chunks of `prefix` that any longer text shares, then the rest up to its last pre-token start, `at.end` following them. */
function* prefixChunks(prefix: string, at: { end: number }): Generator<string> {
  while (prefix.length - at.end > CHUNK) {
    const cut = lastBoundary(prefix, at.end, at.end + CHUNK);
    const next = cut > at.end ? cut : hardCut(prefix, at.end + CHUNK);
    yield prefix.slice(at.end, next);
    at.end = next;
  }
  // not at the last code unit: a high surrogate there would be read whole only with what follows
  const last = lastBoundary(prefix, at.end, prefix.length - 2);
  if (last > at.end) {
    yield prefix.slice(at.end, last);
    at.end = last;
  }
}

/**
 * countPrefix of `prefix`, made when first asked for and kept (with the rest of the prefix after
 * its end, a pre-token or so): the text is held only until then.
 */
export function prefixCountWhenAsked(prefix: string): () => Promise<{ tokens: number; rest: string }> {
  let text: string | null = prefix;
  let counted: Promise<{ tokens: number; rest: string }> | undefined;
  return () =>
    (counted ??= countPrefix(text!).then(({ end, tokens }) => {
      const rest = text!.slice(end);
      text = null;
      return { tokens, rest };
    }));
}

/** The fewest tokens text of `bytes` UTF-8 bytes can count (no token is longer than MAX_TOKEN_BYTES), known without counting. */
export const tokensAtLeast = (bytes: number): number => Math.ceil(bytes / MAX_TOKEN_BYTES);

function* chunks(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > CHUNK) {
    const cut = lastBoundary(text, start, start + CHUNK);
    const end = cut > start ? cut : hardCut(text, start + CHUNK);
    yield text.slice(start, end);
    start = end;
  }
  if (start < text.length) yield text.slice(start);
}

/** JavaScript's \s beyond ASCII, asked only of the rare character past U+007F */
const WIDE_SPACE = /\s/;

type Kind = "space" | "letter" | "mark" | "digit" | "other";

const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;
const DIGIT = /\p{N}/u;

/** The code point's class in o200k's pre-token pattern: \s, a letter, a mark (in a word or in a punctuation run), a number, anything else. */
function kindAt(s: string, i: number): Kind {
  const code = s.charCodeAt(i);
  if (code < 0x80) {
    if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return "space";
    if ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) return "letter";
    return code >= 0x30 && code <= 0x39 ? "digit" : "other";
  }
  const ch = String.fromCodePoint(s.codePointAt(i)!);
  return WIDE_SPACE.test(ch) ? "space" : LETTER.test(ch) ? "letter" : MARK.test(ch) ? "mark" : DIGIT.test(ch) ? "digit" : "other";
}

/** Where the code point that ends just before `i` starts. */
const previous = (s: string, i: number): number => ((s.charCodeAt(i - 1) & 0xfc00) === 0xdc00 && i >= 2 ? i - 2 : i - 1);

/**
 * Whether a pre-token of o200k begins at `i` whatever precedes it, because no alternative of its
 * pattern takes both the code point before `i` and the one at it: whitespace (a line break only
 * after a letter or a number: a punctuation run may take it) after anything else; anything but
 * whitespace and `/` after a line break; a number after anything but a number
 * (runs of digits are cut in threes counted from their start); anything after a number; punctuation
 * after a letter, but an apostrophe (`'s`, `'t` … stay with their word). Not a letter after
 * punctuation (which may open the letter's pre-token), nor anything after a mark (a mark goes with
 * a word or with a run of punctuation). The property test in test/service/tokens.test.ts checks
 * every place this accepts against the tokenizer.
 */
function startsPreToken(s: string, i: number): boolean {
  const code = s.charCodeAt(i);
  if ((code & 0xfc00) === 0xdc00) return false;
  const p = previous(s, i);
  const before = kindAt(s, p);
  const at = kindAt(s, i);
  const lineBreak = code === 0x0a || code === 0x0d;
  if (at === "space") return lineBreak ? before === "letter" || before === "digit" : before !== "space";
  const afterBreak = s.charCodeAt(p) === 0x0a || s.charCodeAt(p) === 0x0d;
  if (before === "space") return afterBreak && code !== 0x2f;
  if (at === "digit") return before !== "digit";
  if (before === "digit") return true;
  return before === "letter" && at === "other" && code !== 0x27 && code !== 0x2019;
}

/** The last index in (from, to] where a pre-token begins whatever precedes it (startsPreToken); -1 if there is none. */
export function lastBoundary(s: string, from: number, to: number): number {
  for (let i = Math.min(to, s.length - 1); i > from; i--) if (startsPreToken(s, i)) return i;
  return -1;
}

/** `at`, or one before it when it would split a surrogate pair. */
const hardCut = (s: string, at: number): number => {
  const code = s.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff && at > 0 && (s.charCodeAt(at - 1) & 0xfc00) === 0xd800 ? at - 1 : at;
};

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
