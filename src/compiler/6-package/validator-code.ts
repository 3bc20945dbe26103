// The package's state validator as code: ajv compiles the input schema once, here, with the
// same options and formats as src/compiler/5-load/validate-state.ts, and `ajv/dist/standalone` writes the
// compiled validator out as a CommonJS module. The package bundles that module, so it needs
// no ajv at run time. Formats are read from the virtual module `FORMATS_MODULE`.
import { _, Ajv2020 } from "ajv/dist/2020.js";
// the module object under NodeNext: its `default` is the function (ajv is CommonJS)
import standalone from "ajv/dist/standalone/index.js";
import { FEEL_FORMATS } from "../5-load/formats.js";

/** The import specifier the generated code uses for the formats (resolved by the bundler). */
export const FORMATS_MODULE = "pdm:formats";

export function validatorCode(schema: Record<string, unknown>): string {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: false,
    strictNumbers: true,
    ownProperties: true,
    code: { source: true, formats: _`require(${FORMATS_MODULE}).formats` },
  });
  for (const [name, check] of Object.entries(FEEL_FORMATS)) ajv.addFormat(name, { type: "string", validate: check });
  return standalone.default(ajv, ajv.compile(schema));
}
