// The reference for the state check: the input schema compiled by ajv (draft 2020-12, every error,
// own properties only, strict numbers, the FEEL formats), its errors worded by state-errors.ts —
// what the service answered before the check was written as straight JS.
import { Ajv2020 } from "ajv/dist/2020.js";
import { FEEL_FORMATS } from "../../src/compiler/5-load/formats.js";
import { stateErrors, withNonFinite, type StateError } from "../../src/compiler/5-load/state-errors.js";

export function ajvStateErrors(schema: Record<string, unknown>): (state: unknown) => StateError[] {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, strictNumbers: true, ownProperties: true });
  for (const [name, check] of Object.entries(FEEL_FORMATS)) ajv.addFormat(name, { type: "string", validate: check });
  const validate = ajv.compile(schema);
  return (state) => withNonFinite(validate(state) ? [] : stateErrors(validate.errors ?? []), state);
}
