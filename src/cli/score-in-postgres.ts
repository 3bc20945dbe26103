// pdm score --engine postgres: a PostgreSQL table scored inside PostgreSQL into another table
// (src/batch/postgres/in-place.ts), the connection from DATABASE_URL.
import { DEFAULT_EVALUATION_LIMITS, type EvaluationLimits } from "../runtime/budget.js";
import { formatSummary } from "../batch/progress.js";
import { formatCheck } from "./format.js";
import { EXIT, print, UserError, type Io } from "./io.js";
import { readModel } from "./load-model.js";

interface Values {
  table?: string;
  "out-table"?: string;
  replace?: boolean;
  id: string;
  lenient?: boolean;
  quiet?: boolean;
}

export async function scoreInPostgresCommand(file: string, values: Values, limits: EvaluationLimits, io: Io): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new UserError("--engine postgres connects to DATABASE_URL, which is not set");
  if ((Object.keys(limits) as (keyof EvaluationLimits)[]).some((k) => limits[k] !== DEFAULT_EVALUATION_LIMITS[k]))
    throw new UserError("--engine postgres: a row's evaluation budget is counted by the JS engine only");
  const started = performance.now();
  const model = await readModel(file, io);
  const { compileToSource, compileToSql } = await import("../compiler/index.js");
  const compiled = compileToSource(model, { strict: !values.lenient });
  if (!compiled.ok) throw new UserError(formatCheck(compiled.check, file), EXIT.invalid);
  const sql = compileToSql(model, { dialect: "postgres", strict: !values.lenient });
  if (!sql.ok)
    throw new UserError(
      `pdm score --engine postgres: the model does not compile to PostgreSQL's SQL\n${sql.diagnostics.map((d) => `  ${d.address}: ${d.message} [${d.code}]`).join("\n")}`,
      EXIT.invalid,
    );
  const { scoreInPostgres, PgTableError } = await import("../batch/postgres/in-place.js");
  try {
    const summary = await scoreInPostgres({
      url,
      model,
      strict: !values.lenient,
      loadable: compiled.loadable,
      table: values.table!,
      outTable: values["out-table"]!,
      replace: values.replace ?? false,
      idField: values.id,
    });
    if (!values.quiet) print(io.stderr, formatSummary({ ...summary, elapsedMs: performance.now() - started }));
    return summary.errors > 0 ? EXIT.invalid : EXIT.ok;
  } catch (e) {
    if (e instanceof PgTableError) throw new UserError(e.message);
    throw e;
  }
}
