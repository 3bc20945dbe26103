import { namedRecord } from "../runtime/json.js";
import { defOf } from "./schema-refs.js";
// Turns a CSV record into a state, reading each cell as the input schema's type for its column:
// numeric-looking text becomes a number in number columns, true/false a boolean in boolean
// columns, JSON text an object or list in structured columns; an empty cell is a missing value.

type Reader = (cell: string) => unknown;

/** Text a number column reads as a number (after trimming). */
export const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

const asText: Reader = (cell) => cell;
const asNumber: Reader = (cell) => (NUMERIC.test(cell.trim()) ? Number(cell) : cell);
const asBoolean: Reader = (cell) => (cell === "true" ? true : cell === "false" ? false : cell);
const asJson: Reader = (cell) => {
  try {
    return JSON.parse(cell);
  } catch {
    return cell;
  }
};

/** How a cell is read: as it stands, as a number, as a boolean, as JSON. */
export type CellKind = "text" | "number" | "boolean" | "json";

const READERS: Record<CellKind, Reader> = { text: asText, number: asNumber, boolean: asBoolean, json: asJson };
const BY_TYPE: Record<string, CellKind> = { number: "number", integer: "number", boolean: "boolean", object: "json", array: "json" };

/**
 * The JSON Schema types a property allows (`type` may be one name or a list; `anyOf` branches
 * count too, and a reference to `$defs` stands for its entry).
 */
function typesOf(schema: unknown, defs: Record<string, unknown>): string[] {
  if (!schema || typeof schema !== "object") return [];
  const s = schema as { type?: unknown; anyOf?: unknown[]; oneOf?: unknown[]; $ref?: unknown };
  if (typeof s.$ref === "string") return typesOf(defOf(s.$ref, defs), {});
  const own = typeof s.type === "string" ? [s.type] : Array.isArray(s.type) ? (s.type as string[]) : [];
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  return [...own, ...branches.flatMap((b) => typesOf(b, defs))];
}

function kindFor(schema: unknown, defs: Record<string, unknown>): CellKind {
  const types = typesOf(schema, defs).filter((t) => t !== "null");
  // A column that may also be text stays text: only a column of one non-text kind is converted.
  if (types.includes("string") || types.length === 0) return "text";
  return BY_TYPE[types[0]!] ?? "text";
}

/** How each column's cells are read, for the given header and input schema. */
export function csvCellKinds(columns: readonly string[], inputSchema: Record<string, unknown>): CellKind[] {
  const properties = (inputSchema.properties ?? {}) as Record<string, unknown>;
  const defs = (inputSchema.$defs ?? {}) as Record<string, unknown>;
  return columns.map((c) => kindFor(properties[c], defs));
}

/** A function from a record's cells to a state, for the given header and input schema. */
export function csvStateReader(
  columns: readonly string[],
  inputSchema: Record<string, unknown>,
): (cells: readonly string[]) => Record<string, unknown> {
  const readers = csvCellKinds(columns, inputSchema).map((k) => READERS[k]);
  return (cells) => {
    const state = namedRecord<unknown>();
    for (let i = 0; i < columns.length; i++) {
      const cell = cells[i];
      if (cell === undefined || cell === "") continue;
      state[columns[i]!] = readers[i]!(cell);
    }
    return state;
  };
}
