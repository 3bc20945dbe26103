// A JSONL file scored by DuckDB (docs/sql.md, "DuckDB's JSON reader"): screened first
// (jsonl-screen.ts), then read by DuckDB's own `read_json` as a table (table-engine.ts,
// jsonl-file.ts) when every line is one that reader and JSON.parse read alike; any other file
// goes through the piece engine (engine.ts), whose line checks are exact for every line. Both
// write the JS engine's records, byte for byte; the first only reads faster.
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

/** What the batch came to, which reader read it, and why not DuckDB's JSON reader (the line that stopped it). */
export type JsonlFileTally = TableTally & { reader: "read_json" | "pieces"; declined?: string };

export async function scoreJsonlFile(batch: JsonlFileBatch): Promise<JsonlFileTally> {
  const keys = screenKeys(batch.query.inputs, batch.idField);
  const screen = keys ? await screenJsonl(batch.input, keys.keys, keys.id) : null;
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
    return { ...tally, reader: "read_json" };
  }
  const declined = !screen ? "an id that is an input" : screen.clean ? "an empty file" : `line ${screen.line}: ${screen.reason}`;
  // the piece engine, into a temporary file renamed at the end
  const target = join(dirname(batch.output), `.${basename(batch.output)}.${process.pid}-${Date.now().toString(36)}.tmp`);
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
    return { ...tally, reader: "pieces", declined };
  } catch (e) {
    output.destroy();
    await rm(target, { force: true });
    throw e;
  } finally {
    await input.close();
  }
}
