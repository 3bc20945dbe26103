// JSON state in, JSON results out. The declared type steers the conversion of JSON in:
// numbers (and numeric strings) to decimals, ISO strings to temporals, objects to contexts.
import type { Type } from "../ir/types.js";
import { finite } from "./arithmetic.js";
import { charge, CONTAINER_SIZE } from "./budget.js";
import { type Decimal, isDecimal } from "./decimal.js";
import { numberToString } from "./format.js";
import { isTemporalValue } from "./kinds.js";
import { readNumber } from "./literals.js";
import { problem } from "./problems.js";
import { temporalFromJson, temporalToString } from "./temporal/index.js";
import { FeelContext, FeelFunction, FeelRange, type FeelValue } from "./values.js";

const NUMERIC = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const TEMPORAL_TYPES = new Set(["date", "time", "date and time", "days and time duration", "years and months duration"]);

const isObject = (j: unknown): j is Record<string, unknown> => typeof j === "object" && j !== null && !Array.isArray(j);

/**
 * The integers 0 to 1023, the commonest numbers of a state (ages, counts, terms), read once: a
 * number is never changed after it is made, so every state shares them.
 */
const SMALL_INTEGERS: readonly Decimal[] = Array.from({ length: 1024 }, (_, i) => readNumber(i));

export const numberFromJson = (json: number): FeelValue =>
  json >= 0 && json < 1024 && Number.isInteger(json)
    ? SMALL_INTEGERS[json]!
    : Number.isFinite(json)
      ? readNumber(json)
      : problem(`${json} is not a FEEL number`);

function untyped(json: unknown): FeelValue {
  if (json === null || json === undefined) return null;
  if (typeof json === "number") return numberFromJson(json);
  if (typeof json === "string" || typeof json === "boolean") return json;
  if (Array.isArray(json)) return json.map(untyped);
  if (isObject(json)) return new FeelContext(new Map(Object.entries(json).map(([k, v]) => [k, untyped(v)])));
  return problem(`cannot read a ${typeof json} as a FEEL value`);
}

/**
 * Reads the JSON of a temporal type, or null when the string is not of that type. The readers of
 * this module take it as an argument: `fromJson` and `itemConverter` pass the temporal parser, while
 * generated code for a type with no temporal part calls `fromJsonPlain` and `itemConverterPlain`,
 * which reach no temporal code, so that a bundle of a model without temporal inputs carries none.
 */
type TemporalReader = typeof temporalFromJson | null;

// The common cases in a function small enough for V8 to inline into generated code; the rest in
// functions of their own.
export function fromJson(json: unknown, t?: Type): FeelValue {
  if (typeof json === "number" && t?.kind === "number") return numberFromJson(json);
  return json === null || json === undefined ? null : fromJsonTyped(json, t, temporalFromJson);
}

/** `fromJson` for a type with no temporal part (the reading of a temporal type is a problem). */
export function fromJsonPlain(json: unknown, t?: Type): FeelValue {
  if (typeof json === "number" && t?.kind === "number") return numberFromJson(json);
  return json === null || json === undefined ? null : fromJsonTyped(json, t, null);
}

const readWith = (json: unknown, t: Type | undefined, temporal: TemporalReader): FeelValue =>
  json === null || json === undefined ? null : fromJsonTyped(json, t, temporal);

function fromJsonTyped(json: unknown, t: Type | undefined, temporal: TemporalReader): FeelValue {
  if (!t || t.kind === "any") return untyped(json);
  if (t.kind === "number" && typeof json === "string" && NUMERIC.test(json.trim()))
    return finite(readNumber(json.trim()), `"${json.trim()}"`);
  if (TEMPORAL_TYPES.has(t.kind) && typeof json === "string") {
    const v = temporal === null ? null : temporal(t.kind as Parameters<typeof temporalFromJson>[0], json);
    return v ?? problem(`"${json}" is not a valid ${t.kind}`);
  }
  if (t.kind === "list" || t.kind === "struct") return converter(t, temporal)(json);
  if (t.kind === "range" && isObject(json)) {
    return new FeelRange(
      json.startIncluded !== false,
      readWith(json.start, t.element, temporal),
      readWith(json.end, t.element, temporal),
      json.endIncluded !== false,
    );
  }
  return untyped(json);
}

type Converter = (json: unknown) => FeelValue;

