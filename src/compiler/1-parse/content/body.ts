// The shapes a calculation may take: an expression string, a table array, or (lenient, and as
// a decision object's `table`) a table with its hit policy and default output.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";

export type BodySource =
  | { kind: "expr"; text: string; address: string }
  | { kind: "table"; rows: unknown[]; hit?: unknown; default?: unknown; priorities?: unknown; address: string };

const TABLE_OBJECT_KEYS = new Set(["table", "hit", "default", "priorities"]);

/**
 * Reads a `let` entry or function body. `allowTableObject` admits `{table, hit, default}`
 * (lenient); a bare array is always a table where tables are allowed.
 */
export function readBody(
  raw: unknown,
  address: string,
  where: string,
  opts: { allowTable: boolean; allowTableObject: boolean },
  sink: Diagnostic[],
): BodySource | null {
  if (typeof raw === "string") return { kind: "expr", text: raw, address };
  if (Array.isArray(raw) && opts.allowTable) return { kind: "table", rows: raw, address };
  if (raw !== null && typeof raw === "object" && !Array.isArray(raw) && opts.allowTableObject && "table" in raw) {
    const obj = raw as Record<string, unknown>;
    const extra = Object.keys(obj).filter((k) => !TABLE_OBJECT_KEYS.has(k));
    if (extra.length > 0) sink.push(diagnostic("decision.table-object-key", { keys: extra, where }, { address }));
    if (!Array.isArray(obj.table)) {
      sink.push(diagnostic("decision.table-shape", { variant: "object", where }, { address }));
      return null;
    }
    return { kind: "table", rows: obj.table, hit: obj.hit, default: obj.default, priorities: obj.priorities, address };
  }
  sink.push(
    diagnostic("decision.body-shape", { variant: "body", where, table: opts.allowTable, tableObject: opts.allowTableObject }, { address }),
  );
  return null;
}
