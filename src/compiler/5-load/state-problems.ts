// The problems of a refused state. The generated check (state-check-source.ts) only says yes or
// no, as fast as it can; a state it does not pass is walked here, against the same schema, for
// every way it fails, in the order and with the details a JSON Schema validator (ajv, with every
// error, own properties only and strict numbers) reports them, which state-errors.ts words as the
// service's problems. Runs inside packages too (6-package/runtime/api.ts): no code is made here.
import { hasRulesFor, resolveRef, typesOf, TYPE_KEYWORDS, type Schema, type TypeGroup } from "./state-schema.js";
import { stateErrors, withNonFinite, type SchemaError, type StateError } from "./state-errors.js";

/** The string formats by name, as the check calls them. */
export type Formats = Readonly<Record<string, (s: string) => boolean>>;

const isType: Record<string, (v: unknown) => boolean> = {
  null: (v) => v === null,
  boolean: (v) => typeof v === "boolean",
  number: (v) => typeof v === "number" && Number.isFinite(v),
  string: (v) => typeof v === "string",
  array: (v) => Array.isArray(v),
  object: (v) => typeof v === "object" && v !== null && !Array.isArray(v),
};

const COMPARISON: Record<string, string> = { maximum: "<=", minimum: ">=", exclusiveMaximum: "<", exclusiveMinimum: ">" };

const fails: Record<string, (v: number, limit: number) => boolean> = {
  maximum: (v, l) => v > l,
  minimum: (v, l) => v < l,
  exclusiveMaximum: (v, l) => v >= l,
  exclusiveMinimum: (v, l) => v <= l,
};

/** Present as an own property, not undefined: what `required` asks and `properties` looks at. */
const present = (v: object, k: string): boolean => (v as Record<string, unknown>)[k] !== undefined && Object.hasOwn(v, k);

const pointer = (path: readonly (string | number)[]): string =>
  path.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

/** Every way `state` fails `root`, in a JSON Schema validator's order. */
function schemaErrors(root: Schema, state: unknown, formats: Formats): SchemaError[] {
  const out: SchemaError[] = [];
  const error = (path: readonly (string | number)[], keyword: string, params: Record<string, unknown>, data: unknown) =>
    out.push({ instancePath: pointer(path), keyword, params, data });

  const group: Record<TypeGroup, (s: Schema, v: never, path: (string | number)[]) => void> = {
    number: (s, v: number, path) => {
      for (const k of TYPE_KEYWORDS.number)
        if (typeof s[k] === "number" && fails[k]!(v, s[k])) error(path, k, { comparison: COMPARISON[k], limit: s[k] }, v);
    },
    string: (s, v: string, path) => {
      if (typeof s.format === "string" && !formats[s.format]!(v)) error(path, "format", { format: s.format }, v);
    },
    array: (s, v: unknown[], path) => {
      if (s.items !== undefined) for (let i = 0; i < v.length; i++) walk(s.items as Schema, v[i], [...path, i]);
    },
    object: (s, v: Record<string, unknown>, path) => {
      for (const k of (s.required ?? []) as string[]) if (!present(v, k)) error(path, "required", { missingProperty: k }, v);
      for (const [k, sub] of Object.entries((s.properties ?? {}) as Record<string, Schema>))
        if (present(v, k)) walk(sub, v[k], [...path, k]);
    },
  };

  function walk(s: Schema, v: unknown, path: (string | number)[]): void {
    if (typeof s.$ref === "string") return walk(resolveRef(root, s.$ref), v, path);
    const types = typesOf(s);
    // one type with keywords of its own is checked in that type's turn; any other `type` first
    const upFront = types.length > 0 && !(types.length === 1 && hasRulesFor(s, types[0]!));
    if (upFront && !types.some((t) => isType[t]!(v))) error(path, "type", { type: s.type }, v);
    if (Array.isArray(s.enum) && !s.enum.includes(v)) error(path, "enum", { allowedValues: s.enum }, v);
    if (Array.isArray(s.anyOf)) {
      const before = out.length;
      const matched = (s.anyOf as Schema[]).some((branch) => {
        const at = out.length;
        walk(branch, v, path);
        return out.length === at;
      });
      if (matched) out.length = before;
      else error(path, "anyOf", {}, v);
    }
    for (const g of Object.keys(TYPE_KEYWORDS) as TypeGroup[]) {
      if (!hasRulesFor(s, g)) continue;
      if (isType[g]!(v)) group[g](s, v as never, path);
      else if (!upFront && types[0] === g) error(path, "type", { type: s.type }, v);
    }
  }

  walk(root, state, []);
  return out;
}

/**
 * A state's problems: none when the generated check `ok` passes it, else those of the walk above,
 * worded (stateErrors) and with numbers beyond the doubles said to be out of range (withNonFinite).
 */
export const stateProblems =
  (ok: (state: unknown) => boolean, schema: Schema, formats: Formats) =>
  (state: unknown): StateError[] =>
    ok(state) ? [] : withNonFinite(stateErrors(schemaErrors(schema, state, formats)), state);
