// A JSONL file scored by DuckDB (docs/sql.md, "DuckDB's JSON reader"): screened first
// (jsonl-screen.ts), then read by DuckDB's own `read_json` as a table (table-engine.ts,
// jsonl-file.ts) when every line is one that reader and JSON.parse read alike; when a few lines
// are not, `read_json` reads a copy of the file where each of them is `{}` and the JS engine
// scores them from the file (their records in their places); a file with many such lines goes
// through the piece engine (engine.ts), whose line checks are exact for every line. All write
// the JS engine's records, byte for byte; the first two only read faster.
import { createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { finished } from "node:stream/promises";
import type { LoadableModel, SqlQuery } from "../../compiler/index.js";
import type { ModelInput } from "../../ir/model.js";
import { fileSource } from "../byte-source.js";
import { tempBeside } from "../temp-files.js";
import { scoreWithDuckDb } from "./engine.js";
import { screenKeys, type CleanScreen } from "./jsonl-file.js";
import { screenJsonl, type Screen } from "./jsonl-screen.js";
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
  /** the longest record read (record-limit.ts) */
  maxRecordBytes?: number;
  /** how much of the file is screened before DuckDB starts on it (bytes; default GUESS_BYTES) */
  guessBytes?: number;
  onProgress?: (done: { rows: number; errors: number; bytes: number }) => void;
}

/**
 * What the batch came to, and which reader read it: `read_json` every line; `split`, `read_json`
 * the lines the screen took and the JS engine the `exactLines` it declined (the first named in
 * `declined`); `pieces` the whole file (`declined`: why not DuckDB's JSON reader).
 */
export type JsonlFileTally = TableTally & {
  reader: "read_json" | "split" | "pieces";
  exactLines: number;
  declined?: string;
  /** the records DuckDB scored from the file's first lines were kept (scoreWhileScreening) */
  guessed?: true;
};

// DuckDB's reader takes a file name with these as a pattern of names
const GLOB = /[*?[]/;

export async function scoreJsonlFile(batch: JsonlFileBatch): Promise<JsonlFileTally> {
  const keys = screenKeys(batch.query.inputs, batch.idField);
  // the copy DuckDB's reader reads when the screen declines some lines, beside the output (not the system's temporary directory, which may be memory)
  const copy = tempBeside(batch.output, "lines.jsonl");
  const globbed = GLOB.test(batch.input) || GLOB.test(copy);
  // a named pipe (or a device) can be read once: by the piece engine, never screened first
  const once = !(await stat(batch.input)).isFile();
  try {
    let screen: Screen | null = null;
    if (keys && !globbed && !once) {
      const limit = batch.maxRecordBytes;
      const guess = await screenJsonl(batch.input, keys.keys, keys.id, undefined, batch.guessBytes ?? GUESS_BYTES, limit);
      if (guess.clean && guess.partial && guess.lines > 0) {
        const early = await scoreWhileScreening(batch, guess, screenJsonl(batch.input, keys.keys, keys.id, copy, undefined, limit));
        if ("tally" in early) return { ...early.tally, reader: "read_json", exactLines: 0, guessed: true };
        screen = early.screen;
      } else if (guess.clean) screen = guess;
      // a line the screen declines among the first: screened again, with the copy a split file needs
      else screen = await screenJsonl(batch.input, keys.keys, keys.id, copy, undefined, limit);
    }
    if (screen?.clean && screen.lines > 0) {
      const tally = await scoreFile(batch, screen, batch.output);
      if (screen.declined === 0) return { ...tally, reader: "read_json", exactLines: 0 };
      const first = screen.firstDeclined!;
      return { ...tally, reader: "split", exactLines: screen.declined, declined: `line ${first.line}: ${first.reason}` };
    }
    const declined = once
      ? "not a regular file (a pipe is read once)"
      : globbed
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

/** The table engine over the screened file (`read_json`), into `output`. */
const scoreFile = (batch: JsonlFileBatch, screen: CleanScreen, output: string): Promise<TableTally> =>
  scoreTable({
    model: batch.model,
    strict: batch.strict,
    loadable: batch.loadable,
    input: { format: "jsonl", path: batch.input, screen },
    output: { format: "jsonl", path: output },
    exactDecimals: batch.exactDecimals,
    idField: batch.idField,
    onProgress: batch.onProgress,
  });

/** The lines DuckDB's query is first planned from: the file's first 4 MiB (30,000 lending lines, 4,700 of the scorecard's). */
const GUESS_BYTES = 4 << 20;

/**
 * The file scored by DuckDB from what its first lines show (`guess`: the types of the read keys,
 * whether an id is ever an explicit null, the digits of the numbers) while the screen reads the
 * whole of it (`screening`, on Node's thread while DuckDB's runs the query), so that the two take
 * the wall time of the longer, not of both. The records are kept only when the whole file is what
 * the guess took it for: every line one DuckDB's reader and JSON.parse read alike, the same types
 * and null ids; the digits only decide which rows SQL scores (a value past the guessed digits
 * fails the query's domain check, and the JS engine scores its row from the line), so a file whose
 * later lines need more digits is kept unless more than a hundredth of its rows went to the JS
 * engine. Otherwise (or when DuckDB's reader fails on a line the guess did not see) the records
 * are dropped and the whole screen's verdict is the caller's to act on.
 */
async function scoreWhileScreening(
  batch: JsonlFileBatch,
  guess: CleanScreen,
  screening: Promise<Screen>,
): Promise<{ tally: TableTally } | { screen: Screen }> {
  const early = tempBeside(batch.output, "early.jsonl");
  try {
    const scored = scoreFile(batch, guess, early).catch(() => null);
    const [tally, screen] = await Promise.all([scored, screening]);
    if (tally && screen.clean && screen.declined === 0 && agrees(guess, screen, tally)) {
      await rename(early, batch.output);
      return { tally };
    }
    return { screen };
  } finally {
    await rm(early, { force: true });
  }
}

/** Whether the records scored from the guess are the whole screen's (scoreWhileScreening). */
function agrees(guess: CleanScreen, screen: CleanScreen, tally: TableTally): boolean {
  if (screen.idNull !== guess.idNull || screen.typed.some((t, i) => t !== guess.typed[i])) return false;
  const names = new Set([...Object.keys(screen.digits), ...Object.keys(guess.digits)]);
  const sameDigits = [...names].every(
    (k) => screen.digits[k]?.int === guess.digits[k]?.int && screen.digits[k]?.scale === guess.digits[k]?.scale,
  );
  return sameDigits || tally.byJs * 100 <= tally.rows;
}

/** The piece engine over the whole file, into a temporary file renamed at the end. */
async function scorePieces(batch: JsonlFileBatch): Promise<TableTally> {
  const target = tempBeside(batch.output, "tmp");
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
      maxRecordBytes: batch.maxRecordBytes,
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
