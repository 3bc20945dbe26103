// Turns ajv's validation errors into state errors addressed like the model,
// `inputs.<name>[.<field>]`. Free of ajv at run time, so generated packages bundle it with
// their standalone validator while the compiler uses it behind ajv's run-time compiler.
import type { ErrorObject } from "ajv";
import { FORMAT_HINTS } from "./formats.js";

/** One way a state does not match the input schema, addressed like the model. */
export interface StateError {
  address: string;
  code: string;
  message: string;
}

const RANGE_KEYWORDS = new Set(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]);

/** When one value fails several ways, the first of these is the one worth saying. */
const PRIORITY = ["state.missing", "state.type", "state.enum", "state.format", "state.range", "state.invalid"];

const article = (t: string): string => (t === "array" || t === "object" || t === "integer" ? `an ${t}` : `a ${t}`);

function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") return "an object";
  return typeof v === "string" ? JSON.stringify(v) : String(v);
}

function pathOf(e: ErrorObject): string[] {
  const segments = e.instancePath === "" ? [] : e.instancePath.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (e.keyword === "required") segments.push((e.params as { missingProperty: string }).missingProperty);
  return segments;
}

/** `["applicant", "items", "0", "price"]` → `applicant.items[0].price` */
const dotted = (segments: string[]): string =>
  segments.map((s, i) => (/^\d+$/.test(s) && i > 0 ? `[${s}]` : i === 0 ? s : `.${s}`)).join("");

type Describe = (name: string, e: ErrorObject, got: string) => Omit<StateError, "address">;

const BY_KEYWORD: Record<string, Describe> = {
  required: (name) => ({ code: "state.missing", message: `\`${name}\` is required` }),
  type: (name, e, got) => {
    if (e.data === null) return { code: "state.missing", message: `\`${name}\` is required (got null)` };
    const wanted = ([] as unknown[]).concat(e.params.type).filter((t) => t !== "null").map((t) => article(String(t)));
    return { code: "state.type", message: `\`${name}\` must be ${wanted.join(" or ")} (got ${got})` };
  },
  enum: (name, e, got) => {
    const allowed = (e.params.allowedValues as unknown[]).filter((v) => v !== null).map((v) => JSON.stringify(v));
    return { code: "state.enum", message: `\`${name}\` must be one of ${allowed.join(", ")} (got ${got})` };
  },
  format: (name, e, got) => {
    const hint = FORMAT_HINTS[String(e.params.format)] ?? `in the format ${String(e.params.format)}`;
    return { code: "state.format", message: `\`${name}\` must be ${hint} (got ${got})` };
  },
};

function toStateError(e: ErrorObject): StateError {
  const segments = pathOf(e);
  if (segments.length === 0) return { address: "inputs", code: "state.type", message: "the state must be a JSON object mapping input names to values" };
  const name = dotted(segments);
  const got = describeValue(e.data);
  const known = BY_KEYWORD[e.keyword];
  if (known) return { address: `inputs.${name}`, ...known(name, e, got) };
  if (RANGE_KEYWORDS.has(e.keyword))
    return { address: `inputs.${name}`, code: "state.range", message: `\`${name}\` must be ${String(e.params.comparison)} ${String(e.params.limit)} (got ${got})` };
  const code = e.keyword === "const" ? "state.enum" : "state.invalid";
  return { address: `inputs.${name}`, code, message: `\`${name}\` ${e.message ?? "is invalid"} (got ${got})` };
}

/** One error per address: the most telling of the ways the value failed. */
export function stateErrors(errors: ErrorObject[]): StateError[] {
  const byAddress = new Map<string, StateError>();
  for (const e of errors) {
    const se = toStateError(e);
    const prev = byAddress.get(se.address);
    if (!prev || PRIORITY.indexOf(se.code) < PRIORITY.indexOf(prev.code)) byAddress.set(se.address, se);
  }
  return [...byAddress.values()];
}
