// Runs the DMN TCK: every test file under a directory, its model imported from DMN and compiled
// once (lenient), each case evaluated and compared. Models under `non-compliant/` must be
// rejected; each rejected model counts as one pass.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { diagnostic, hasErrors, type Diagnostic } from "../ir/diagnostics.js";
import { importDmn, type ImportResult } from "../dmn/index.js";
import { FeelContext, type FeelFunction, type FeelValue } from "../runtime/values.js";
import { compareValue, show } from "./compare.js";
import { compileIsolating } from "./isolate.js";
import { ignoredReason } from "./ignored.js";
import { nonConformingInputs } from "./input-conformance.js";
import type { ModelIR } from "../ir/ir.js";
import { readTestFile, type TckCase } from "./test-file.js";
import { readValue, type PortableType } from "./xml-values.js";

type Status = "SUCCESS" | "ERROR" | "IGNORED";

export interface CaseResult {
  folder: string;
  testFile: string;
  caseId: string;
  status: Status;
  detail: string;
}

/** What the runner needs from a compiled model (a subset of CompiledModel). */
interface RunnableModel {
  evaluateValues(inputs: Record<string, FeelValue>): Record<string, FeelValue>;
  functions: Record<string, FeelFunction>;
  /** the typed IR, for checking the declared types of inputs */
  ir?: ModelIR;
}

export type CompileOutcome = { ok: true; model: RunnableModel } | { ok: false; diagnostics: Diagnostic[] };
export type Compile = (content: Record<string, unknown>) => CompileOutcome;

export interface RunOptions {
  dir: string;
  compile: Compile;
  /** called after each folder, e.g. to print progress */
  onFolder?: (folder: string, results: CaseResult[]) => void;
}

const TEST_FILE = /-test-\d+\.xml$/;

/** Every directory under dir (itself included) that holds test files, sorted. */
function findTestFolders(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    const names = readdirSync(d).sort();
    if (names.some((n) => TEST_FILE.test(n))) out.push(d);
    for (const n of names) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}

interface PreparedModel {
  imported: ImportResult;
  compiled: CompileOutcome | null;
  /** decisions and functions left out because the compiler rejected them */
  rejected: Map<string, string>;
}

const firstError = (ds: Diagnostic[]): string => {
  const e = ds.find((d) => d.severity === "error");
  return e ? `${e.code}${e.address ? ` at ${e.address}` : ""}: ${e.message}` : "unknown error";
};

const crashProof =
  (compile: Compile): Compile =>
  (content) => {
    try {
      return compile(content);
    } catch (e) {
      return { ok: false, diagnostics: [diagnostic("compile.crash", { error: e instanceof Error ? e.message : String(e) })] };
    }
  };

/** Imports and compiles a model; with `isolate`, decisions the compiler rejects are left out. */
function prepare(modelFile: string, siblings: Record<string, string>, compile: Compile, isolate: boolean): PreparedModel {
  const imported = importDmn(siblings[modelFile], { file: modelFile, siblings });
  if (!imported.content) return { imported, compiled: null, rejected: new Map() };
  if (!isolate) return { imported, compiled: crashProof(compile)(imported.content), rejected: new Map() };
  const { compiled, rejected } = compileIsolating(imported.content, crashProof(compile));
  return { imported, compiled, rejected };
}

function pickModelFile(modelName: string | undefined, testFile: string, dmnFiles: string[]): string | undefined {
  if (modelName && dmnFiles.includes(modelName)) return modelName;
  if (dmnFiles.length === 1) return dmnFiles[0];
  const stem = testFile.replace(/-test-\d+\.xml$/, "");
  return dmnFiles.find((f) => f === `${stem}.dmn`);
}

const sectionOf = (content: Record<string, unknown>, key: string): Record<string, Record<string, unknown>> =>
  (content[key] ?? {}) as Record<string, Record<string, unknown>>;

