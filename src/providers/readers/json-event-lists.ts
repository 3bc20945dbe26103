// A timeline exported as a list of events, each a record naming its kind and the day it happened
// (`[{"event": "LOSS", "at": "2026-08-17"}, {"event": "FNOL", "at": "2026-08-18"}]`): the day of a
// fact is under the event's name, not under a key of its own. Before any key is matched such a
// list is read as an object keyed by the events' names, each holding its day as its `date` and
// the rest of its record (`{"LOSS": {"date": "2026-08-17", …}, "FNOL": {"date": "2026-08-18"}}`). Only when every record names
// its kind under the same key, no two alike, and has a day, and none of them changes a value
// (`{"kind": "amended", "from": …, "to": …}`): such a timeline's days are not settled by their
// events' names, and it is left as it is. Linear in the document.
import { parseDateString } from "./dates.js";
import { isRecord, type JsonNode } from "./json-walk.js";
import { normaliseName } from "./words.js";

/** Keys that name a record's kind of event. */
const KIND_KEYS = new Set(["event", "event type", "type", "kind", "event name", "code", "event code", "milestone", "step", "stage"]);
/** Keys of the day an event happened. */
const DAY_KEYS = new Set([
  "at",
  "on",
  "date",
  "when",
  "day",
  "timestamp",
  "occurred at",
  "occurred on",
  "time",
  "ts",
  "event date",
  "sent",
  "sent at",
]);

/** Pairs of keys of a record that changes a value: what it was and what it is now. */
const CHANGE_PAIRS: [string, string][] = [
  ["from", "to"],
  ["old", "new"],
  ["before", "after"],
  ["old value", "new value"],
];
const changesAValue = (r: Record<string, unknown>): boolean => {
  const keys = new Set(Object.keys(r).map(normaliseName));
  return CHANGE_PAIRS.some(([a, b]) => keys.has(a) && keys.has(b));
};

const kindKeyOf = (r: Record<string, unknown>): string | undefined =>
  Object.keys(r).find((k) => KIND_KEYS.has(normaliseName(k)) && typeof r[k] === "string" && (r[k] as string).trim() !== "");

/** The list as an object keyed by its events' names, if it is such a timeline. */
function asTimeline(list: unknown[]): Record<string, unknown> | undefined {
  if (list.length < 2 || !list.every(isRecord)) return undefined;
  const key = kindKeyOf(list[0]!);
  if (key === undefined) return undefined;
  const out: Record<string, unknown> = {};
  for (const r of list) {
    const name = r[key];
    if (typeof name !== "string" || name.trim() === "" || Object.hasOwn(out, name) || changesAValue(r)) return undefined;
    const day = Object.keys(r).find((k) => DAY_KEYS.has(normaliseName(k)));
    if (day === undefined) return undefined;
    // the day is the event's date, whatever the export called it (`at`, `ts`)
    out[name] = { date: r[day], ...Object.fromEntries(Object.entries(r).filter(([k]) => k !== key && k !== day && k !== "date")) };
  }
  return out;
}

function rewrite(v: unknown): unknown {
  if (Array.isArray(v)) {
    const items = v.map(rewrite);
    return asTimeline(items) ?? items;
  }
  if (!isRecord(v)) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rewrite(x)]));
}

/** The document with its timelines of events as objects keyed by the events' names; a document with none as it is. */
export const withTimelinesByEvent = (root: unknown): unknown => rewrite(root);

/** The pointer of the object a node sits in. */
const parentPointer = (pointer: string): string => pointer.slice(0, pointer.lastIndexOf("/"));

/**
 * The day the record a node sits in says it was written, if it says one: a day under a key of the day
 * of an event (`at`, `date`, `timestamp`), a time of day after it or not. A message's own
 * "yesterday" or "last Friday" counts from that day, not from the day it is read. Linear in the nodes.
 */
export function dayOfOwnRecord(nodes: JsonNode[], reference: string): (node: JsonNode) => string | undefined {
  const days = new Map<string, string>();
  for (const n of nodes) {
    if (typeof n.value !== "string" || !DAY_KEYS.has(normaliseName(n.keys[n.keys.length - 1] ?? ""))) continue;
    const d = parseDateString(n.value, reference);
    if (d) days.set(parentPointer(n.pointer), d.iso);
  }
  return (node) => days.get(parentPointer(node.pointer));
}
