// Validates a state against the derived input schema (ajv, draft 2020-12, compiled once).
// ajv is loaded and the schema compiled on the first validation, not before: a batch worker whose
// rows are all read as bytes (src/batch/json-row-reader.ts) never validates, and the start-up of
// `pdm score` is shorter by what loading ajv and compiling the schema cost.
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";
import { FEEL_FORMATS } from "./formats.js";
import { stateErrors, withNonFinite, type StateError } from "./state-errors.js";

const require = createRequire(import.meta.url);

function compile(schema: Record<string, unknown>): ValidateFunction {
  const { Ajv2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  // ownProperties: a state without `constructor` or `__proto__` does not inherit them
  // strictNumbers: NaN and ±Infinity are not numbers (FEEL has none; a JS caller can pass them)
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, strictNumbers: true, ownProperties: true });
  for (const [name, check] of Object.entries(FEEL_FORMATS)) ajv.addFormat(name, { type: "string", validate: check });
  return ajv.compile(schema);
}

export function createStateValidator(schema: Record<string, unknown>): (state: unknown) => StateError[] {
  let validate: ValidateFunction | undefined;
  return (state) => {
    validate ??= compile(schema);
    return withNonFinite(validate(state) ? [] : stateErrors(validate.errors ?? []), state);
  };
}