function runCase(c: TckCase, prepared: PreparedModel, model: RunnableModel): { status: Status; detail: string } {
  const content = prepared.imported.content!;
  const lookup = { types: (content.types ?? {}) as Record<string, PortableType> };
  const inputs = sectionOf(content, "inputs");
  const values: Record<string, FeelValue> = {};

  let results: (name: string) => FeelValue | undefined;
  if (c.type === "decisionService" || c.type === "bkm") {
    const name = c.invocableName ?? "";
    const fn = model.functions[name];
    if (!fn) return { status: "ERROR", detail: `no function "${name}" in the compiled model` };
    const declared = (sectionOf(content, "functions")[name]?.params ?? {}) as Record<string, PortableType>;
    for (const i of c.inputs) values[i.name] = readValue(i.node, declared[i.name], lookup);
    const result = fn.invoke(fn.params.map((p) => (Object.prototype.hasOwnProperty.call(values, p) ? values[p] : null)));
    const outputs = prepared.imported.decisionServices[name];
    results = (n) => (outputs && outputs.length > 1 && result instanceof FeelContext ? result.get(n) : result);
  } else {
    for (const i of c.inputs) values[i.name] = readValue(i.node, inputs[i.name]?.type, lookup);
    const all = model.evaluateValues(values);
    results = (n) => (Object.prototype.hasOwnProperty.call(all, n) ? all[n] : undefined);
  }

  const failures: string[] = [];
  const notes: string[] = [];
  for (const r of c.results) {
    const actual = results(r.name);
    const rejected = prepared.rejected.get(r.name);
    if (rejected !== undefined && (r.errorResult || (r.expected && compareValue(r.expected, null).ok))) {
      notes.push(`${r.name} rejected by the compiler (${rejected})`);
      continue;
    }
    if (rejected !== undefined) {
      failures.push(`${r.name} rejected by the compiler: ${rejected}`);
      continue;
    }
    if (r.errorResult && (actual === null || actual === undefined)) continue;
    if (!r.expected) {
      if (actual !== null && actual !== undefined) failures.push(`${r.name}: expected no value, got ${show(actual)}`);
      continue;
    }
    const cmp = compareValue(r.expected, actual, r.name);
    if (!cmp.ok) failures.push(cmp.reason);
    else if (cmp.note) notes.push(cmp.note);
  }
  return failures.length === 0 ? { status: "SUCCESS", detail: notes.join("; ") } : { status: "ERROR", detail: failures.join("; ") };
}

