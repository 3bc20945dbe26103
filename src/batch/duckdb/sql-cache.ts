// The DuckDB engine's lowerings kept on disk between runs (docs/sql.md, "The lowering cache"): a
// model's plan and its query over a file's columns are the same at every run of the same model,
// compiler and file shape, and lowering a large table costs more than scoring a million rows (the
// rating model's 3,700 rules: about a second of CPU). An entry is one JSON file named by the
// SHA-256 of the build that wrote it and its key (the model's text and every option the lowering
// reads), holding both again: a build reads only its own entries, and a key is compared whole,
// never by its hash alone. The SQL read back is run as it stands, so an entry is read only from a
// directory and a file of this user's that no one else can write; anything else, an unreadable or
// damaged entry included, is a miss, and the lowering is made again. Entries are written to a
// temporary file and renamed, so a reader never finds one half-written. The directory is kept
// under a size: each write removes the entries least recently used (an entry read is touched)
// until the rest fit, and a temporary file an interrupted run left; entries of an older build,
// never read again, are the first to go.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync, type Stats } from "node:fs";
import { join } from "node:path";

export interface SqlCache {
  /** the value stored under `key` by this build, or undefined */
  get(key: unknown): unknown;
  /** stores `value` (JSON) under `key`; a failure to write is no error (the next run lowers again) */
  set(key: unknown, value: unknown): void;
}

/** No one but this process's user may have written it. */
const ours = (s: Stats): boolean => (process.getuid === undefined || s.uid === process.getuid()) && (s.mode & 0o022) === 0;

/** A temporary file this old was left by a run that ended before renaming it. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/** Removes the least recently used entries of `dir` until the rest fit in `maxBytes`, and stale temporary files. */
function prune(dir: string, maxBytes: number, now = Date.now()): void {
  const files = readdirSync(dir).flatMap((name) => {
    try {
      const s = statSync(join(dir, name));
      return s.isFile() ? [{ name, size: s.size, used: s.mtimeMs }] : [];
    } catch {
      return [];
    }
  });
  const entries = files.filter((f) => f.name.endsWith(".json")).sort((a, b) => b.used - a.used);
  const stale = files.filter((f) => f.name.endsWith(".tmp") && now - f.used > STALE_TEMP_MS);
  let kept = 0;
  const over = entries.filter((f) => (kept += f.size) > maxBytes);
  for (const f of [...stale, ...over]) rmSync(join(dir, f.name), { force: true });
}

/** The directory's size: room for hundreds of models' lowerings (the rating model's 3,700-rule plan: 434 KB). */
const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;

/** A cache in `dir` (made, private, when first written) for the build `build`, kept under `maxBytes`. */
export function sqlCache(dir: string, build: string, maxBytes = DEFAULT_CACHE_BYTES): SqlCache {
  const file = (text: string) => join(dir, `${createHash("sha256").update(build).update("\0").update(text).digest("hex")}.json`);
  return {
    get(key) {
      const text = JSON.stringify(key);
      const path = file(text);
      try {
        if (!ours(statSync(dir)) || !ours(statSync(path))) return undefined;
        const entry = JSON.parse(readFileSync(path, "utf8")) as { build?: unknown; key?: unknown; value?: unknown };
        if (entry.build !== build || entry.key !== text) return undefined;
        const now = new Date();
        utimesSync(path, now, now);
        return entry.value;
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      const text = JSON.stringify(key);
      const path = file(text);
      const temp = `${path}.${process.pid}-${Date.now().toString(36)}.tmp`;
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        if (!ours(statSync(dir))) return;
        writeFileSync(temp, JSON.stringify({ build, key: text, value }), { mode: 0o600 });
        renameSync(temp, path);
        prune(dir, maxBytes);
      } catch {
        rmSync(temp, { force: true });
      }
    },
  };
}
