// String built-ins whose SQL is more than one function of the dialect: FEEL's `upper case` is
// JavaScript's toUpperCase (runtime/builtins/string.ts), a mapping of code points that neither
// dialect's `upper` makes (DuckDB: ß → ẞ, PostgreSQL: by the database's locale), so it is written
// out from the runtime's own mapping; `substring` counts code points with FEEL's domain checks.
import type { SqlContext } from "./context.js";
import { stringLiteral } from "./dialects.js";
import { deeper, type SqlValue } from "./values.js";

interface CaseMapping {
  /** code points mapped to one code point: `translate(s, from, to)` */
  from: string;
  to: string;
  /** code points mapped to several: a `replace` each */
  longer: [string, string][];
}

let upper: CaseMapping | undefined;

/**
 * What toUpperCase does to each code point on its own, as this runtime has it: no code point's
 * upper case depends on its neighbours (lower case's final sigma does, which is why `lower case`
 * is not lowered), so mapping each one maps the string.
 */
function upperMapping(): CaseMapping {
  if (upper) return upper;
  const mapping: CaseMapping = { from: "", to: "", longer: [] };
  for (let c = 0; c <= 0x10ffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const ch = String.fromCodePoint(c);
    const up = ch.toUpperCase();
    if (up === ch) continue;
    if ([...up].length === 1) {
      mapping.from += ch;
      mapping.to += up;
    } else mapping.longer.push([ch, up]);
  }
  return (upper = mapping);
}

/**
 * `upper case(s)`: the one-to-one mappings by `translate` (which maps code points in both
 * dialects), then each longer one by `replace`. Neither step touches what the other wrote: no
 * code point a mapping writes is mapped again (toUpperCase of an upper case is itself), which the
 * tests check of the runtime's table.
 */
export function upperCase(s: SqlValue, cx: SqlContext): SqlValue {
  const m = upperMapping();
  let sql = `translate(${s.sql}, ${stringLiteral(m.from)}, ${stringLiteral(m.to)})`;
  for (const [from, to] of m.longer) sql = `replace(${sql}, ${stringLiteral(from)}, ${stringLiteral(to)})`;
  return cx.layers.bind({ sql, kind: "string", depth: s.depth });
}

/** The mapping upperCase writes, for the tests. */
export const upperCaseMapping = (): Readonly<CaseMapping> => upperMapping();

/**
 * `substring(s, start, length?)` (runtime/builtins/string.ts): positions and lengths count code
 * points; a start or length not a whole number is truncated; null unless the start is a non-zero
 * position within the string (negative: from its end) and the length from 1 to what is left.
 */
export function substring(s: SqlValue, start: SqlValue, length: SqlValue | undefined, cx: SqlContext): SqlValue {
  const { layers, dialect } = cx;
  const S = layers.bind(s);
  const size = layers.bind({ sql: dialect.length(S.sql), kind: "number", depth: S.depth });
  const t = layers.bind({ sql: `trunc(${start.sql})`, kind: "number", depth: start.depth });
  // the 0-based offset of the first code point, and how many are taken
  const from = layers.bind({
    sql: `CASE WHEN ${t.sql} > 0 THEN ${t.sql} - 1 ELSE ${size.sql} + ${t.sql} END`,
    kind: "number",
    depth: deeper(t, size),
  });
  const n = length
    ? layers.bind({ sql: `trunc(${length.sql})`, kind: "number", depth: length.depth })
    : layers.bind({ sql: `${size.sql} - ${from.sql}`, kind: "number", depth: deeper(size, from) });
  const within = `${t.sql} <> 0 AND abs(${t.sql}) <= ${size.sql} AND ${n.sql} >= 1 AND ${n.sql} <= ${size.sql} - ${from.sql}`;
  const part = dialect.substring(S.sql, `${from.sql} + 1`, n.sql);
  return { sql: `CASE WHEN ${within} THEN ${part} END`, kind: "string", depth: deeper(S, size, t, from, n) };
}
