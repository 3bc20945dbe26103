// The corpus of real DMN files (test/fixtures/dmn-corpus, from public repositories, none written
// for this project): each file's outcome through import, check and a run is recorded in
// outcomes.json, so a file that gets worse fails here and one that gets better is recorded on
// purpose (`npx tsx scripts/dmn-corpus.ts --write`). Whatever the outcome, no expression in
// another language is ever evaluated as FEEL, except JUEL that reads the same in FEEL (a name or a
// literal), which the import maps with a warning.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importDmn } from "../../../src/dmn/index.js";
import { parseXml, type XmlElement } from "../../../src/dmn/xml.js";
import { CORPUS, corpusFiles, OUTCOMES, outcomeOf, type FileOutcome, type Outcome } from "./outcome.js";

const recorded = JSON.parse(readFileSync(join(CORPUS, "outcomes.json"), "utf8")) as Record<string, FileOutcome>;
const sources = JSON.parse(readFileSync(join(CORPUS, "SOURCES.json"), "utf8")) as {
  files: Record<string, { repository: string; path: string; commit: string; licence: string }>;
};
const files = corpusFiles();
const RUNS: Outcome[] = ["runs", "runs-lenient"];

const FEEL_NAMES = [/^(?:s-)?feel(?:-scala|-juel)?$/i, /^https?:\/\/www\.omg\.org\/spec\/(?:DMN\/\d{8}\/)?S?-?FEEL\/?(?:\d{8}\/?)?$/i];
/** JUEL whose FEEL reading is the same value: a lone name or a literal, `${...}`-wrapped or bare. */
const JUEL_SAME_IN_FEEL = /^(?:true|false|null|0|[1-9]\d{0,14}|"[^"\\]*"|'[^'\\]*'|[A-Za-z_][A-Za-z0-9_]*)$/;

interface ForeignText {
  element: string;
  language: string;
  text: string;
}

/** A table entry that ends a JUEL condition, as Flowable writes them: `== 'a'`, `.startsWith('a')`. */
const JUEL_FRAGMENT = /^\s*(?:==|!=|\.[A-Za-z_$][\w$]*\s*\()/;

/** The texts in another language: under a non-FEEL expressionLanguage (the element's, else the file's), JUEL's ${...}, or a JUEL condition's end. */
function foreignTexts(xml: string): ForeignText[] {
  const parsed = parseXml(xml);
  if ("error" in parsed) return [];
  const fileLanguage = parsed.root.attrs.expressionLanguage;
  const out: ForeignText[] = [];
  const walk = (el: XmlElement): void => {
    const text = el.children.find((c) => c.name === "text")?.text;
    if (text !== undefined) {
      const language = el.attrs.expressionLanguage || fileLanguage;
      const notFeel = language !== undefined && !FEEL_NAMES.some((p) => p.test(language));
      const fragment = (el.name === "inputEntry" || el.name === "outputEntry") && JUEL_FRAGMENT.test(text);
      if (notFeel || (language === undefined && /^\s*[$#]\{/.test(text)) || fragment)
        out.push({ element: el.name, language: language ?? "JUEL", text: text.trim() });
    }
    el.children.forEach(walk);
  };
  walk(parsed.root);
  return out;
}

/** Foreign text that may be imported: nothing (empty), or JUEL outside an input entry that reads the same in FEEL. */
function sameInFeel(t: ForeignText): boolean {
  if (t.text === "") return true;
  const wrapped = /^[$#]\{([\s\S]*)\}$/.exec(t.text);
  const body = wrapped ? wrapped[1]!.trim() : t.text;
  return /^juel$/i.test(t.language) && t.element !== "inputEntry" && JUEL_SAME_IN_FEEL.test(body);
}

describe("the DMN corpus", () => {
  it("has a source (repository, path, commit, licence) for every file and a file for every source", () => {
    expect(files.length).toBeGreaterThan(30);
    expect(Object.keys(sources.files).sort()).toEqual(files);
    const repositories = new Set(Object.values(sources.files).map((s) => s.repository));
    expect(repositories.size).toBeGreaterThanOrEqual(4);
    for (const s of Object.values(sources.files)) expect(s.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it.each(files)("%s: every import error names the element at fault, the file and the line", (file) => {
    const name = file.slice(file.lastIndexOf("/") + 1);
    const errors = importDmn(readFileSync(join(CORPUS, file), "utf8"), { file: name }).diagnostics.filter((d) => d.severity === "error");
    for (const e of errors) {
      if (e.code === "dmn.xml") expect(e.message.startsWith(`${name}: `)).toBe(true);
      else expect(e.message).toMatch(new RegExp(`\\(<\\w+[^>]*>(?: in <\\w+ [^>]*>)? in ${name.replace(/\./g, "\\.")}:\\d+\\)$`));
    }
  });

  it.each(files)("%s keeps its recorded outcome", (file) => {
    expect(recorded[file], `no outcome recorded for ${file}: run scripts/dmn-corpus.ts --write`).toBeDefined();
    const now = outcomeOf(file);
    expect(now).toEqual(recorded[file]);
    expect(Object.keys(OUTCOMES)).toContain(now.outcome);
    // a file holding another language runs only when each such text is empty or JUEL that FEEL
    // reads the same, and the import said so at each
    const foreign = foreignTexts(readFileSync(join(CORPUS, file), "utf8"));
    if (foreign.length > 0 && RUNS.includes(now.outcome)) {
      expect(foreign.filter((t) => !sameInFeel(t))).toEqual([]);
      const path = join(CORPUS, file);
      const mapped = importDmn(readFileSync(path, "utf8"), { file }).diagnostics.filter((d) => d.code === "dmn.expression.juel-mapped");
      expect(mapped).toHaveLength(foreign.filter((t) => t.text !== "").length);
    }
  });
});
