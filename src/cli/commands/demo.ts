// pdm demo: check, compile and run every sample on the test cases kept beside it (samples/<x>/cases),
// printing decisions and answers and whether they match what each case expects.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { compileModel } from "../../compiler/index.js";
import { modelText } from "../../compiler/model-text.js";
import { loadCases } from "../../model-tests/cases.js";
import { failureLines } from "../../model-tests/report.js";
import { runCase } from "../../model-tests/run-cases.js";
import { formatCheck } from "../format.js";
import { command, type CommandSpec } from "../command.js";
import { packageRoot, print } from "../io.js";
import { readModel } from "../load-model.js";

export const spec: CommandSpec = {
  name: "demo",
  summary: "check, compile and run every sample model on its test cases, reporting which match",
  positionals: [
    { name: "folder", description: "a folder of samples, one model.json and cases/ per subfolder (default: the package's samples)" },
  ],
  options: {},
  details: `Each sample keeps its test cases in samples/<name>/cases ({state, expect} files, as \`pdm test\`
reads them). For every case the decisions and answers are printed, then whether they match what
the case expects (a diff when they do not); each sample ends with N/M cases matched.`,
  examples: ["pdm demo", "pdm demo my-models/"],
  exits: { 0: "every sample case matched", 1: "a sample case did not match its expectation" },
};

export const run = command(spec, async (args, io) => {
  const samples = args.positionals[0] ?? join(packageRoot(), "samples");
  let matched = 0;
  let total = 0;
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
    const casesDir = join(samples, name, "cases");
    const outcomes = existsSync(casesDir) ? loadCases([casesDir], model.inputSchema).map((c) => runCase(model, c)) : [];
    const text = modelText(model);
    for (const o of outcomes) {
      print(io.stdout, `  ${o.ok ? "✓ matches " : "✗ differs "} ${o.name}`);
      if (o.actual) {
        print(io.stdout, `    decisions ${JSON.stringify(o.actual.decisions)}`);
        print(io.stdout, `    answers   ${JSON.stringify(o.actual.answers)}`);
      }
      for (const line of failureLines(o, text)) print(io.stdout, line);
    }
    const ok = outcomes.filter((o) => o.ok).length;
    print(io.stdout, `  ${name}: ${ok}/${outcomes.length} cases matched`);
    matched += ok;
    total += outcomes.length;
  }
  print(io.stdout, `\nsamples: ${matched}/${total} cases matched`);
  return matched === total ? 0 : 1;
});
