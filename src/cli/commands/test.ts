// pdm test: a model's test cases, kept beside it, run and compared; a diff per failing case.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { splitModel, type CompiledModel } from "../../compiler/index.js";
import { modelText } from "../../compiler/model-text.js";
import { CaseError, loadCases } from "../../model-tests/cases.js";
import { junitReport, textReport } from "../../model-tests/report.js";
import { runCase, type CaseOutcome } from "../../model-tests/run-cases.js";
import { runTestFile } from "../../tck/index.js";
import { command, flag, str, UsageError, type CommandSpec } from "../command.js";
import { EXIT, print, UserError } from "../io.js";
import { compileFile, LENIENT, MODEL_ARGUMENT } from "../load-model.js";

const REPORTERS = ["text", "junit"];

export const spec: CommandSpec = {
  name: "test",
  summary: "run a model's test cases ({state, expect} files, a folder, JSONL, CSV, or a DMN TCK test file)",
  positionals: [MODEL_ARGUMENT, { name: "cases", description: "case files or folders (default: the cases/ folder beside the model)" }],
  variadic: true,
  options: {
    reporter: {
      type: "string",
      value: "NAME",
      default: "text",
      description: "text (a readable report) or junit (JUnit XML for CI systems)",
    },
    out: { type: "string", short: "o", value: "FILE", description: "write the report here instead of standard output" },
    lenient: LENIENT,
  },
  details: `A case is a JSON object {"state": {...}, "expect": {"decisions": {...}, "answers": {...}}}; only the
decisions and answers named are compared, and an expected object lists only the fields it checks.
A .json file holds one case or a list of them; a folder holds case files; a .jsonl file holds one
case per line, or flat rows whose expect.<decision> fields are the expectations; a .csv file has
input columns and expect.<decision> columns. A DMN TCK test file (.xml) runs against a model
imported with \`pdm import-dmn\`.`,
  examples: [
    "pdm test samples/lending/model.json",
    "pdm test model.json cases/ more-cases.jsonl",
    "pdm test model.json regression.csv --reporter junit -o junit.xml",
    "pdm test imported.json 0001-input-data-string-test-01.xml --lenient",
  ],
  exits: { 0: "every case passed", 1: "a case failed, or the model is invalid", 2: "a file cannot be read, or the arguments are wrong" },
};

function tckOutcomes(model: CompiledModel, file: string): CaseOutcome[] {
  const content = splitModel(model.check.content).content;
  return runTestFile(content, model, readFileSync(file, "utf8"), basename(file)).map((r) => ({
    name: `${r.testFile} ${r.caseId}`,
    ok: r.status === "SUCCESS",
    mismatches:
      r.status === "SUCCESS" ? [] : [{ path: r.status === "IGNORED" ? "ignored" : "result", expected: undefined, actual: r.detail }],
    explanation: {},
    ms: 0,
  }));
}

export const run = command(spec, async (args, io) => {
  const [file, ...given] = args.positionals as [string, ...string[]];
  const reporter = str(args, "reporter")!;
  if (!REPORTERS.includes(reporter)) throw new UsageError(spec, `--reporter is text or junit, got ${JSON.stringify(reporter)}`);
  const paths = given.length > 0 ? given : [join(dirname(file), "cases")];
  if (given.length === 0 && !existsSync(paths[0]!)) throw new UsageError(spec, `no cases given, and no cases/ folder beside ${file}`);
  const model = await compileFile(file, io, { strict: !flag(args, "lenient") });
  const outcomes: CaseOutcome[] = [];
  const tck = paths.filter((p) => extname(p).toLowerCase() === ".xml");
  try {
    for (const c of loadCases(
      paths.filter((p) => !tck.includes(p)),
      model.inputSchema,
    ))
      outcomes.push(runCase(model, c));
  } catch (e) {
    if (e instanceof CaseError) throw new UserError(`pdm test: ${e.message}`, EXIT.unreadable);
    throw e;
  }
  for (const t of tck) outcomes.push(...tckOutcomes(model, t));
  if (outcomes.length === 0) throw new UserError(`pdm test: no cases in ${paths.join(", ")}`, EXIT.unreadable);
  const text = modelText(model);
  const report = reporter === "junit" ? junitReport(file, outcomes, text) : textReport(file, outcomes, text);
  const out = str(args, "out");
  if (out) writeFileSync(out, report.endsWith("\n") ? report : `${report}\n`);
  else print(io.stdout, report);
  if (out && reporter === "junit") print(io.stderr, textReport(file, outcomes).split("\n").at(-1)!);
  return outcomes.every((o) => o.ok) ? EXIT.ok : EXIT.invalid;
});
