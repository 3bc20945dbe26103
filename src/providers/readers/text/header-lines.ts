// The lines of an e-mail's headers, one table for every reader of a message's structure
// (text/message-parts.ts, text/thread-order.ts).

// A mail client writes its header names in the reader's language: "Da:/Inviato:/Oggetto:",
// "De:/Enviado:/Assunto:", "Van:/Verzonden:/Onderwerp:", "Von:/Gesendet:/Betreff:", "Objet:".

/** A header field line ("From: …", "Date: …"); a block of them opened by "From:" starts a message. */
export const FIELD =
  /^(from|da|de|van|von|sent|inviato|enviado|verzonden|gesendet|envoy[ée]|date|data|datum|fecha|to|a|para|aan|an|à|cc|subject|oggetto|assunto|asunto|onderwerp|betreff|objet):\s/i;
export const OPENS_BLOCK = /^(from|da|de|van|von):\s/i;
/** The fields that date a message. */
export const DATING_FIELD = /^(date|data|datum|fecha|sent|inviato|enviado|verzonden|gesendet|envoy[ée]):\s/i;
/** A reply header on one line: "On 12 Sep 2026, Leo wrote:". */
export const WROTE_LINE = /^on\b.{3,160}\bwrote:?\s*$/i;
/** A reference stated before the envelope ("Today is …. From: …") is no line of the message. */
export const STATED_FIRST = /^today\s+is\s[^.\n]{4,40}\.\s+/i;
