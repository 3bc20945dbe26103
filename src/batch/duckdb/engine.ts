// DuckDB as a batch engine (docs/batch.md, docs/sql.md): the model compiled to one DuckDB query,
// run over pieces of the JSONL input. A piece's text goes to DuckDB as one parameter; DuckDB
// splits it into lines, reads each line's inputs, scores the rows and writes their records as one
// text. A row SQL does not score — not plain JSON, a value the schema rejects, a number outside
// the query's exact domain, a record SQL cannot be sure to write as JSON.stringify would — is
// scored by the JS engine's own piece scorer on its line, so every record is the JS engine's,
// error records included, in input order. Pieces are scored side by side, one connection each
// (`lanes`), and written in input order as they land: memory holds a few pieces; the output's
// backpressure is waited on.
import type { Writable } from "node:stream";
import { availableParallelism } from "node:os";
import type { DuckDBConnection, DuckDBResultReader, DuckDBPreparedStatement } from "@duckdb/node-api";
import { DuckDBInstance } from "./duckdb-api.js";
import type { LoadableModel, SqlQuery } from "../../compiler/index.js";
import { loadModel } from "../../compiler/5-load/compiled-model.js";
import { identifier } from "../../compiler/4-sql/dialects.js";
import { BufferPool } from "../buffer-pool.js";
import type { ByteSource } from "../byte-source.js";
import { ByteSink } from "../byte-sink.js";
import { pieceScorer, type PieceScorer } from "../chunk-scorer.js";
import type { Tally } from "../ordered-output.js";
import { PieceReader } from "../piece-reader.js";
import { ID, LINE } from "./json-rows.js";
import { recordJson, unsure } from "./records.js";

export interface DuckDbBatch {
  /** the model's query over `jsonRows` (plan.ts) and its module, for the rows SQL leaves to JS */
  query: SqlQuery;
  loadable: LoadableModel;
  input: ByteSource;
  output: Writable;
  exactDecimals: boolean;
  idField: string;
  /** bytes of input per query (default 4 MiB) */
  pieceBytes?: number;
  /** pieces scored at once, each on a connection of its own (default: the cores, at most 4) */
  lanes?: number;
  /** the longest record read (record-limit.ts): a longer one is the JS engine's error record, unread */
  maxRecordBytes?: number;
  onProgress?: (done: Tally) => void;
}

// as the JS engine decodes a piece: a byte order mark past the file's first byte is kept
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const encoder = new TextEncoder();
const RECORD = "$record";

/**
 * The statement scoring one piece ($1 its text, $2 the row number of its first line): one text of
 * every record in line order (one string to hand over, not one a row), where a row SQL leaves to
 * the JS engine is its line's number between two NULs (no record holds one: records.ts), and the
 * number of rows.
 */
function pieceStatement(query: SqlQuery, exact: boolean): string {
  const line = identifier(LINE);
  // a parameter typed where it is written: one whose type DuckDB infers (INTEGER here) and that is
  // bound as another makes it plan the whole statement again at every piece
  const row = `(CAST($2 AS BIGINT) + ${line} - 1)`;
  const text = identifier("$text");
  const records = `SELECT ${line}, "$scored", ${recordJson(query.decisions, row, identifier(ID), exact)} AS ${text} FROM (${query.sql})`;
  const record = `CASE WHEN "$scored" AND NOT ${unsure(text)} THEN ${text} ELSE chr(0) || ${line} || chr(0) END`;
  return `SELECT coalesce(string_agg(${record}, '' ORDER BY ${line}), '') AS ${identifier(RECORD)}, count(*) AS ${identifier("$rows")} FROM (${records})`;
}

/** Where each line of a piece starts and ends (lines the JS engine scores are cut from the text). */
function lineOf(text: string): (n: number) => string {
  let starts: number[] | null = null;
  return (n) => {
    if (starts === null) {
      starts = [0];
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    }
    const start = starts[n - 1]!;
    const end = n < starts.length ? starts[n]! - 1 : text.length;
    return text.slice(start, end);
  };
}

async function write(output: Writable, text: string): Promise<void> {
  if (text.length === 0 || output.write(text)) return;
  await new Promise<void>((resolve, reject) => {
    const done = (e?: Error) => {
      output.off("drain", done);
      output.off("error", done);
      if (e) reject(e);
      else resolve();
    };
    output.on("drain", done);
    output.on("error", done);
  });
}

/** What a batch came to, and how many of its rows the JS engine scored (SQL did the rest). */
export type DuckDbTally = Tally & { byJs: number };

