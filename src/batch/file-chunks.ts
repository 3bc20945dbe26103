// A file's bytes as chunks read into one buffer again and again: each chunk is good until the
// next is asked for (what scoreStream expects), so reading a large file allocates nothing per chunk.
import { open } from "node:fs/promises";

export async function* fileChunks(path: string, size = 1 << 16): AsyncGenerator<Buffer> {
  const handle = await open(path, "r");
  try {
    const buf = Buffer.allocUnsafeSlow(size);
    for (;;) {
      const { bytesRead } = await handle.read(buf, 0, size, null);
      if (bytesRead === 0) return;
      yield buf.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
