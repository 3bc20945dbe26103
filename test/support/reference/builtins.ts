// The reference's built-ins by name, and calling one with positional or named arguments.
import type { RefBuiltin } from "./builtin-def.js";
import { listBuiltins } from "./builtins-list.js";
import { numberBuiltins } from "./builtins-number.js";
import { otherBuiltins } from "./builtins-other.js";
import { rangeBuiltins } from "./builtins-range.js";
import { stringBuiltins } from "./builtins-string.js";
import type { RFunction, RValue } from "./values.js";

export const REFERENCE_BUILTINS: Readonly<Record<string, RefBuiltin>> = {
  ...numberBuiltins,
  ...stringBuiltins,
  ...listBuiltins,
  ...otherBuiltins,
  ...rangeBuiltins,
};

const isRest = (p: string) => p.startsWith("...");

/** positional: the first signature whose arity fits; the rest of a variadic call is passed as is */
export function callPositional(name: string, args: RValue[]): RValue {
  const def = REFERENCE_BUILTINS[name]!;
  const i = def.signatures.findIndex((sig) => (sig.some(isRest) ? args.length >= sig.length - 1 : args.length === sig.length));
  return i < 0 ? null : def.impl(args, i);
}

/** named: the signature whose parameters cover the names given; absent trailing ones are left out */
export function callNamed(name: string, named: Map<string, RValue>): RValue {
  const def = REFERENCE_BUILTINS[name]!;
  const i = def.signatures.findIndex((sig) => !sig.some(isRest) && sig.length === named.size && sig.every((p) => named.has(p)));
  return i < 0
    ? null
    : def.impl(
        def.signatures[i]!.map((p) => named.get(p)!),
        i,
      );
}

export const builtinValue = (name: string): RFunction => ({
  t: "function",
  params: REFERENCE_BUILTINS[name]!.signatures[0]!,
  call: (args) => callPositional(name, args),
});
