// E-mail structure, read before anything else: the message being sent now, and the history it
// carries (lines quoted with ">", everything under an "-----Original Message-----" or a
// "From: … Sent: …" block, a signature after "-- "). Quoted values are older than the current
// message's: the current message answers first and the history only what it leaves open, less
// surely. Header lines ("On 12 Sep 2026, Leo wrote:") are the history's envelope, not a fact,
// and are read by neither. One pass over the lines: linear in the text. A thread pasted oldest
// first, its dates rising down the page, is read the other way up: its last message is current.
import { DATING_FIELD, FIELD, OPENS_BLOCK, STATED_FIRST, WROTE_LINE } from "./header-lines.js";
import { oldestFirst } from "./thread-order.js";
import { todayIso } from "../dates.js";

export interface MessageParts {
  /** the text with history and headers blanked (same length, line breaks kept) */
  current: string;
  /** the text with the current message and headers blanked, quote marks removed; empty when there is no history */
  history: string;
  /** the first header line that dates the history ("On 9 Nov 2026, Anna wrote:", "Sent: 2 March 2026 19:22") */
  historyHeader?: string;
  /**
   * The span of the "Date:" or "Sent:" line of the message's own envelope: the header fields it
   * opens with, before any line of its own. They stay in the current message; they date it.
   */
  envelope?: { start: number; end: number };
}

/** Line kinds, as a table of patterns tried in order (the line's quote marks stripped first). */
const HEADERS: RegExp[] = [
  WROTE_LINE, // On 12 Sep 2026, Leo wrote:
  /^-{2,}\s*(original|forwarded)\s+message\s*-{2,}\s*$/i,
  /^begin forwarded message:?\s*$/i,
];
/** A reply header wrapped over two lines: "On … <address>" then "wrote:". */
const SPLIT_HEADER = /^on\b.{3,160}$/i;
const WROTE = /^wrote:?\s*$/i;
/** A block of header fields, opened by "From:" with another field under it, starts a forwarded or original message. */
const SIGNATURE = /^--\s*$/;
/** Header lines that may date the history: "On … wrote:", "Date: …", "Sent: …". */
const DATED = new RegExp(`^(on\\b.{3,160}\\d.{0,160}|${DATING_FIELD.source.slice(1)}.+)\\s*$`, "i");
const QUOTE = /^[ \t]*(>[ \t]?)+/;

const blank = (s: string): string => s.replace(/[^\n]/g, " ");

type Part = "current" | "history" | "header";

/** `today`: the day the reading is made as of, for a thread's dates without their year. */
export function messageParts(text: string, today = todayIso()): MessageParts {
  // a thread pasted oldest first: its last message is the current one (text/thread-order.ts)
  const thread = oldestFirst(text, today);
  if (thread) return thread;
  const lines = text.split("\n");
  const parts: Part[] = [];
  /** after an "Original Message" block or a signature, unquoted lines stay history */
  let below = false;
  /** still in the header fields the message opens with (its own envelope) */
  let envelope = lines.length > 1 && OPENS_BLOCK.test(lines[0]!.replace(STATED_FIRST, "")) && FIELD.test(lines[1]!);
  let own: { start: number; end: number } | undefined;
  let offset = 0;
  for (let i = 0; i < lines.length; offset += lines[i]!.length + 1, i++) {
    const line = lines[i]!;
    const quoted = QUOTE.test(line);
    const bare = line.replace(QUOTE, "").trim();
    if (envelope && (FIELD.test(i === 0 ? bare.replace(STATED_FIRST, "") : bare) || (i > 0 && bare === "" && parts[i - 1] === "current"))) {
      if (DATING_FIELD.test(bare) && !own) own = { start: offset, end: offset + line.length };
      parts.push("current");
      envelope = bare !== "";
      continue;
    }
    envelope = false;
    const wrapped = SPLIT_HEADER.test(bare) && WROTE.test(lines[i + 1]?.replace(QUOTE, "").trim() ?? "");
    if (wrapped || (WROTE.test(bare) && parts[i - 1] === "header")) {
      // "On Tue, Sep 12, 2026 at 10:04 AM Leo <leo@example.com>" wrapped before "wrote:"
      parts.push("header");
    } else if (HEADERS.some((h) => h.test(bare))) {
      parts.push("header");
      if (!HEADERS[0]!.test(bare)) below = true;
    } else if (
      FIELD.test(bare) &&
      ((OPENS_BLOCK.test(bare) && FIELD.test(lines[i + 1]?.replace(QUOTE, "").trim() ?? "")) || (below && parts[i - 1] === "header"))
    ) {
      parts.push("header");
      below = true;
    } else if (!quoted && SIGNATURE.test(line)) {
      parts.push("header");
      below = true;
    } else parts.push(quoted || below ? "history" : "current");
  }
  const dating = own ? { envelope: own } : {};
  if (!parts.some((p) => p !== "current")) return { current: text, history: "", ...dating };
  const dated = lines.findIndex((l, i) => parts[i] === "header" && DATED.test(l.replace(QUOTE, "").trim()));
  const current = lines.map((l, i) => (parts[i] === "current" ? l : blank(l))).join("\n");
  const history = parts.includes("history")
    ? lines.map((l, i) => (parts[i] === "history" ? l.replace(QUOTE, (q) => blank(q)) : blank(l))).join("\n")
    : "";
  return { current, history, ...dating, ...(dated >= 0 ? { historyHeader: lines[dated]!.replace(QUOTE, "").trim() } : {}) };
}
