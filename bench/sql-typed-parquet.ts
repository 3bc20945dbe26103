// A copy of a bench Parquet file (every number column DOUBLE, as DuckDB writes JSON's numbers) with
// each number column typed as a warehouse stores it: a column of whole numbers INTEGER (BIGINT past
// 9 digits), a column of places DECIMAL(p, s) of its values' own digits (money DECIMAL(p, 2)), as
// the digits pass finds them (number-domain.ts). A column some value of which that type would not
// hold as the same double (a value past the widest domain, NaN) stays DOUBLE, so the file holds the
// same values and every engine's records stay the JS engine's bytes.
import type { DuckDBConnection } from "@duckdb/node-api";
import { identifier, stringLiteral } from "../src/compiler/4-sql/dialects.js";
import { numberDigits } from "../src/batch/duckdb/number-domain.js";

/** Writes `target` from `source`; returns each number column's type in the copy. */
export async function typedParquet(
  duck: DuckDBConnection,
  source: string,
  numbers: string[],
  target: string,
): Promise<Record<string, string>> {
  const from = `read_parquet(${stringLiteral(source)})`;
  const digits = await numberDigits(
    duck,
    from,
    numbers.map((name) => ({ name, value: identifier(name) })),
  );
  const wanted = Object.entries(digits).map(([name, d]) => {
    const type = d.scale === 0 ? (d.int <= 9 ? "INTEGER" : "BIGINT") : `DECIMAL(${Math.max(1, d.int + d.scale)}, ${d.scale})`;
    return { name, type };
  });
  // every value the same double once typed
  const lost = wanted.map(({ name, type }) => {
    const c = identifier(name);
    return `count(*) FILTER (WHERE ${c} IS NOT NULL AND coalesce(CAST(TRY_CAST(${c} AS ${type}) AS DOUBLE) <> ${c}, TRUE))`;
  });
  const counts = lost.length ? (await duck.runAndReadAll(`SELECT ${lost.join(", ")} FROM ${from}`)).getRows()[0]! : [];
  const types = Object.fromEntries(numbers.map((n) => [n, "DOUBLE"]));
  wanted.forEach((w, i) => {
    if (Number(counts[i]) === 0) types[w.name] = w.type;
  });
  const replaced = Object.entries(types)
    .filter(([, t]) => t !== "DOUBLE")
    .map(([n, t]) => `CAST(${identifier(n)} AS ${t}) AS ${identifier(n)}`);
  const select = replaced.length ? `* REPLACE (${replaced.join(", ")})` : "*";
  await duck.run(`COPY (SELECT ${select} FROM ${from}) TO ${stringLiteral(target)} (FORMAT parquet)`);
  return types;
}
