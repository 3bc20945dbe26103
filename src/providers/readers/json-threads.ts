// A chat, or a ticket's comments, exported as a list of records each holding one message of prose
// (`"messages": [{"from": …, "sent": …, "text": "…"}, …]`) is read as one thread, in its order,
// not message by message: a correction in a later message ("me enganei: foi anteontem, não
// ontem") then takes back what an earlier one said, as in a pasted chat. Only when every message's
// record says its day: each opens its line with it, as a chat log's stamps do
// (text/message-stamps.ts), so its "yesterday" counts from that day. Linear in the leaves.
import type { JsonNode } from "./json-walk.js";

/** Prose to give the text reader: where it is, its text, and the day it counts from when it says one. */
export interface ProsePiece {
  pointer: string;
  text: string;
  reference?: string;
}

/** A field of an item of a list: the list's pointer and the field's key. */
const ITEM_FIELD = /^(.*)\/\d+\/([^/]+)$/;
const groupOf = (n: JsonNode): string | undefined => {
  const m = ITEM_FIELD.exec(n.pointer);
  return m ? `${m[1]}\u0000${m[2]}` : undefined;
};

/** The prose leaves as pieces: the same field of two or more items of one list joined into one thread. */
export function prosePieces(leaves: JsonNode[], dayOf: (n: JsonNode) => string | undefined): ProsePiece[] {
  const groups = new Map<string, JsonNode[]>();
  for (const n of leaves) {
    const g = groupOf(n);
    if (g === undefined) continue;
    const members = groups.get(g);
    if (members) members.push(n);
    else groups.set(g, [n]);
  }
  // each group's days, looked at once: a group whose messages all say their day is a thread
  const threads = new Map<string, string[]>();
  for (const [g, members] of groups) {
    const days = members.map(dayOf);
    if (members.length >= 2 && days.every((d) => d !== undefined)) threads.set(g, days as string[]);
  }
  const out: ProsePiece[] = [];
  for (const n of leaves) {
    const g = groupOf(n);
    const days = g === undefined ? undefined : threads.get(g);
    // messages that do not all say their day are read one by one: their order in time is not known
    if (days === undefined) {
      out.push({ pointer: n.pointer, text: n.value as string, reference: dayOf(n) });
      continue;
    }
    const members = groups.get(g!)!;
    // the thread is given once, where its first message stands
    if (members[0] !== n) continue;
    out.push({ pointer: g!.slice(0, g!.indexOf("\u0000")), text: members.map((m, i) => `${days[i]} ${m.value as string}`).join("\n") });
  }
  return out;
}
