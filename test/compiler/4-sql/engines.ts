// The SQL engines the lowering is tested on: DuckDB always (embedded), PostgreSQL when
// DATABASE_URL is set, each run of states in a table of its own (PostgreSQL: a fresh schema per
// engine, dropped at the end). A state becomes a row of typed columns; a value its column's type
// cannot hold (a string where a number goes, a date that is no date) leaves the row out, as such
// a row is one the JS engine rejects and the batch engine never sends to SQL.
import { DuckDBInstance, DuckDBTypeId, type DuckDBConnection } from "@duckdb/node-api";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { Decimal, isDecimal } from "../../../src/runtime/decimal.js";
import { numberFromJson, toJson } from "../../../src/runtime/json.js";
import { isWellFormed } from "../../../src/runtime/well-formed.js";
import { FeelContext, type FeelValue } from "../../../src/runtime/values.js";
import type { DialectName, InputColumn, SqlQuery } from "../../../src/compiler/index.js";
import { identifier, stringLiteral } from "../../../src/compiler/4-sql/dialects.js";
import { freshSchemaName, PG_URL, warnIfSkipped } from "../../ledger/backends.js";

export type Row = Record<string, unknown>;

export interface SqlEngine {
  dialect: DialectName;
  /** rows of the query over the states (by position: `id` is the state's index), null for a state left out */
  run(query: SqlQuery, states: Row[]): Promise<(Row | null)[]>;
  close(): Promise<void>;
}

const COLUMN_TYPES: Record<DialectName, Record<InputColumn["kind"], string>> = {
  // numbers as doubles, as DuckDB reads JSON numbers; PostgreSQL's numeric holds the decimal itself
  duckdb: {
    number: "DOUBLE",
    string: "VARCHAR",
    boolean: "BOOLEAN",
    date: "DATE",
    datetime: "VARCHAR",
    days: "",
    nanos: "",
    months: "",
    null: "",
    record: "",
    list: "",
  },
  postgres: {
    number: "NUMERIC",
    string: "TEXT",
    boolean: "BOOLEAN",
    date: "DATE",
    datetime: "TEXT",
    days: "",
    nanos: "",
    months: "",
    null: "",
    record: "",
    list: "",
  },
};

/**
 * A column's type: a list of its items' type (a struct's of its fields' in DuckDB); PostgreSQL's
 * list of structs a jsonb array of objects (docs/sql.md).
 */
function columnType(c: InputColumn, dialect: DialectName): string {
  if (c.kind !== "list") return COLUMN_TYPES[dialect][c.kind];
  const items = c.items!;
  if (dialect === "postgres") return items.fields ? "JSONB" : `${COLUMN_TYPES.postgres[items.kind]}[]`;
  const item = items.fields
    ? `STRUCT(${items.fields.map((f) => `${identifier(f.name)} ${COLUMN_TYPES.duckdb[f.kind]}`).join(", ")})`
    : COLUMN_TYPES.duckdb[items.kind];
  return `${item}[]`;
}

