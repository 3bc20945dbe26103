// Shared helpers for the temporal tests: literal parsing, string forms and built-in calls that
// resolve overloads the way the runtime's dispatcher does (def.ts).
import { dec } from "../../../src/runtime/decimal.js";
import type { FeelValue, TemporalValue } from "../../../src/runtime/values.js";
import { isTemporal, parseTemporal, temporalBuiltins, temporalToString } from "../../../src/runtime/temporal/index.js";

/** Parses an @"..." literal, failing the test when it is invalid. */
export function at(text: string): TemporalValue {
  const v = parseTemporal(text);
  if (v === null) throw new Error(`invalid temporal literal ${text}`);
  return v;
}

export const n = (v: number | string) => dec(v);

/** A FEEL value as a comparable string: temporals in their string() form, numbers as decimals. */
export function show(v: FeelValue | undefined): string | null | undefined {
  if (v === null || v === undefined) return v as null | undefined;
  if (isTemporal(v)) return temporalToString(v);
  if (typeof v === "string" || typeof v === "boolean") return String(v);
  if (typeof v === "object" && "toFixed" in v) return `number ${v.toFixed()}`;
  return String(v);
}

function builtin(name: string) {
  const def = temporalBuiltins.find((b) => b.name === name);
  if (!def) throw new Error(`no built-in ${name}`);
  return def;
}

/** Positional call: the first signature whose arity fits. Null when none does. */
export function call(name: string, ...args: FeelValue[]): FeelValue {
  for (const sig of builtin(name).signatures) {
    const required = sig.required ?? sig.params.length;
    if (args.length >= required && args.length <= sig.params.length) return sig.impl(...args);
  }
  return null;
}

/** Named call: the first signature whose names cover exactly the names given. */
export function callNamed(name: string, named: Record<string, FeelValue>): FeelValue {
  const given = Object.keys(named);
  for (const sig of builtin(name).signatures) {
    const required = sig.params.slice(0, sig.required ?? sig.params.length);
    if (given.every((g) => sig.params.includes(g)) && required.every((r) => given.includes(r))) {
      return sig.impl(...sig.params.map((p) => (p in named ? named[p] : null)));
    }
  }
  return null;
}