/** Kinds whose JSON value is read as it is (a string, a boolean) or as a number: the JS typeof of that value. */
const PLAIN_KINDS: ReadonlyMap<string, string> = new Map([
  ["number", "number"],
  ["boolean", "boolean"],
  ["string", "string"],
  ["choice", "string"],
  ["levels", "string"],
]);

/**
 * Lists and structs convert through a function made once per type (generated code passes the
 * same type object on every call): the item's and each field's conversion are chosen once, not
 * for every item of every state.
 */
const CONVERTERS = new WeakMap<Type, Converter>();
const PLAIN_CONVERTERS = new WeakMap<Type, Converter>();
function converter(t: Type, temporal: TemporalReader): Converter {
  const made = temporal === null ? PLAIN_CONVERTERS : CONVERTERS;
  let c = made.get(t);
  if (c === undefined) made.set(t, (c = makeConverter(t, temporal)));
  return c;
}

/**
 * The conversion of one item of a list of type `list`: what converting the whole list gives at
 * that item's position (runtime/raw-items.ts converts items one at a time).
 */
export const itemConverter = (list: Extract<Type, { kind: "list" }>): Converter => converter(list.element, temporalFromJson);

/** `itemConverter` for a list with no temporal part. */
export const itemConverterPlain = (list: Extract<Type, { kind: "list" }>): Converter => converter(list.element, null);

function makeConverter(t: Type, temporal: TemporalReader): Converter {
  switch (t.kind) {
    case "number":
      return (j) => (typeof j === "number" ? numberFromJson(j) : j === null || j === undefined ? null : fromJsonTyped(j, t, temporal));
    case "boolean":
      return (j) => (typeof j === "boolean" ? j : readWith(j, t, temporal));
    case "string":
      return (j) => (typeof j === "string" ? j : readWith(j, t, temporal));
    case "list": {
      const item = converter(t.element, temporal);
      return (j) => {
        if (!Array.isArray(j)) return item(j);
        const out: FeelValue[] = new Array(j.length);
        for (let i = 0; i < j.length; i++) out[i] = item(j[i]);
        return out;
      };
    }
    case "struct": {
      const fields = new Map(t.fields.map(([name, ft]) => [name, converter(ft, temporal)]));
      // states mostly give the fields in the order the type declares them: checked first, looked up otherwise
      const declared = [...fields.keys()];
      const inOrder = [...fields.values()];
      // a declared number, boolean or string field holding a JSON value of that kind (typeof names
      // the kind) is read in the loop, without a call through the field's converter
      const plain = t.fields.map(([, ft]) => PLAIN_KINDS.get(ft.kind) ?? null);
      return (j) => {
        if (!isObject(j)) return readWith(j, undefined, temporal);
        // keys and values in the same order, each read in one call (faster than indexing by key)
        const names = Object.keys(j);
        const values = Object.values(j) as FeelValue[];
        // whether every value is a plain one that writing the context out gives back as it is
        let mirrored = true;
        for (let i = 0; i < names.length; i++) {
          const name = names[i]!;
          const v = values[i];
          if (declared[i] === name && typeof v === plain[i]) {
            if (typeof v === "number") {
              values[i] = numberFromJson(v);
              // a number comes back as it was read, but for -0 (FEEL has none) and the non-finite
              if (v === 0 ? 1 / v < 0 : !Number.isFinite(v)) mirrored = false;
            }
            continue;
          }
          mirrored = false;
          const field = declared[i] === name ? inOrder[i] : fields.get(name);
          values[i] = field === undefined ? readWith(v, undefined, temporal) : field(v);
        }
        return FeelContext.fromArrays(names, values, mirrored ? j : null);
      };
    }
    default:
      return (j) => readWith(j, t, temporal);
  }
}

export interface ToJsonOptions {
  /** numbers as exact decimal strings instead of JS numbers */
  exactDecimals?: boolean;
}

