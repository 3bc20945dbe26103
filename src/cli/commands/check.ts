// pdm check <model.json> [--json] [--lenient]: the Check (spec 2.12); exit 0 valid, 1 invalid, 2 unreadable.
import { parseArgs } from "node:util";
import { checkModel } from "../../compiler/index.js";
import { formatCheck } from "../format.js";
import { EXIT, print, UserError, type Io } from "../io.js";
import { readModel } from "../load-model.js";

export async function run(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: "boolean" }, lenient: { type: "boolean" } },
  });
  const [file] = positionals;
  if (!file) throw new UserError("usage: pdm check <model.json> [--json] [--lenient]");
  const check = checkModel(await readModel(file, io), { strict: !values.lenient });
  print(io.stdout, values.json ? JSON.stringify(check, null, 2) : formatCheck(check, file));
  return check.valid ? EXIT.ok : EXIT.invalid;
}
