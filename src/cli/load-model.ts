// Reads a model file and compiles it, turning every failure into a UserError with the right exit
// code; the argument and option every model command shares.
import { compileModel, type CompiledModel, type ModelInput } from "../compiler/index.js";
import type { OptionSpec, PositionalSpec } from "./command.js";
import { formatCheck } from "./format.js";
import { EXIT, readJson, UserError, type Io } from "./io.js";

export const MODEL_ARGUMENT: PositionalSpec = {
  name: "model.json",
  description: "a portable model {content, questions}, or bare content; - reads standard input",
  required: true,
};

export const LENIENT: OptionSpec = {
  type: "boolean",
  description: "lenient validation, as for imported DMN: every hit policy, no else row required (docs/lenient-extensions.md)",
};

export async function readModel(path: string, io?: Io): Promise<ModelInput> {
  const model = await readJson(path, io);
  if (!model || typeof model !== "object" || Array.isArray(model)) {
    throw new UserError(`${path}: a model is a JSON object ({content, questions} or bare content)`);
  }
  return model as ModelInput;
}

export async function compileFile(path: string, io?: Io, options: { strict?: boolean } = {}): Promise<CompiledModel> {
  const result = compileModel(await readModel(path, io), options);
  if (!result.ok) throw new UserError(formatCheck(result.check, path), EXIT.invalid);
  return result.model;
}
