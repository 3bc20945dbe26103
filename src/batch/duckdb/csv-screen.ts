// A CSV file screened for DuckDB's CSV reader: whether any record is longer than the batch's
// limit (record-limit.ts). DuckDB's reader refuses a whole file for one such record, where the JS
// engine makes it that row's error record and goes on; a file with one is the JS engine's. The
// screen cuts records as the JS engine does (piece-reader.ts), so the two agree on which is long.
import { BufferPool } from "../buffer-pool.js";
import { fileSource } from "../byte-source.js";
import { PieceReader } from "../piece-reader.js";

const PIECE_BYTES = 4 << 20;

/** The number of the first record past `limit` bytes (the header is record 0, the first row 1), or undefined for none. */
export async function longCsvRecord(path: string, limit: number): Promise<number | undefined> {
  const source = await fileSource(path);
  try {
    const buffers = new BufferPool(PIECE_BYTES, 2);
    const reader = new PieceReader(source, "csv", buffers, PIECE_BYTES, 0, limit);
    let record = 0;
    for (let piece = await reader.next(); piece; piece = await reader.next()) {
      if (piece.long !== undefined) return record;
      buffers.give(piece.bytes.buffer as SharedArrayBuffer);
      record += piece.records;
    }
    return undefined;
  } finally {
    await source.close();
  }
}
