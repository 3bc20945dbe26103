// Result types of the built-in functions, for inference: the catalogue's fixed type, or its named
// rule interpreted here over the arguments' types. A rule that cannot tell yields `any`: inference
// never rejects.
import type { Expr } from "../../../ir/feel-ast.js";
import type { Type } from "../../../ir/types.js";
import { BUILTINS, builtinDef } from "../../../runtime/builtins/index.js";
import type { ResultRule } from "../../../runtime/builtins/def.js";
import { elementOf, isCertain, joinTypes } from "./compat.js";
import { temporalLiteralType } from "./temporal-literal.js";

const ANY: Type = { kind: "any" };

/** A one-item list stands for its item where a built-in takes a single value. */
const item = (t: Type | undefined): Type => (t === undefined ? ANY : t.kind === "list" ? t.element : t);

/** A list argument's type; any other certain type is read as a one-item list of it. */
const asList = (t: Type | undefined): Type =>
  t === undefined || !isCertain(t) ? { kind: "list", element: ANY } : t.kind === "list" ? t : { kind: "list", element: t };

const widened = (list: Type, items: Type[]): Type => ({ kind: "list", element: items.reduce(joinTypes, elementOf(list)) });

/** The items of a single list argument, else the arguments themselves. */
const itemsOf = (args: Type[]): Type[] => (args.length === 1 && args[0]!.kind === "list" ? [args[0]!.element] : args);

const RULES: Record<ResultRule, (args: Type[], nodes: Expr[]) => Type> = {
  argument: (args) => item(args[0]),
  item: (args) => (args.length === 0 ? ANY : itemsOf(args).reduce(joinTypes)),
  items: (args) => ({ kind: "list", element: args.length === 0 ? ANY : itemsOf(args).reduce(joinTypes) }),
  "first list": (args) => asList(args[0]),
  "appended list": (args) => widened(asList(args[0]), args.slice(1)),
  "list with new item": (args) => widened(asList(args[0]), args.slice(2, 3)),
  "joined lists": (args) => (args.length === 0 ? { kind: "list", element: ANY } : args.map(asList).reduce(joinTypes)),
  "duration literal": (_args, nodes) => (nodes[0]?.kind === "string" ? temporalLiteralType(nodes[0].value) : ANY),
};

export const BUILTIN_NAMES: ReadonlySet<string> = new Set(BUILTINS.map((d) => d.name));

export const isBuiltin = (name: string): boolean => BUILTIN_NAMES.has(name);

export function builtinResultType(name: string, args: Type[], nodes: Expr[]): Type {
  const result = builtinDef(name)?.result;
  if (result === undefined) return ANY;
  return typeof result === "string" ? RULES[result](args, nodes) : result;
}
