// Calls of built-in functions checked against their signatures in the runtime's catalogue, with
// the runtime's own rules for which signature a call fits: DMN requires an engine to reject
// `string()` or `string(from: 1, to: 2)` (TCK non-compliant/0079), where the runtime would only yield null.
import { builtinDef } from "../../../runtime/builtins/index.js";
import { fitsNamed, fitsPositional, requiredCount, type Signature } from "../../../runtime/builtins/def.js";

/** Named arguments that a signature knows, each once, though a required one is left out. */
const knownNames = (s: Signature, names: readonly string[]): boolean =>
  !s.variadic && !s.positionalOnly && new Set(names).size === names.length && names.every((n) => s.params.includes(n));

/**
 * A named call that leaves out a required parameter of a signature whose every name it uses
 * (`is(value1: x)`): DMN makes such an invocation null (an error result), not an invalid model, so
 * lenient models evaluate it; a strict model still reports it.
 */
export const leavesOutNamed = (name: string, named: readonly string[]): boolean =>
  (builtinDef(name)?.signatures ?? []).some((s) => knownNames(s, named));

/** Why a call cannot match any signature of the built-in, or undefined when it can (or is unknown). */
export function builtinArgumentProblem(name: string, positional: number, named?: readonly string[]): string | undefined {
  const sigs = builtinDef(name)?.signatures;
  if (!sigs || sigs.length === 0) return undefined;
  if (named ? sigs.some((s) => fitsNamed(s, named)) : sigs.some((s) => fitsPositional(s, positional))) return undefined;
  const forms = sigs.map(
    (s) => `${name}(${s.params.map((p, i) => (i >= requiredCount(s) ? `${p}?` : p)).join(", ")}${s.variadic ? ", ..." : ""})`,
  );
  const given = named ? `the arguments ${named.map((n) => `\`${n}\``).join(", ")}` : `${positional} argument${positional === 1 ? "" : "s"}`;
  return `\`${name}\` cannot be called with ${given}; it takes ${forms.join(" or ")}`;
}
