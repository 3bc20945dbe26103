// DMN type references and item definitions → portable types (spec 2.3 plus the lenient built-ins).
import { diagnostic } from "../ir/diagnostics.js";
import { locate, unfilled, type ImportContext } from "./context.js";
import { put } from "./records.js";
import { attr, child, childrenNamed, textChild, type XmlElement } from "./xml.js";

/** DMN and FEEL spellings of the built-in types, lower-cased, to the portable spelling. */
const BUILT_IN: Record<string, string> = {
  number: "number",
  decimal: "number",
  integer: "number",
  double: "number",
  // Camunda Modeler's type list (string, boolean, integer, long, double, date) and XML Schema's numbers
  long: "number",
  int: "number",
  short: "number",
  float: "number",
  string: "string",
  boolean: "boolean",
  date: "date",
  time: "time",
  datetime: "date and time",
  "date and time": "date and time",
  daytimeduration: "days and time duration",
  "days and time duration": "days and time duration",
  yearmonthduration: "years and months duration",
  "years and months duration": "years and months duration",
  duration: "days and time duration",
  any: "any",
  context: "context",
};

/** `list`, `range` and `function` have no portable spelling of their own. */
const STRUCTURAL: Record<string, unknown> = {
  list: ["any"],
  range: "any",
  function: "any",
};

/** `feel:string` and the like; Signavio also writes `feel.string`. */
const FEEL_PREFIX = /^(?:(?:feel|FEEL|xsd|xs|dmn):|feel\.)/;

/**
 * A typeRef as written (`number`, `feel:string`, `tns:tLoan`, `modelA.tPerson`) → a portable type,
 * or undefined when it names nothing known (the caller reports it).
 */
export function mapTypeRef(ref: string, ctx: ImportContext): unknown {
  const t = ref.trim();
  if (ctx.typeNames.has(t)) return t;
  const unprefixed = t.replace(/^[A-Za-z_][\w-]*:/, "");
  if (ctx.typeNames.has(unprefixed)) return unprefixed;
  const bare = t.replace(FEEL_PREFIX, "").toLowerCase();
  if (Object.hasOwn(BUILT_IN, bare)) return BUILT_IN[bare];
  if (Object.hasOwn(STRUCTURAL, bare)) return STRUCTURAL[bare];
  const inner = /^(list|range)\s*<\s*(.+)\s*>$/.exec(t.replace(FEEL_PREFIX, ""));
  if (inner) {
    const el = mapTypeRef(inner[2], ctx);
    if (el === undefined) return undefined;
    return inner[1] === "list" ? [el] : "any";
  }
  return undefined;
}

/**
 * mapTypeRef, refusing an unknown reference at the element that holds it: its meaning is not in
 * the file (an engine's own type, such as Camunda's custom data types, converts values in code),
 * so nothing is guessed. The decision or function holding it is not imported (unfilled); an input
 * or a type keeps the name as written, which the check rejects as an unknown type.
 */
export function typeOf(ref: string | undefined, ctx: ImportContext, el: XmlElement): unknown {
  if (ref === undefined || ref.trim() === "") return undefined;
  const t = mapTypeRef(ref, ctx);
  if (t === undefined) {
    unfilled(ctx, diagnostic("dmn.type.unknown", { typeRef: ref, at: locate(ctx, el) }));
    return ref.trim();
  }
  return t;
}

/** The base type of a constrained type: a string spelling, when the base has one. */
const spelled = (t: unknown): string | undefined => (typeof t === "string" ? t : undefined);

/** `"a", "b", "c"` → ["a","b","c"] when the tests are nothing but plain string literals. */
export function stringEnumeration(tests: string): string[] | undefined {
  const parts: string[] = [];
  const re = /\s*"((?:[^"\\]|\\.)*)"\s*(,|$)/y;
  let m: RegExpExecArray | null;
  let pos = 0;
  while (pos < tests.length && (m = re.exec(tests))) {
    parts.push(m[1].replace(/\\(.)/g, (_, c: string) => ({ n: "\n", t: "\t", r: "\r" })[c] ?? c));
    pos = re.lastIndex;
    if (m[2] === "") break;
  }
  return parts.length > 0 && pos >= tests.trimEnd().length ? parts : undefined;
}

/** A choice type from enumerated strings: the `a|b` spelling when safe, else `{ $enum }`. */
export function choiceType(values: string[]): unknown {
  const plain = values.every((v) => v !== "" && !/[|<>]/.test(v) && v.trim() === v);
  return plain && values.length > 1 ? values.join("|") : { $enum: values };
}

/** The built-in type under a named simple type (`tValue` → `number`), when there is one. */
function builtInBase(t: unknown, ctx: ImportContext, depth = 0): unknown {
  if (typeof t !== "string" || !ctx.typeNames.has(t) || depth > 20) return t;
  const def = ctx.itemDefinitions?.get(t);
  const ref = def && (child(def, "typeRef")?.text.trim() ?? attr(def, "typeRef"));
  if (!def || !ref || childrenNamed(def, "itemComponent").length > 0 || attr(def, "isCollection") === "true") return t;
  return builtInBase(mapTypeRef(ref, ctx), ctx, depth + 1);
}

/** Applies allowedValues / typeConstraint (FEEL unary tests) to a base type. */
function constrain(named: unknown, tests: string, ctx: ImportContext, el: XmlElement): unknown {
  // a constraint on a named type restricts its built-in base (both constraints hold; the narrower one is written)
  const base = builtInBase(named, ctx);
  const strings = stringEnumeration(tests);
  if (strings && (base === undefined || base === "string" || base === "any")) return choiceType(strings);
  const b = spelled(base);
  if (b === undefined || b === "any") {
    ctx.diagnostics.push(diagnostic("dmn.type.constraint", { tests, at: locate(ctx, el) }));
    return base ?? "any";
  }
  return `${b} ${tests.trim()}`;
}

/** An itemDefinition or itemComponent → a portable type. */
export function itemDefinitionType(el: XmlElement, ctx: ImportContext): unknown {
  const lang = attr(el, "typeLanguage");
  if (lang && !/FEEL/i.test(lang)) {
    ctx.diagnostics.push(diagnostic("dmn.type.language", { language: lang, at: locate(ctx, el) }));
    return "any";
  }
  const components = childrenNamed(el, "itemComponent");
  const functionItem = child(el, "functionItem");
  let t: unknown;
  if (components.length > 0) {
    const fields: Record<string, unknown> = {};
    for (const c of components) put(fields, c.attrs.name ?? "", itemDefinitionType(c, ctx));
    t = fields;
  } else if (functionItem) {
    // Portable types have no function type: a function-typed value is carried as `any`.
    t = "any";
  } else {
    const ref = child(el, "typeRef")?.text.trim() ?? attr(el, "typeRef");
    t = ref ? typeOf(ref, ctx, el) : "any";
  }
  const constraint = child(el, "allowedValues") ?? child(el, "typeConstraint");
  const tests = constraint ? textChild(constraint) : undefined;
  if (tests !== undefined && tests.trim() !== "") t = constrain(t, tests, ctx, el);
  return attr(el, "isCollection") === "true" ? [t] : t;
}
