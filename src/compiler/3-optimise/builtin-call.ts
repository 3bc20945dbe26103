// The optimiser's passes recognise calls of particular built-ins by their resolved name.
import type { Call, Expr } from "../../ir/feel-ast.js";

/** A call of the built-in `name` (not a model function or an entry named so) with `arity` positional arguments. */
export const isBuiltinCall = (e: Expr, name: string, arity: number): e is Call =>
  e.kind === "call" &&
  !e.named &&
  e.args.length === arity &&
  e.callee.kind === "name" &&
  e.callee.ref?.kind === "builtin" &&
  e.callee.ref.name === name;
