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
