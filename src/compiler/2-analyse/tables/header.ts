// The header row (spec 2.5, tables rule 1-4): input expressions, `=>` outputs, `# why`.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";

export type Column =
  | { kind: "input"; index: number; text: string }
  /** `rest` is what follows `=>`, trimmed */
  | { kind: "output"; index: number; text: string; rest: string }
  | { kind: "annotation"; index: number; text: string };

export function readHeader(row: unknown, address: string, sink: Diagnostic[]): Column[] | null {
  if (!Array.isArray(row) || row.length === 0 || !row.every((c) => typeof c === "string")) {
    sink.push(diagnostic("tables.header", { variant: "not-headings" }, { address }));
    return null;
  }
  const columns = (row as string[]).map((text, index): Column => {
    const t = text.trim();
    if (t.startsWith("=>")) return { kind: "output", index, text, rest: t.slice(2).trim() };
    if (t.startsWith("#")) return { kind: "annotation", index, text };
    return { kind: "input", index, text };
  });
  if (!columns.some((c) => c.kind === "output")) {
    sink.push(diagnostic("tables.header", { variant: "no-output" }, { address }));
    return null;
  }
  const firstOutput = columns.findIndex((c) => c.kind === "output");
  if (columns.some((c, i) => c.kind === "input" && i > firstOutput))
    sink.push(diagnostic("tables.header", { variant: "order" }, { address }));
  return columns;
}

/**
 * An output heading after `=>`: `name: type`, a type alone, a name alone, or nothing.
 * The name part holds no characters a type would (quotes, brackets, `|`, `<`).
 */
export function splitOutputHeading(rest: string): { name?: string; typeText?: string } {
  if (rest === "") return {};
  const m = /^([^:"<>|[\]()]+?)\s*:\s*(.+)$/s.exec(rest);
  if (m) return { name: m[1]!.trim(), typeText: m[2]!.trim() };
  return { typeText: rest };
}
