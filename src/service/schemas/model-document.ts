// The model format's JSON Schema as one standalone document (draft 2020-12), served at
// GET /schemas/model.json for editors: the PortableModel component and every component it
// reaches, moved under `$defs`. Nothing is restated: the components are the service's own.
import { COMPONENTS, type ComponentName, type JsonSchema } from "./index.js";
import { COMPONENTS_POINTER } from "./json-schema.js";

export const MODEL_SCHEMA_PATH = "/schemas/model.json";

/** Every `$ref` written by `ref()` pointed at `$defs` instead; the names of the components reached. */
function rewrite(value: unknown, reached: Set<ComponentName>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, reached));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      if (k === "$ref" && typeof v === "string" && v.startsWith(COMPONENTS_POINTER)) {
        const name = v.slice(COMPONENTS_POINTER.length) as ComponentName;
        reached.add(name);
        return [k, `#/$defs/${name}`];
      }
      return [k, rewrite(v, reached)];
    }),
  );
}

export function modelSchemaDocument(): JsonSchema {
  const reached = new Set<ComponentName>(["PortableModel"]);
  const defs: Record<string, unknown> = {};
  for (const name of reached) defs[name] = rewrite(COMPONENTS[name], reached);
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: MODEL_SCHEMA_PATH,
    title: "Portable decision model",
    description:
      "A portable model {content, questions} (spec section 2). This schema checks the structure; the meaning (names, types, tables, questions) is checked by POST /v1/systemtwo/models and `pdm check`, with model addresses.",
    $ref: "#/$defs/PortableModel",
    $defs: defs,
  };
}
