// pdm tck [--dir DIR] [--out results.csv] [--update-baseline]: runs the DMN TCK sample, writes the
// kit's CSV, prints a per-folder summary ending in `N passed, N failed`. Exit 0 unless the pass
// count fell below tck-baseline.json.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { compileLenient, raiseBaseline, readBaseline, runTck, summary, toCsv, totals } from "../../tck/index.js";
import { packageRoot } from "../io.js";

export async function run(args: string[], io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      dir: { type: "string" },
      out: { type: "string" },
      "update-baseline": { type: "boolean" },
      quiet: { type: "boolean" },
    },
  });
  const root = packageRoot();
  const dir = resolve(values.dir ?? join(root, "..", "shared", "tck"));
  const results = runTck({
    dir,
    compile: compileLenient,
    onFolder: values.quiet ? undefined : (folder) => io.stderr.write(`ran ${folder}\n`),
  });
  if (values.out) writeFileSync(values.out, toCsv(results));
  io.stdout.write(summary(results));

  const baselineFile = join(root, "tck-baseline.json");
  const { passed } = totals(results);
  const baseline = values["update-baseline"] ? raiseBaseline(baselineFile, passed) : readBaseline(baselineFile);
  if (passed < baseline.passed) {
    io.stderr.write(`regression: ${passed} passed, below the baseline of ${baseline.passed}\n`);
    return 1;
  }
  return 0;
}