/** A JSON object's own property: `constructor` or `__proto__` of a state that lacks them is absent. */
export const own = (o: Record<string, unknown>, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;

/**
 * An empty record for values keyed by names from models and states: it has no prototype, so
 * `out["__proto__"] = v` stores a value like any other key and `out.constructor` is absent.
 */
export const namedRecord = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** The prototype of writtenRecord's records: an object with no fields and no prototype, frozen. */
export const NO_FIELDS: object = Object.freeze(Object.create(null));

/**
 * namedRecord's like for a record that is written out (a receipt's `given`, `decisions`...):
 * nothing to inherit, so `out["__proto__"] = v` stores a value like any other key and
 * `out.constructor` is absent, but not an object without a prototype, which V8 keeps as a
 * dictionary: JSON.stringify read a receipt of such records in 5.1 µs of CPU, of records whose
 * prototype is NO_FIELDS (fast properties) in 3.3 µs, as fast as of plain objects.
 */
export const writtenRecord = <T>(): Record<string, T> => Object.create(NO_FIELDS) as Record<string, T>;

/** `out[key] = value` as an own property, "__proto__" included (an assignment would set the prototype). */
export function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/** No options object by default: generated code calls this for every decision it returns. */
export function toJson(v: FeelValue, opts?: ToJsonOptions): unknown {
  if (v === null || v === undefined || typeof v === "boolean" || typeof v === "string") return v ?? null;
  if (opts === undefined) {
    if (isDecimal(v)) return numberJson(v);
    const template = templates.get(v);
    if (template !== undefined) return template();
  }
  return structuredJson(v, opts);
}

/**
 * `toJson` of a number decision's value (a decimal or null, runtime/declared.ts): a decimal
 * converted at once, without the tests of every other kind first (generated code, 4-codegen/
 * json-result.ts); anything else as `toJson` converts it.
 */
export const numberToJson = (v: FeelValue): unknown => (isDecimal(v) ? numberJson(v) : toJson(v));

/**
 * `toJson` of a decision's value of declared type `t`, by a conversion made once per type object
 * (generated code passes the same one on every call): a list's items and a struct's fields are
 * converted by their own types' conversions, a struct read straight from its values when it holds
 * exactly its declared fields in order. Anything else (a module constant, which `toJson` copies
 * from its JSON form made once, uncharged; every other kind) goes through `toJson`, so the answer is
 * always what `toJson` gives, charged to the budget in the same amounts and order: each list and
 * struct before its items, so a value that shares its parts stops at the size limit, not walked.
 */
export const toJsonAs = (v: FeelValue, t: Type): unknown => jsonConverter(t)(v);

type JsonConverter = (v: FeelValue) => unknown;

const JSON_CONVERTERS = new WeakMap<Type, JsonConverter>();
/** The conversion `toJsonAs` makes for `t`, which generated code holds as a module constant. */
export function jsonConverter(t: Type): JsonConverter {
  let c = JSON_CONVERTERS.get(t);
  if (c === undefined) {
    // stands in while the parts are made, for a type that holds itself
    JSON_CONVERTERS.set(t, (v) => c!(v));
    JSON_CONVERTERS.set(t, (c = makeJsonConverter(t)));
  }
  return c;
}

const plainToJson = (v: FeelValue): unknown => toJson(v);

// The shapes a list's or struct's conversion takes from the values as they are, charged as each is
// made; anything else goes through `toJson`, which answers alike. The type's converter below and
// the writers generated code makes per declared type (codegen/json-result.ts) both take them so.

/** A list's JSON: its items by `item` where the list is converted item by item; `general(v)` otherwise. */
export function listJson(v: FeelValue, item: (x: FeelValue) => unknown, general: JsonConverter): unknown {
  if (!Array.isArray(v) || templates.has(v)) return general(v);
  charge(CONTAINER_SIZE + v.length);
  const out: unknown[] = new Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = item(v[i]!);
  return out;
}

/**
 * The JSON object a context holding exactly `names` in order was read from, which a copy of gives
 * its JSON (charged as its copy); null for any other value.
 */
export function mirrorForJson(v: FeelValue, names: readonly string[]): Readonly<Record<string, unknown>> | null {
  if (!(v instanceof FeelContext) || v.json === null || v.valuesNamed(names) === null) return null;
  charge(CONTAINER_SIZE + names.length);
  return v.json;
}

/**
 * The values of a context holding exactly `names` in order, read from no JSON object and no module
 * constant (`constant` marks none read from JSON), whose JSON is theirs under those names (charged
 * as that object); null for any other value.
 */
export function fieldsForJson(v: FeelValue, names: readonly string[]): readonly FeelValue[] | null {
  if (!(v instanceof FeelContext) || v.json !== null || templates.has(v)) return null;
  const values = v.valuesNamed(names);
  if (values !== null) charge(CONTAINER_SIZE + names.length);
  return values;
}

function makeJsonConverter(t: Type): JsonConverter {
  if (t.kind === "number") return numberToJson;
  if (t.kind === "list") {
    const item = jsonConverter(t.element);
    return (v) => listJson(v, item, plainToJson);
  }
  // `__proto__` needs setOwn: such a struct goes the general way
  if (t.kind !== "struct" || t.fields.some(([name]) => name === "__proto__")) return plainToJson;
  const names = t.fields.map(([name]) => name);
  const fields = t.fields.map(([, ft]) => jsonConverter(ft));
  return (v) => {
    const json = mirrorForJson(v, names);
    if (json !== null) return { ...json };
    const values = fieldsForJson(v, names);
    if (values === null) return toJson(v);
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) out[names[i]!] = fields[i]!(values[i]!);
    return out;
  };
}

