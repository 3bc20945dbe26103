// pdm tck: runs a DMN TCK folder, writes the kit's CSV, prints a per-folder summary ending in
// `N passed, N failed`. The pass count is held to tck-baseline.json only for the kit this
// repository tracks (../shared/tck); another folder is reported, not compared.
import { existsSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { compileLenient, raiseBaseline, readBaseline, runTck, summary, toCsv, totals } from "../../tck/index.js";
import { command, flag, str, UsageError, type CommandSpec } from "../command.js";
import { packageRoot } from "../io.js";

export const spec: CommandSpec = {
  name: "tck",
  summary: "run the DMN TCK: import, check, compile and evaluate every test case",
  options: {
    dir: { type: "string", value: "DIR", description: "a TCK folder (default ../shared/tck beside this repository)" },
    out: { type: "string", value: "FILE", description: "write the kit's results CSV" },
    "update-baseline": { type: "boolean", description: "raise tck-baseline.json to this run's pass count (default kit only)" },
    quiet: { type: "boolean", description: "no line per folder" },
  },
  details: "The default kit's pass count must not fall below tck-baseline.json; the count only ever goes up.",
  examples: ["pdm tck", "pdm tck --out results.csv --quiet", "pdm tck --dir ~/dmn-tck/TestCases/compliance-level-3"],
  exits: {
    0: "ran (and, for the default kit, at least the baseline passed)",
    1: "fewer cases passed than the baseline",
    2: "the folder does not exist, or the arguments are wrong",
  },
};

export const run = command(spec, async (args, io) => {
  const root = packageRoot();
  const kit = resolve(root, "..", "shared", "tck");
  const given = str(args, "dir");
  const dir = resolve(given ?? kit);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new UsageError(spec, given ? `no folder ${given} (${dir})` : `the DMN TCK sample was not found at ${dir}; pass --dir`);
  }
  const results = runTck({
    dir,
    compile: compileLenient,
    onFolder: flag(args, "quiet") ? undefined : (folder) => io.stderr.write(`ran ${folder}\n`),
  });
  const out = str(args, "out");
  if (out) writeFileSync(out, toCsv(results));
  io.stdout.write(summary(results));
  if (dir !== kit) return 0;
  const baselineFile = join(root, "tck-baseline.json");
  const { passed } = totals(results);
  const baseline = flag(args, "update-baseline") ? raiseBaseline(baselineFile, passed) : readBaseline(baselineFile);
  if (passed < baseline.passed) {
    io.stderr.write(`regression: ${passed} passed, below the baseline of ${baseline.passed}\n`);
    return 1;
  }
  return 0;
});
