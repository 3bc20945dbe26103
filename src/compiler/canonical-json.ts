// RFC 8785 canonical JSON (JCS): members sorted by their names' UTF-16 code units, no
// whitespace, numbers and strings as JSON.stringify writes them. Every model identity, state hash
// and receipt signature goes through it, on every request, so the common case — plain data:
// null, booleans, finite numbers, well-formed strings, arrays, objects whose prototype is
// Object's, none or NO_FIELDS (runtime/json.ts: a receipt's records) — is written directly, in
// one walk that copies nothing (`write`): a string with nothing
// to escape (found by one native regex test) is put between quotes as it is, the rest (and a
// check for a lone surrogate) go to JSON.stringify; a number is written as ECMAScript's
// Number::toString writes it, which is JSON.stringify's text for a finite number; a member name,
// quoted, is remembered with its colon, since the same names come back call after call. Anything
// else (a value with toJSON, a class instance, a non-finite number, a lone surrogate, a function,
// a symbol, a bigint, a hole in an array, nesting deep enough to be a cycle) takes the general
// path, whose answer (or error) stays the answer: the `canonicalize` package, of the value itself
// or of its JSON text read back.
import canonicalize from "canonicalize";
import { NO_FIELDS } from "../runtime/json.js";
import { isWellFormed } from "../runtime/well-formed.js";

/** Deeper than any JSON that entered through the limits (service/json-limits.ts): maybe a cycle. */
const MAX_DEPTH = 256;

/** Thrown inside the walk when a value needs the general path; never escapes this module. */
const GENERAL = Symbol("general");

const isPlain = (object: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(object);
  return proto === Object.prototype || proto === null || proto === NO_FIELDS;
};

/** What JSON.stringify escapes in a string: a quote, a backslash, a control character; and any surrogate, to be looked at. */
// eslint-disable-next-line no-control-regex -- JSON escapes U+0000–U+001F: the test is for them
const NEEDS_LOOK = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify of a well-formed string; GENERAL for one with a lone surrogate. */
function quote(s: string): string {
  if (!NEEDS_LOOK.test(s)) return `"${s}"`;
  if (!isWellFormed(s)) throw GENERAL;
  return JSON.stringify(s);
}

/** Member names written before (`"name":`), up to KEYS of them no longer than KEY_LENGTH, forgotten all at once when full. */
const names = new Map<string, string>();
const KEYS = 4096;
const KEY_LENGTH = 128;

function name(key: string): string {
  let text = names.get(key);
  if (text === undefined) {
    text = `${quote(key)}:`;
    if (key.length <= KEY_LENGTH) {
      if (names.size >= KEYS) names.clear();
      names.set(key, text);
    }
  }
  return text;
}

function write(value: unknown, depth: number): string {
  switch (typeof value) {
    case "string":
      return quote(value);
    case "number":
      if (!Number.isFinite(value)) throw GENERAL;
      return `${value}`;
    case "boolean":
      return value ? "true" : "false";
    case "object":
      if (value === null) return "null";
      if (depth >= MAX_DEPTH) throw GENERAL;
      if (Array.isArray(value)) return writeArray(value, depth + 1);
      if (!isPlain(value) || typeof (value as { toJSON?: unknown }).toJSON === "function") throw GENERAL;
      return writeObject(value as Record<string, unknown>, depth + 1);
    default:
      throw GENERAL;
  }
}

function writeArray(items: unknown[], depth: number): string {
  if (typeof (items as { toJSON?: unknown }).toJSON === "function") throw GENERAL;
  let out = "[";
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item === undefined && !Object.hasOwn(items, i)) throw GENERAL;
    if (i > 0) out += ",";
    // an undefined item is written null, by canonicalize and by JSON.stringify alike
    out += item === undefined ? "null" : write(item, depth);
  }
  return `${out}]`;
}

/** Few enough members for an insertion sort, several times quicker than the general sort on a few keys. */
const FEW = 16;

/**
 * Member names in RFC 8785 order (section 3.2.3: by UTF-16 code units, as both `<` on strings and
 * the default sort compare).
 */
function sortedKeys(object: object): string[] {
  const keys = Object.keys(object);
  if (keys.length > FEW) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
  return keys;
}

function writeObject(object: Record<string, unknown>, depth: number): string {
  const keys = sortedKeys(object);
  let out = "{";
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = object[key];
    if (item === undefined) continue;
    if (!first) out += ",";
    out += name(key) + write(item, depth);
    first = false;
  }
  return `${out}}`;
}

