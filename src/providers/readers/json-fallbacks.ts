// What the JSON reader reads once keys are matched: short strings a key names, read by the text
// reader; choices named by an unkeyed value; the one date left, by elimination.
import type { InputIR } from "../../ir/ir.js";
import type { ReadValue } from "../types.js";
import { coerce } from "./coerce.js";
import { saidNotKnown } from "./json-keys.js";
import type { JsonNode } from "./json-walk.js";
import { readText } from "./text-reader.js";
import { roundConfidence } from "./text/confidence.js";
import type { Meter } from "./text/text-index.js";
import { contentStems } from "./words.js";

/** Prose found inside a JSON string is worth a little less than the same prose as the state. */
export const PROSE_FACTOR = 0.9;

/** Strings of several words are prose the text reader can read. */
export const isProse = (s: string): boolean => s.trim().split(/\s+/).length >= 4;

export /** A key that names the input but whose value has not its type ("score 801", "eighteen thousand"): the text reader may read it. */
interface Unread {
  input: InputIR;
  node: JsonNode;
  score: number;
}

/**
 * A key that names a number or date input whose string value is no plain number or date ("score
 * 801", "eighteen thousand", "75 seats") is read by the text reader as the input's own line
 * ("credit score: score 801"), at the key's confidence. Booleans and choices are not: a line
 * naming the input reads as saying it whatever follows.
 */
export function readKeyedStrings(
  unread: Unread[],
  values: Record<string, ReadValue>,
  used: Set<string>,
  reference: string,
  meter: Meter,
): void {
  for (const { input, node, score } of unread) {
    const value = node.value as string;
    if (Object.hasOwn(values, input.name) || used.has(node.pointer) || !["number", "date"].includes(input.type.kind) || isProse(value))
      continue;
    const line = `${input.name}: ${value}`;
    const v = readText([input], line, reference, meter)[input.name];
    // the value must come from the string, not the input's name
    if (!v || v.value === null || v.value === undefined || (v.source?.span?.start ?? 0) < input.name.length) continue;
    used.add(node.pointer);
    values[input.name] = {
      value: v.value,
      confidence: roundConfidence(v.confidence * Math.min(1, score + KEYED_STRING_EASE) * PROSE_FACTOR),
      source: { path: node.pointer, text: value },
    };
  }
}
const KEYED_STRING_EASE = 0.15;

/**
 * A choice input no key names, answered by the one unused string that names one of its options
 * by the option's own name or a synonym ("DISCRETIONARY TRUST" under `legal_form`, "glass breakage"
 * under `kind`, "LTD"), when no other input has that option.
 */
const BY_OPTION_NAME = 0.6;
const STRONG_NAME = 0.65;
/** A fallback: answers inputs no key answered from the state's unused nodes, counting dates from `reference`. */
type Fallback = (inputs: InputIR[], nodes: JsonNode[], values: Record<string, ReadValue>, used: Set<string>, reference: string) => void;

export const byOptionName: Fallback = (inputs, nodes, values, used, reference) => {
  for (const input of inputs) {
    if (Object.hasOwn(values, input.name) || (input.type.kind !== "choice" && input.type.kind !== "levels")) continue;
    const type = input.type;
    const others = inputs.filter((o) => o !== input && (o.type.kind === "choice" || o.type.kind === "levels"));
    // a value another choice reads as well ("high" of a country's risk or a product's) says neither
    const readByOther = (v: unknown): boolean =>
      others.some((o) => (coerce(v, o.type, { options: o.options, reference })?.factor ?? 0) >= STRONG_NAME);
    const found = nodes
      // a one-letter code says an option only under a key that names the input; a value of one
      // record among several listed (an address's type) is not the case's
      .filter((n) => typeof n.value === "string" && n.value.trim().length > 1 && !used.has(n.pointer) && !n.past && !n.listed)
      .map((n) => ({ n, c: coerce(n.value, type, { options: input.options, reference }) }))
      .filter(({ n, c }) => c !== undefined && c.factor >= STRONG_NAME && !readByOther(n.value));
    const options = new Set(found.map(({ c }) => c!.value));
    if (found.length === 0 || options.size !== 1) continue;
    const { n, c } = found[0]!;
    used.add(n.pointer);
    values[input.name] = {
      value: c!.value,
      confidence: roundConfidence(BY_OPTION_NAME * c!.factor),
      source: { path: n.pointer, text: n.value as string },
    };
  }
};

/**
 * The one date input no key names takes the one unused date of the state no key claims, at a
 * confidence no threshold of 0.6 passes ("cover_from" for the policy start, once the loss and
 * report dates are placed).
 */
const BY_ELIMINATION = 0.5;
/**
 * A date the record keeps about itself, or about a person or a document, not about the case: a
 * time stamp, or a key of record keeping (`created`, `updated_at`, `exported`), of birth or of a
 * document's validity (`dob`, `expiry`, `issued`).
 */
const STAMP_WORDS = new Set(
  [
    "created",
    "updated",
    "modified",
    "exported",
    "generated",
    "extracted",
    "timestamp",
    "ts",
    "pulled",
    "printed",
    "run",
    "birth",
    "dob",
    "born",
    "expiry",
    "expires",
    "issued",
  ].map(stemOfWord),
);
function stemOfWord(w: string): string {
  return contentStems(w)[0] ?? w;
}
const isRecordStamp = (n: JsonNode): boolean =>
  /\d{2}:\d{2}/.test(n.value as string) || contentStems(n.keys[n.keys.length - 1] ?? "").some((t) => STAMP_WORDS.has(t));
export const byElimination: Fallback = (inputs, nodes, values, used, reference) => {
  const open = inputs.filter((i) => i.type.kind === "date" && !Object.hasOwn(values, i.name));
  if (open.length !== 1 || !inputs.some((i) => i.type.kind === "date" && Object.hasOwn(values, i.name))) return;
  if (saidNotKnown(nodes, open[0]!.name)) return;
  const dates = nodes.filter(
    (n) =>
      typeof n.value === "string" &&
      !used.has(n.pointer) &&
      !n.past &&
      !n.listed &&
      !isRecordStamp(n) &&
      coerce(n.value, open[0]!.type, { reference }) !== undefined,
  );
  if (dates.length !== 1) return;
  const n = dates[0]!;
  const c = coerce(n.value, open[0]!.type, { reference })!;
  used.add(n.pointer);
  values[open[0]!.name] = {
    value: c.value,
    confidence: roundConfidence(BY_ELIMINATION * c.factor),
    source: { path: n.pointer, text: n.value as string },
  };
};
