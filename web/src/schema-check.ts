// A JSON Schema check in the page, for the keywords the model format's schema uses (GET
// /schemas/model.json): type, enum, properties, required, additionalProperties, propertyNames,
// items, minItems, maxItems, minLength, minimum, maximum, anyOf, oneOf, not and
// local $ref. A validator compiled to code would need `unsafe-eval`, which the page's policy forbids.
import type { JsonPath } from "./json-text.js";

type Schema = { readonly [keyword: string]: unknown };

export interface SchemaError {
  path: JsonPath;
  message: string;
}

const kindOf = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "array" : Number.isInteger(v) ? "integer" : typeof v);
const isObject = (v: unknown): v is Record<string, unknown> => kindOf(v) === "object";
const hasType = (v: unknown, type: string): boolean => {
  const kind = kindOf(v);
  return kind === type || (type === "number" && kind === "integer");
};

const deepest = (errors: SchemaError[]) => Math.max(0, ...errors.map((e) => e.path.length));

export function schemaChecker(document: Schema): (value: unknown) => SchemaError[] {
  const resolve = (schema: Schema): Schema => {
    const ref = schema.$ref;
    if (typeof ref !== "string") return schema;
    const target = ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], document);
    if (!target) throw new Error(`the schema's reference ${ref} points nowhere`);
    return { ...schema, ...resolve(target as Schema), $ref: undefined };
  };

  const check = (raw: Schema, value: unknown, path: JsonPath): SchemaError[] => {
    const s = resolve(raw);
    const at = (message: string, where: JsonPath = path): SchemaError[] => [{ path: where, message }];
    if (s.type !== undefined) {
      const types = [s.type].flat() as string[];
      if (!types.some((t) => hasType(value, t))) return at(`must be ${types.join(" or ")}, not ${kindOf(value)}`);
    }
    if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(value)))
      return at(`must be one of ${s.enum.map((e) => JSON.stringify(e)).join(", ")}`);
    for (const key of ["anyOf", "oneOf"] as const) {
      const branches = s[key] as Schema[] | undefined;
      if (!branches) continue;
      const results = branches.map((b) => check(b, value, path));
      const passed = results.filter((r) => r.length === 0).length;
      if (key === "oneOf" && passed > 1) return at("matches more than one of its allowed forms");
      if (passed === 0) {
        // the branch that got furthest into the value says best what is wrong
        return results.reduce((best, r) =>
          deepest(r) > deepest(best) || (deepest(r) === deepest(best) && r.length < best.length) ? r : best,
        );
      }
    }
    if (s.not && check(s.not as Schema, value, path).length === 0) return at("is not allowed here");
    const errors: SchemaError[] = [];
    if (typeof value === "string" && typeof s.minLength === "number" && value.length < s.minLength)
      errors.push(...at(s.minLength === 1 ? "must not be empty" : `must have at least ${s.minLength} characters`));
    if (typeof value === "number") {
      if (typeof s.minimum === "number" && value < s.minimum) errors.push(...at(`must be at least ${s.minimum}`));
      if (typeof s.maximum === "number" && value > s.maximum) errors.push(...at(`must be at most ${s.maximum}`));
    }
    if (Array.isArray(value)) {
      if (typeof s.minItems === "number" && value.length < s.minItems) errors.push(...at(`must have at least ${s.minItems} item(s)`));
      if (typeof s.maxItems === "number" && value.length > s.maxItems) errors.push(...at(`must have at most ${s.maxItems} item(s)`));
      if (s.items) value.forEach((item, i) => errors.push(...check(s.items as Schema, item, [...path, i])));
    }
    if (isObject(value)) {
      const properties = (s.properties as Record<string, Schema> | undefined) ?? {};
      for (const name of (s.required as string[] | undefined) ?? [])
        if (!Object.hasOwn(value, name)) errors.push(...at(`needs \`${name}\``));
      for (const [name, v] of Object.entries(value)) {
        if (s.propertyNames)
          for (const e of check(s.propertyNames as Schema, name, [...path, name])) errors.push({ ...e, message: `the key ${e.message}` });
        if (Object.hasOwn(properties, name)) errors.push(...check(properties[name]!, v, [...path, name]));
        else if (s.additionalProperties === false) {
          const known = Object.keys(properties);
          errors.push(...at(`\`${name}\` is not a field here; the fields are ${known.map((k) => `\`${k}\``).join(", ")}`, [...path, name]));
        } else if (s.additionalProperties) errors.push(...check(s.additionalProperties as Schema, v, [...path, name]));
      }
    }
    return errors;
  };

  return (value) => check(document, value, []);
}
