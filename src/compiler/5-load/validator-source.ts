// The state validator as code: ajv compiles the input schema, and `ajv/dist/standalone` writes the
// compiled validator out as a CommonJS module. The compiler does this where it compiles (a compile
// worker, away from the server's event loop: ajv takes seconds on a schema of a few thousand
// properties), and whoever evaluates loads the module (validate-state.ts) at the cost of parsing it.
// Packages bundle the same module. The formats are the one thing it requires by a name of ours.
import { createRequire } from "node:module";
import { _, Ajv2020 } from "ajv/dist/2020.js";
import { FEEL_FORMATS } from "./formats.js";

// ajv is CommonJS: its standalone writer is the `default` of the module object
const { default: standaloneCode } = createRequire(import.meta.url)("ajv/dist/standalone") as typeof import("ajv/dist/standalone/index.js");

/** The module specifier the generated code requires the formats by (`require(FORMATS_MODULE).formats`). */
export const FORMATS_MODULE = "pdm:formats";

/**
 * ajv's options for a state: every error, with the value; ownProperties, so a state without
 * `constructor` or `__proto__` does not inherit them; strictNumbers, so NaN and ±Infinity are not
 * numbers (FEEL has none; a JS caller can pass them).
 */
export const STATE_VALIDATION = { allErrors: true, verbose: true, strict: false, strictNumbers: true, ownProperties: true } as const;

export function validatorSource(schema: Record<string, unknown>): string {
  const ajv = new Ajv2020({ ...STATE_VALIDATION, code: { source: true, formats: _`require(${FORMATS_MODULE}).formats` } });
  for (const [name, check] of Object.entries(FEEL_FORMATS)) ajv.addFormat(name, { type: "string", validate: check });
  return standaloneCode(ajv, ajv.compile(schema));
}
