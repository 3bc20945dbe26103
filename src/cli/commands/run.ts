// pdm run <model.json> --state <file|-> [--json] [--trace]: decisions and answers for one state.
import { parseArgs } from "node:util";
import { EXIT, print, readJson, UserError, type Io } from "../io.js";
import { compileFile } from "../load-model.js";

export async function run(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      state: { type: "string", short: "s" },
      json: { type: "boolean" },
      trace: { type: "boolean" },
      exact: { type: "boolean" },
      lenient: { type: "boolean" },
    },
  });
  const [file] = positionals;
  if (!file || !values.state) throw new UserError("usage: pdm run <model.json> --state <file|-> [--json] [--trace] [--exact]");
  const model = await compileFile(file, io, { strict: !values.lenient });
  const state = await readJson(values.state, io);
  const valid = model.validate(state);
  if (!valid.ok) {
    const lines = valid.errors.map((e) => `  ${e.address}: ${e.message} [${e.code}]`);
    print(io.stderr, `${values.state}: the state does not match the model's inputs\n${lines.join("\n")}`);
    return EXIT.invalid;
  }
  const options = { exactDecimals: values.exact ?? false };
  const { decisions, trace } = model.evaluateTraced(state as Record<string, unknown>, options);
  const result = { decisions, answers: model.answers(decisions), ...(values.trace ? { trace } : {}) };
  print(io.stdout, values.json ? JSON.stringify(result, null, 2) : formatResult(result));
  return EXIT.ok;
}

function formatResult(result: { decisions: Record<string, unknown>; answers: Record<string, unknown>; trace?: Record<string, unknown> }): string {
  const lines = ["decisions:"];
  for (const [name, value] of Object.entries(result.decisions)) {
    const t = result.trace?.[name] as { rule?: unknown; lets?: unknown } | undefined;
    const rule = t?.rule !== undefined ? `   (rule ${JSON.stringify(t.rule)})` : "";
    lines.push(`  ${name}: ${JSON.stringify(value)}${rule}`);
    if (t?.lets) lines.push(`    let ${JSON.stringify(t.lets)}`);
  }
  if (Object.keys(result.answers).length > 0) {
    lines.push("answers:");
    for (const [id, answer] of Object.entries(result.answers)) lines.push(`  ${id}: ${JSON.stringify(answer)}`);
  }
  return lines.join("\n");
}
