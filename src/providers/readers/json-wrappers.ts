// Values an export wraps in its own encoding, read as the values they stand for before any key is
// matched: an Avro union written as JSON (`{"string": "2026-05-30"}`, `{"long": 5}`, `{"boolean":
// false}`: one key, the branch's type) as its value, in a document with two of them or more (one
// such object alone may be a record of its own); an OData v2 date (`"/Date(1776384000000)/"`) and a
// time in epoch milliseconds under a key naming a day or moment (`notifiedAt`, `loss_date`,
// `createdOn`: 1780324632000) as the ISO day they fall on, in UTC. Linear in the document; a
// document with no such value is returned as it is.
import { isRecord } from "./json-walk.js";

/** The primitive and container types an Avro union's branch is named by. */
const AVRO_TYPES = new Set(["null", "boolean", "int", "long", "float", "double", "bytes", "string", "array", "map"]);
/** An OData v2 date: milliseconds since 1970, with an optional offset that does not move the instant. */
const ODATA_DATE = /^\/Date\((-?\d{1,15})(?:[+-]\d{4})?\)\/$/;
/** A key naming a day or a moment: `lossDate`, `notified_at`, `createdOn`, `reportedTs`, `timestamp`. */
const MOMENT_KEY = /(?:date|time|timestamp|[a-z_]at|[a-z_]on|[a-z_]ts)$/i;
/** Epoch milliseconds from 2000 to 2100: a number of that size under such a key is a moment. */
const [EPOCH_FROM, EPOCH_TO] = [946_684_800_000, 4_102_444_800_000];

const isUnion = (v: unknown): v is Record<string, unknown> => {
  if (!isRecord(v)) return false;
  const keys = Object.keys(v);
  return keys.length === 1 && AVRO_TYPES.has(keys[0]!);
};

function countUnions(root: unknown): number {
  let n = 0;
  const stack = [root];
  while (stack.length > 0 && n < 2) {
    const v = stack.pop();
    if (isUnion(v)) n++;
    if (Array.isArray(v)) stack.push(...v);
    else if (isRecord(v)) stack.push(...Object.values(v));
  }
  return n;
}

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function unwrap(v: unknown, key: string, avro: boolean): unknown {
  if (avro && isUnion(v)) return unwrap(Object.values(v)[0], key, avro);
  if (typeof v === "string") {
    const m = ODATA_DATE.exec(v);
    return m ? isoDay(Number(m[1])) : v;
  }
  if (typeof v === "number") return MOMENT_KEY.test(key) && v >= EPOCH_FROM && v < EPOCH_TO ? isoDay(v) : v;
  if (Array.isArray(v))
    return kept(
      v,
      v.map((x) => unwrap(x, key, avro)),
    );
  if (isRecord(v)) {
    const entries = Object.entries(v);
    const read = entries.map(([k, x]) => unwrap(x, k, avro));
    return read.every((x, i) => x === entries[i]![1]) ? v : Object.fromEntries(entries.map(([k], i) => [k, read[i]]));
  }
  return v;
}

/** The list itself when no item changed (a document with nothing wrapped is returned as it is). */
const kept = (list: unknown[], read: unknown[]): unknown[] => (read.every((x, i) => x === list[i]) ? list : read);

/** The state with Avro unions, OData dates and epoch-millisecond moments written as the values they stand for. */
export const withoutWrappers = (root: unknown): unknown => unwrap(root, "", countUnions(root) >= 2);
