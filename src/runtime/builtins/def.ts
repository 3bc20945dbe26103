// How a built-in function is declared. One BuiltinDef holds every fact about a built-in: its
// name (the parser reads it as one name), its signatures with parameter names (named calls, the
// analyser's argument check), its result type (inference, codegen's conformance shortcut), a
// one-line description (docs/builtins.md) and its implementation. The defs are gathered in
// ./index.ts; nothing else lists built-ins.
//
// Resolution: positional calls pick the first signature whose arity fits; named calls pick the
// first signature whose parameter names cover exactly the names given (optional ones may be absent).
import type { Type } from "../../ir/types.js";
import type { FeelValue } from "../values.js";

export interface Signature {
  params: readonly string[];
  /** how many leading params are required (default: all) */
  required?: number;
  /** the last param collects all remaining positional arguments as a list */
  variadic?: boolean;
  /** only for positional calls (an overload that dispatches on argument types; named calls use the others) */
  positionalOnly?: boolean;
  impl: (...args: FeelValue[]) => FeelValue;
}

/** The groups of the DMN 1.5 catalogue (chapter 10.3.4), in the order the reference lists them. */
export const BUILTIN_KINDS = {
  conversion: "Conversion",
  boolean: "Boolean",
  string: "String",
  list: "List",
  number: "Numeric",
  temporal: "Date and time",
  range: "Range",
  context: "Context",
} as const;

export type BuiltinKind = keyof typeof BUILTIN_KINDS;

/**
 * Results that depend on the arguments. The rule is named here, with what it means; the analyser
 * interprets it (src/compiler/2-analyse/expressions/builtins.ts).
 */
export const RESULT_RULES = {
  argument: "the type of its argument (a one-item list stands for its item)",
  item: "the type of the items of the list, or of the arguments",
  items: "a list of the type of the items of the list, or of the arguments",
  "first list": "the type of the first argument, a list (a non-list stands for a one-item list)",
  "appended list": "the first argument's list type, widened by the items appended",
  "list with new item": "the first argument's list type, widened by the new item",
  "joined lists": "a list of the items of all the lists",
  "duration literal": "the duration kind a literal argument spells (years and months, or days and time)",
} as const;

export type ResultRule = keyof typeof RESULT_RULES;

/** A fixed static type (src/ir/types.ts) or a rule over the arguments' types. */
export type BuiltinResult = Type | ResultRule;

/** An implementation, and what makes a direct form of it from the catalogue's (metered) one. */
type Impl = (...args: FeelValue[]) => FeelValue;
export type Direct = (general: Impl) => Impl;
/** A direct form of a variadic built-in's rest, made for calls of `count` arguments. */
export type RestDirect = (general: Impl, count: number) => Impl;

export interface BuiltinDef {
  name: string;
  kind: BuiltinKind;
  /** one line for the reference: what the function returns */
  description: string;
  /** what every call returns (or null) */
  result: BuiltinResult;
  /** depends on more than its arguments (the clock): never computed ahead of time */
  impure?: true;
  signatures: readonly Signature[];
  /**
   * The commonest calls done in place, by argument count (`direct`) and for a variadic built-in
   * given only its rest (`directRest`): each for the arguments it is usually given, handing every
   * other to the catalogue's implementation, charged as metering.ts charges that one (../functions.ts
   * `positional` takes them).
   */
  direct?: Readonly<Record<number, Direct>>;
  directRest?: RestDirect;
}

/** What makes a built-in's def: a group module exports one per built-in, so that a bundle calls only those its model names. */
export type BuiltinMaker = () => BuiltinDef;

/** The static types the catalogue names (the runtime reads src/ir only as types). */
export const T = {
  any: { kind: "any" },
  number: { kind: "number" },
  string: { kind: "string" },
  boolean: { kind: "boolean" },
  date: { kind: "date" },
  time: { kind: "time" },
  dateTime: { kind: "date and time" },
  yearsMonths: { kind: "years and months duration" },
  context: { kind: "context" },
  listOf: (element: Type): Type => ({ kind: "list", element }),
} as const satisfies Record<string, Type | ((t: Type) => Type)>;

/** The number of leading parameters a call must give. */
export const requiredCount = (s: Signature): number => s.required ?? (s.variadic ? s.params.length - 1 : s.params.length);

export const fitsPositional = (s: Signature, count: number): boolean =>
  count >= requiredCount(s) && (s.variadic === true || count <= s.params.length);

/** Named calls bind parameters one to one: a variadic or positional-only signature takes none. */
export const fitsNamed = (s: Signature, names: readonly string[]): boolean =>
  !s.variadic &&
  !s.positionalOnly &&
  new Set(names).size === names.length &&
  names.every((n) => s.params.includes(n)) &&
  s.params.slice(0, requiredCount(s)).every((p) => names.includes(p));

/** A built-in returns a number (or null) whatever its arguments. */
export const returnsNumber = (d: BuiltinDef): boolean => typeof d.result !== "string" && d.result.kind === "number";

/** A row of a group of the catalogue given its kind. */
export const ofKind =
  (kind: BuiltinKind) =>
  (row: Omit<BuiltinDef, "kind">): BuiltinDef => ({ ...row, kind });

/** The defs of a group, in catalogue order, from the makers its module exports. */
export const madeGroup = (makers: readonly BuiltinMaker[]): BuiltinDef[] => makers.map((make) => make());
