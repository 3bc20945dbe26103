// A person's age from their date of birth: "DOB 04/09/1979", "date of birth: 03/22/1999", "born
// 2 March 1961". An input that asks how old someone is, and that no amount answers, is the whole
// years from that date to the day of writing. Resolved against the day of reading (the text
// states no date of its own), the age may be a year off: less sure.
import type { InputIR } from "../../../ir/ir.js";
import type { ReadValue } from "../../types.js";
import { withinBounds } from "../coerce.js";
import { yearsBetween, type DateMention } from "../dates.js";
import { RELATIVE_TO_CLOCK, roundConfidence } from "./confidence.js";

/** Words that make the date after them a date of birth, spaced as a scan may space them ("Date  of  birth :"). */
const BIRTH = /\b(dob|d\.o\.b\.?|date\s+of\s+birth|birth\s?date|born(?:\s+on)?)\s*[:-]?\s*$/i;
/** How far before the date the words may stand. */
const BIRTH_REACH = 24;
/** An age counted from a written date of birth: the arithmetic is sure, the reading of the date a little less. */
const FROM_BIRTH = 0.85;

export const asksAge = (input: InputIR): boolean => /\bage\b/i.test(input.name) || /\bhow old\b/i.test(input.desc ?? "");

export function agesFromBirth(
  inputs: InputIR[],
  text: string,
  dates: DateMention[],
  reference: string,
  clock: boolean,
): Record<string, ReadValue> {
  const out: Record<string, ReadValue> = {};
  const birth = dates.find((d) => d.yearKnown && !d.relative && BIRTH.test(text.slice(Math.max(0, d.start - BIRTH_REACH), d.start)));
  if (!birth || birth.iso >= reference) return out;
  const age = yearsBetween(birth.iso, reference);
  for (const input of inputs)
    if (input.type.kind === "number" && asksAge(input) && withinBounds(input.type, age))
      out[input.name] = {
        value: age,
        confidence: roundConfidence(FROM_BIRTH * (clock ? RELATIVE_TO_CLOCK : 1)),
        source: { span: { start: birth.start, end: birth.end }, text: birth.text },
      };
  return out;
}
