// DuckDB's Node API, the values the batch engines use (its types are imported from the package
// itself, erased at build). The CLI's build bundles the package (scripts/build.mjs), its native
// bindings left outside: loaded as its ~180 CommonJS files it cost about 0.09 s of CPU at each
// run, bundled about 0.05 s (and imported from an ES module unbundled, Node first scans every one
// of them for its exports).
import * as api from "@duckdb/node-api";

export const { BIGINT, DuckDBInstance, DuckDBScalarFunction, LIST, VARCHAR } = api;
