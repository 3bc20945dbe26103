// pdm compile <model.json> -o <file.mjs>: a self-contained ES module (runtime bundled in).
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { standaloneModule } from "../../codegen/standalone.js";
import { EXIT, print, UserError, type Io } from "../io.js";
import { compileFile } from "../load-model.js";

export async function run(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { out: { type: "string", short: "o" }, lenient: { type: "boolean" } },
  });
  const [file] = positionals;
  if (!file || !values.out) throw new UserError("usage: pdm compile <model.json> -o <file.mjs>");
  const model = await compileFile(file, io, { strict: !values.lenient });
  const code = await standaloneModule(model);
  writeFileSync(values.out, code);
  print(io.stderr, `wrote ${values.out} (${code.length} bytes, model ${model.hash.slice(0, 12)})`);
  return EXIT.ok;
}
