// Function values and invocation: user functions (lambdas, BKMs, model functions) with fixed
// parameters, and built-ins declared as BuiltinDefs with overloads, optional and variadic params.
import type { Type } from "../ir/types.js";
import { type BuiltinDef, fitsNamed, fitsPositional, requiredCount, type Signature } from "./builtins/def.js";
import { describe } from "./kinds.js";
import { problem } from "./problems.js";
import { coerceArgument } from "./types.js";
import { FeelFunction, type FeelValue } from "./values.js";

/** A built-in: keeps its declaration so calls can pick the overload that fits. */
export class BuiltinFunction extends FeelFunction {
  constructor(readonly def: BuiltinDef) {
    super(def.name, def.signatures[0]?.params ?? [], (args) => invokePositional(def, args), {
      variadic: def.signatures.some((s) => s.variadic),
      signatures: def.signatures.map((s) => s.params),
    });
  }
}

function invokePositional(def: BuiltinDef, args: FeelValue[]): FeelValue {
  const sig = def.signatures.find((s) => fitsPositional(s, args.length));
  if (!sig) return problem(`${def.name}() does not take ${args.length} argument(s)`);
  if (!sig.variadic) return sig.impl(...args);
  const fixed = sig.params.length - 1;
  return sig.impl(...args.slice(0, fixed), args.slice(fixed));
}

/** The signature a call naming `names` binds (the SQL lowering reads it too), if any. */
export function namedSignature(def: BuiltinDef, names: readonly string[]): Signature | undefined {
  const fits = def.signatures.filter((s) => fitsNamed(s, names));
  // overloads with the same names in another order (before(point, range) / before(range, point)):
  // the order the caller wrote decides
  const inOrder = (s: Signature) => names.every((n, i) => i === 0 || s.params.indexOf(names[i - 1]!) < s.params.indexOf(n));
  return fits.find(inOrder) ?? fits[0];
}

function invokeNamed(def: BuiltinDef, named: [string, FeelValue][]): FeelValue {
  const names = named.map(([n]) => n);
  const sig = namedSignature(def, names);
  if (!sig) {
    // every name known to a signature, but one it requires left out (`is(value1: x)`)
    const short = def.signatures.find((s) => names.every((n) => s.params.includes(n)));
    const missing = short?.params.slice(0, requiredCount(short)).filter((p) => !names.includes(p)) ?? [];
    if (missing.length > 0)
      return problem(`${def.name}() is called without its parameter${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
    return problem(`${def.name}() has no parameters named ${names.join(", ")}`);
  }
  const given = new Map(named);
  const last = Math.max(-1, ...names.map((n) => sig.params.indexOf(n)));
  // absent optional parameters stay undefined so an implementation can tell them from null
  const args = sig.params.slice(0, last + 1).map((p) => (given.has(p) ? given.get(p)! : (undefined as unknown as FeelValue)));
  return sig.impl(...args);
}

/** A user-defined function (lambda, BKM, model function); `paramTypes` are checked on call. */
export function fn(
  name: string,
  params: string[],
  impl: (...args: FeelValue[]) => FeelValue,
  paramTypes?: (Type | undefined)[],
): FeelFunction {
  return new FeelFunction(name, params, (args) => impl(...args), paramTypes ? { paramTypes } : {});
}

function invokeUser(f: FeelFunction, args: FeelValue[]): FeelValue {
  if (args.length !== f.params.length) {
    return problem(`${f.name || "function"} expects ${f.params.length} argument(s), got ${args.length}`);
  }
  const types = f.options.paramTypes as readonly (Type | undefined)[] | undefined;
  if (types) {
    const converted: FeelValue[] = [];
    for (let i = 0; i < args.length; i++) {
      const t = types[i];
      const r = t ? coerceArgument(args[i]!, t) : { ok: true as const, value: args[i]! };
      if (!r.ok) return problem(`argument ${f.params[i]} of ${f.name || "function"}: ${r.message}`);
      converted.push(r.value);
    }
    return f.invoke(converted);
  }
  return f.invoke(args);
}

/**
 * A built-in called with `count` positional arguments, resolved once at load time: the overload's
 * implementation itself when a fixed-arity one fits, else the general call.
 */
export function positional(f: FeelFunction | null, count: number): (...args: FeelValue[]) => FeelValue {
  const def = f instanceof BuiltinFunction ? f.def : undefined;
  const sig = def?.signatures.find((s) => fitsPositional(s, count));
  if (!def || !sig) return (...args) => call(f, args);
  if (!sig.variadic) return def.direct?.[count]?.(sig.impl) ?? sig.impl;
  // the fixed parameters, then the rest as one list, as invokePositional passes them
  const fixed = sig.params.length - 1;
  const impl = sig.impl;
  if (fixed === 0) return def.directRest?.(impl, count) ?? ((...args) => impl(args));
  return (...args) => sig.impl(...args.slice(0, fixed), args.slice(fixed));
}

export function call(f: FeelValue, args: FeelValue[]): FeelValue {
  if (f instanceof BuiltinFunction) return invokePositional(f.def, args);
  if (f instanceof FeelFunction) return invokeUser(f, args);
  return problem(`${describe(f)} is not a function`);
}

export function callNamed(f: FeelValue, args: [string, FeelValue][]): FeelValue {
  if (f instanceof BuiltinFunction) return invokeNamed(f.def, args);
  if (!(f instanceof FeelFunction)) return problem(`${describe(f)} is not a function`);
  const unknown = args.find(([n]) => !f.params.includes(n));
  if (unknown) return problem(`${f.name || "function"} has no parameter named ${unknown[0]}`);
  const given = new Map(args);
  return invokeUser(
    f,
    f.params.map((p) => (given.has(p) ? given.get(p)! : null)),
  );
}