/** A list state's items as a DuckDB list literal (cast to the column's type), or undefined when a value cannot be held. */
function listLiteral(v: unknown, column: InputColumn): string | undefined {
  if (!Array.isArray(v)) return undefined;
  const items = column.items!;
  const scalar = (x: unknown, kind: InputColumn["kind"]) => valueLiteral(x, { ...column, kind, items: undefined }, "duckdb");
  const literals = v.map((x) => {
    if (x === null) return "NULL";
    if (!items.fields) return scalar(x, items.kind);
    if (typeof x !== "object" || Array.isArray(x)) return undefined;
    const fields = items.fields.map((f) => scalar((x as Row)[f.name], f.kind));
    if (fields.some((f) => f === undefined)) return undefined;
    return `{${items.fields.map((f, i) => `${stringLiteral(f.name)}: ${fields[i]}`).join(", ")}}`;
  });
  if (literals.some((l) => l === undefined)) return undefined;
  return `CAST([${literals.join(", ")}] AS ${columnType(column, "duckdb")})`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A list state as a PostgreSQL array of its items' type, or a list of structs as jsonb of its JSON
 * text (any item, of any kind: the query checks them); undefined when a value cannot be held.
 */
function pgListLiteral(v: unknown, column: InputColumn): string | undefined {
  if (!Array.isArray(v)) return undefined;
  const items = column.items!;
  if (items.fields) {
    const text = JSON.stringify(v);
    // jsonb holds no NUL and no lone surrogate (JSON.stringify writes them as escapes)
    return /\\u(0000|d[89a-f])/i.test(text) ? undefined : `CAST(${stringLiteral(text)} AS JSONB)`;
  }
  const literals = v.map((x) => valueLiteral(x, { ...column, kind: items.kind, items: undefined }, "postgres"));
  if (literals.some((l) => l === undefined)) return undefined;
  const type = `${COLUMN_TYPES.postgres[items.kind]}[]`;
  return literals.length === 0 ? `CAST('{}' AS ${type})` : `CAST(ARRAY[${literals.join(", ")}] AS ${type})`;
}

/** A state's value as a SQL literal of its column, or undefined when the column cannot hold it. */
function valueLiteral(v: unknown, column: InputColumn, dialect: DialectName): string | undefined {
  if (v === null || v === undefined) return "NULL";
  switch (column.kind) {
    case "number":
      if (typeof v !== "number" || !Number.isFinite(v)) return undefined;
      return dialect === "duckdb"
        ? `CAST(${stringLiteral(String(v))} AS DOUBLE)`
        : `CAST(${stringLiteral((numberFromJson(v) as Decimal).toString())} AS NUMERIC)`;
    case "string":
      return typeof v === "string" && isWellFormed(v) && !v.includes("\0") ? stringLiteral(v) : undefined;
    case "boolean":
      return typeof v === "boolean" ? String(v).toUpperCase() : undefined;
    case "date":
      return typeof v === "string" && ISO_DATE.test(v) && validDate(v) ? `DATE ${stringLiteral(v)}` : undefined;
    case "datetime":
      return typeof v === "string" && isWellFormed(v) && !v.includes("\0") ? stringLiteral(v) : undefined;
    case "list":
      return dialect === "duckdb" ? listLiteral(v, column) : pgListLiteral(v, column);
    default:
      return undefined;
  }
}

function validDate(iso: string): boolean {
  const [y, m, d] = iso.split("-").map(Number);
  const t = new Date(Date.UTC(2000, m! - 1, d!));
  t.setUTCFullYear(y!);
  return y! >= 1 && t.getUTCMonth() === m! - 1 && t.getUTCDate() === d!;
}

let tables = 0;

/** CREATE TABLE and INSERT for the states that fit; the positions of those left out. */
function tableOf(query: SqlQuery, states: Row[], dialect: DialectName, table: string): { statements: string[]; rows: number[] } {
  const cols = query.inputs;
  const create = `CREATE TABLE ${identifier(table)} (id INTEGER, ${cols.map((c) => `${identifier(c.column)} ${columnType(c, dialect)}`).join(", ")})`;
  const values: string[] = [];
  const rows: number[] = [];
  states.forEach((state, i) => {
    const literals = cols.map((c) => valueLiteral(state[c.input], c, dialect));
    if (literals.some((l) => l === undefined)) return;
    values.push(`(${i}, ${literals.join(", ")})`);
    rows.push(i);
  });
  const inserts: string[] = [];
  for (let i = 0; i < values.length; i += 500)
    inserts.push(`INSERT INTO ${identifier(table)} VALUES ${values.slice(i, i + 500).join(", ")}`);
  return { statements: [create, ...inserts], rows };
}

const withTable = (query: SqlQuery, table: string): string =>
  query.sql.replace(`FROM "input" AS "$source"`, `FROM ${identifier(table)} AS "$source"`);

function byId(results: Row[], count: number): (Row | null)[] {
  const out: (Row | null)[] = Array.from({ length: count }, () => null);
  for (const r of results) out[Number(r.id)] = r;
  return out;
}

async function duckdbEngine(): Promise<SqlEngine> {
  const instance = await DuckDBInstance.create(":memory:", { threads: "1" });
  const connection: DuckDBConnection = await instance.connect();
  return {
    dialect: "duckdb",
    async run(query, states) {
      const table = `t${tables++}`;
      const { statements } = tableOf(query, states, "duckdb", table);
      for (const s of statements) await connection.run(s);
      const result = await connection.runAndReadAll(withTable(query, table));
      await connection.run(`DROP TABLE ${identifier(table)}`);
      const names = result.columnNames();
      const dates = names.filter((_, i) => result.columnTypes()[i]!.typeId === DuckDBTypeId.DATE);
      const rows = result.getRowObjectsJson() as Row[];
      for (const r of rows) for (const c of dates) if (typeof r[c] === "string") r[c] = isoDate(r[c]);
      return byId(rows, states.length);
    },
    async close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** PostgreSQL's json as text with numbers kept as their digits (JSON.parse would round them to doubles). */
function losslessJson(text: string): unknown {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === "\\") out += text[++i];
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (/[-\d]/.test(c)) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i))!;
      out += JSON.stringify(m[0]);
      i += m[0].length - 1;
    } else out += c;
  }
  return JSON.parse(out);
}

