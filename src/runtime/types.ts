// Type membership and conversion of values against the model's static types (src/ir/types.ts).
//   conforms:   may a value of this type hold v? null conforms to every type.
//   instanceOf: FEEL `instance of`; null is an instance of nothing but the null type.
//   coerce:     DMN 1.5 conversion of decision/BKM results and parameters (10.3.2.9.4).
import { tick } from "./budget.js";
import { isDecimal } from "./decimal.js";
import type { Type } from "../ir/types.js";
import { kindOf, SCALAR_KINDS } from "./kinds.js";
import { problem } from "./problems.js";
import { FeelContext, FeelDateTime, FeelFunction, FeelRange, type FeelDate, type FeelValue } from "./values.js";

const SIMPLE = new Set<string>([...SCALAR_KINDS, "context", "function"]);

/**
 * The types each context and list of contexts or lists was found to conform to. Values and types
 * never change once made, so a structure that shares its parts (`{a: c, b: c}`) is checked once per
 * part and type, not once per path to it: the check's work is then bounded by the work that made
 * the parts, and charged with it. A conversion, which copies, costs a step per item or field.
 */
const conforming = new WeakMap<object, Type[]>();

function remembered(v: object, t: Type, check: () => boolean): boolean {
  const known = conforming.get(v);
  if (known?.includes(t)) return true;
  if (!check()) return false;
  if (known) known.push(t);
  else conforming.set(v, [t]);
  return true;
}

const NESTED = new Set<string>(["struct", "list", "range"]);

export function conforms(v: FeelValue, t: Type): boolean {
  if (v === null || v === undefined) return true;
  switch (t.kind) {
    case "any":
      return true;
    case "null":
      return false;
    case "choice":
    case "levels":
      return typeof v === "string" && t.values.includes(v);
    case "struct": {
      if (!(v instanceof FeelContext)) return false;
      const fields = () => t.fields.every(([name, ft]) => v.has(name) && conforms(v.get(name), ft));
      // a context of scalars is checked each time: remembering it would cost about as much
      return t.fields.some(([, ft]) => NESTED.has(ft.kind)) ? remembered(v, t, fields) : fields();
    }
    case "list": {
      if (!Array.isArray(v)) return false;
      const items = () => v.every((item) => conforms(item, t.element));
      // a list of scalars is walked each time: remembering it would cost about as much
      return NESTED.has(t.element.kind) ? remembered(v, t, items) : items();
    }
    case "range":
      return v instanceof FeelRange && conforms(v.start, t.element) && conforms(v.end, t.element);
    case "function":
      return v instanceof FeelFunction && (t.params.length === 0 || v.options.variadic || v.params.length === t.params.length);
    default:
      return SIMPLE.has(t.kind) && kindOf(v) === t.kind;
  }
}

/** `conforms(v, t)` for one type, made once per type object. */
export type Conformer = (v: FeelValue) => boolean;

const CONFORMERS = new WeakMap<Type, Conformer>();

/**
 * `conforms` made once for a list or struct type (generated code passes the same type object on
 * every call): each part's check chosen once, a struct's fields read by their slots. It says what
 * `conforms` says and remembers what `conforms` remembers, in the same table, so a value that shares
 * its parts is walked once per part and type, as `conforms` walks it: never once per path.
 */
export function conformer(t: Type): Conformer {
  let c = CONFORMERS.get(t);
  if (c === undefined) {
    // stands in while the parts are made, for a type that holds itself
    CONFORMERS.set(t, (v) => c!(v));
    CONFORMERS.set(t, (c = makeConformer(t)));
  }
  return c;
}

function makeConformer(t: Type): Conformer {
  if (t.kind === "list") {
    const item = conformer(t.element);
    const items = (v: FeelValue[]) => {
      for (let i = 0; i < v.length; i++) if (!item(v[i]!)) return false;
      return true;
    };
    if (!NESTED.has(t.element.kind)) return (v) => v === null || v === undefined || (Array.isArray(v) && items(v));
    return (v) => v === null || v === undefined || (Array.isArray(v) && remembered(v, t, () => items(v)));
  }
  if (t.kind === "struct") {
    const names = t.fields.map(([name]) => name);
    const parts = t.fields.map(([, ft]) => conformer(ft));
    const fields = (v: FeelContext) => {
      // a context holding exactly the fields in order (read from a state) has each at its slot
      const values = v.valuesNamed(names);
      if (values !== null) {
        for (let i = 0; i < names.length; i++) if (!parts[i]!(values[i]!)) return false;
        return true;
      }
      for (let i = 0; i < names.length; i++) if (!v.has(names[i]!) || !parts[i]!(v.get(names[i]!))) return false;
      return true;
    };
    if (!t.fields.some(([, ft]) => NESTED.has(ft.kind)))
      return (v) => v === null || v === undefined || (v instanceof FeelContext && fields(v));
    return (v) => v === null || v === undefined || (v instanceof FeelContext && remembered(v, t, () => fields(v)));
  }
  return (v) => conforms(v, t);
}