/**
 * The JSON forms of the module constants generated code marks (lists and contexts of literals,
 * a table's constant outputs): FEEL values are never changed once made, so a constant's JSON form
 * is made once, and each caller gets a fresh copy of it from a copier made for its shape (much
 * quicker than converting again).
 */
const templates = new WeakMap<object, () => unknown>();

/** Marks a constant list or context (see `templates`); returns it. */
export function constant<T extends FeelValue>(v: T): T {
  // a context read from JSON writes itself as a copy of its object already
  if (v instanceof FeelContext && v.json !== null) return v;
  const json = typeof v === "object" && v !== null && !isDecimal(v) ? structuredJson(v) : null;
  if (typeof json === "object" && json !== null) templates.set(v as object, copier(json));
  return v;
}

/**
 * A function that makes fresh copies of the JSON tree `t`: a list sliced and an object spread (own
 * keys in order, `__proto__` among them), then only the places that hold lists or objects copied
 * again, by their own copiers.
 */
function copier(t: object): () => unknown {
  if (Array.isArray(t)) {
    const at = t.flatMap((v, i) => (typeof v === "object" && v !== null ? [i] : []));
    const copies = at.map((i) => copier(t[i] as object));
    if (at.length === 0) return () => t.slice();
    return () => {
      const out = t.slice();
      for (let j = 0; j < at.length; j++) out[at[j]!] = copies[j]!();
      return out;
    };
  }
  const source = t as Record<string, unknown>;
  const keys = Object.keys(source).filter((k) => typeof source[k] === "object" && source[k] !== null);
  const copies = keys.map((k) => copier(source[k] as object));
  if (keys.length === 0) return () => ({ ...source });
  return () => {
    const out = { ...source };
    for (let j = 0; j < keys.length; j++) setOwn(out, keys[j]!, copies[j]!());
    return out;
  };
}

function numberJson(v: Decimal): number | string | null {
  const approx = v.toNumber();
  // the common case first: a double (a decimal that is not finite has none), FEEL having no negative zero
  if (approx - approx === 0) return approx || 0;
  // ±Infinity and NaN are no FEEL number: null, never the text "Infinity" (each operation that can
  // overflow answers null with its problem; this keeps one that does not from writing it); beyond
  // double range a JS number would become Infinity (null in JSON): keep the digits
  return v.isFinite() ? numberToString(v) : null;
}

/**
 * Each list and context converted counts toward the evaluation's size before its items are made: a
 * value that shares its parts is written out in full, so a decision holding a huge shared structure
 * stops at the size limit instead of filling memory and holding the event loop.
 */
function structuredJson(v: Exclude<FeelValue, null | undefined | boolean | string>, opts?: ToJsonOptions): unknown {
  if (isDecimal(v)) return opts?.exactDecimals && v.isFinite() ? numberToString(v) : numberJson(v);
  if (Array.isArray(v)) {
    charge(CONTAINER_SIZE + v.length);
    return v.map((x) => toJson(x, opts));
  }
  if (isTemporalValue(v)) return temporalToString(v);
  if (v instanceof FeelContext) {
    charge(CONTAINER_SIZE + v.size);
    if (v.json !== null && opts?.exactDecimals !== true) return { ...v.json };
    const out: Record<string, unknown> = {};
    v.forEachEntry((k, x) => setOwn(out, k, toJson(x, opts)));
    return out;
  }
  if (v instanceof FeelRange) {
    return { start: toJson(v.start, opts), end: toJson(v.end, opts), startIncluded: v.startIncluded, endIncluded: v.endIncluded };
  }
  if (v instanceof FeelFunction) return null;
  return null;
}
