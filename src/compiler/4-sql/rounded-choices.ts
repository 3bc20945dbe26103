// A rounding to literal places of a choice between numbers, lowered as the choice of the roundings.
// Every rounding mode is a non-decreasing step function, so it commutes with `min` and `max`
// (f(min(x, y)) = min(f(x), f(y)) for any non-decreasing f), and an `if` rounds whichever branch it
// takes. So `decimal(max(10, min(arrears / 12, total * 0.5)), 2)` is lowered as
// `max(decimal(10, 2), min(decimal(arrears / 12, 2), decimal(total * 0.5, 2)))`, whose quotient is
// rounded from its two integers exactly (numbers.ts `roundQuotient`), where the quotient itself
// (FEEL's 34 digits) has no exact form in DuckDB. Nulls stay null: `min`/`max` of a null is null,
// and so is the rounding of one. Only a choice with a quotient or a mean among its leaves is
// rewritten, so every query that lowered before is the one it was.
import type { Call, Expr } from "../../ir/feel-ast.js";

/** Whether a call's callee is the built-in `name` (not a name bound in scope), given as a test. */
export type BuiltinTest = (x: Expr, name: string) => boolean;

const CHOOSERS = ["min", "max"];

/** `min(a, b, …)` or `max(a, b, …)` of two or more positional arguments. */
const chooses = (x: Expr, builtin: BuiltinTest): x is Call =>
  x.kind === "call" && !x.named && x.args.length >= 2 && CHOOSERS.some((name) => builtin(x, name));

/** The values a choice picks from: the branches of an `if`, the arguments of `min`/`max`, nested. */
function leaves(x: Expr, builtin: BuiltinTest): Expr[] {
  if (x.kind === "if") return [...leaves(x.then, builtin), ...leaves(x.else, builtin)];
  if (chooses(x, builtin)) return x.args.flatMap((a) => leaves(a, builtin));
  return [x];
}

/** A value whose rounding to places has an exact form its unrounded value lacks. */
const roundsExactlyOnly = (x: Expr, builtin: BuiltinTest): boolean =>
  (x.kind === "arith" && x.op === "/") || (x.kind === "call" && !x.named && builtin(x, "mean"));

/**
 * `rounding` (a positional call of a rounding built-in whose first argument is `x`) with the rounding
 * moved inside `x`, one level, when `x` is a choice with a quotient or a mean among its leaves; else
 * undefined. The moved roundings meet the next level of the choice when they are lowered in turn.
 */
export function roundingInside(rounding: Call, builtin: BuiltinTest): Expr | undefined {
  const x = rounding.args[0]!;
  const choice = x.kind === "if" || chooses(x, builtin);
  if (!choice || !leaves(x, builtin).some((leaf) => roundsExactlyOnly(leaf, builtin))) return undefined;
  const rounded = (e: Expr): Call => ({ ...rounding, args: [e, ...rounding.args.slice(1)] });
  if (x.kind === "if") return { ...x, then: rounded(x.then), else: rounded(x.else) };
  return { ...(x as Call), args: (x as Call).args.map(rounded) };
}
