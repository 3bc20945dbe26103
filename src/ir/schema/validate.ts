// Validates a state against the derived input schema (ajv, draft 2020-12, compiled once).
import { Ajv2020 } from "ajv/dist/2020.js";
import type { StateError } from "../../compiler.js";
import { FEEL_FORMATS } from "./formats.js";
import { stateErrors } from "./state-errors.js";

export function createStateValidator(schema: Record<string, unknown>): (state: unknown) => StateError[] {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false });
  for (const [name, check] of Object.entries(FEEL_FORMATS)) ajv.addFormat(name, { type: "string", validate: check });
  const validate = ajv.compile(schema);
  return (state) => (validate(state) ? [] : stateErrors(validate.errors ?? []));
}
