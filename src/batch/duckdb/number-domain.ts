// The digits a Parquet file's number columns need (docs/sql.md, "Narrowed domains"): one pass of
// DuckDB over those columns finds, among the values the query's widest domain can hold (below
// 10^9, at most 6 places), the most digits before the point and after it. The query is then
// compiled with each input's domain narrowed to them (`narrow` in SqlOptions), so that its shapes,
// and DuckDB's arithmetic, stay in 64 bits where the data allows: a `DECIMAL(21, 4)` quotient of
// the default domain is a `DECIMAL(12, 4)` for incomes below 10^6. Every value of the file that
// the default domain holds is held by the narrowed one, so no row moves to the JS engine; the
// per-row domain check stays, so a file whose values the pass misjudged is still scored exactly.
// A column of an integer type or a DECIMAL needs no pass: its digits are read from the file's
// statistics and its type (`statisticsDigits`).
import type { DuckDBConnection } from "@duckdb/node-api";
import { identifier, stringLiteral } from "../../compiler/4-sql/dialects.js";
import type { Digits } from "../../compiler/index.js";

/** The widest domain a number input has (query.ts: 9 digits before the point, 6 after). */
const WIDEST = { int: 9, scale: 6 };

/**
 * Whether a value below 10^9 is its own decimal at `s` places, as the query's check reads it (its
 * cast to DECIMAL(9 + s, s) equal to it), in doubles alone: k = round(value × 10^s) is the
 * decimal's integer (the value lies within 6 × 10^-8 of any decimal it is the double of, so the
 * product is within a tenth of k), and k / 10^s, both exact doubles, rounds once to the double
 * nearest k × 10^-s, as the decimal's cast to DOUBLE does. No decimal is made: the casts cost
 * about twice as much.
 */
const held = (c: string, s: number): string => (s === 0 ? `${c} = trunc(${c})` : `round(${c} * 1e${s}) / 1e${s} = ${c}`);

/**
 * A value's places as the search finds them: whole numbers first, then 2 places (money, 1 or 2),
 * then `past` (the SQL of the CASE's last branches, for a value held at neither).
 */
const search = (c: string, past: string): string =>
  `CASE WHEN ${held(c, 0)} THEN 0 WHEN ${held(c, 2)} THEN CASE WHEN ${held(c, 1)} THEN 1 ELSE 2 END ${past} END`;

/**
 * The places of a value below 10^9: the fewest from 0 to 6 at which it is its own decimal, null
 * past 6. Held at s places, a value is held at every s' above s, so the search tests whole
 * numbers, then 2 places (money), then 6, and only then the places between.
 */
function places(c: string): string {
  const at = (s: number) => held(c, s);
  return search(c, `WHEN ${at(WIDEST.scale)} THEN CASE WHEN ${at(3)} THEN 3 WHEN ${at(4)} THEN 4 WHEN ${at(5)} THEN 5 ELSE 6 END`);
}

/** Past the money places: the cheap pass's mark for a value whose places `places` would search on. */
const PAST_MONEY = 3;

/**
 * A value's places where `places` finds 0, 1 or 2 (by the same first branches, so the same
 * places), else PAST_MONEY; null for a null.
 */
const moneyPlaces = (c: string): string => search(c, `WHEN ${c} IS NOT NULL THEN ${PAST_MONEY}`);

/** The digits before the point of a value below 10^9: the least k with |value| < 10^k, null past 9. */
function integerDigits(c: string): string {
  const tests = Array.from({ length: WIDEST.int + 1 }, (_, k) => `WHEN abs(${c}) < 1${"0".repeat(k)} THEN ${k}`);
  return `CASE ${tests.join(" ")} END`;
}

/** The least k with |value| < 10^k, for a magnitude below 10^9 (integerDigits in JavaScript). */
function digitsOf(top: number): number {
  let int = 0;
  while (top >= 10 ** int) int++;
  return int;
}

