// The corpus of real DMN files (test/fixtures/dmn-corpus, from public repositories, none written
// for this project): each file's outcome through import, check and a run is recorded in
// outcomes.json, so a file that gets worse fails here and one that gets better is recorded on
// purpose (`npx tsx scripts/dmn-corpus.ts --write`). Whatever the outcome, no expression in
// another language is ever evaluated as FEEL.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS, corpusFiles, OUTCOMES, outcomeOf, type FileOutcome, type Outcome } from "./outcome.js";

const recorded = JSON.parse(readFileSync(join(CORPUS, "outcomes.json"), "utf8")) as Record<string, FileOutcome>;
const sources = JSON.parse(readFileSync(join(CORPUS, "SOURCES.json"), "utf8")) as {
  files: Record<string, { repository: string; path: string; commit: string; licence: string }>;
};
const files = corpusFiles();
const RUNS: Outcome[] = ["runs", "runs-lenient"];

/** Text in another language: a non-FEEL expressionLanguage anywhere, or JUEL's ${...} as a whole entry. */
function foreign(xml: string): boolean {
  const languages = [...xml.matchAll(/expressionLanguage="([^"]*)"/g)].map((m) => m[1]!);
  const notFeel = languages.some(
    (l) =>
      !/^(?:s-)?feel(?:-scala|-juel)?$/i.test(l) && !/^https?:\/\/www\.omg\.org\/spec\/(?:DMN\/\d{8}\/)?S?-?FEEL\/?(?:\d{8}\/?)?$/i.test(l),
  );
  return notFeel || /<text>\s*(?:<!\[CDATA\[)?\s*[$#]\{/.test(xml);
}

describe("the DMN corpus", () => {
  it("has a source (repository, path, commit, licence) for every file and a file for every source", () => {
    expect(files.length).toBeGreaterThan(30);
    expect(Object.keys(sources.files).sort()).toEqual(files);
    const repositories = new Set(Object.values(sources.files).map((s) => s.repository));
    expect(repositories.size).toBeGreaterThanOrEqual(4);
    for (const s of Object.values(sources.files)) expect(s.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it.each(files)("%s keeps its recorded outcome", (file) => {
    expect(recorded[file], `no outcome recorded for ${file}: run scripts/dmn-corpus.ts --write`).toBeDefined();
    const now = outcomeOf(file);
    expect(now).toEqual(recorded[file]);
    expect(Object.keys(OUTCOMES)).toContain(now.outcome);
    if (foreign(readFileSync(join(CORPUS, file), "utf8"))) expect(RUNS).not.toContain(now.outcome);
  });
});
