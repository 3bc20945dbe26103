// Reads a model file and compiles it, turning every failure into a UserError with the right exit code.
import { compileModel, type CompiledModel, type ModelInput } from "../compiler/index.js";
import { formatCheck } from "./format.js";
import { EXIT, readJson, UserError, type Io } from "./io.js";

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
