// Calls of built-in functions checked against their signatures (the runtime's catalogue):
// DMN requires an engine to reject `string()` or `string(from: 1, to: 2)` (TCK non-compliant/0079),
// where the runtime would only yield null.
import { BUILTIN_DEFS } from "../../../runtime/builtins/index.js";
import type { Signature } from "../../../runtime/builtins/def.js";
import { temporalBuiltins } from "../../../runtime/temporal/index.js";

let signatures: Map<string, readonly Signature[]> | null = null;

function signaturesOf(name: string): readonly Signature[] | undefined {
  signatures ??= new Map([...BUILTIN_DEFS, ...temporalBuiltins].map((d) => [d.name, d.signatures]));
  return signatures.get(name);
}

const requiredCount = (s: Signature): number => s.required ?? (s.variadic ? s.params.length - 1 : s.params.length);

const fitsPositional = (s: Signature, n: number): boolean => n >= requiredCount(s) && (s.variadic === true || n <= s.params.length);

const fitsNamed = (s: Signature, names: readonly string[]): boolean =>
  names.every((n) => s.params.includes(n)) && s.params.slice(0, requiredCount(s)).every((p) => names.includes(p));

/** Why a call cannot match any signature of the built-in, or undefined when it can (or is unknown). */
export function builtinArgumentProblem(name: string, positional: number, named?: readonly string[]): string | undefined {
  const sigs = signaturesOf(name);
  if (!sigs || sigs.length === 0) return undefined;
  if (named ? sigs.some((s) => fitsNamed(s, named)) : sigs.some((s) => fitsPositional(s, positional))) return undefined;
  const forms = sigs.map((s) => `${name}(${s.params.map((p, i) => (i >= requiredCount(s) ? `${p}?` : p)).join(", ")}${s.variadic ? ", ..." : ""})`);
  const given = named ? `the arguments ${named.map((n) => `\`${n}\``).join(", ")}` : `${positional} argument${positional === 1 ? "" : "s"}`;
  return `\`${name}\` cannot be called with ${given}; it takes ${forms.join(" or ")}`;
}
