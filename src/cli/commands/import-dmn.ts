// pdm import-dmn <file.dmn> [-o model.json]: DMN XML → portable content (lenient format). The
// other .dmn files of the same folder are available to `<import>`. Diagnostics go to stderr;
// exit 0 when nothing is in error, 1 when parts could not be mapped (the content is still
// written), 2 when the file cannot be read or is not DMN.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { importDmn } from "../../dmn/index.js";
import { hasErrors } from "../../ir/diagnostics.js";
import { EXIT, print, UserError } from "../io.js";

function siblingsOf(file: string): Record<string, string> {
  const dir = dirname(file);
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    if (name.endsWith(".dmn") && name !== basename(file)) out[name] = readFileSync(join(dir, name), "utf8");
  }
  return out;
}

export async function run(args: string[], io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { out: { type: "string", short: "o" } },
  });
  const [file] = positionals;
  if (!file) throw new UserError("usage: pdm import-dmn <file.dmn> [-o model.json]");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new UserError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const result = importDmn(text, { file: basename(file), siblings: siblingsOf(file) });
  for (const d of result.diagnostics) print(io.stderr, `${d.severity}: ${d.code}: ${d.message}`);
  if (!result.content) return EXIT.unreadable;
  const json = JSON.stringify(result.content, null, 2);
  if (values.out) writeFileSync(values.out, `${json}\n`);
  else print(io.stdout, json);
  return hasErrors(result.diagnostics) ? EXIT.invalid : EXIT.ok;
}
