// pdm compile: a self-contained ES module (runtime bundled in), an npm package with no
// dependencies (docs/packages.md), or one SQL query (--sql, docs/sql.md).
import { writeFileSync } from "node:fs";
import { standaloneModule } from "../../compiler/6-package/bundle.js";
import { RUNTIME_PACKAGE, type NumberMode, type RuntimeMode } from "../../compiler/6-package/standalone.js";
import { command, UsageError, type CommandSpec } from "../command.js";
import { EXIT, print, UserError, type Io } from "../io.js";
import { formatCheck } from "../format.js";
import { compileFile, LENIENT, MODEL_ARGUMENT, readModelFile } from "../load-model.js";
import { checkMappedInputs, dialectOf, SQL_OPTIONS, sqlOptions, sqlStage } from "../sql-options.js";

const NUMBER_MODES: NumberMode[] = ["decimal", "double"];
const RUNTIME_MODES: RuntimeMode[] = ["bundle", "import"];

export const spec: CommandSpec = {
  name: "compile",
  summary: "compile a model ahead of time: a self-contained ES module (-o), a standalone npm package (--package) or a SQL query (--sql)",
  positionals: [MODEL_ARGUMENT],
  options: {
    out: {
      type: "string",
      short: "o",
      value: "FILE.mjs",
      description: "write one ES module with the runtime it uses bundled in: the package's API in one file",
    },
    package: { type: "string", value: "DIR", description: "write an npm package: index.js, index.cjs, index.d.ts, schema.json, README.md" },
    numbers: {
      type: "string",
      value: "MODE",
      default: "decimal",
      description: "decimal (FEEL's 34-digit decimals) or double (JS doubles, outside FEEL's semantics)",
    },
    name: { type: "string", value: "NAME", description: "the package's npm name (default: from the model's name)" },
    minify: { type: "boolean", description: "minify the module (-o) or the package's index.js and index.cjs" },
    runtime: {
      type: "string",
      value: "MODE",
      default: "bundle",
      description: `bundle (the runtime the model calls, inside the module) or import (imported from ${RUNTIME_PACKAGE}, shared by many models)`,
    },
    sql: {
      type: "string",
      value: "DIALECT",
      description:
        "write one SQL query of duckdb or postgres instead (to -o FILE.sql, or standard output): FEEL's exact answers, or exit 1 with what the dialect cannot compute exactly",
    },
    ...SQL_OPTIONS,
    id: { type: "string", value: "COLUMN", description: "with --sql: the id column the result echoes (default id)" },
    lenient: LENIENT,
  },
  examples: [
    "pdm compile samples/lending/model.json -o lending.mjs",
    "pdm compile samples/lending/model.json --package out/lending --name @acme/lending",
    "pdm compile model.json -o fast.mjs --numbers double",
    "pdm compile model.json -o small.mjs --minify",
    "pdm compile model.json -o shared.mjs --runtime import",
    "pdm compile samples/lending/model.json --sql duckdb --table applicants -o lending.sql",
  ],
  exits: {
    0: "written",
    1: "the model is invalid, or (--sql) the dialect cannot compute part of it exactly",
    2: "a file cannot be read or written, or the arguments are wrong",
  },
};

type Values = {
  out?: string;
  package?: string;
  numbers: string;
  name?: string;
  minify?: boolean;
  runtime: string;
  lenient?: boolean;
  sql?: string;
  table?: string;
  columns?: string;
  id?: string;
};

/** --sql: the query, or the Check with a failed `sql` stage (exit 1). */
async function compileSql(file: string, values: Values, io: Io): Promise<number> {
  const dialect = dialectOf(values.sql);
  const { model, source } = await readModelFile(file, io);
  const { compileToSql } = await import("../../compiler/index.js");
  const options = sqlOptions(dialect, values);
  const r = compileToSql(model, { ...options, strict: !values.lenient });
  checkMappedInputs(values.columns, options, r);
  if (!r.ok) {
    const check = r.check.valid ? { ...r.check, valid: false, stages: [...r.check.stages, sqlStage(r.diagnostics)] } : r.check;
    throw new UserError(formatCheck(check, source), EXIT.invalid);
  }
  const text = `${r.query.sql};\n`;
  if (values.out) {
    writeFileSync(values.out, text);
    print(io.stderr, `wrote ${values.out} (${text.length} bytes, ${dialect})`);
  } else io.stdout.write(text);
  return EXIT.ok;
}

export const run = command(spec, async (args, io) => {
  const file = args.positionals[0]!;
  const values = args.values as Values;
  if (values.sql !== undefined) {
    if (values.package) throw new UsageError(spec, "--sql writes a query, not a package: leave out --package");
    return compileSql(file, values, io);
  }
  if (!values.out && !values.package) throw new UsageError(spec, "say where to write: -o FILE.mjs or --package DIR");
  const numbers = values.numbers as NumberMode;
  if (!NUMBER_MODES.includes(numbers))
    throw new UsageError(spec, `--numbers must be decimal or double, got ${JSON.stringify(values.numbers)}`);
  const runtime = values.runtime as RuntimeMode;
  if (!RUNTIME_MODES.includes(runtime))
    throw new UsageError(spec, `--runtime must be bundle or import, got ${JSON.stringify(values.runtime)}`);
  if (runtime === "import" && numbers === "double")
    throw new UsageError(spec, "--runtime import shares the runtime of FEEL decimals: --numbers double needs --runtime bundle");
  const bundling = { numbers, runtime, minify: values.minify === true };
  const model = await compileFile(file, io, { strict: !values.lenient });
  if (values.out) {
    const code = await standaloneModule(model, "esm", bundling);
    writeFileSync(values.out, code);
    print(io.stderr, `wrote ${values.out} (${code.length} bytes, model ${model.hash.slice(0, 12)})`);
  }
  if (values.package) {
    // loaded on demand: ts-morph is heavy and only packages need it
    const { isValidPackageName, writePackage } = await import("../../compiler/6-package/index.js");
    if (values.name !== undefined && !isValidPackageName(values.name))
      throw new UserError(`--name: ${JSON.stringify(values.name)} is not a valid npm package name`);
    const files = await writePackage(model, values.package, { ...bundling, ...(values.name ? { name: values.name } : {}) });
    print(io.stderr, `wrote package ${values.package} (${files.join(", ")}; model ${model.hash.slice(0, 12)}, numbers ${numbers})`);
  }
  if (numbers === "double")
    print(io.stderr, "note: --numbers double computes with binary floating point, outside FEEL's decimal semantics");
  return EXIT.ok;
});
