// The temporary files a batch writes beside its output (`.NAME.PID-TIME.WHAT`), renamed over the
// output when complete, and the directory it writes records in for standard output. Each is named here and remembered, so that a run stopped by a signal,
// which never reaches the engines' own clean-up, removes them all before it exits.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";

const named = new Set<string>();

/** A temporary file's name beside `path` (`what` tells a batch's several apart), remembered until removed. */
export function tempBeside(path: string, what: string): string {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}-${Date.now().toString(36)}.${what}`);
  named.add(temp);
  return temp;
}

/** A new directory in the system's temporary directory, remembered until removed. */
export function tempDirectory(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  named.add(dir);
  return dir;
}

/** Removes every temporary file named so far that is still there (a renamed one is not). */
export function removeTempFiles(): void {
  for (const temp of named) rmSync(temp, { force: true, recursive: true });
  named.clear();
}