function fast(value: unknown): string | typeof GENERAL {
  try {
    return write(value, 0);
  } catch (e) {
    if (e !== GENERAL) throw e;
    return GENERAL;
  }
}

/**
 * The canonical JSON text of plain data in pieces, a member or an item at a time, each container
 * entered as `write` enters it (the same depth limit): what canonicalHashYielding hashes between
 * turns of the event loop. Throws GENERAL where `write` would.
 */
function* pieces(value: unknown, depth: number): Generator<string> {
  if (value === null || typeof value !== "object") return yield write(value, depth);
  if (depth >= MAX_DEPTH) throw GENERAL;
  if (Array.isArray(value)) {
    if (typeof (value as { toJSON?: unknown }).toJSON === "function") throw GENERAL;
    yield "[";
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === undefined && !Object.hasOwn(value, i)) throw GENERAL;
      if (i > 0) yield ",";
      if (item === undefined) yield "null";
      else yield* pieces(item, depth + 1);
    }
    return yield "]";
  }
  if (!isPlain(value) || typeof (value as { toJSON?: unknown }).toJSON === "function") throw GENERAL;
  const object = value as Record<string, unknown>;
  yield "{";
  let first = true;
  for (const key of sortedKeys(object)) {
    const item = object[key];
    if (item === undefined) continue;
    yield first ? name(key) : `,${name(key)}`;
    first = false;
    yield* pieces(item, depth + 1);
  }
  yield "}";
}

/**
 * The canonical JSON text of `value` as `canonicalJson` writes it, in pieces of about `size`
 * characters; for what the pieces cannot write (not plain data), the general path's text whole.
 */
export function* canonicalJsonPieces(value: unknown, size: number): Generator<string> {
  let text = "";
  const walk = pieces(value, 0);
  try {
    for (const piece of walk) {
      text += piece;
      if (text.length >= size) {
        yield text;
        text = "";
      }
    }
  } catch (e) {
    if (e !== GENERAL) throw e;
    // nothing yielded yet belongs to a text the general path writes differently: start again
    throw new GeneralPath();
  }
  if (text.length > 0) yield text;
}

/** Thrown out of canonicalJsonPieces when the value is not plain data: its text is canonicalJson's, whole. */
export class GeneralPath extends Error {}

/** The canonical JSON text of a value, as `canonicalize` writes it; undefined for what has none. */
export function canonicalJson(value: unknown): string | undefined {
  const text = fast(value);
  return text !== GENERAL ? text : canonicalize(value);
}

/**
 * canonicalJsonOfText({ ...object, [key]: member }) where `memberText` is canonicalJson(member)
 * and the object has no `key` of its own: the object's members written as `write` writes them, the
 * given text put in its sorted place, so that a member written before is not walked again.
 * Undefined where the general path would be taken (the object, or one of its values, not plain data).
 */
export function canonicalJsonWithMember(object: object, key: string, memberText: string): string | undefined {
  if (object === null || typeof object !== "object" || Array.isArray(object) || !isPlain(object)) return undefined;
  if (typeof (object as { toJSON?: unknown }).toJSON === "function" || Object.hasOwn(object, key)) return undefined;
  try {
    const keys = sortedKeys(object);
    let out = "{";
    let pending = true;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (pending && key < k) {
        out += `${out.length > 1 ? "," : ""}${name(key)}${memberText}`;
        pending = false;
      }
      const item = (object as Record<string, unknown>)[k];
      if (item === undefined) continue;
      out += `${out.length > 1 ? "," : ""}${name(k)}${write(item, 1)}`;
    }
    if (pending) out += `${out.length > 1 ? "," : ""}${name(key)}${memberText}`;
    return `${out}}`;
  } catch (e) {
    if (e !== GENERAL) throw e;
    return undefined;
  }
}

/**
 * The canonical JSON text of what a client reads back from `JSON.stringify(value)`: on plain data
 * the two are one, and anything else is sent through its JSON text first, as the client gets it.
 */
export function canonicalJsonOfText(value: unknown): string | undefined {
  const text = fast(value);
  if (text !== GENERAL) return text;
  const json = JSON.stringify(value);
  return json === undefined ? undefined : canonicalize(JSON.parse(json));
}
