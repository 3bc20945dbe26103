// Where a batch's input bytes come from, read into a buffer the caller gives: a file's bytes go
// straight into the shared buffers a batch lends its workers (piece-reader.ts), with no chunk of
// their own, no concatenation and no copy on the way; a stream's chunks are copied in once.
import { open } from "node:fs/promises";

export interface ByteSource {
  /** Fills the start of `into` with the next bytes: how many, 0 at the end of the input. */
  read(into: Uint8Array): Promise<number>;
  close(): Promise<void>;
}

/**
 * A file from byte `start` on, opened now (so that an unreadable one is reported before anything
 * starts). A file that is not a regular one (a named pipe, a character device) is read in order
 * from where it stands: it has no positions to read at (reading one at a position fails, ESPIPE).
 */
export async function fileSource(path: string, start = 0): Promise<ByteSource> {
  const handle = await open(path, "r");
  const seekable = (await handle.stat()).isFile();
  if (!seekable && start > 0) {
    await handle.close();
    throw new Error(`${path} is not a regular file: it cannot be read from byte ${start}`);
  }
  let position = start;
  return {
    read: async (into) => {
      const { bytesRead } = await handle.read(into, 0, into.length, seekable ? position : null);
      position += bytesRead;
      return bytesRead;
    },
    close: () => handle.close(),
  };
}

const NOTHING = new Uint8Array(0);

/** A stream (standard input): each chunk copied into the buffers asked for, its rest kept for the next read. */
export function streamSource(chunks: AsyncIterable<Buffer | string>): ByteSource {
  const iterator = chunks[Symbol.asyncIterator]();
  let rest: Uint8Array = NOTHING;
  return {
    async read(into) {
      while (rest.length === 0) {
        const next = await iterator.next();
        if (next.done) return 0;
        rest = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
      }
      const n = Math.min(rest.length, into.length);
      into.set(rest.subarray(0, n));
      rest = rest.subarray(n);
      return n;
    },
    async close() {
      await iterator.return?.();
    },
  };
}
