// pdm demo: check, compile and run every sample on its states, printing decisions and answers.
import { readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { compileModel } from "../../compiler/index.js";
import { formatCheck } from "../format.js";
import { command, type CommandSpec } from "../command.js";
import { packageRoot, print, readJson } from "../io.js";
import { readModel } from "../load-model.js";

export const spec: CommandSpec = {
  name: "demo",
  summary: "check, compile and run every sample model on its states",
  options: {},
  examples: ["pdm demo"],
  exits: { 0: "every sample state ran", 1: "a sample state did not match its model" },
};

export const run = command(spec, async (_args, io) => {
  const samples = join(packageRoot(), "samples");
  let failures = 0;
  for (const name of readdirSync(samples).sort()) {
    const file = join(samples, name, "model.json");
    if (!existsSync(file)) continue;
    const compiled = compileModel(await readModel(file));
    if (!compiled.ok) {
      // The broken sample is meant to fail: show its diagnostics.
      print(io.stdout, `\n== ${name} ==\n${formatCheck(compiled.check, `samples/${name}/model.json`)}`);
      continue;
    }
    const model = compiled.model;
    print(io.stdout, `\n== ${name} == (${model.ir.decisions.length} decisions, hash ${model.hash.slice(0, 12)})`);
    const statesDir = join(samples, name, "states");
    for (const stateFile of existsSync(statesDir) ? readdirSync(statesDir).sort() : []) {
      const state = (await readJson(join(statesDir, stateFile))) as Record<string, unknown>;
      const valid = model.validate(state);
      if (!valid.ok) {
        failures++;
        print(io.stdout, `  ${stateFile}: invalid state: ${valid.errors.map((e) => `${e.address} ${e.message}`).join("; ")}`);
        continue;
      }
      const decisions = model.evaluate(state);
      print(io.stdout, `  ${stateFile}`);
      print(io.stdout, `    decisions ${JSON.stringify(decisions)}`);
      print(io.stdout, `    answers   ${JSON.stringify(model.answers(decisions))}`);
    }
  }
  return failures === 0 ? 0 : 1;
});
