// fast-check arbitraries for states matching a derived input schema (JSON Schema 2020-12 subset
// the analyser emits), biased towards the boundaries tables test.
import fc from "fast-check";

type Schema = Record<string, unknown>;

const numberArb = (s: Schema): fc.Arbitrary<number> => {
  const min = (s.minimum ?? s.exclusiveMinimum ?? -1000) as number;
  const max = (s.maximum ?? s.exclusiveMaximum ?? 100000) as number;
  const ints = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  const decimals = fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => n / 100);
  return fc
    .oneof(ints, decimals, fc.constantFrom(min, max))
    .filter(
      (n) =>
        (s.exclusiveMinimum === undefined || n > (s.exclusiveMinimum as number)) &&
        (s.exclusiveMaximum === undefined || n < (s.exclusiveMaximum as number)),
    );
};

const dateArb = fc
  .date({ min: new Date("1990-01-01"), max: new Date("2035-12-31"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** The `$defs` entry a `#/$defs/<name>` reference of `root` names. */
function resolve(ref: string, root: Schema): Schema {
  const name = decodeURIComponent(ref.replace(/^#\/\$defs\//, ""))
    .replace(/~1/g, "/")
    .replace(/~0/g, "~");
  const def = (root.$defs as Record<string, Schema> | undefined)?.[name];
  if (!def) throw new Error(`no $defs entry for ${ref}`);
  return def;
}

/** Values `schema` accepts; `root` holds the `$defs` its references name (the state's schema). */
export function arbitraryFor(schema: Schema, root: Schema = schema): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === "string") return arbitraryFor(resolve(schema.$ref, root), root);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map((s) => arbitraryFor(s, root)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  const nullable = types.includes("null");
  const main = types.find((t) => t !== "null");
  const core = ((): fc.Arbitrary<unknown> => {
    switch (main) {
      case "number":
      case "integer":
        return numberArb(schema);
      case "boolean":
        return fc.boolean();
      case "string":
        if (schema.format === "date") return dateArb;
        if (schema.format === "date-time") return dateArb.map((d) => `${d}T10:30:00Z`);
        if (schema.format === "time") return fc.constantFrom("08:00:00", "12:30:00", "23:59:59");
        if (schema.format === "duration") return fc.constantFrom("P1D", "PT2H", "P30D");
        return fc.string({ maxLength: 8 });
      case "array":
        return fc.array(arbitraryFor((schema.items ?? {}) as Schema, root), { maxLength: 4 });
      case "object":
        return objectArb(schema, root);
      default:
        return fc.constant(null);
    }
  })();
  return nullable ? fc.option(core, { nil: null }) : core;
}

function objectArb(schema: Schema, root: Schema): fc.Arbitrary<unknown> {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const entries = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, arbitraryFor(s, root)]));
  return fc.record(entries, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
}