export function instanceOf(v: FeelValue, t: Type): boolean {
  if (v === null || v === undefined) return t.kind === "null";
  return conforms(v, t);
}

type Conversion = { ok: true; value: FeelValue } | { ok: false; message: string };

/** Characters of a type written in a message; a longer one is cut there, with an ellipsis. */
const SHOWN = 200;

/**
 * A type as FEEL writes it (`list<number>`), in messages and in docs/builtins.md; cut after SHOWN
 * characters, since a type that shares its parts can be far longer written out than its model.
 */
export const typeName = (t: Type): string => {
  const text = typeText(t, SHOWN + 1);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
};

/** `t` written out, stopping once the text holds `room` characters. */
function typeText(t: Type, room: number): string {
  switch (t.kind) {
    case "list":
      return `list<${typeText(t.element, room)}>`;
    case "range":
      return `range<${typeText(t.element, room)}>`;
    case "choice":
    case "levels":
      return `one of ${t.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "struct": {
      let text = "context<";
      for (const [n, ft] of t.fields) {
        if (text.length >= room) break;
        text += `${text.length > 8 ? ", " : ""}${n}: ${typeText(ft, room - text.length)}`;
      }
      return `${text}>`;
    }
    default:
      return t.kind;
  }
}

/** Implicit conversions first, conformance last; returns a message instead of reporting. */
function convert(v: FeelValue, t: Type): Conversion {
  if (v === null || v === undefined || t.kind === "any") return { ok: true, value: v ?? null };
  if (conforms(v, t)) return { ok: true, value: v };
  if (t.kind === "list" && !Array.isArray(v)) {
    const inner = convert(v, t.element);
    if (inner.ok) return { ok: true, value: [inner.value] };
  }
  // A singleton list stands for its element, once: [[10]] is not a number.
  if (t.kind !== "list" && Array.isArray(v) && v.length === 1 && !Array.isArray(v[0])) return convert(v[0]!, t);
  if (t.kind === "list" && Array.isArray(v)) {
    tick(v.length);
    const items: FeelValue[] = [];
    for (const item of v) {
      const c = convert(item, t.element);
      if (!c.ok || Array.isArray(c.value) !== Array.isArray(item)) return fail(v, t);
      items.push(c.value);
    }
    return { ok: true, value: items };
  }
  if (t.kind === "date and time" && kindOf(v) === "date") {
    const d = v as FeelDate;
    return { ok: true, value: new FeelDateTime(d.year, d.month, d.day, 0, 0, 0, 0, 0, null) };
  }
  if (t.kind === "struct" && v instanceof FeelContext && t.fields.every(([n]) => v.has(n))) {
    const entries = new Map(v.entries);
    tick(t.fields.length);
    for (const [name, ft] of t.fields) {
      const c = convert(v.get(name), ft);
      if (!c.ok) return fail(v, t);
      entries.set(name, c.value);
    }
    return { ok: true, value: new FeelContext(entries) };
  }
  return fail(v, t);
}

const fail = (v: FeelValue, t: Type): Conversion => ({
  ok: false,
  message: `${kindOf(v) === "string" ? JSON.stringify(v) : kindOf(v)} does not conform to ${typeName(t)}`,
});

/**
 * Whether a value conforms as it is to the scalar kinds generated code coerces most (as `conforms`
 * says): a function small enough for V8 to inline, with no conversion record.
 */
export function scalarConforms(v: FeelValue, t: Type): boolean {
  switch (t.kind) {
    case "number":
      return isDecimal(v);
    case "boolean":
      return typeof v === "boolean";
    case "string":
      return typeof v === "string";
    case "choice":
    case "levels":
      return typeof v === "string" && t.values.includes(v);
    default:
      return false;
  }
}

export function coerce(v: FeelValue, t: Type): FeelValue {
  if (v === null || v === undefined) return null;
  return scalarConforms(v, t) ? v : converted(v, t);
}

function converted(v: FeelValue, t: Type): FeelValue {
  const c = convert(v, t);
  return c.ok ? c.value : problem(c.message);
}

/** Parameter conversion for calls: like coerce, but the caller decides what failure means. */
export const coerceArgument = convert;
