// pdm check: the Check (spec 2.12) of a model file.
import { checkModel } from "../../compiler/index.js";
import { command, flag, type CommandSpec } from "../command.js";
import { checkWithPositions, formatCheck } from "../format.js";
import { EXIT, print } from "../io.js";
import { LENIENT, MODEL_ARGUMENT, readModelFile } from "../load-model.js";

export const spec: CommandSpec = {
  name: "check",
  summary: "validate a model: the Check's stages and diagnostics, and the derived input schema",
  positionals: [MODEL_ARGUMENT],
  options: {
    json: { type: "boolean", description: "print the Check object (valid, stages, warnings, content, input) as JSON" },
    lenient: LENIENT,
  },
  examples: ["pdm check samples/lending/model.json", "pdm check model.json --json | jq .input", "pdm check imported.json --lenient"],
  exits: {
    0: "the model is valid",
    1: "the model is invalid (the diagnostics say where)",
    2: "the file cannot be read, or the arguments are wrong",
  },
};

export const run = command(spec, async (args, io) => {
  const { model, source } = await readModelFile(args.positionals[0]!, io);
  const check = checkModel(model, { strict: !flag(args, "lenient") });
  print(io.stdout, flag(args, "json") ? JSON.stringify(checkWithPositions(check, source), null, 2) : formatCheck(check, source));
  return check.valid ? EXIT.ok : EXIT.invalid;
});