/**
 * Each column's digits, over `from` (the file's relation) and `columns` (the number columns, each
 * the SQL of its value as the query reads it, a FLOAT widened to DOUBLE). A column with no value
 * in the widest domain is left out (its input keeps its own domain). Two cheap passes come first:
 * each column's least and greatest value (which DuckDB reads from a Parquet file's statistics, at
 * no cost a row), then, over the columns whose every value lies within ±10^9, the most places
 * of a value where every value has 0, 1 or 2 (`moneyPlaces`: the places' search's own first
 * branches). Such a column (a count, an age, an amount in whole units or in cents) is settled at
 * those places, its digits those of its largest magnitude: what `placesDigits` finds, since every
 * value is in the widest domain at those places, for the first branches of the search and one
 * `max` a value instead of the whole search and the magnitudes' pass (the credit scorecard's 40
 * number columns, 1,000,000 rows: bench/RESULTS-sql.md). The other columns get `placesDigits`' pass.
 */
export async function numberDigits(
  connection: DuckDBConnection,
  from: string,
  columns: { name: string; value: string }[],
): Promise<Record<string, Digits>> {
  if (columns.length === 0) return {};
  const limit = 10 ** WIDEST.int;
  const bounds = (
    await connection.runAndReadAll(
      `SELECT ${columns.map((c) => `CAST(min(${c.value}) AS DOUBLE), CAST(max(${c.value}) AS DOUBLE)`).join(", ")} FROM ${from}`,
    )
  ).getRows()[0]!;
  // a column of nulls only has no value in the widest domain; a NaN is the greatest value; an
  // integer's or a decimal's bound is read as a double (rounded monotonically: the same side of ±10^9)
  const ranged = columns.flatMap((c, i) => {
    const [low, high] = [bounds[2 * i], bounds[2 * i + 1]];
    return typeof low === "number" && typeof high === "number" && low > -limit && high < limit ? [{ ...c, top: Math.max(-low, high) }] : [];
  });
  const most =
    ranged.length === 0
      ? []
      : (
          await connection.runAndReadAll(`SELECT ${ranged.map((c) => `max(${moneyPlaces(c.value)})`).join(", ")} FROM ${from}`)
        ).getRows()[0]!;
  const settled = new Map<string, Digits>();
  ranged.forEach((c, i) => {
    const scale = most[i];
    if (typeof scale === "number" && scale < PAST_MONEY) settled.set(c.name, { int: digitsOf(c.top), scale });
  });
  const rest = columns.filter((c, i) => !settled.has(c.name) && bounds[2 * i] !== null);
  const passed = new Map(Object.entries(await placesDigits(connection, from, rest)));
  // in the columns' order, as the places' pass alone gives them
  return Object.fromEntries(columns.flatMap((c) => [settled.get(c.name) ?? passed.get(c.name)].flatMap((d) => (d ? [[c.name, d]] : []))));
}

/**
 * Each column's digits by each value's places, over `from` (the file's relation) and `columns` (the number columns, each
 * the SQL of its value as the query reads it, a FLOAT widened to DOUBLE). A column with no value
 * in the widest domain is left out (its input keeps its own domain). One pass: each row's places
 * where the value is below 10^9, and of the values held,
 * the largest magnitude; the digits before the point are the largest magnitude's, once per column.
 */
export async function placesDigits(
  connection: DuckDBConnection,
  from: string,
  columns: { name: string; value: string }[],
): Promise<Record<string, Digits>> {
  if (columns.length === 0) return {};
  const value = (i: number) => identifier(`v.${i}`);
  const scale = (i: number) => identifier(`p.${i}`);
  const rows = columns.map(({ value: v }, i) => {
    const p = `CASE WHEN abs(${v}) < 1${"0".repeat(WIDEST.int)} THEN ${places(v)} END`;
    return `${v} AS ${value(i)}, ${p} AS ${scale(i)}`;
  });
  // a value the widest domain holds has its places (null past 6, or from 10^9), which max skips
  const parts = columns.map(
    (_, i) =>
      `${integerDigits(`max(CASE WHEN ${scale(i)} IS NOT NULL THEN abs(${value(i)}) END)`)} AS ${identifier(`int.${i}`)}, max(${scale(i)}) AS ${identifier(`scale.${i}`)}`,
  );
  const result = await connection.runAndReadAll(`SELECT ${parts.join(", ")} FROM (SELECT ${rows.join(", ")} FROM ${from})`);
  const row = result.getRows()[0]!;
  const digits: Record<string, Digits> = {};
  columns.forEach(({ name }, i) => {
    const [int, scale] = [row[2 * i], row[2 * i + 1]];
    if (int !== null && scale !== null) digits[name] = { int: Number(int), scale: Number(scale) };
  });
  return digits;
}

