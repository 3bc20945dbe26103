// Validates a state against the derived input schema (ajv, draft 2020-12). The validator is the
// module the compiler wrote (validator-source.ts), loaded on the first validation: loading it is
// parsing it, where compiling the schema with ajv took seconds for a few thousand properties,
// and a batch worker whose rows are all read as bytes (src/batch/json-row-reader.ts) never loads
// it. Without that module (a schema on its own), ajv compiles the schema on the first validation.
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";
import { FEEL_FORMATS } from "./formats.js";
import { stateErrors, withNonFinite, type StateError } from "./state-errors.js";
import { FORMATS_MODULE, STATE_VALIDATION } from "./validator-source.js";

const require = createRequire(import.meta.url);

function compile(schema: Record<string, unknown>): ValidateFunction {
  const { Ajv2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const ajv = new Ajv2020(STATE_VALIDATION);
  for (const [name, check] of Object.entries(FEEL_FORMATS)) ajv.addFormat(name, { type: "string", validate: check });
  return ajv.compile(schema);
}

/** The formats in the `{type, validate}` shape the written-out validator calls (`formats.date.validate(s)`). */
const formats = {
  formats: Object.fromEntries(Object.entries(FEEL_FORMATS).map(([name, validate]) => [name, { type: "string", validate }])),
};

/** What the written-out validator may require: the formats, and ajv's own run-time helpers. */
function requireForValidator(id: string): unknown {
  if (id === FORMATS_MODULE) return formats;
  if (/^ajv\/dist\/runtime\/[\w-]+$/.test(id)) return require(id);
  throw new Error(`the state validator requires ${id}, which it may not`);
}

/** The validator module's export. */
function load(source: string): ValidateFunction {
  const module = { exports: {} as Record<string, unknown> };
  // eslint-disable-next-line no-new-func -- ajv's standalone code, written by the compiler from the input schema
  new Function("require", "module", "exports", source)(requireForValidator, module, module.exports);
  return (module.exports.default ?? module.exports) as ValidateFunction;
}

/** A state's errors against `schema`; `source` is its validator as validator-source.ts writes it, when there is one. */
export function createStateValidator(schema: Record<string, unknown>, source?: string): (state: unknown) => StateError[] {
  let validate: ValidateFunction | undefined;
  return (state) => {
    validate ??= source === undefined ? compile(schema) : load(source);
    return withNonFinite(validate(state) ? [] : stateErrors(validate.errors ?? []), state);
  };
}
