// pdm import-dmn: DMN XML → portable content (lenient format). The other .dmn files of the same
// folder are available to `<import>`. Diagnostics go to stderr.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { checkModel } from "../../compiler/index.js";
import { importDmn } from "../../dmn/index.js";
import { hasErrors } from "../../ir/diagnostics.js";
import { freeNames } from "../free-names.js";
import { command, str, type CommandSpec } from "../command.js";
import { EXIT, print, UserError } from "../io.js";

function siblingsOf(file: string): Record<string, Uint8Array> {
  const dir = dirname(file);
  const out: Record<string, Uint8Array> = {};
  for (const name of readdirSync(dir)) {
    if (name.endsWith(".dmn") && name !== basename(file)) out[name] = readFileSync(join(dir, name));
  }
  return out;
}

export const spec: CommandSpec = {
  name: "import-dmn",
  summary: "convert a DMN 1.1–1.5 model (XML) to the model format",
  positionals: [{ name: "file.dmn", description: "the DMN file; other .dmn files in its folder can be imported by it", required: true }],
  options: { out: { type: "string", short: "o", value: "FILE", description: "write the content here instead of standard output" } },
  details: `The result uses lenient validation (every DMN hit policy, tables without an else row): check and
run it with --lenient, e.g. \`pdm check model.json --lenient\`. Diagnostics go to standard error.`,
  examples: ["pdm import-dmn loan.dmn -o loan.json", "pdm import-dmn loan.dmn | pdm check - --lenient"],
  exits: {
    0: "converted with no error",
    1: "parts could not be mapped (the content is still written)",
    2: "the file cannot be read or is not DMN, or the arguments are wrong",
  },
};

export const run = command(spec, async (args, io) => {
  const file = args.positionals[0]!;
  const values = { out: str(args, "out") };
  // bytes: the importer decodes them, refusing any that are not UTF-8 at their line
  let text: Uint8Array;
  try {
    text = readFileSync(file);
  } catch (e) {
    throw new UserError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const result = importDmn(text, { file: basename(file), siblings: siblingsOf(file), freeNames });
  for (const d of result.diagnostics) print(io.stderr, `${d.severity}: ${d.code}: ${d.message}`);
  if (!result.content) return EXIT.unreadable;
  const json = JSON.stringify(result.content, null, 2);
  if (values.out) writeFileSync(values.out, `${json}\n`);
  else print(io.stdout, json);
  // DMN allows what the strict format does not (other hit policies, no else row): say so, and how to check it.
  const strict = checkModel(result.content, { strict: true });
  if (!strict.valid && checkModel(result.content, { strict: false }).valid) {
    const first = strict.stages.flatMap((s) => s.diagnostics).find((d) => d.severity === "error")!;
    print(
      io.stderr,
      `note: the model uses DMN features outside the strict format (${first.address ? `${first.address}: ` : ""}${first.message}); check and run it with --lenient, e.g. pdm check ${values.out ?? "model.json"} --lenient`,
    );
  }
  return hasErrors(result.diagnostics) ? EXIT.invalid : EXIT.ok;
});
