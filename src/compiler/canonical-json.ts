// RFC 8785 canonical JSON (JCS): members sorted by their names' UTF-16 code units, no
// whitespace, numbers and strings as JSON.stringify writes them. Every model identity, state hash
// and receipt signature goes through it, on every request, so the common case — plain data:
// null, booleans, finite numbers, well-formed strings, arrays, objects whose prototype is Object's
// or none — takes a fast path. Plain data is copied with each object's members put in canonical
// order and the copy written by the native JSON.stringify, which keeps that order (`sorted`); the
// walk checks what it must per value (kinds, finite numbers), and the text is checked once for a
// lone surrogate, which JSON.stringify writes as a `\udXXX` escape. A copy cannot hold members
// in that order when a name is an array index (objects list those first, by number) or
// `__proto__`, and a text with such an escape (or a legitimate `\\ud`) needs a closer look: those
// values are written out member by member in one walk (`write`). Anything else (a value with
// toJSON, a class instance, a non-finite number, a lone surrogate, a function, a symbol, a bigint,
// a hole in an array, nesting deep enough to be a cycle) takes the general path, whose answer (or
// error) stays the answer: the `canonicalize` package, of the value itself or of its JSON text
// read back.
import canonicalize from "canonicalize";
import { isWellFormed } from "../runtime/well-formed.js";

/** Deeper than any JSON that entered through the limits (service/json-limits.ts): maybe a cycle. */
const MAX_DEPTH = 256;

/** Thrown inside the walk when a value needs the general path; never escapes this module. */
const GENERAL = Symbol("general");
/** Thrown inside `sorted` when a value must be written member by member; never escapes this module. */
const WALK = Symbol("walk");

const isPlain = (object: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(object);
  return proto === Object.prototype || proto === null;
};

function write(value: unknown, depth: number): string {
  switch (typeof value) {
    case "string":
      if (!isWellFormed(value)) throw GENERAL;
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw GENERAL;
      return JSON.stringify(value);
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
    // an undefined item is written null, by canonicalize and by JSON.stringify alike
    out += (i === 0 ? "" : ",") + (item === undefined ? "null" : write(item, depth));
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
  for (const key of keys) {
    const item = object[key];
    if (item === undefined) continue;
    if (!isWellFormed(key)) throw GENERAL;
    out += `${first ? "" : ","}${JSON.stringify(key)}:${write(item, depth)}`;
    first = false;
  }
  return `${out}}`;
}

/** Whether an object lists this member name before the others, by number: an array index (or larger integer). */
function isIndexLike(key: string): boolean {
  const first = key.charCodeAt(0);
  if (first < 0x30 || first > 0x39) return false;
  const n = Number(key);
  return Number.isInteger(n) && String(n) === key;
}

/**
 * Plain data with every object's members in canonical order (arrays and objects copied, the rest
 * as they are), for JSON.stringify to write; throws GENERAL where `write` would, and WALK where a
 * copy cannot keep the order. Strings are not looked into: the text is.
 */
function sorted(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (!Number.isFinite(value)) throw GENERAL;
      return value;
    case "object": {
      if (value === null) return null;
      if (depth >= MAX_DEPTH) throw GENERAL;
      if (Array.isArray(value)) return sortedArray(value, depth + 1);
      if (!isPlain(value) || typeof (value as { toJSON?: unknown }).toJSON === "function") throw GENERAL;
      const object = value as Record<string, unknown>;
      const copy: Record<string, unknown> = {};
      for (const key of sortedKeys(object)) {
        const item = object[key];
        if (item === undefined) continue;
        if (key === "__proto__" || isIndexLike(key)) throw WALK;
        copy[key] = sorted(item, depth + 1);
      }
      return copy;
    }
    default:
      throw GENERAL;
  }
}

function sortedArray(items: unknown[], depth: number): unknown[] {
  if (typeof (items as { toJSON?: unknown }).toJSON === "function") throw GENERAL;
  const copy = new Array<unknown>(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item === undefined) {
      if (!Object.hasOwn(items, i)) throw GENERAL;
      copy[i] = null;
    } else copy[i] = sorted(item, depth);
  }
  return copy;
}

/** How JSON.stringify writes a lone surrogate; also found in a text that escapes a backslash before "ud". */
const SURROGATE_ESCAPE = "\\ud";

function fast(value: unknown): string | typeof GENERAL {
  try {
    const text = JSON.stringify(sorted(value, 0));
    if (!text.includes(SURROGATE_ESCAPE)) return text;
  } catch (e) {
    if (e === GENERAL) return GENERAL;
    if (e !== WALK) throw e;
  }
  try {
    return write(value, 0);
  } catch (e) {
    if (e !== GENERAL) throw e;
    return GENERAL;
  }
}

/** The canonical JSON text of a value, as `canonicalize` writes it; undefined for what has none. */
export function canonicalJson(value: unknown): string | undefined {
  const text = fast(value);
  return text !== GENERAL ? text : canonicalize(value);
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
