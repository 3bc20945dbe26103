// The query is a stack of projections: the typed inputs at the bottom, then one layer per depth of
// named intermediate values, each reading only the layers below. A value written more than once
// (a rounding's integers, a table's column, a decision read by several others) is bound to a column
// once instead of being written out again, so the query grows with the model, not exponentially.
import { identifier } from "./dialects.js";
import type { SqlValue } from "./values.js";

export class Layers {
  private readonly layers: [name: string, sql: string][][] = [[]];
  private counter = 0;
  /** each bound expression's column, so that one written twice is computed once */
  private readonly bound = new Map<string, string>();

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
    const depth = v.depth + 1;
    const key = `${depth}\0${v.sql}`;
    let name = this.bound.get(key);
    if (name === undefined) {
      name = `$${this.counter++}`;
      this.bound.set(key, name);
      (this.layers[depth] ??= []).push([name, v.sql]);
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