/** The places a Parquet column type settles: 0 for an integer type, s for a DECIMAL(p, s); else undefined. */
function typePlaces(type: string): number | undefined {
  if (/^U?(TINYINT|SMALLINT|INTEGER|BIGINT)$/.test(type)) return 0;
  const m = /^DECIMAL\(\d+,\s*(\d+)\)$/.exec(type);
  return m ? Math.min(Number(m[1]), WIDEST.scale) : undefined;
}

/**
 * The digits of a Parquet file's integer and DECIMAL columns read from the file's own statistics
 * and types instead of a pass over its rows: a column of an integer type has 0 places, one of
 * DECIMAL(p, s) at most s (at most the widest domain's 6, which holds no value of more), and its
 * digits before the point are those of the largest magnitude among its row groups' minima and
 * maxima. A DECIMAL's values may use fewer places than s, which the pass would find: the domain is
 * then s places, wider than the values need but holding every one of them, and the query reads the
 * column's decimal as it is (a cast, no comparison back: SqlOptions' `typed`), where the pass's
 * fewer places would make it cast and compare each value. A column is settled only when every row
 * group gives both bounds (or holds nulls only) and that magnitude is below 10^9 (past it the
 * largest value the widest domain holds is not known): the others are left to `numberDigits`. A
 * statistic that lies costs no exactness, as a pass that misjudged would not (the query's per-row
 * domain check stays): its rows go to the JS engine. `settled` holds the columns decided here,
 * `digits` those with a value (a column of nulls only is settled with none: its input keeps its
 * own domain, as the pass leaves it).
 */
export async function statisticsDigits(
  connection: DuckDBConnection,
  path: string,
  columns: { name: string; type: string }[],
): Promise<{ settled: Set<string>; digits: Record<string, Digits> }> {
  const places = new Map(columns.flatMap((c) => [typePlaces(c.type)].flatMap((s) => (s === undefined ? [] : [[c.name, s] as const]))));
  const settled = new Set<string>();
  const digits: Record<string, Digits> = {};
  if (places.size === 0) return { settled, digits };
  const meta = `parquet_metadata(${stringLiteral(path)})`;
  const bound = (s: string) => `abs(TRY_CAST(${s} AS DOUBLE))`;
  const known = `((stats_min IS NOT NULL AND stats_max IS NOT NULL AND ${bound("stats_min")} IS NOT NULL AND ${bound("stats_max")} IS NOT NULL) OR stats_null_count = num_values)`;
  const result = await connection.runAndReadAll(
    `SELECT path_in_schema, count(DISTINCT row_group_id), bool_and(coalesce(${known}, FALSE)), max(greatest(${bound("stats_min")}, ${bound("stats_max")})), (SELECT count(DISTINCT row_group_id) FROM ${meta}) FROM ${meta} WHERE path_in_schema IN (${[...places.keys()].map(stringLiteral).join(", ")}) GROUP BY path_in_schema`,
  );
  for (const [name, groups, allKnown, top, allGroups] of result.getRowsJS() as [string, bigint, boolean, number | null, bigint][]) {
    if (groups !== allGroups || !allKnown || (top !== null && !(top < 1e9))) continue;
    settled.add(name);
    if (top === null) continue;
    let int = 0;
    while (top >= 10 ** int) int++;
    digits[name] = { int, scale: places.get(name)! };
  }
  return { settled, digits };
}
