// Which cells an index (and the raw tests of a specialised column) can represent: tests of a number
// or date column against number or date literals, of a string or boolean column by (in)equality
// with a literal of its kind. Any other cell (say `> limit * 2` or `= preferred channel`) is tested
// by the FEEL runtime.
import type { Expr, UnaryTests } from "../../ir/feel-ast.js";
import type { SpecialisedKind } from "../../ir/ir.js";
import { dayLiteral } from "./day-literal.js";
import { exactNumber } from "./exact-number.js";

/** Every test of the cell compares with literals `literal` reads (null: not one). */
const orderedCell =
  (literal: (e: Expr) => unknown) =>
  (cell: UnaryTests): boolean => {
    const known = (e: Expr | null) => e === null || literal(e) !== null;
    return (
      cell.kind === "any" || cell.tests.every((t) => (t.kind === "range" ? known(t.range.start) && known(t.range.end) : known(t.value)))
    );
  };

/** Every test of the cell is equality (or inequality) with a literal of this kind. */
const literalCell =
  (kind: "string" | "boolean") =>
  (cell: UnaryTests): boolean =>
    cell.kind === "any" ||
    cell.tests.every((t) => t.kind !== "range" && t.value.kind === kind && (t.kind === "expr" || t.op === "=" || t.op === "!="));

/** Per column kind: the cell can be represented by regions of the column's raw values. */
export const INDEXABLE_CELL: Record<SpecialisedKind, (cell: UnaryTests) => boolean> = {
  number: orderedCell(exactNumber),
  date: orderedCell(dayLiteral),
  string: literalCell("string"),
  boolean: literalCell("boolean"),
};
