// Where `pdm score --engine duckdb` keeps its lowerings between runs (batch/duckdb/sql-cache.ts):
// PDM_CACHE_DIR, else $XDG_CACHE_HOME/pdm/sql, else ~/.cache/pdm/sql; none when PDM_CACHE_DIR is
// set empty, or when the code was not built (each build is named by a hash of the sources it was
// built from: scripts/build.mjs), so an entry is never read by another compiler than its own.
import { homedir } from "node:os";
import { join } from "node:path";
import { sqlCache, type SqlCache } from "../batch/duckdb/sql-cache.js";

declare const PDM_BUILD: string | undefined;

export function loweringCache(env: NodeJS.ProcessEnv = process.env): SqlCache | undefined {
  if (typeof PDM_BUILD !== "string") return undefined;
  const dir = env.PDM_CACHE_DIR ?? join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "pdm", "sql");
  return dir === "" ? undefined : sqlCache(dir, PDM_BUILD);
}
