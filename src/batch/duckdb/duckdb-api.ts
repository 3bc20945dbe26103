// DuckDB's Node API, loaded with require: the package is CommonJS, and imported from an ES module
// Node first scans every one of its ~180 files for its exports (about 0.15 s of CPU and 0.5 s of
// a run on two cores, before a single row is read); required, it is only run. The values the
// batch engines use; its types are imported from the package itself (erased at build).
import { createRequire } from "node:module";

type Api = typeof import("@duckdb/node-api");

const api = createRequire(import.meta.url)("@duckdb/node-api") as Api;

export const { BIGINT, DuckDBInstance, DuckDBScalarFunction, LIST, VARCHAR } = api;
