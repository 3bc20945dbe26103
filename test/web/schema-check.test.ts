// The page's schema check agrees with ajv on the model format's schema: the same verdict on the
// samples and on generated breakages of them, and its errors point at paths ajv reports too.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelSchemaDocument } from "../../src/service/schemas/model-document.js";
import { schemaChecker } from "../../web/src/schema-check.js";

const SAMPLES = join(import.meta.dirname, "../../samples");
const samples = readdirSync(SAMPLES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => JSON.parse(readFileSync(join(SAMPLES, d.name, "model.json"), "utf8")) as unknown);

const document = modelSchemaDocument();
const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true }).compile(document);
const page = schemaChecker(document);

type Json = unknown;
const leafValue: fc.Arbitrary<Json> = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.double({ min: -2, max: 2, noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("", "x", "number", "FIRST", "UNIQUE", "noul", "=> number", "$enum"),
  fc.constant([]),
  fc.constant({}),
  fc.constant(["a"]),
  fc.constant([
    ["x", "=> number"],
    ["1", "2"],
  ]),
);

/** Every path to a value inside `v`. */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(v)) return here.concat(...v.map((x, i) => paths(x, [...at, i])));
  if (v && typeof v === "object") return here.concat(...Object.entries(v).map(([k, x]) => paths(x, [...at, k])));
  return here;
}

function mutate(model: Json, path: (string | number)[], how: "replace" | "delete" | "add", value: Json): Json {
  const copy = structuredClone(model) as Record<string, Json>;
  if (path.length === 0) return how === "replace" ? value : copy;
  const parent = path.slice(0, -1).reduce<any>((o, k) => o[k], copy);
  const key = path.at(-1)!;
  if (how === "replace") parent[key] = value;
  else if (how === "delete" && Array.isArray(parent)) parent.splice(key as number, 1);
  else if (how === "delete") delete parent[key];
  else if (parent[key] && typeof parent[key] === "object" && !Array.isArray(parent[key])) parent[key].added = value;
  else if (Array.isArray(parent[key])) parent[key].push(value);
  return copy;
}

const mutated = fc
  .constantFrom(...samples)
  .chain((model) =>
    fc.tuple(
      fc.constant(model),
      fc.constantFrom(...paths(model)),
      fc.constantFrom("replace", "delete", "add") as fc.Arbitrary<"replace" | "delete" | "add">,
      leafValue,
    ),
  )
  .map(([model, path, how, value]) => mutate(model, path, how, value));

const pointer = (path: readonly (string | number)[]) => path.map((p) => `/${String(p).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

describe("the page's schema check", () => {
  it("accepts what ajv accepts and rejects what ajv rejects, on the samples and 2000 generated breakages", () => {
    for (const s of samples) expect(page(s).length === 0).toBe(ajv(s));
    let rejected = 0;
    fc.assert(
      fc.property(mutated, (model) => {
        const ok = ajv(model);
        const errors = page(model);
        expect(errors.length === 0, JSON.stringify(errors)).toBe(ok);
        if (!ok) {
          rejected++;
          // each error is at or above a place ajv also names
          const ajvPaths = ajv.errors!.map((e) => e.instancePath);
          for (const e of errors) expect(ajvPaths.some((p) => p.startsWith(pointer(e.path)) || pointer(e.path).startsWith(p))).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
    // the breakages are not all harmless: both verdicts are exercised
    expect(rejected).toBeGreaterThan(400);
    expect(rejected).toBeLessThan(1900);
  });
});
