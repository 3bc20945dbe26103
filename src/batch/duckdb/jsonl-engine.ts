// A JSONL file scored by DuckDB (docs/sql.md, "DuckDB's JSON reader"): screened first
// (jsonl-screen.ts), then read by DuckDB's own `read_json` as a table (table-engine.ts,
// jsonl-file.ts) when every line is one that reader and JSON.parse read alike; when a few lines
// are not, `read_json` reads a copy of the file where each of them is `{}` and the JS engine
// scores them from the file (their records in their places); a file with many such lines goes
// through the piece engine (engine.ts), whose line checks are exact for every line. All write
// the JS engine's records, byte for byte; the first two only read faster.
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { finished } from "node:stream/promises";
import type { LoadableModel, SqlQuery } from "../../compiler/index.js";
import type { ModelInput } from "../../ir/model.js";
import { fileSource } from "../byte-source.js";
import { scoreWithDuckDb } from "./engine.js";
import { screenKeys } from "./jsonl-file.js";
import { screenJsonl } from "./jsonl-screen.js";
import { scoreTable, type TableTally } from "./table-engine.js";

export interface JsonlFileBatch {
  model: ModelInput;
  strict: boolean;
  loadable: LoadableModel;
  /** the piece engine's query (plan.ts) */
  query: SqlQuery;
  input: string;
  output: string;
  exactDecimals: boolean;
  idField: string;
  /** the piece engine's lanes */
  lanes?: number;
  onProgress?: (done: { rows: number; errors: number; bytes: number }) => void;
}

/**
 * What the batch came to, and which reader read it: `read_json` every line; `split`, `read_json`
 * the lines the screen took and the JS engine the `exactLines` it declined (the first named in
 * `declined`); `pieces` the whole file (`declined`: why not DuckDB's JSON reader).
 */
export type JsonlFileTally = TableTally & { reader: "read_json" | "split" | "pieces"; exactLines: number; declined?: string };

// DuckDB's reader takes a file name with these as a pattern of names
const GLOB = /[*?[]/;

/** A temporary file's name beside `path` (`what` tells them apart). */
const besides = (path: string, what: string) => join(dirname(path), `.${basename(path)}.${process.pid}-${Date.now().toString(36)}.${what}`);

export async function scoreJsonlFile(batch: JsonlFileBatch): Promise<JsonlFileTally> {
  const keys = screenKeys(batch.query.inputs, batch.idField);
  // the copy DuckDB's reader reads when the screen declines some lines, beside the output (not the system's temporary directory, which may be memory)
  const copy = besides(batch.output, "lines.jsonl");
  const globbed = GLOB.test(batch.input) || GLOB.test(copy);
  try {
    const screen = keys && !globbed ? await screenJsonl(batch.input, keys.keys, keys.id, copy) : null;
    if (screen?.clean && screen.lines > 0) {
      const tally = await scoreTable({
        model: batch.model,
        strict: batch.strict,
        loadable: batch.loadable,
        input: { format: "jsonl", path: batch.input, screen },
        output: { format: "jsonl", path: batch.output },
        exactDecimals: batch.exactDecimals,
        idField: batch.idField,
        onProgress: batch.onProgress,
      });
      if (screen.declined === 0) return { ...tally, reader: "read_json", exactLines: 0 };
      const first = screen.firstDeclined!;
      return { ...tally, reader: "split", exactLines: screen.declined, declined: `line ${first.line}: ${first.reason}` };
    }
    const declined = globbed
      ? "a file name with *, ? or ["
      : !screen
        ? "an id that is an input"
        : screen.clean
          ? "an empty file"
          : `line ${screen.line}: ${screen.reason}`;
    return { ...(await scorePieces(batch)), reader: "pieces", exactLines: 0, declined };
  } finally {
    await rm(copy, { force: true });
  }
}

/** The piece engine over the whole file, into a temporary file renamed at the end. */
async function scorePieces(batch: JsonlFileBatch): Promise<TableTally> {
  const target = besides(batch.output, "tmp");
  const input = await fileSource(batch.input);
  const output = createWriteStream(target);
  try {
    const tally = await scoreWithDuckDb({
      query: batch.query,
      loadable: batch.loadable,
      input,
      output,
      exactDecimals: batch.exactDecimals,
      idField: batch.idField,
      lanes: batch.lanes,
      onProgress: batch.onProgress,
    });
    output.end();
    await finished(output);
    await rename(target, batch.output);
    return tally;
  } catch (e) {
    output.destroy();
    await rm(target, { force: true });
    throw e;
  } finally {
    await input.close();
  }
}
