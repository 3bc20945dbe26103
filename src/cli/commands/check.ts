// pdm check: the Check (spec 2.12) of a model file, and then the model's own test cases (the
// cases/ folder beside it, or --cases) as a `cases` stage: a model is not valid while it answers
// its cases differently from what they expect.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { checkModel, compileModel, compileToSql, type ModelInput } from "../../compiler/index.js";
import type { CheckResult } from "../../ir/check.js";
import { CaseError, loadCases } from "../../model-tests/cases.js";
import { casesStage } from "../../model-tests/check-cases.js";
import { command, flag, type CommandSpec } from "../command.js";
import { checkWithPositions, formatCheck } from "../format.js";
import { EXIT, print, UserError } from "../io.js";
import { LENIENT, MODEL_ARGUMENT, readModelFile } from "../load-model.js";
import { checkMappedInputs, dialectOf, SQL_OPTIONS, sqlOptions, sqlStage } from "../sql-options.js";

export const spec: CommandSpec = {
  name: "check",
  summary: "validate a model: the Check's stages and diagnostics, the derived input schema, and the model's test cases",
  positionals: [MODEL_ARGUMENT],
  options: {
    json: { type: "boolean", description: "print the Check object (valid, stages, warnings, content, input) as JSON" },
    lenient: LENIENT,
    cases: {
      type: "string",
      value: "PATH",
      multiple: true,
      description:
        "test cases to run once the model checks (files or folders, as for `pdm test`; default: the cases/ folder beside the model)",
    },
    "no-cases": { type: "boolean", description: "do not run the model's test cases" },
    sql: {
      type: "string",
      value: "DIALECT",
      description: "also lower the model to duckdb or postgres (docs/sql.md): a `sql` stage lists what the dialect cannot compute exactly",
    },
    ...SQL_OPTIONS,
  },
  examples: [
    "pdm check samples/lending/model.json",
    "pdm check model.json --json | jq .input",
    "pdm check imported.json --lenient --no-cases",
    "pdm check samples/pricing/model.json --sql duckdb",
  ],
  exits: {
    0: "the model is valid and passes its test cases",
    1: "the model is invalid, a test case fails, or (--sql) the dialect cannot compute part of it exactly (the diagnostics say where)",
    2: "the file or a case cannot be read, or the arguments are wrong",
  },
};

/** The case files to run: those given, else the cases/ folder beside the model if there is one. */
function casePaths(given: string[] | undefined, file: string): string[] {
  if (given && given.length > 0) return given;
  const beside = join(dirname(file), "cases");
  return file !== "-" && existsSync(beside) ? [beside] : [];
}

/** Appends the `cases` stage to a valid check; the check is invalid when a case fails. */
function withCases(check: CheckResult, model: ModelInput, paths: string[], strict: boolean): CheckResult {
  const compiled = compileModel(model, { strict });
  if (!compiled.ok) return compiled.check;
  let cases;
  try {
    cases = loadCases(paths, compiled.model.inputSchema);
  } catch (e) {
    if (e instanceof CaseError) throw new UserError(`pdm check: ${e.message}`, EXIT.unreadable);
    throw e;
  }
  const stage = casesStage(compiled.model, cases, paths.join(", "));
  return { ...check, valid: stage.ok, stages: [...check.stages, stage] };
}

export const run = command(spec, async (args, io) => {
  const file = args.positionals[0]!;
  const { model, source } = await readModelFile(file, io);
  const strict = !flag(args, "lenient");
  let check = checkModel(model, { strict });
  const paths = flag(args, "no-cases") ? [] : casePaths(args.values.cases as string[] | undefined, file);
  if (check.valid && paths.length > 0) check = withCases(check, model, paths, strict);
  const sql = args.values.sql;
  if (sql !== undefined && check.valid) {
    const values = args.values as { table?: string; columns?: string };
    const options = sqlOptions(dialectOf(sql), values);
    const r = compileToSql(model, { ...options, strict });
    checkMappedInputs(values.columns, options, r);
    const diagnostics = r.ok ? [] : r.diagnostics;
    check = { ...check, valid: diagnostics.length === 0, stages: [...check.stages, sqlStage(diagnostics)] };
  }
  print(io.stdout, flag(args, "json") ? JSON.stringify(checkWithPositions(check, source), null, 2) : formatCheck(check, source));
  return check.valid ? EXIT.ok : EXIT.invalid;
});
