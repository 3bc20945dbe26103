// Reads a model file and compiles it, turning every failure into a UserError with the right exit
// code; the argument and option every model command shares. The compiler is loaded when a model
// is compiled, not with this module: `pdm score` starts its workers before it loads the compiler.
import type { CompiledModel, ModelInput } from "../compiler/index.js";
import type { OptionSpec, PositionalSpec } from "./command.js";
import { formatCheck, type SourceFile } from "./format.js";
import { EXIT, readJsonText, UserError, type Io } from "./io.js";

export const MODEL_ARGUMENT: PositionalSpec = {
  name: "model.json",
  description: "a portable model {content, questions}, or bare content; - reads standard input",
  required: true,
};

export const LENIENT: OptionSpec = {
  type: "boolean",
  description: "lenient validation, as for imported DMN: every hit policy, no else row required (docs/lenient-extensions.md)",
};

/** A model file: the model, and its text and name so diagnostics can point into it. */
export interface ModelFile {
  model: ModelInput;
  source: SourceFile;
}

export async function readModelFile(path: string, io?: Io): Promise<ModelFile> {
  const { value, text } = await readJsonText(path, io);
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new UserError(`${path}: a model is a JSON object ({content, questions} or bare content)`);
  }
  return { model: value as ModelInput, source: { name: path === "-" ? "<stdin>" : path, text } };
}

export const readModel = async (path: string, io?: Io): Promise<ModelInput> => (await readModelFile(path, io)).model;

export async function compileFile(path: string, io?: Io, options: { strict?: boolean } = {}): Promise<CompiledModel> {
  const { model, source } = await readModelFile(path, io);
  const { compileModel } = await import("../compiler/index.js");
  const result = compileModel(model, options);
  if (!result.ok) throw new UserError(formatCheck(result.check, source), EXIT.invalid);
  return result.model;
}
