// A PostgreSQL table scored inside PostgreSQL (docs/batch.md, docs/sql.md): the model compiled to
// PostgreSQL's SQL runs as `CREATE TABLE out AS SELECT …` over the table, in one transaction with
// everything else, so the output table appears whole or not at all. It has the id column (when the
// table has one), one column per decision, the rule each table fired, and `error` (the JS engine's
// error record as json, null for a scored row). A row the query does not score (a value the schema
// rejects, a number outside the exact domain) is read back, scored by the JS engine, and its
// decisions or error written over it; the rule columns of such a row are null. A list input is an
// array column, a list of structs a jsonb column; a list decision is written as json. A missing column or a
// column of a type the query cannot read exactly is one error naming each, before anything is
// written; an existing output table is an error unless `replace`.
import pg from "pg";
import { compileToSql, type InputColumn, type LoadableModel } from "../../compiler/index.js";
import { identifier } from "../../compiler/4-sql/dialects.js";
import { loadModel } from "../../compiler/5-load/compiled-model.js";
import type { ModelInput } from "../../ir/model.js";
import { namedRecord } from "../../runtime/json.js";
import { rowScorer } from "../chunk-scorer.js";
import { postgresDateText } from "./bc-dates.js";

/** The table cannot be scored: missing, a column missing or of the wrong type, the output exists. Nothing was written. */
export class PgTableError extends Error {}

export interface InPlaceBatch {
  url: string;
  model: ModelInput;
  strict: boolean;
  loadable: LoadableModel;
  /** `table` or `schema.table` */
  table: string;
  outTable: string;
  replace: boolean;
  idField: string;
  /** rows read back for the JS engine at a time */
  fetch?: number;
}

export interface InPlaceTally {
  rows: number;
  errors: number;
  bytes: number;
  /** rows the JS engine scored */
  byJs: number;
}

const CTID = "$ctid";
const SCORED = "$scored";
const ERROR = "error";

/** A table name as SQL: each dot-separated part a quoted identifier. */
const qualified = (name: string): string => name.split(".").map(identifier).join(".");

/** The column types each input kind is read from exactly (a float8's cast to numeric keeps 15 digits). */
const ACCEPTED: Record<string, { test: RegExp; what: string }> = {
  number: { test: /^(numeric(\(\d+,\d+\))?|smallint|integer|bigint)$/, what: "a number (numeric, smallint, integer or bigint)" },
  string: { test: /^(text|character varying(\(\d+\))?)$/, what: "text (text or character varying)" },
  boolean: { test: /^boolean$/, what: "a boolean (boolean)" },
  date: { test: /^date$/, what: "a date (date)" },
  // its FEEL text, read by the query (one it does not read is the JS engine's row)
  datetime: { test: /^(text|character varying(\(\d+\))?)$/, what: "a date and time's text (text or character varying)" },
};

/** A list input's column: an array of its items' type, a list of structs a jsonb array of objects (docs/sql.md). */
const LISTS: Record<string, { test: RegExp; what: string }> = {
  number: {
    test: /^(numeric(\(\d+,\d+\))?|smallint|integer|bigint)\[\]$/,
    what: "a list of numbers (numeric[], smallint[], integer[] or bigint[])",
  },
  string: { test: /^(text|character varying(\(\d+\))?)\[\]$/, what: "a list of strings (text[] or character varying[])" },
  boolean: { test: /^boolean\[\]$/, what: "a list of booleans (boolean[])" },
  date: { test: /^date\[\]$/, what: "a list of dates (date[])" },
  record: { test: /^jsonb$/, what: "a list of structs (jsonb, an array of objects)" },
};

const acceptedFor = (input: InputColumn): { test: RegExp; what: string } =>
  input.kind === "list" ? LISTS[input.items!.kind]! : ACCEPTED[input.kind]!;

function problems(columns: Map<string, string>, inputs: InputColumn[]): string[] {
  const out: string[] = [];
  for (const input of inputs) {
    const type = columns.get(input.column);
    const accepted = acceptedFor(input);
    if (type === undefined) out.push(`the column ${JSON.stringify(input.column)} is missing`);
    else if (!accepted.test.test(type))
      out.push(`the column ${JSON.stringify(input.column)} is ${type}, but the input is ${accepted.what}`);
  }
  return out;
}

