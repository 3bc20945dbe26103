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

export function arbitraryFor(schema: Schema): fc.Arbitrary<unknown> {
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
        return fc.array(arbitraryFor((schema.items ?? {}) as Schema), { maxLength: 4 });
      case "object":
        return objectArb(schema);
      default:
        return fc.constant(null);
    }
  })();
  return nullable ? fc.option(core, { nil: null }) : core;
}

function objectArb(schema: Schema): fc.Arbitrary<unknown> {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const entries = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, arbitraryFor(s)]));
  return fc.record(entries, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
}
