// The lines of an e-mail's headers, one table for every reader of a message's structure
// (text/message-parts.ts, text/thread-order.ts).

/** A header field line ("From: …", "Date: …"); a block of them opened by "From:" starts a message. */
export const FIELD = /^(from|sent|date|to|cc|subject):\s/i;
export const OPENS_BLOCK = /^from:\s/i;
/** The fields that date a message. */
export const DATING_FIELD = /^(date|sent):\s/i;
/** A reply header on one line: "On 12 Sep 2026, Leo wrote:". */
export const WROTE_LINE = /^on\b.{3,160}\bwrote:?\s*$/i;
/** A reference stated before the envelope ("Today is …. From: …") is no line of the message. */
export const STATED_FIRST = /^today\s+is\s[^.\n]{4,40}\.\s+/i;