/** A piece sent to DuckDB: its text, its first row's number, its size, and its query's result on the way. */
interface InFlight {
  text: string;
  first: number;
  records: number;
  bytes: number;
  /** null for a record past the limit, no query's (its error record is the JS engine's) */
  result: Promise<DuckDBResultReader> | null;
  long?: number;
}

export async function scoreWithDuckDb(batch: DuckDbBatch): Promise<DuckDbTally> {
  const pieceBytes = batch.pieceBytes ?? 4 * 1024 * 1024;
  const lanes = Math.max(1, batch.lanes ?? Math.min(availableParallelism(), 4));
  const js: PieceScorer = pieceScorer(loadModel(batch.loadable), {
    input: "jsonl",
    output: "jsonl",
    exactDecimals: batch.exactDecimals,
    idField: batch.idField,
  });
  // each piece's query on its lane's thread alone: the lanes are the parallelism (DuckDB's own
  // threads splitting a piece's query cost about half as much CPU again, for no sooner result)
  const instance = await DuckDBInstance.create(":memory:", { threads: "1" });
  const connections: DuckDBConnection[] = [];
  const statements: DuckDBPreparedStatement[] = [];
  const flying: InFlight[] = [];
  try {
    for (let i = 0; i < lanes; i++) {
      const connection = await instance.connect();
      connections.push(connection);
      statements.push(await connection.prepare(pieceStatement(batch.query, batch.exactDecimals)));
    }
    const buffers = new BufferPool(pieceBytes);
    const reader = new PieceReader(batch.input, "lines", buffers, pieceBytes, 0, batch.maxRecordBytes);
    const done: DuckDbTally = { rows: 0, errors: 0, bytes: 0, byJs: 0 };
    const sink = new ByteSink(new Uint8Array(64 * 1024));
    // the oldest piece's records, written in input order
    const land = async (): Promise<void> => {
      const piece = flying.shift()!;
      if (!piece.result) {
        sink.pos = 0;
        const scored = js({ bytes: new Uint8Array(0), first: piece.first, long: piece.long }, sink);
        await write(batch.output, decoder.decode(sink.view()));
        done.rows += scored.rows;
        done.errors += scored.errors;
        done.byJs += scored.rows;
        done.bytes += piece.bytes;
        batch.onProgress?.({ ...done });
        return;
      }
      // a piece of blank lines has no rows, and its result no columns
      const [[records], [rows]] = (await piece.result).getColumnsJS() as [[string], [bigint]];
      // the records SQL wrote, and between them the numbers of the lines left to the JS engine
      const parts = records.split("\0");
      const out: string[] = [parts[0]!];
      const line = lineOf(piece.text);
      for (let i = 1; i < parts.length; i += 2) {
        // the JS engine's own scorer on the row's line: its record, or its error record
        const n = Number(parts[i]);
        sink.pos = 0;
        const scored = js({ bytes: encoder.encode(line(n)), first: piece.first + n - 1 }, sink);
        out.push(decoder.decode(sink.view()), parts[i + 1]!);
        done.rows += scored.rows;
        done.errors += scored.errors;
        done.byJs += scored.rows;
      }
      done.rows += Number(rows) - (parts.length - 1) / 2;
      await write(batch.output, out.join(""));
      done.bytes += piece.bytes;
      batch.onProgress?.({ ...done });
    };
    let first = 1;
    // each lane's connection scores a piece while the next is read and the oldest written
    for (let k = 0, piece = await reader.next(); piece; k++, piece = await reader.next()) {
      if (flying.length === lanes) await land();
      if (piece.long !== undefined) {
        buffers.give(piece.bytes.buffer as SharedArrayBuffer);
        flying.push({ text: "", first, records: 1, bytes: piece.skipped ?? 0, result: null, long: piece.long });
        first += 1;
        continue;
      }
      const text = decoder.decode(piece.bytes);
      buffers.give(piece.bytes.buffer as SharedArrayBuffer);
      const statement = statements[k % lanes]!;
      statement.bindVarchar(1, text);
      statement.bindBigInt(2, BigInt(first));
      const result = statement.runAndReadAll();
      // a failure is thrown where the piece lands, in order
      result.catch(() => undefined);
      flying.push({ text, first, records: piece.records, bytes: piece.bytes.length, result });
      first += piece.records;
    }
    while (flying.length > 0) await land();
    return done;
  } finally {
    // a query still running is waited for before its connection closes
    await Promise.allSettled(flying.map((f) => f.result));
    for (const statement of statements) statement.destroySync();
    for (const connection of connections) connection.closeSync();
    instance.closeSync();
  }
}