/**
 * A dialect's text of a date as FEEL writes it: a year before 1 is written BC with no year 0
 * (PostgreSQL's `0001-12-01 BC`, DuckDB's `0001-12-01 (BC)`, is FEEL's `0000-12-01`; `0002-… BC`
 * its `-0001-…`).
 */
export function isoDate(text: string): string {
  const bc = /^(\d+)(-\d\d-\d\d) \(?BC\)?$/.exec(text);
  if (!bc) return text;
  const year = 1 - Number(bc[1]);
  return `${year < 0 ? "-" : ""}${String(Math.abs(year)).padStart(4, "0")}${bc[2]}`;
}

async function postgresEngine(): Promise<SqlEngine | undefined> {
  if (!PG_URL) return undefined;
  const schema = freshSchemaName();
  // arrays of numbers and dates as their texts, of json as lossless json (a list decision's column)
  const texts = pg.types.getTypeParser(1009 as Parameters<typeof pg.types.getTypeParser>[0]) as (v: string) => (string | null)[];
  const parsers: Record<number, (v: string) => unknown> = {
    1082: isoDate,
    114: losslessJson,
    3802: losslessJson,
    1231: texts,
    1182: texts,
    199: (v) => texts(v).map((x) => (x === null ? null : losslessJson(x))),
  };
  const client = new pg.Client({
    connectionString: PG_URL,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
    },
  });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(`SET search_path TO ${schema}`);
  return {
    dialect: "postgres",
    async run(query, states) {
      const table = `t${tables++}`;
      const { statements } = tableOf(query, states, "postgres", table);
      for (const s of statements) await client.query(s);
      const result = await client.query(withTable(query, table));
      await client.query(`DROP TABLE ${identifier(table)}`);
      return byId(result.rows as Row[], states.length);
    },
    async close() {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** A FEEL value (evaluateToValues) and the SQL column's, the same? Numbers by value, contexts entry by entry. */
export function sameValue(feel: FeelValue, sql: unknown): boolean {
  if (feel === null || feel === undefined) return sql === null || sql === undefined;
  if (sql === null || sql === undefined) return false;
  if (isDecimal(feel))
    return (typeof sql === "string" || typeof sql === "number" || typeof sql === "bigint") && feel.eq(new Decimal(String(sql)));
  if (feel instanceof FeelContext) {
    const row = sql as Row;
    // the entries in FEEL's order, as the records write them
    return (
      typeof sql === "object" &&
      Object.keys(row).join("\0") === [...feel.entries.keys()].join("\0") &&
      [...feel.entries].every(([k, v]) => sameValue(v, row[k]))
    );
  }
  // a list (LIST in DuckDB): item by item
  if (Array.isArray(feel)) return Array.isArray(sql) && sql.length === feel.length && feel.every((v, i) => sameValue(v, sql[i]));
  if (typeof feel === "object") return toJson(feel) === sql;
  return feel === sql;
}

/**
 * The engines of a test file: DuckDB, and PostgreSQL when DATABASE_URL is set (`what` names the
 * suite in the notice when it is not), opened before the file's tests and closed after them.
 */
export function useEngines(what: string): SqlEngine[] {
  const engines: SqlEngine[] = [];
  beforeAll(async () => {
    engines.push(await duckdbEngine());
    const pg = await postgresEngine();
    if (pg) engines.push(pg);
  });
  afterAll(async () => {
    for (const e of engines) await e.close();
  });
  warnIfSkipped(what);
  return engines;
}