/** The cases of one TCK test file run against a model compiled from imported content (`pdm test`). */
export function runTestFile(content: Record<string, unknown>, model: RunnableModel, testText: string, testFile: string): CaseResult[] {
  const row = (caseId: string, status: Status, detail: string): CaseResult => ({ folder: "", testFile, caseId, status, detail });
  const parsed = readTestFile(testText);
  if ("error" in parsed) return [row("-", "ERROR", `unreadable test file: ${parsed.error}`)];
  const prepared: PreparedModel = {
    imported: { content, diagnostics: [], decisionServices: {} },
    compiled: { ok: true, model },
    rejected: new Map(),
  };
  return parsed.cases.map((c) => {
    try {
      const r = runCase(c, prepared, model);
      return row(c.id, r.status, r.detail);
    } catch (e) {
      return row(c.id, "ERROR", `exception: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
}

function runCompliantFolder(folderDir: string, folder: string, compile: Compile): CaseResult[] {
  const names = readdirSync(folderDir).sort();
  const dmnFiles = names.filter((n) => n.endsWith(".dmn"));
  const siblings = Object.fromEntries(dmnFiles.map((f) => [f, readFileSync(join(folderDir, f), "utf8")]));
  const prepared = new Map<string, PreparedModel>();
  const out: CaseResult[] = [];
  for (const testName of names.filter((n) => TEST_FILE.test(n))) {
    const testFile = testName.replace(/\.xml$/, "");
    const row = (caseId: string, status: Status, detail: string): CaseResult => ({ folder, testFile, caseId, status, detail });
    const parsed = readTestFile(readFileSync(join(folderDir, testName), "utf8"));
    if ("error" in parsed) {
      out.push(row("-", "ERROR", `unreadable test file: ${parsed.error}`));
      continue;
    }
    const modelFile = pickModelFile(parsed.modelName, testName, dmnFiles);
    if (!modelFile) {
      for (const c of parsed.cases) out.push(row(c.id, "ERROR", `model ${parsed.modelName ?? "?"} not found`));
      continue;
    }
    if (!prepared.has(modelFile)) prepared.set(modelFile, prepare(modelFile, siblings, compile, true));
    const p = prepared.get(modelFile)!;
    for (const c of parsed.cases) {
      const ignored = ignoredReason(folder, c.id);
      if (ignored) {
        out.push(row(c.id, "IGNORED", ignored));
        continue;
      }
      if (!p.compiled) {
        out.push(row(c.id, "ERROR", `import failed: ${firstError(p.imported.diagnostics)}`));
        continue;
      }
      if (!p.compiled.ok) {
        const importErr = hasErrors(p.imported.diagnostics) ? ` (import: ${firstError(p.imported.diagnostics)})` : "";
        out.push(row(c.id, "ERROR", `compile failed: ${firstError(p.compiled.diagnostics)}${importErr}`));
        continue;
      }
      try {
        const r = runCase(c, p, p.compiled.model);
        out.push(row(c.id, r.status, r.detail));
      } catch (e) {
        out.push(row(c.id, "ERROR", `exception: ${e instanceof Error ? e.message : String(e)}`));
      }
    }
  }
  return out;
}

/**
 * One row per model: SUCCESS when the import or the compiler reports an error, or when the test
 * cases supply input values that do not conform to the declared input types.
 */
function runNonCompliantFolder(folderDir: string, folder: string, compile: Compile): CaseResult[] {
  const names = readdirSync(folderDir).sort();
  const dmnFiles = names.filter((n) => n.endsWith(".dmn"));
  const siblings = Object.fromEntries(dmnFiles.map((f) => [f, readFileSync(join(folderDir, f), "utf8")]));
  const testFile = names.find((n) => TEST_FILE.test(n))?.replace(/\.xml$/, "") ?? folder;
  return dmnFiles.map((f) => {
    const p = prepare(f, siblings, compile, false);
    const row = (status: Status, detail: string): CaseResult => ({ folder, testFile, caseId: f, status, detail });
    if (hasErrors(p.imported.diagnostics)) return row("SUCCESS", `rejected at import: ${firstError(p.imported.diagnostics)}`);
    if (p.compiled && !p.compiled.ok) return row("SUCCESS", `rejected: ${firstError(p.compiled.diagnostics)}`);
    const ir = p.compiled?.ok ? p.compiled.model.ir : undefined;
    const tests = names.filter((n) => TEST_FILE.test(n)).map((n) => readTestFile(readFileSync(join(folderDir, n), "utf8")));
    const reported = ir ? tests.flatMap((t) => ("error" in t ? [] : t.cases.flatMap((c) => nonConformingInputs(c, ir)))) : [];
    if (reported.length > 0)
      return row("SUCCESS", `reported: ${reported[0]}${reported.length > 1 ? ` (+${reported.length - 1} more)` : ""}`);
    return row("ERROR", "non-compliant model was accepted");
  });
}

export function runTck(options: RunOptions): CaseResult[] {
  const all: CaseResult[] = [];
  for (const folderDir of findTestFolders(options.dir)) {
    const folder = basename(folderDir);
    const nonCompliant =
      relative(options.dir, folderDir).split(sep).includes("non-compliant") || basename(dirname(folderDir)) === "non-compliant";
    const results = nonCompliant
      ? runNonCompliantFolder(folderDir, folder, options.compile)
      : runCompliantFolder(folderDir, folder, options.compile);
    options.onFolder?.(folder, results);
    all.push(...results);
  }
  return all;
}
