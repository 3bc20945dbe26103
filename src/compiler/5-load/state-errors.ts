// Turns the errors of a state against its JSON Schema (state-problems.ts finds them, in the shape
// and order ajv gives them) into state errors addressed like the model, `inputs.<name>[.<field>]`.
// Bundled into packages.
import { STATE } from "../../ir/diagnostic-catalogue/state.js";
import { addressedDiagnosticsOf, type Diagnostic } from "../../ir/diagnostic-types.js";
import { FORMAT_HINTS } from "./formats.js";

/** One way a value fails a keyword of the schema, as JSON Schema validators (ajv) report it. */
export interface SchemaError {
  /** JSON Pointer of the value */
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  data?: unknown;
  message?: string;
}

/** One way a state does not match the input schema, addressed like the model. */
export interface StateError {
  address: string;
  code: string;
  message: string;
}

const RANGE_KEYWORDS = new Set(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]);

/** When one value fails several ways, the first of these is the one worth saying (the catalogue lists them so). */
const PRIORITY: readonly string[] = Object.keys(STATE);

// Only the state family: this module is bundled into packages.
const diagnostic = addressedDiagnosticsOf(STATE);

function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") return "an object";
  return typeof v === "string" ? JSON.stringify(v) : String(v);
}

function pathOf(e: SchemaError): string[] {
  const segments =
    e.instancePath === ""
      ? []
      : e.instancePath
          .slice(1)
          .split("/")
          .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (e.keyword === "required") segments.push((e.params as { missingProperty: string }).missingProperty);
  return segments;
}

/** `["applicant", "items", "0", "price"]` → `applicant.items[0].price` */
const dotted = (segments: string[]): string =>
  segments.map((s, i) => (/^\d+$/.test(s) && i > 0 ? `[${s}]` : i === 0 ? s : `.${s}`)).join("");

const stateError = (address: string, d: Diagnostic): StateError => ({ address, code: d.code, message: d.message });

type Describe = (name: string, e: SchemaError, got: string) => Diagnostic;

const BY_KEYWORD: Record<string, Describe> = {
  required: (name) => diagnostic("state.missing", { variant: "absent", name }),
  type: (name, e, got) => {
    if (e.data === null) return diagnostic("state.missing", { variant: "null", name });
    const wanted = ([] as unknown[])
      .concat(e.params.type)
      .filter((t) => t !== "null")
      .map(String);
    return diagnostic("state.type", { variant: "value", name, wanted, got });
  },
  enum: (name, e, got) => {
    const allowed = (e.params.allowedValues as unknown[]).filter((v) => v !== null).map((v) => JSON.stringify(v));
    return diagnostic("state.enum", { variant: "values", name, allowed, got });
  },
  format: (name, e, got) => {
    const hint = FORMAT_HINTS[String(e.params.format)] ?? `in the format ${String(e.params.format)}`;
    return diagnostic("state.format", { name, hint, got });
  },
  const: (name, e, got) => diagnostic("state.enum", { variant: "const", name, detail: e.message ?? "is invalid", got }),
};

function toStateError(e: SchemaError): StateError {
  const segments = pathOf(e);
  if (segments.length === 0) return stateError("inputs", diagnostic("state.type", { variant: "state" }));
  const name = dotted(segments);
  const address = `inputs.${name}`;
  const got = describeValue(e.data);
  const known = BY_KEYWORD[e.keyword];
  if (known) return stateError(address, known(name, e, got));
  if (RANGE_KEYWORDS.has(e.keyword))
    return stateError(
      address,
      diagnostic("state.range", { name, comparison: String(e.params.comparison), limit: String(e.params.limit), got }),
    );
  return stateError(address, diagnostic("state.invalid", { variant: "schema", name, detail: e.message, got }));
}

/**
 * The errors of a blank input's wrapper (derive.ts writes a blank input of a shared type as `anyOf`
 * its type and null): the wrapper itself failing, and its null branch. The type's own errors say why.
 */
const ofNullableWrapper = (e: SchemaError): boolean => e.keyword === "anyOf" || (e.keyword === "type" && e.params.type === "null");

/** One error per address: the most telling of the ways the value failed. */
export function stateErrors(errors: SchemaError[]): StateError[] {
  const byAddress = new Map<string, StateError>();
  for (const e of errors) {
    if (ofNullableWrapper(e)) continue;
    const se = toStateError(e);
    const prev = byAddress.get(se.address);
    if (!prev || PRIORITY.indexOf(se.code) < PRIORITY.indexOf(prev.code)) byAddress.set(se.address, se);
  }
  return [...byAddress.values()];
}

/** An object's own keys and values, an array's items by index. */
const entriesOf = (v: object): [string, unknown][] =>
  Array.isArray(v) ? Array.from(v, (item, i): [string, unknown] => [String(i), item]) : Object.entries(v);

/**
 * Whether a number anywhere in `root` (object values, array items) is NaN or ±Infinity: a walk that
 * makes no paths, so that a state with none (every state read from JSON) is not walked again for
 * their addresses (a state of 90,000 keys: 60 ms of paths and entries).
 */
function holdsNonFinite(root: object): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "number") {
      if (!Number.isFinite(v)) return true;
    } else if (v !== null && typeof v === "object") {
      if (Array.isArray(v)) for (let i = 0; i < v.length; i++) stack.push(v[i]);
      else for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k]);
    }
  }
  return false;
}

/**
 * JSON numbers beyond ±1.7976931348623157e308 (`1e999999`) parse as ±Infinity, which FEEL has no
 * number for: each is out of range, in place of the schema's "not a number" (strictNumbers) at its
 * address, which would hide the cause. NaN (only a JS caller can pass it) keeps the schema's error.
 * Found without recursion, where JSON has values: the keys of objects, the items of arrays.
 */
export function withNonFinite(errors: StateError[], state: unknown): StateError[] {
  if (state === null || typeof state !== "object" || !holdsNonFinite(state)) return errors;
  let out = [...errors];
  const taken = new Set(errors.map((e) => e.address));
  const stack: [unknown, string[]][] = entriesOf(state).map(([k, v]) => [v, [k]]);
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === "number" && !Number.isFinite(v)) {
      const name = dotted(path);
      const address = `inputs.${name}`;
      if (Number.isNaN(v)) {
        if (!taken.has(address))
          out.push(stateError(address, diagnostic("state.type", { variant: "value", name, wanted: ["number"], got: "NaN" })));
        continue;
      }
      out = out.filter((e) => e.address !== address);
      const negative = v < 0;
      const d = diagnostic("state.range", {
        name,
        comparison: negative ? ">=" : "<=",
        limit: String(negative ? -Number.MAX_VALUE : Number.MAX_VALUE),
        got: String(v),
      });
      out.push(stateError(address, d));
    } else if (v !== null && typeof v === "object") {
      for (const [k, item] of entriesOf(v)) stack.push([item, [...path, k]]);
    }
  }
  return out;
}
