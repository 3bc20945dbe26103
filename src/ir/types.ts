// Static types of the model language (spec 2.3) and of FEEL expressions.
import type { UnaryTests } from "./feel-ast.js";

export type Type =
  | { kind: "any" }
  | { kind: "null" }
  | { kind: "number"; constraint?: Constraint }
  | { kind: "string"; constraint?: Constraint }
  | { kind: "boolean" }
  | { kind: "date"; constraint?: Constraint }
  | { kind: "time"; constraint?: Constraint }
  | { kind: "date and time"; constraint?: Constraint }
  | { kind: "days and time duration"; constraint?: Constraint }
  | { kind: "years and months duration"; constraint?: Constraint }
  /** `<a>|<b>` or `{ $enum: [...] }`: a string-typed value from a fixed set */
  | { kind: "choice"; values: string[] }
  /** `<low><<mid><<high>` or `{ $levels: [...] }`: ordered string values, lowest first */
  | { kind: "levels"; values: string[] }
  | { kind: "struct"; fields: [string, Type][] }
  | { kind: "list"; element: Type }
  | { kind: "range"; element: Type }
  | { kind: "context" }
  | { kind: "function"; params: Type[]; result: Type };

/**
 * The condition of a constrained type (`number [0..100]`, `number > 0`,
 * `date >= date("2020-01-01")`), kept as a parsed unary test plus the bounds derived from it
 * when they are literal (for JSON Schema and for the optimiser).
 */
export interface Constraint {
  text: string;
  test: UnaryTests;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  /** literal lower/upper bounds for temporal types, as ISO strings */
  after?: string;
  before?: string;
}

export const NUMBER: Type = { kind: "number" };

/** choice and levels values are strings; so are string columns (spec 2.5 rule 5). */
export const isStringLike = (t: Type): boolean => t.kind === "string" || t.kind === "choice" || t.kind === "levels";

/** Whether a value of `t` holds a free-text string anywhere: a `string`, or a struct, list or range with one inside (spec 2.3). */
export const holdsString = (t: Type): boolean =>
  t.kind === "string" ||
  (t.kind === "struct" && t.fields.some(([, f]) => holdsString(f))) ||
  ((t.kind === "list" || t.kind === "range") && holdsString(t.element));

const EXPANDED = new WeakMap<Type, number>();

/**
 * How many parts `t` has written out in full, each shared part counted wherever it appears (a
 * named type used twice counts twice). Remembered per type, so finding it takes as long as the
 * types are as shared objects; the answer may be astronomically larger.
 */
export function expandedSize(t: Type): number {
  const known = EXPANDED.get(t);
  if (known !== undefined) return known;
  let size = 1;
  if (t.kind === "struct") for (const [, field] of t.fields) size += expandedSize(field);
  else if (t.kind === "list" || t.kind === "range") size += expandedSize(t.element);
  else if (t.kind === "function") size += t.params.reduce((n, p) => n + expandedSize(p), expandedSize(t.result));
  EXPANDED.set(t, size);
  return size;
}