async function columnsOf(client: pg.Client, table: string): Promise<Map<string, string> | null> {
  const exists = await client.query<{ t: string | null }>("SELECT to_regclass($1)::text AS t", [qualified(table)]);
  if (exists.rows[0]!.t === null) return null;
  const r = await client.query<{ name: string; type: string }>(
    "SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped ORDER BY attnum",
    [qualified(table)],
  );
  return new Map(r.rows.map((c) => [c.name, c.type]));
}

export async function scoreInPostgres(batch: InPlaceBatch): Promise<InPlaceTally> {
  const model = loadModel(batch.loadable);
  // numbers and dates as their text (numeric, int8 and date), json as text: nothing rounded on the way;
  // a list column's items as the JS engine reads a JSON list (numbers as doubles, dates as their text)
  const asText = (v: string) => v;
  const parser = (oid: number) => pg.types.getTypeParser(oid as Parameters<typeof pg.types.getTypeParser>[0], "text");
  const listParsers: Record<number, (v: string) => unknown> = { 1182: parser(1009), 1016: parser(1022) };
  const client = new pg.Client({
    connectionString: batch.url,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        [1700, 20, 1082, 114].includes(oid)
          ? asText
          : (listParsers[oid] ?? pg.types.getTypeParser(oid, format as "text"))) as typeof pg.types.getTypeParser,
    },
  });
  await client.connect();
  try {
    const columns = await columnsOf(client, batch.table);
    if (columns === null) throw new PgTableError(`the table ${batch.table} does not exist`);
    const hasId = columns.has(batch.idField);
    const compiled = compileToSql(batch.model, {
      dialect: "postgres",
      strict: batch.strict,
      source: `(SELECT ctid AS ${identifier(CTID)}, * FROM ${qualified(batch.table)})`,
      id: hasId ? batch.idField : null,
      carry: [CTID],
    });
    if (!compiled.ok) throw new PgTableError("the model does not compile to PostgreSQL's SQL");
    const query = compiled.query;
    const wrong = problems(columns, query.inputs);
    if (wrong.length > 0) throw new PgTableError(`the table ${batch.table} does not have the model's inputs: ${wrong.join("; ")}`);
    if (query.decisions.some((d) => d.name === ERROR)) throw new PgTableError(`a decision is named "${ERROR}", the output's error column`);
    if ((await columnsOf(client, batch.outTable)) !== null && !batch.replace)
      throw new PgTableError(`the table ${batch.outTable} exists (--replace replaces it)`);

    const out = qualified(batch.outTable);
    await client.query("BEGIN");
    try {
      if (batch.replace) await client.query(`DROP TABLE IF EXISTS ${out}`);
      const created = await client.query(
        `CREATE TABLE ${out} AS SELECT "$q".*, CAST(NULL AS json) AS ${identifier(ERROR)} FROM (${query.sql}) AS "$q"`,
      );
      // a list decision (an array) written as json, as a context is: the JS engine's rows write its JSON text
      const lists = query.decisions.filter((d) => d.kind === "list").map((d) => identifier(d.name));
      if (lists.length > 0)
        await client.query(`ALTER TABLE ${out} ${lists.map((c) => `ALTER COLUMN ${c} TYPE json USING to_json(${c})`).join(", ")}`);
      const tally: InPlaceTally = { rows: created.rowCount ?? 0, errors: 0, bytes: 0, byJs: 0 };
      const left = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${out} WHERE NOT ${identifier(SCORED)}`);
      if (Number(left.rows[0]!.n) > 0)
        await scoreLeftRows(
          client,
          batch,
          model,
          query.inputs,
          query.decisions.map((d) => d.name),
          out,
          tally,
        );
      await client.query(`ALTER TABLE ${out} DROP COLUMN ${identifier(CTID)}, DROP COLUMN ${identifier(SCORED)}`);
      await client.query("COMMIT");
      return tally;
    } catch (e) {
      await client.query("ROLLBACK");
      throw e;
    }
  } finally {
    await client.end();
  }
}

/** The rows the query left, scored by the JS engine and written over their output rows. */
async function scoreLeftRows(
  client: pg.Client,
  batch: InPlaceBatch,
  model: ReturnType<typeof loadModel>,
  inputs: InputColumn[],
  decisions: string[],
  out: string,
  tally: InPlaceTally,
): Promise<void> {
  await client.query(`CREATE INDEX ON ${out} (${identifier(CTID)})`);
  const types = await client.query<{ name: string; type: string }>(
    "SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0",
    [out],
  );
  const typeOf = new Map(types.rows.map((r) => [r.name, r.type]));
  const numberColumns = new Set(inputs.filter((c) => c.kind === "number").map((c) => c.column));
  const read = [...new Set([...inputs.map((c) => c.column), ...(typeOf.has(batch.idField) ? [batch.idField] : [])])];
  const score = rowScorer(model, { input: "jsonl", output: "jsonl", exactDecimals: true, idField: batch.idField });
  await client.query(
    `DECLARE "$left" NO SCROLL CURSOR FOR SELECT ctid::text AS ${identifier(CTID)}, ${read.map(identifier).join(", ")} FROM ${qualified(batch.table)} WHERE ctid IN (SELECT ${identifier(CTID)} FROM ${out} WHERE NOT ${identifier(SCORED)})`,
  );
  const set = [...decisions, ERROR];
  const dates = new Set(decisions.filter((d) => typeOf.get(d) === "date"));
  const assign = set.map((c) => `${identifier(c)} = CAST("$v".${identifier(c)} AS ${typeOf.get(c) ?? "text"})`).join(", ");
  for (;;) {
    const rows = (await client.query<Record<string, unknown>>(`FETCH ${batch.fetch ?? 2000} FROM "$left"`)).rows;
    if (rows.length === 0) break;
    const params: unknown[] = [];
    const tuples = rows.map((row) => {
      // the row as the JS engine reads it: a number as JSON.parse makes of its digits, a date as its ISO text, null missing
      const state = namedRecord<unknown>();
      for (const c of read) {
        const v = row[c];
        if (v !== null && v !== undefined) state[c] = numberColumns.has(c) ? Number(v) : v;
      }
      const lines: string[] = [];
      const ok = score(0, state, lines);
      const record = JSON.parse(lines[0]!) as { decisions?: Record<string, unknown>; error?: unknown };
      const values = ok ? decisionValues(model, state, decisions, record.decisions!, dates) : decisions.map(() => null);
      tally.byJs++;
      if (!ok) tally.errors++;
      const start = params.length;
      params.push(row[CTID], ...values, ok ? null : JSON.stringify(record.error));
      return `(${[CTID, ...set].map((_, i) => `$${start + i + 1}`).join(", ")})`;
    });
    await client.query(
      `UPDATE ${out} AS "$o" SET ${assign} FROM (VALUES ${tuples.join(", ")}) AS "$v"(${[CTID, ...set].map(identifier).join(", ")}) WHERE "$o".${identifier(CTID)} = CAST("$v".${identifier(CTID)} AS tid)`,
      params,
    );
  }
  await client.query(`CLOSE "$left"`);
}

/**
 * Each decision as its column's text: numbers as exact decimals, a date (a decision of `dates`) as
 * PostgreSQL reads it, a context as JSON with its numbers as the JS engine writes them.
 */
function decisionValues(
  model: ReturnType<typeof loadModel>,
  state: Record<string, unknown>,
  names: string[],
  exact: Record<string, unknown>,
  dates: Set<string>,
): unknown[] {
  let plain: Record<string, unknown> | undefined;
  return names.map((n) => {
    const v = exact[n];
    if (v === null || v === undefined) return null;
    if (typeof v === "string") return dates.has(n) ? postgresDateText(v) : v;
    if (typeof v !== "object") return String(v);
    plain ??= model.evaluate(state, { exactDecimals: false });
    return JSON.stringify(plain[n]);
  });
}
