// When a decision's value is sure to conform to its declared type, codegen skips the run-time
// conversion. Only shapes whose result kind is certain whatever the inputs count; anything else
// keeps `rt.coerce`.
import type { Expr } from "../../ir/feel-ast.js";
import type { BodyIR, TableIR } from "../../ir/ir.js";
import type { Type } from "../../ir/types.js";
import { cellSet, covers } from "../2-analyse/tables/cell-sets.js";
import { returnsNumber } from "../../runtime/builtins/def.js";
import { builtinDef } from "../../runtime/builtins/index.js";

/** A call of a built-in the catalogue says returns a number (or null) whatever its arguments. */
const numberBuiltinCall = (e: Expr): boolean => {
  if (e.kind !== "call" || e.callee.kind !== "name" || e.callee.ref?.kind !== "builtin") return false;
  const def = builtinDef(e.callee.ref.name);
  return def !== undefined && returnsNumber(def);
};

const BOOLEAN_KINDS = new Set(["compare", "logical", "between", "in", "instance-of", "quantified"]);

function conforms(e: Expr, t: Type): boolean {
  if (e.kind === "null") return true;
  if (e.kind === "if") return conforms(e.then, t) && conforms(e.else, t);
  switch (t.kind) {
    case "number":
      return e.kind === "number" || (e.kind === "negate" && e.operand.kind === "number") || numberBuiltinCall(e);
    case "string":
      return e.kind === "string";
    case "boolean":
      return e.kind === "boolean" || BOOLEAN_KINDS.has(e.kind);
    case "choice":
    case "levels":
      return e.kind === "string" && t.values.includes(e.value);
    case "any":
      return true;
    default:
      return false;
  }
}

/**
 * JS testing that a value is of the kind (runtime/types.ts scalarConforms): `rt.coerce`, and
 * `rt.declared` with no constraint to test, give such a value back unchanged.
 */
const KIND_TESTS: Partial<Record<Type["kind"], (v: string) => string>> = {
  number: (v) => `rt.isDecimal(${v})`,
  boolean: (v) => `typeof ${v} === "boolean"`,
  string: (v) => `typeof ${v} === "string"`,
};

/** The inline test of a value of type `t`'s kind, for a type that has one. */
export const kindTest = (t: Type): ((v: string) => string) | undefined => KIND_TESTS[t.kind];

/**
 * JS true when the value in `v` is not null and not of type `t`'s kind, so that `rt.coerce` must
 * convert it (a value of the kind it gives back unchanged); undefined for a type with no inline
 * test of its kind, whose values always go through `rt.coerce`.
 */
export function unlessOfKind(t: Type, v: string): string | undefined {
  const test = kindTest(t);
  return test && `${v} !== null && !(${test(v)})`;
}

/** Types that need no run-time conversion of a value: only `any`. */
export const needsCoercion = (t: Type): boolean => t.kind !== "any";

/** Hit policies whose value is one matched rule's output (or null, or the default). */
const ONE_OUTPUT = new Set(["FIRST", "UNIQUE", "ANY", "PRIORITY"]);
/** Hit policies whose value is the list of the matched rules' outputs (empty when none matched). */
const LISTED = new Set(["RULE ORDER", "OUTPUT ORDER", "COLLECT"]);

/**
 * Every value of a single-output table conforms to `t`: one rule's output, each a literal of the
 * type; a list of outputs, each of the list type's item type, for a table without a default (a
 * default would stand alone for the list); a count; a sum, least or greatest of number literals.
 */
function tableConforms(table: TableIR, t: Type): boolean {
  if (!table.singleOutput) return false;
  const defaults = table.outputs[0]!.defaultValue;
  const each = (item: Type) => table.rules.every((r) => conforms(r.outputs[0]!, item));
  if (table.aggregation) return t.kind === "number" && (table.aggregation === "COUNT" || each(t)) && (!defaults || conforms(defaults, t));
  if (ONE_OUTPUT.has(table.hit)) return each(t) && (!defaults || conforms(defaults, t));
  return LISTED.has(table.hit) && t.kind === "list" && !defaults && each(t.element);
}

export function bodyConforms(body: BodyIR, t: Type): boolean {
  return body.kind === "expr" ? conforms(body.expr, t) : tableConforms(body.table, t);
}

/**
 * The literals a body can give, when it gives nothing else: each rule's output (and the default)
 * of a FIRST single-output table, the branches of an `if`, a literal; undefined when any value is
 * computed. Null is left out: it never breaks a constraint.
 */
function literalValues(body: BodyIR): Expr[] | undefined {
  const of = (e: Expr): Expr[] | undefined => {
    if (e.kind === "null") return [];
    if (e.kind === "if") {
      const [a, b] = [of(e.then), of(e.else)];
      return a && b && [...a, ...b];
    }
    return LITERAL_KINDS.has(e.kind) || (e.kind === "negate" && e.operand.kind === "number") ? [e] : undefined;
  };
  if (body.kind === "expr") return of(body.expr);
  const table = body.table;
  if (table.hit !== "FIRST" || !table.singleOutput) return undefined;
  const outputs = [...table.rules.map((r) => r.outputs[0]!), ...(table.outputs[0]!.defaultValue ? [table.outputs[0]!.defaultValue] : [])];
  const each = outputs.map(of);
  return each.every((v) => v !== undefined) ? each.flat() : undefined;
}

const LITERAL_KINDS = new Set(["number", "string", "boolean"]);

/** The number literals anywhere in an IR node (a constraint's tests, a literal). */
function numberTexts(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) numberTexts(n, out);
  else if (node !== null && typeof node === "object") {
    const o = node as { kind?: string; value?: unknown };
    if (o.kind === "number" && typeof o.value === "string") out.push(o.value);
    else for (const v of Object.values(o)) numberTexts(v, out);
  }
  return out;
}

/**
 * A decimal literal whose order against other such literals doubles keep: at most 15 significant
 * digits (two of them never meet in one double) and far from the double's range limits.
 */
function orderedAsDouble(text: string): boolean {
  const digits = text.replace(/[-+.]/g, "").replace(/^0+/, "").replace(/0+$/, "");
  const n = Math.abs(Number(text));
  return digits.length <= 15 && (n === 0 || (n > 1e-300 && n < 1e300));
}

/**
 * Every value the body can give lies within the constraint of `t` (a scalar type): the body gives
 * only literals, and the set each one is covers nothing outside the constraint's set. A strict
 * model's decision then needs no check of its declared result (a table keeps its direct lookup).
 */
export function bodyWithinConstraint(body: BodyIR, t: Type): boolean {
  if (!("constraint" in t) || !t.constraint) return false;
  const values = literalValues(body);
  if (!values || !bodyConforms(body, t)) return false;
  if (![...numberTexts(t.constraint.test), ...numberTexts(values)].every(orderedAsDouble)) return false;
  const allowed = cellSet(t.constraint.test, t);
  if (!allowed) return false;
  return values.every((v) => {
    const point = cellSet({ kind: "tests", tests: [{ kind: "expr", value: v, span: v.span }], span: v.span }, t);
    return point !== undefined && covers(allowed, point);
  });
}
