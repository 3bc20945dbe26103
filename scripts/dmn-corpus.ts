// Runs the DMN corpus (test/fixtures/dmn-corpus) through import, check and a run, and prints the
// outcome table. `--write` records the per-file outcomes the corpus test compares against;
// `--seed N` runs on other generated states (the recorded outcomes use the default seed); file
// arguments (relative to the corpus) run only those, each printed with its outcome.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS, corpusFiles, OUTCOMES, outcomeOf, tally, type FileOutcome } from "../test/dmn/corpus/outcome.js";

const seedAt = process.argv.indexOf("--seed");
const seed = seedAt > 0 ? Number(process.argv[seedAt + 1]) : undefined;
const only = process.argv.slice(2).filter((a, i, all) => a.endsWith(".dmn") && all[i - 1] !== "--seed");
if (only.length > 0) {
  for (const file of only) console.log(`${JSON.stringify(outcomeOf(file, undefined, seed))}\t${file}`);
  process.exit(0);
}
const outcomes: Record<string, FileOutcome> = {};
for (const file of corpusFiles()) outcomes[file] = outcomeOf(file, undefined, seed);
const counts = tally(outcomes);
const total = Object.keys(outcomes).length;
console.log("| outcome | files |\n|---|---:|");
for (const [k, text] of Object.entries(OUTCOMES)) console.log(`| ${text} | ${counts[k as keyof typeof OUTCOMES]} |`);
const running = counts.runs + counts["runs-lenient"];
console.log(`\n${running} of ${total} (${Math.round((100 * running) / Math.max(total, 1))} %) import, check and run.`);
if (process.argv.includes("--verbose")) for (const [f, o] of Object.entries(outcomes)) console.log(`${o.outcome}\t${o.code ?? ""}\t${f}`);
if (process.argv.includes("--write") && seed === undefined)
  writeFileSync(join(CORPUS, "outcomes.json"), `${JSON.stringify(outcomes, null, 2)}\n`);
