// Runs the DMN corpus (test/fixtures/dmn-corpus) through import, check and a run, and prints the
// outcome table. `--write` records the per-file outcomes the corpus test compares against;
// `--seed N` runs on other generated states (the recorded outcomes use the default seed); file
// arguments (relative to the corpus) run only those, each printed with its outcome; `--tables`
// prints the recorded outcomes (outcomes.json) by folder and by repository, as docs/dmn-import.md shows them.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS, corpusFiles, OUTCOMES, outcomeOf, tally, type FileOutcome } from "../test/dmn/corpus/outcome.js";

const seedAt = process.argv.indexOf("--seed");
const seed = seedAt > 0 ? Number(process.argv[seedAt + 1]) : undefined;
if (process.argv.includes("--tables")) {
  const recorded = JSON.parse(readFileSync(join(CORPUS, "outcomes.json"), "utf8")) as Record<string, FileOutcome>;
  const sources = JSON.parse(readFileSync(join(CORPUS, "SOURCES.json"), "utf8")) as { files: Record<string, { repository: string }> };
  const folder = (f: string): string => `\`${f.slice(0, f.lastIndexOf("/") + 1)}\``;
  console.log(table("folder", recorded, folder));
  console.log(`\n${table("repository", recorded, (f) => sources.files[f]?.repository ?? "?")}`);
  process.exit(0);
}

/** Markdown rows of the outcomes grouped by `key`, then a row for all, refusals counted by their first error's code. */
function table(heading: string, outcomes: Record<string, FileOutcome>, key: (file: string) => string): string {
  const groups = new Map<string, FileOutcome[]>();
  for (const [file, o] of Object.entries(outcomes)) groups.set(key(file), [...(groups.get(key(file)) ?? []), o]);
  const row = (name: string, os: FileOutcome[]): string => {
    const strict = os.filter((o) => o.outcome === "runs").length;
    const lenient = os.filter((o) => o.outcome === "runs-lenient").length;
    const codes = new Map<string, number>();
    for (const o of os)
      if (o.outcome !== "runs" && o.outcome !== "runs-lenient") codes.set(o.code ?? o.outcome, (codes.get(o.code ?? o.outcome) ?? 0) + 1);
    const refused = [...codes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c, n]) => `\`${c}\` ${n}`);
    return `| ${name} | ${os.length} | ${strict} | ${lenient} | ${refused.join(", ") || "—"} | ${Math.round((100 * (strict + lenient)) / os.length)} % |`;
  };
  const lines = [
    `| ${heading} | files | runs strict | runs lenient | refused: first error's code, files | running |`,
    "|---|---:|---:|---:|---|---:|",
  ];
  for (const name of [...groups.keys()].sort()) lines.push(row(name, groups.get(name)!));
  lines.push(row("all", Object.values(outcomes)));
  return lines.join("\n");
}

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
