// The embedded text reader: extracts inputs from prose, offline and deterministic. Numbers,
// dates, booleans, choices and levels are read; `string` inputs never are (spec 2.3), nor are
// structs and lists. Relative dates are resolved against the date the text states ("Today is
// 2026-03-01") or else today (docs/readers.md).
import type { InputIR } from "../../ir/ir.js";
import { NO_USAGE, type ReadRequest, type ReadResult, type ReadValue, type Reader } from "../types.js";
import { findDates, statedReference, todayIso } from "./dates.js";
import { cuesOf } from "./text/cues.js";
import { readBooleans } from "./text/read-booleans.js";
import { readChoices } from "./text/read-choices.js";
import { readDates } from "./text/read-dates.js";
import { readNumbers } from "./text/read-numbers.js";
import { tokenize, type Token } from "./text/tokens.js";

/** Input types the text reader answers. */
export const TEXT_READABLE = new Set(["number", "date", "boolean", "choice", "levels"]);

const inside = (t: Token, spans: { start: number; end: number }[]): boolean => spans.some((s) => t.start < s.end && t.end > s.start);

/**
 * Reads `inputs` from `text`. `reference` is the date relative expressions are resolved against
 * when the text states none (default: today).
 */
export function readText(inputs: InputIR[], text: string, reference?: string): Record<string, ReadValue> {
  const stated = statedReference(text);
  const ref = stated?.iso ?? reference ?? todayIso();
  const readable = inputs.filter((i) => TEXT_READABLE.has(i.type.kind));
  if (readable.length === 0) return {};
  const tokens = tokenize(text);
  const meta = stated ? [{ start: stated.start, end: stated.end }] : [];
  const allDates = findDates(text, ref);
  const dates = allDates.filter((d) => !meta.some((m) => d.start < m.end && d.end > m.start));
  const cues = cuesOf(readable);
  const of = (...kinds: string[]) => readable.filter((i) => kinds.includes(i.type.kind));
  return {
    ...readNumbers(of("number"), cues, tokens, text, (t) => !inside(t, allDates) && !inside(t, meta)),
    ...readDates(of("date"), cues, tokens, dates),
    ...readBooleans(of("boolean"), cues, tokens, text),
    ...readChoices(of("choice", "levels"), readable, cues, tokens, text),
  };
}

export const textReader: Reader = {
  name: "text",
  async read(request: ReadRequest): Promise<ReadResult> {
    const text = typeof request.state === "string" ? request.state : JSON.stringify(request.state);
    return { values: readText(request.inputs, text), usage: NO_USAGE };
  },
};
