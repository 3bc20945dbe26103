// pdm compile <model.json> -o <file.mjs>: a self-contained ES module (runtime bundled in).
// pdm compile <model.json> --package <dir>: an npm package with no dependencies (docs/packages.md).
// --numbers double: JS doubles instead of FEEL decimals (outside FEEL's semantics).
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { standaloneModule, type NumberMode } from "../../compiler/6-package/standalone.js";
import { EXIT, print, UserError, type Io } from "../io.js";
import { compileFile } from "../load-model.js";

const USAGE = "usage: pdm compile <model.json> (-o <file.mjs> | --package <dir>) [--numbers decimal|double] [--name <npm name>] [--lenient]";
const NUMBER_MODES: NumberMode[] = ["decimal", "double"];

export async function run(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: "string", short: "o" },
      package: { type: "string" },
      numbers: { type: "string", default: "decimal" },
      name: { type: "string" },
      lenient: { type: "boolean" },
    },
  });
  const [file] = positionals;
  if (!file || (!values.out && !values.package)) throw new UserError(USAGE);
  const numbers = values.numbers as NumberMode;
  if (!NUMBER_MODES.includes(numbers)) throw new UserError(`--numbers must be decimal or double (got ${values.numbers})\n${USAGE}`);
  const model = await compileFile(file, io, { strict: !values.lenient });
  if (values.out) {
    const code = await standaloneModule(model, "esm", { numbers });
    writeFileSync(values.out, code);
    print(io.stderr, `wrote ${values.out} (${code.length} bytes, model ${model.hash.slice(0, 12)})`);
  }
  if (values.package) {
    // loaded on demand: ts-morph is heavy and only packages need it
    const { isValidPackageName, writePackage } = await import("../../compiler/6-package/index.js");
    if (values.name !== undefined && !isValidPackageName(values.name)) throw new UserError(`--name: ${JSON.stringify(values.name)} is not a valid npm package name`);
    const files = await writePackage(model, values.package, { numbers, ...(values.name ? { name: values.name } : {}) });
    print(io.stderr, `wrote package ${values.package} (${files.join(", ")}; model ${model.hash.slice(0, 12)}, numbers ${numbers})`);
  }
  if (numbers === "double") print(io.stderr, "note: --numbers double computes with binary floating point, outside FEEL's decimal semantics");
  return EXIT.ok;
}
