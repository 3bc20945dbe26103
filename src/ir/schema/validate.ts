// Validates a state against the derived input schema (ajv, draft 2020-12, compiled once) and
// turns ajv's errors into state errors addressed like the model: `inputs.<name>[.<field>]`.
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import type { StateError } from "../../compiler.js";
import { FEEL_FORMATS, FORMAT_HINTS } from "./formats.js";

const CODES: Record<string, string> = {
  required: "state.missing",
  type: "state.type",
  enum: "state.enum",
  const: "state.enum",
  format: "state.format",
  minimum: "state.range",
  maximum: "state.range",
  exclusiveMinimum: "state.range",
  exclusiveMaximum: "state.range",
};

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
  segments.map((s, i) => (/^\d+$/.test(s) && i > 0 ? `[${s}]` : (i === 0 ? s : `.${s}`))).join("");

function toStateError(e: ErrorObject): StateError {
  const segments = pathOf(e);
  if (segments.length === 0)
    return { address: "inputs", code: "state.type", message: "the state must be a JSON object mapping input names to values" };
  const name = dotted(segments);
  const address = `inputs.${name}`;
  const got = describeValue(e.data);
  const p = e.params as Record<string, unknown>;
  if (e.keyword === "required") return { address, code: "state.missing", message: `\`${name}\` is required` };
  if (e.keyword === "type") {
    if (e.data === null) return { address, code: "state.missing", message: `\`${name}\` is required (got null)` };
    const wanted = ([] as unknown[]).concat(p.type).filter((t) => t !== "null").map((t) => article(String(t)));
    return { address, code: "state.type", message: `\`${name}\` must be ${wanted.join(" or ")} (got ${got})` };
  }
  if (e.keyword === "enum") {
    const allowed = (p.allowedValues as unknown[]).filter((v) => v !== null).map((v) => JSON.stringify(v));
    return { address, code: "state.enum", message: `\`${name}\` must be one of ${allowed.join(", ")} (got ${got})` };
  }
  if (e.keyword === "format") {
    const hint = FORMAT_HINTS[String(p.format)] ?? `in the format ${String(p.format)}`;
    return { address, code: "state.format", message: `\`${name}\` must be ${hint} (got ${got})` };
  }
  const code = CODES[e.keyword] ?? "state.invalid";
  if (code === "state.range") return { address, code, message: `\`${name}\` must be ${String(p.comparison)} ${String(p.limit)} (got ${got})` };
  return { address, code, message: `\`${name}\` ${e.message ?? "is invalid"} (got ${got})` };
}

export function createStateValidator(schema: Record<string, unknown>): (state: unknown) => StateError[] {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false });
  for (const [name, check] of Object.entries(FEEL_FORMATS)) ajv.addFormat(name, { type: "string", validate: check });
  const validate = ajv.compile(schema);
  return (state) => {
    if (validate(state)) return [];
    const byAddress = new Map<string, StateError>();
    for (const e of validate.errors ?? []) {
      const se = toStateError(e);
      const prev = byAddress.get(se.address);
      if (!prev || PRIORITY.indexOf(se.code) < PRIORITY.indexOf(prev.code)) byAddress.set(se.address, se);
    }
    return [...byAddress.values()];
  };
}
