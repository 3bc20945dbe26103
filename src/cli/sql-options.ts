// The SQL options `pdm compile`, `pdm check` and `pdm score` share, and the `sql` stage a refused
// lowering adds to a Check (its diagnostics placed in the model file like every other stage's).
import { readFileSync } from "node:fs";
import type { ColumnMapping, DialectName, SqlOptions, SqlResult } from "../compiler/index.js";
import { suggest } from "../compiler/1-parse/suggest.js";
import type { Stage } from "../ir/check.js";
import type { Diagnostic } from "../ir/diagnostics.js";
import { jsonErrorPlace } from "../runtime/json-position.js";
import type { OptionSpec } from "./command.js";
import { UserError } from "./io.js";

const DIALECT_NAMES: readonly DialectName[] = ["duckdb", "postgres"];

export const SQL_OPTIONS: Record<string, OptionSpec> = {
  table: { type: "string", value: "NAME", description: "the table the query reads (default input)" },
  columns: {
    type: "string",
    value: "FILE.json",
    description: 'input name → column name, or {"column": NAME, "type": "DECIMAL(p, s)"} for a number column\'s exact type',
  },
};

export function dialectOf(value: unknown, option = "--sql"): DialectName {
  if (!DIALECT_NAMES.includes(value as DialectName))
    throw new UserError(`${option} must be ${DIALECT_NAMES.join(" or ")}, got ${JSON.stringify(value)}`);
  return value as DialectName;
}

/** The column mapping file: an object of input names to column names or mappings. */
function readColumns(file: string | undefined): Record<string, string | ColumnMapping> | undefined {
  if (file === undefined) return undefined;
  let value: unknown;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new UserError(`--columns ${file}: cannot read it: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UserError(`--columns ${file}${jsonErrorPlace(text)}: not valid JSON (${(e as Error).message})`);
  }
  const ok =
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === "string" || (v !== null && typeof v === "object" && !Array.isArray(v)));
  if (!ok) throw new UserError(`--columns ${file}: an object of input names to column names or {"column", "type"}`);
  return value as Record<string, string | ColumnMapping>;
}

export function sqlOptions(dialect: DialectName, values: { table?: string; columns?: string; id?: string }): SqlOptions {
  return { dialect, table: values.table, columns: readColumns(values.columns), ...(values.id ? { id: values.id } : {}) };
}

/**
 * A --columns entry names an input of the model, else it is an error (exit 2) naming the entry, the file
 * and the nearest input or the model's inputs: a misspelt entry would leave its input read from the
 * column of its own name without a word. Checked before anything is written, for every dialect.
 */
export function checkMappedInputs(file: string | undefined, options: SqlOptions, lowered: SqlResult): void {
  if (file === undefined || !options.columns || !lowered.inputs) return;
  const inputs = lowered.inputs;
  const known = new Set(inputs);
  const stray = Object.keys(options.columns).find((name) => !known.has(name));
  if (stray === undefined) return;
  const near = suggest(stray, inputs);
  const hint =
    near !== undefined ? `did you mean ${JSON.stringify(near)}?` : `its inputs: ${inputs.map((i) => JSON.stringify(i)).join(", ")}`;
  throw new UserError(`--columns ${file}: the entry ${JSON.stringify(stray)} names no input of the model (${hint})`);
}

export const sqlStage = (diagnostics: Diagnostic[]): Stage => ({ name: "sql", ok: diagnostics.length === 0, diagnostics });
