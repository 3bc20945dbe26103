import { namedRecord } from "../runtime/json.js";
import { defOf } from "./schema-refs.js";
// Turns a CSV record into a state, reading each cell as the input schema's type for its column:
// numeric-looking text becomes a number in number columns, true/false a boolean in boolean
// columns, JSON text an object or list in structured columns; an empty cell is a missing value.

type Reader = (cell: string) => unknown;

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

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

const BY_TYPE: Record<string, Reader> = { number: asNumber, integer: asNumber, boolean: asBoolean, object: asJson, array: asJson };

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

function readerFor(schema: unknown, defs: Record<string, unknown>): Reader {
  const types = typesOf(schema, defs).filter((t) => t !== "null");
  // A column that may also be text stays text: only a column of one non-text kind is converted.
  if (types.includes("string") || types.length === 0) return asText;
  return BY_TYPE[types[0]!] ?? asText;
}

/** A function from a record's cells to a state, for the given header and input schema. */
export function csvStateReader(
  columns: readonly string[],
  inputSchema: Record<string, unknown>,
): (cells: readonly string[]) => Record<string, unknown> {
  const properties = (inputSchema.properties ?? {}) as Record<string, unknown>;
  const defs = (inputSchema.$defs ?? {}) as Record<string, unknown>;
  const readers = columns.map((c) => readerFor(properties[c], defs));
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
