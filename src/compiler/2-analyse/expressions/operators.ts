// Result types of FEEL's arithmetic operators by operand family, and which operand pairs are
// certainly wrong (the analyser reports those; FEEL itself would yield null).
import type { Type } from "../../../ir/types.js";
import { family, isCertain } from "./compat.js";

type Op = "+" | "-" | "*" | "/" | "**";
const any: Type = { kind: "any" };

/** `${left family} ${op} ${right family}` → result kind; a family is a base kind except strings. */
const ARITH: Record<string, Type["kind"] | "same-left" | "same-right"> = {
  "number + number": "number",
  "number - number": "number",
  "number * number": "number",
  "number / number": "number",
  "number ** number": "number",
  "string + string": "string",
  "temporal - temporal": "days and time duration",
  "time - time": "days and time duration",
  "temporal + dtd": "same-left",
  "temporal + ymd": "same-left",
  "temporal - dtd": "same-left",
  "temporal - ymd": "same-left",
  "time + dtd": "time",
  "time - dtd": "time",
  "dtd + temporal": "same-right",
  "ymd + temporal": "same-right",
  "dtd + time": "time",
  "dtd + dtd": "days and time duration",
  "dtd - dtd": "days and time duration",
  "ymd + ymd": "years and months duration",
  "ymd - ymd": "years and months duration",
  "dtd * number": "days and time duration",
  "number * dtd": "days and time duration",
  "ymd * number": "years and months duration",
  "number * ymd": "years and months duration",
  "dtd / number": "days and time duration",
  "ymd / number": "years and months duration",
  "dtd / dtd": "number",
  "ymd / ymd": "number",
};

export interface ArithResult {
  type: Type;
  /** why the operands can never combine, when certain */
  problem?: "boolean" | "mismatch";
}

export function arithType(op: Op, left: Type, right: Type): ArithResult {
  if (left.kind === "boolean" || right.kind === "boolean") return { type: any, problem: "boolean" };
  if (!isCertain(left) || !isCertain(right)) {
    return { type: any };
  }
  const kind = ARITH[`${family(left)} ${op} ${family(right)}`];
  if (kind === undefined) return { type: any, problem: "mismatch" };
  if (kind === "same-left") return { type: { kind: left.kind } as Type };
  if (kind === "same-right") return { type: { kind: right.kind } as Type };
  return { type: { kind } as Type };
}

const SCALAR_FAMILIES = new Set(["number", "string", "boolean", "temporal", "time", "dtd", "ymd"]);

/** Comparing these can never be true (number with string, date with number, ...). */
export function comparable(left: Type, right: Type): boolean {
  if (!isCertain(left) || !isCertain(right)) return true;
  const a = family(left);
  const b = family(right);
  if (!SCALAR_FAMILIES.has(a) || !SCALAR_FAMILIES.has(b)) return true;
  return a === b;
}

const ORDERING = new Set(["<", "<=", ">", ">="]);

/** `tier < "silver"` on a choice orders by text, which a choice's values do not mean. */
export const ordersChoice = (op: string, ...operands: Type[]): Type | undefined =>
  ORDERING.has(op) ? operands.find((t) => t.kind === "choice") : undefined;

export function negateType(t: Type): ArithResult {
  if (t.kind === "boolean") return { type: any, problem: "boolean" };
  const f = family(t);
  if (f === "number" || f === "dtd" || f === "ymd") return { type: { kind: t.kind } as Type };
  if (!isCertain(t)) return { type: any };
  return { type: any, problem: "mismatch" };
}
