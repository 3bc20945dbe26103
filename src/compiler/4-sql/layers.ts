// The query is a stack of projections: the typed inputs at the bottom, then one layer per depth of
// named intermediate values, each reading only the layers below. A value written more than once
// (a rounding's integers, a table's column, a decision read by several others) is bound to a column
// once instead of being written out again, so the query grows with the model, not exponentially.
import { identifier } from "./dialects.js";
import type { SqlValue } from "./values.js";

/** A BIGINT expression m standing for the number m × 10^-scale, and the deepest layer it reads. */
export interface ScaledInteger {
  sql: string;
  scale: number;
  depth: number;
  /** a cast of the decimal (an input's): worth it for arithmetic, not for a comparison, which the decimal makes as cheaply */
  cast?: boolean;
}

/** The name of a column of the layers. */
const COLUMN = /^"\$\d+"$/;

export class Layers {
  private readonly layers: [name: string, sql: string][][] = [[]];
  private counter = 0;
  /** each bound expression's column, so that one written twice is computed once */
  private readonly bound = new Map<string, string>();
  /**
   * a number's SQL → the 64-bit integer m of its value m × 10^-scale, where the lowering holds one
   * (numbers.ts): the same text is the same value, so a copy of the value with other SQL (a cast, a
   * guard) never finds it
   */
  private readonly integers = new Map<string, ScaledInteger>();

  /** The scaled integer held for a number's SQL, if any. */
  integerOf(sql: string): ScaledInteger | undefined {
    return this.integers.get(sql);
  }

  /**
   * Records that the number written `sql` is the integer `integer.sql` × 10^-scale (an expression
   * over layers up to `integer.depth`, written where something reads it: an input's cast that
   * nothing reads is not in the query).
   */
  holdInteger(sql: string, integer: ScaledInteger): void {
    this.integers.set(sql, integer);
  }

  /** A column of the bottom layer (an input, read from the source relation). */
  input(sql: string): SqlValue["sql"] {
    const name = `$${this.counter++}`;
    this.layers[0]!.push([name, sql]);
    return identifier(name);
  }

  /** The value as a column of its own (a record: each field and its null marker). */
  bind(v: SqlValue): SqlValue {
    if (v.fields) {
      const fields = new Map([...v.fields].map(([k, f]) => [k, this.bind(f)] as const));
      const marker = this.bind({ ...v, fields: undefined });
      return { ...marker, kind: "record", fields, depth: Math.max(marker.depth, ...[...fields.values()].map((f) => f.depth)) };
    }
    if (v.atomic) return v;
    // a column already: read as it stands
    if (COLUMN.test(v.sql)) return { ...v, atomic: true };
    const depth = v.depth + 1;
    const key = `${depth}\0${v.sql}`;
    let name = this.bound.get(key);
    if (name === undefined) {
      name = `$${this.counter++}`;
      this.bound.set(key, name);
      (this.layers[depth] ??= []).push([name, v.sql]);
    }
    const held = this.integers.get(v.sql);
    if (held) {
      // the value's integer is bound with it (a cast of a column is left to be written where read)
      const column = held.cast || COLUMN.test(held.sql) ? undefined : this.bind({ sql: held.sql, kind: "number", depth: held.depth });
      const integer = column ? { ...held, sql: column.sql, depth: column.depth } : held;
      this.integers.set(v.sql, integer);
      this.integers.set(identifier(name), integer);
    }
    return { ...v, sql: identifier(name), depth, atomic: true };
  }

  /** The whole query: `columns` selected from the top layer, the bottom one reading `source`. */
  render(source: string, columns: string[], end = ""): string {
    let from = `${source} AS ${identifier("$source")}`;
    this.layers.forEach((layer, i) => {
      if (layer.length === 0) return;
      const list = layer.map(([name, sql]) => `${sql} AS ${identifier(name)}`).join(",\n    ");
      from = `(SELECT ${i === 0 ? "" : "*,\n    "}${list}\n  FROM ${from}${end}) AS ${identifier(`$layer${i}`)}`;
    });
    return `SELECT\n  ${columns.join(",\n  ")}\nFROM ${from}`;
  }
}
