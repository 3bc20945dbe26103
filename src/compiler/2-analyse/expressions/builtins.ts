// Result types of the DMN 1.5 built-in functions, for inference. A function not listed here
// (or whose result depends on values we cannot see) yields `any`: inference never rejects.
import type { Expr } from "../../../ir/feel-ast.js";
import { BUILTIN_FUNCTION_NAMES } from "../../1-parse/feel/builtin-names.js";
import type { Type } from "../../../ir/types.js";
import { elementOf, joinTypes } from "./compat.js";
import { temporalLiteralType } from "./temporal-literal.js";

type ResultRule = Type | ((args: Type[], nodes: Expr[]) => Type);

const number: Type = { kind: "number" };
const string: Type = { kind: "string" };
const boolean: Type = { kind: "boolean" };
const any: Type = { kind: "any" };
const first = (args: Type[]): Type => args[0] ?? any;
const listOfFirst = (args: Type[]): Type => (args[0]?.kind === "list" ? args[0] : { kind: "list", element: any });
/** min/max: the element of a single list argument, else the join of the arguments */
const extreme = (args: Type[]): Type =>
  args.length === 1 && args[0]!.kind === "list" ? elementOf(args[0]!) : args.length === 0 ? any : args.reduce(joinTypes);
const durationOf = (_: Type[], nodes: Expr[]): Type => {
  const arg = nodes[0];
  return arg?.kind === "string" ? temporalLiteralType(arg.value) : any;
};

const RESULT: Record<string, ResultRule> = {
  date: { kind: "date" },
  "date and time": { kind: "date and time" },
  time: { kind: "time" },
  number,
  string,
  duration: durationOf,
  "years and months duration": { kind: "years and months duration" },
  context: { kind: "context" },
  range: { kind: "range", element: any },
  not: boolean,
  is: boolean,
  substring: string,
  "string length": number,
  "upper case": string,
  "lower case": string,
  "substring before": string,
  "substring after": string,
  replace: string,
  contains: boolean,
  "starts with": boolean,
  "ends with": boolean,
  matches: boolean,
  split: { kind: "list", element: string },
  "string join": string,
  "list contains": boolean,
  "list replace": listOfFirst,
  count: number,
  min: extreme,
  max: extreme,
  sum: number,
  mean: number,
  product: number,
  median: number,
  stddev: number,
  mode: { kind: "list", element: number },
  all: boolean,
  any: boolean,
  and: boolean,
  or: boolean,
  sublist: listOfFirst,
  append: listOfFirst,
  concatenate: listOfFirst,
  "insert before": listOfFirst,
  remove: listOfFirst,
  reverse: listOfFirst,
  union: listOfFirst,
  "distinct values": listOfFirst,
  sort: listOfFirst,
  flatten: { kind: "list", element: any },
  "index of": { kind: "list", element: number },
  decimal: number,
  floor: number,
  ceiling: number,
  "round up": number,
  "round down": number,
  "round half up": number,
  "round half down": number,
  abs: first,
  modulo: number,
  sqrt: number,
  log: number,
  exp: number,
  odd: boolean,
  even: boolean,
  "day of year": number,
  "day of week": string,
  "month of year": string,
  "week of year": number,
  now: { kind: "date and time" },
  today: { kind: "date" },
  before: boolean,
  after: boolean,
  meets: boolean,
  "met by": boolean,
  overlaps: boolean,
  "overlaps before": boolean,
  "overlaps after": boolean,
  finishes: boolean,
  "finished by": boolean,
  includes: boolean,
  during: boolean,
  starts: boolean,
  "started by": boolean,
  coincides: boolean,
  "get value": any,
  "get entries": { kind: "list", element: { kind: "struct", fields: [["key", string], ["value", any]] } },
  "context put": { kind: "context" },
  "context merge": { kind: "context" },
};

export const BUILTIN_NAMES: ReadonlySet<string> = new Set([...BUILTIN_FUNCTION_NAMES, ...Object.keys(RESULT)]);

export const isBuiltin = (name: string): boolean => BUILTIN_NAMES.has(name);

export function builtinResultType(name: string, args: Type[], nodes: Expr[]): Type {
  const rule = RESULT[name];
  if (rule === undefined) return any;
  return typeof rule === "function" ? rule(args, nodes) : rule;
}
