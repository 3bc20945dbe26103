// A results file is rewritten by its benchmark, but the stops' prose sections after the tables
// (from the first `## Stop ` heading on) are the team's record: they are carried into the new file.
import { readFileSync, writeFileSync } from "node:fs";

/** Writes `report` to `path`, followed by the `## Stop ` sections of the file it replaces. */
export function writeKeepingStops(path: string, report: string): void {
  let before = "";
  try {
    before = readFileSync(path, "utf8");
  } catch {
    // no earlier file: nothing to keep
  }
  const at = before.search(/^## Stop /m);
  writeFileSync(path, at < 0 ? report : `${report.trimEnd()}\n\n${before.slice(at)}`);
}
