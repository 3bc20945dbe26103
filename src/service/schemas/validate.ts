// Request validation from the schemas: ajv (draft 2020-12) compiles each schema once, when its
// validator is made (at start, not on the first request), and its errors become the service's
// `invalid_request` entries, one per field, in the order the schema lists the fields. Both the
// service and the HTTP routes validate through here. Fields a schema does not name are ignored,
// and reported as warnings (unknownFields).
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { didYouMean, REQUEST_SUGGEST_CELLS, withSuggestBudget } from "../../compiler/1-parse/suggest.js";
import type { ProblemEntry } from "../problems.js";
import { COMPONENTS, componentName, resolveRef, type JsonSchema } from "./index.js";

/** The base URI of the components document; nothing is fetched from it. */
const DOCUMENT_ID = "urn:pdm:service";

let ajv: Ajv2020 | undefined;

function instance(): Ajv2020 {
  if (ajv) return ajv;
  // verbose: the entries quote the failing value's kind and the allowed kinds. validateSchema
  // off: checking the schemas against the meta-schema compiles the meta-schema, tens of
  // milliseconds at every start; test/server/openapi.test.ts checks them instead.
  ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true, validateSchema: false });
  for (const [name, format] of Object.entries(fullFormats)) ajv.addFormat(name, format);
  // `components` holds the schemas under the pointers OpenAPI uses, so one `$ref` form serves both
  ajv.addKeyword({ keyword: "components", schemaType: "object" });
  ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: COMPONENTS } });
  return ajv;
}

const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function validatorOf(schema: JsonSchema): ValidateFunction {
  let v = compiled.get(schema);
  if (!v) {
    const name = componentName(schema);
    v = name ? instance().getSchema(`${DOCUMENT_ID}#/components/schemas/${name}`)! : instance().compile(schema);
    compiled.set(schema, v);
  }
  return v;
}

export type Kind = "object" | "array" | "string" | "number" | "boolean" | "null";

export function kindOf(v: unknown): Kind {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v as Kind;
}

interface Failure {
  /** the field's name, or the whole address for the body or an array item */
  label: string;
  named: boolean;
  error: ErrorObject;
}

const kinds = (type: unknown) => [type].flat().join(" or ");

/** Entry code and message per failed keyword; the first that fails at an address is reported. */
const ENTRIES: Record<string, (f: Failure) => Pick<ProblemEntry, "code" | "message">> = {
  required: (f) => ({ code: "request.missing", message: `${f.label} is required` }),
  type: (f) => ({
    code: "request.type",
    message: f.named
      ? `${f.label} must be ${kinds(f.error.schema)}, got ${kindOf(f.error.data)}`
      : `${f.label} must be a JSON ${kinds(f.error.schema)}`,
  }),
  enum: (f) => ({ code: "request.enum", message: `${f.label} must be one of ${(f.error.schema as unknown[]).join(", ")}` }),
};
const PRECEDENCE = Object.keys(ENTRIES);
const rank = (keyword: string) => (PRECEDENCE.includes(keyword) ? PRECEDENCE.indexOf(keyword) : PRECEDENCE.length);

const unescape = (segment: string) => segment.replace(/~1/g, "/").replace(/~0/g, "~");

/** Each step of an instance path: its position in the schema (field order or item index) and whether it is an item. */
function locate(root: JsonSchema, segments: readonly string[]): { order: number[]; item: boolean[] } {
  const order: number[] = [];
  const item: boolean[] = [];
  let schema: JsonSchema | undefined = resolveRef(root);
  for (const segment of segments) {
    const properties = schema?.properties as Record<string, JsonSchema> | undefined;
    const items = schema?.items as JsonSchema | undefined;
    if (properties && Object.hasOwn(properties, segment)) {
      order.push(Object.keys(properties).indexOf(segment));
      item.push(false);
      schema = resolveRef(properties[segment]!);
    } else if (items) {
      order.push(Number(segment));
      item.push(true);
      schema = resolveRef(items);
    } else {
      order.push(Number.MAX_SAFE_INTEGER);
      item.push(false);
      schema = undefined;
    }
  }
  return { order, item };
}

function byOrder(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function entries(errors: readonly ErrorObject[], root: JsonSchema, at: string): ProblemEntry[] {
  const found = new Map<string, { entry: ProblemEntry; rank: number; order: number[] }>();
  for (const error of errors) {
    const segments = error.instancePath.split("/").slice(1).map(unescape);
    if (error.keyword === "required") segments.push(String((error.params as { missingProperty: string }).missingProperty));
    const { order, item } = locate(root, segments);
    const address = at + segments.map((s, i) => (item[i] ? `[${s}]` : `.${s}`)).join("");
    const named = segments.length > 0 && !item[item.length - 1];
    const failure: Failure = { label: named ? segments[segments.length - 1]! : address, named, error };
    const describe =
      ENTRIES[error.keyword] ?? ((f: Failure) => ({ code: `request.${f.error.keyword}`, message: `${f.label} ${f.error.message}` }));
    const r = rank(error.keyword);
    const seen = found.get(address);
    if (!seen || r < seen.rank) found.set(address, { entry: { address, ...describe(failure) }, rank: r, order });
  }
  return [...found.values()].sort((a, b) => byOrder(a.order, b.order)).map((f) => f.entry);
}

/**
 * The fields of `value` holding more items than their schema's maxItems, found before ajv runs:
 * with allErrors it checks every item even past maxItems, and an error object for each of 500,000
 * bad items costs seconds and hundreds of megabytes (a list within the body limit).
 */
function overlong(schema: JsonSchema, value: unknown, at: string): ProblemEntry[] {
  const s = resolveRef(schema);
  if (Array.isArray(value)) {
    const max = s.maxItems;
    if (typeof max !== "number" || value.length <= max) return [];
    const field = at.slice(at.lastIndexOf(".") + 1);
    const message = `${field} has ${value.length.toLocaleString("en-US")} items; at most ${max} are read: send fewer`;
    return [{ address: at, code: "request.maxItems", message }];
  }
  const properties = s.properties as Record<string, JsonSchema> | undefined;
  if (!properties || value === null || typeof value !== "object") return [];
  return Object.keys(properties).flatMap((name) =>
    Object.hasOwn(value, name) ? overlong(properties[name]!, (value as Record<string, unknown>)[name], `${at}.${name}`) : [],
  );
}

/**
 * A check of values against `schema`: the `invalid_request` entries, empty when the value is valid.
 * `at` names the checked value in addresses ("body" gives "body.files[0].data").
 */
export function requestValidator(schema: JsonSchema, at = "body"): (value: unknown) => ProblemEntry[] {
  const validate = validatorOf(schema);
  return (value) => {
    const long = overlong(schema, value, at);
    if (long.length > 0) return long;
    return validate(value) ? [] : entries(validate.errors ?? [], schema, at);
  };
}

/**
 * The fields of an object `value` that `schema` does not name: the service ignores them, so each
 * is a warning (code request.unknown), with the field it most likely misspells.
 */
export function unknownFields(schema: JsonSchema, value: unknown, at = "body"): ProblemEntry[] {
  const properties = (resolveRef(schema).properties ?? {}) as Record<string, unknown>;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  // the suggestions for all the fields share one request's cells: a body may have 80,000 fields
  return withSuggestBudget(REQUEST_SUGGEST_CELLS, () =>
    Object.keys(value)
      .filter((field) => !Object.hasOwn(properties, field))
      .map((field) => ({
        address: `${at}.${field}`,
        code: "request.unknown",
        message: `\`${field}\` is not a field of this request and was ignored${didYouMean(field, Object.keys(properties))}`,
      })),
  );
}
