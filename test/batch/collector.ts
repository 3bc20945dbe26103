// A writable stream that keeps what the engines write, for a test to read back whole.
import { Writable } from "node:stream";

export function collector(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  return {
    stream: new Writable({
      write(chunk, _e, done) {
        chunks.push(String(chunk));
        done();
      },
    }),
    text: () => chunks.join(""),
  };
}
