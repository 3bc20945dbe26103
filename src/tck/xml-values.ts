// Values in TCK test files (testCases.xsd `valueType`) → FEEL values. A `<value>` is typed by its
// `xsi:type`; an untyped one takes the type the model declares for the node (else it is a string).
// `<list>`/`<item>` make lists, `<component name>` contexts, `xsi:nil` null.
import { Decimal } from "../runtime/decimal.js";
import { parseDate, parseDateTime, parseDuration, parseTime } from "../runtime/temporal/parse.js";
import { FeelContext, type FeelValue } from "../runtime/values.js";
import { child, childrenNamed, xsiAttr, type XmlElement } from "../dmn/xml.js";

/** A portable type as found in content (string, struct object, one-element list, `$enum`). */
export type PortableType = unknown;

/** Resolves named types and returns the kind of scalar an untyped value should become. */
export interface TypeLookup {
  types: Record<string, PortableType>;
}

const isNil = (e: XmlElement): boolean => xsiAttr(e, "nil") === "true";

type Scalar = (text: string) => FeelValue;

const number: Scalar = (t) => {
  const s = t.trim();
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return new Decimal(s);
  return null; // INF, NaN and the like have no FEEL number
};

/** xsi:type local names → readers. */
const BY_XSD_TYPE: Record<string, Scalar> = {
  decimal: number,
  double: number,
  float: number,
  int: number,
  integer: number,
  long: number,
  short: number,
  byte: number,
  string: (t) => t,
  boolean: (t) => (t.trim() === "true" || t.trim() === "1" ? true : t.trim() === "false" || t.trim() === "0" ? false : null),
  date: (t) => parseDate(t.trim()),
  time: (t) => parseTime(t.trim()),
  dateTime: (t) => parseDateTime(t.trim()),
  duration: (t) => parseDuration(t.trim()),
  dayTimeDuration: (t) => parseDuration(t.trim()),
  yearMonthDuration: (t) => parseDuration(t.trim()),
};

/** Portable built-in type names → the reader an untyped value of that type needs. */
const BY_PORTABLE_TYPE: Record<string, Scalar> = {
  number: number,
  string: BY_XSD_TYPE.string,
  boolean: BY_XSD_TYPE.boolean,
  date: BY_XSD_TYPE.date,
  time: BY_XSD_TYPE.time,
  "date and time": BY_XSD_TYPE.dateTime,
  "days and time duration": BY_XSD_TYPE.duration,
  "years and months duration": BY_XSD_TYPE.duration,
};

/** Follows named types to a structural or built-in type. */
function resolveType(t: PortableType, lookup: TypeLookup, depth = 0): PortableType {
  if (typeof t !== "string" || depth > 20) return t;
  if (Object.prototype.hasOwnProperty.call(lookup.types, t)) return resolveType(lookup.types[t], lookup, depth + 1);
  return t;
}

function scalarFor(t: PortableType, lookup: TypeLookup): Scalar {
  const r = resolveType(t, lookup);
  if (typeof r === "string") {
    const base = r.split(" ")[0];
    const exact = BY_PORTABLE_TYPE[r] ?? BY_PORTABLE_TYPE[base];
    if (exact) return exact;
    if (r.startsWith("date and time")) return BY_PORTABLE_TYPE["date and time"];
    if (r.startsWith("days and time duration") || r.startsWith("years and months duration")) return BY_XSD_TYPE.duration;
  }
  return BY_XSD_TYPE.string;
}

function fieldType(t: PortableType, name: string, lookup: TypeLookup): PortableType {
  const r = resolveType(t, lookup);
  if (r && typeof r === "object" && !Array.isArray(r) && !("$enum" in r) && !("$levels" in r)) {
    return Object.prototype.hasOwnProperty.call(r, name) ? (r as Record<string, PortableType>)[name] : undefined;
  }
  return undefined;
}

function elementType(t: PortableType, lookup: TypeLookup): PortableType {
  const r = resolveType(t, lookup);
  return Array.isArray(r) ? r[0] : undefined;
}

/**
 * A `valueType` element (inputNode, expected, component, item) → FEEL value.
 * @param declared the portable type the model gives this node, used for untyped `<value>`s
 */
export function readValue(el: XmlElement, declared: PortableType, lookup: TypeLookup): FeelValue {
  if (isNil(el)) return null;
  const list = child(el, "list");
  if (list) {
    if (isNil(list)) return null;
    const itemType = elementType(declared, lookup);
    return childrenNamed(list, "item").map((item) => readValue(item, itemType, lookup));
  }
  const components = childrenNamed(el, "component");
  if (components.length > 0) {
    const entries = new Map<string, FeelValue>();
    for (const c of components) {
      const name = c.attrs.name ?? "";
      entries.set(name, readValue(c, fieldType(declared, name, lookup), lookup));
    }
    return new FeelContext(entries);
  }
  const value = child(el, "value");
  if (!value || isNil(value)) return null;
  const xsdType = xsiAttr(value, "type");
  if (xsdType !== undefined) {
    const reader = BY_XSD_TYPE[xsdType.slice(xsdType.indexOf(":") + 1)];
    return reader ? reader(value.text) : value.text;
  }
  return scalarFor(declared, lookup)(value.text);
}

/** Whether an expected number was written as a double (compared at double precision). */
export function isDoubleValue(el: XmlElement): boolean {
  const value = child(el, "value");
  const t = value && xsiAttr(value, "type");
  return t !== undefined && /(^|:)(double|float)$/.test(t);
}
