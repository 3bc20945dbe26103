// Request bodies generated from and around the request schemas: valid ones (a core the
// operation accepts, optional fields of the kinds the schema allows, unknown fields), and the same
// with some fields of a wrong kind, outside their enum, or (when required) missing. Which fields
// exist and which kinds they allow is read from the schema, so a new field is covered unasked.
import fc from "fast-check";
import { COMPONENTS, resolveRef, type JsonSchema } from "../../src/service/schemas/index.js";
import { MODEL } from "./fake-compiler.js";

export type Operation = "SystemOneRequest" | "ModelsRequest";
type Path = (string | number)[];

const KINDS: Record<string, fc.Arbitrary<unknown>> = {
  object: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  array: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  string: fc.string({ maxLength: 12 }),
  number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  boolean: fc.boolean(),
  null: fc.constant(null),
};

const allowedKinds = (schema: JsonSchema): string[] | undefined => {
  if (schema.type === undefined) return undefined;
  const kinds = [schema.type].flat() as string[];
  return kinds.includes("integer") ? [...kinds, "number"] : kinds;
};

const propertiesOf = (schema: JsonSchema) => (resolveRef(schema).properties ?? {}) as Record<string, JsonSchema>;
const requiredOf = (schema: JsonSchema) => (resolveRef(schema).required ?? []) as string[];

/** The value of an allowed kind (for optional fields): a value the schema accepts, enums respected. */
function allowedValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const s = resolveRef(schema);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const kinds = allowedKinds(s);
  return kinds ? fc.oneof(...kinds.filter((k) => k in KINDS).map((k) => KINDS[k]!)) : fc.jsonValue({ maxDepth: 2 });
}

const unknownFields = (schema: JsonSchema) =>
  fc.dictionary(
    fc.string({ maxLength: 8 }).filter((k) => !Object.hasOwn(propertiesOf(schema), k)),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 3 },
  );

/** Fields whose value does not change what the operation does (beyond its mode). */
const optional = (schema: JsonSchema, names: string[]) =>
  fc.record(Object.fromEntries(names.map((n) => [n, allowedValue(propertiesOf(schema)[n]!)])), { requiredKeys: [] });

const fakeState = fc.record({ a: fc.integer({ min: -1000, max: 1000 }), b: fc.integer({ min: -1000, max: 1000 }) });

/** Cores the operations accept (the schema cannot say which fields go together; spec 4.1, 4.2). */
const CORES: Record<Operation, fc.Arbitrary<Record<string, unknown>>> = {
  SystemOneRequest: fc.oneof(
    fc.record(
      { model: fc.constant(MODEL), state: fakeState, questions: fc.constant(MODEL.questions) },
      { requiredKeys: ["model", "state"] },
    ),
    fc.record({ model: fc.constant(JSON.stringify(MODEL)), state: fakeState }),
    fc.record({ content: fc.constant(MODEL.content), questions: fc.constant(MODEL.questions), state: fakeState }),
  ),
  ModelsRequest: fc.oneof(
    fc.record({ content: fc.constant(MODEL.content), output: fc.constant(MODEL.questions) }, { requiredKeys: ["content"] }),
    fc.record({ prompt: fc.string({ maxLength: 20 }), model: fc.string({ maxLength: 8 }) }, { requiredKeys: ["prompt"] }),
    fc.record({
      files: fc.array(fc.record({ name: fc.string(), type: fc.string(), data: fc.string() }, { requiredKeys: ["data"] }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
  ),
};

const EXTRAS: Record<Operation, string[]> = {
  SystemOneRequest: ["mode"],
  ModelsRequest: ["mode", "name", "dry_run", "state"],
};

export function validBody(op: Operation): fc.Arbitrary<Record<string, unknown>> {
  const schema = COMPONENTS[op];
  return fc
    .tuple(unknownFields(schema), optional(schema, EXTRAS[op]), CORES[op])
    .map(([unknown, extras, core]) => ({ ...unknown, ...extras, ...core }));
}

interface Site {
  path: Path;
  schema: JsonSchema;
  required: boolean;
  present: boolean;
}

/** Every declared field of the body, and of the objects inside its arrays. */
function sitesOf(schema: JsonSchema, value: Record<string, unknown>, at: Path = []): Site[] {
  const required = requiredOf(schema);
  return Object.entries(propertiesOf(schema)).flatMap(([name, propSchema]) => {
    const here: Site = { path: [...at, name], schema: resolveRef(propSchema), required: required.includes(name), present: name in value };
    const v = value[name];
    const items = resolveRef(propSchema).items as JsonSchema | undefined;
    const inner =
      Array.isArray(v) && items && resolveRef(items).properties
        ? v.flatMap((item, i) =>
            item && typeof item === "object" ? sitesOf(items, item as Record<string, unknown>, [...at, name, i]) : [],
          )
        : [];
    return [here, ...inner];
  });
}

const addressOf = (path: Path): string => "body" + path.map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`)).join("");

type Change = { set: unknown; code: string } | { remove: true; code: string };

function changes(site: Site): fc.Arbitrary<Change>[] {
  const out: fc.Arbitrary<Change>[] = [];
  const kinds = allowedKinds(site.schema);
  if (kinds) {
    const wrong = Object.keys(KINDS).filter((k) => !kinds.includes(k));
    out.push(fc.oneof(...wrong.map((k) => KINDS[k]!)).map((v) => ({ set: v, code: "request.type" })));
  }
  const allowed = site.schema.enum as unknown[] | undefined;
  if (allowed) out.push(KINDS.string!.filter((s) => !allowed.includes(s)).map((v) => ({ set: v, code: "request.enum" })));
  if (site.required && site.present) out.push(fc.constant({ remove: true as const, code: "request.missing" }));
  return out;
}

const isPrefix = (a: Path, b: Path) => a.length < b.length && a.every((p, i) => p === b[i]);

function apply(body: Record<string, unknown>, path: Path, change: Change): void {
  let target = body as Record<string | number, unknown>;
  for (const p of path.slice(0, -1)) target = target[p] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if ("remove" in change) delete target[last];
  else target[last] = change.set;
}

export interface Mutated {
  body: Record<string, unknown>;
  /** one entry expected per changed field */
  expected: { address: string; code: string }[];
}

/** A valid body with one to three fields made bad (none inside another). */
export function mutatedBody(op: Operation): fc.Arbitrary<Mutated> {
  const schema = COMPONENTS[op];
  return validBody(op).chain((body) => {
    const sites = sitesOf(schema, body).filter((s) => changes(s).length > 0);
    return fc
      .uniqueArray(fc.constantFrom(...sites), { minLength: 1, maxLength: 3, selector: (s) => addressOf(s.path) })
      .filter((chosen) => chosen.every((a) => chosen.every((b) => !isPrefix(a.path, b.path))))
      .chain((chosen) =>
        fc.tuple(...chosen.map((s) => fc.oneof(...changes(s)))).map((picked) => {
          const mutated = structuredClone(body);
          picked.forEach((change, i) => apply(mutated, chosen[i]!.path, change));
          return { body: mutated, expected: picked.map((change, i) => ({ address: addressOf(chosen[i]!.path), code: change.code })) };
        }),
      );
  });
}

/** Bodies that are not JSON objects at all. */
export const notAnObject = fc.oneof(KINDS.array!, KINDS.string!, KINDS.number!, KINDS.boolean!, KINDS.null!);
