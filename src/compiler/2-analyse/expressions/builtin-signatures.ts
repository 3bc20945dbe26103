// Calls of built-in functions checked against their signatures in the runtime's catalogue, with
// the runtime's own rules for which signature a call fits: DMN requires an engine to reject
// `string()` or `string(from: 1, to: 2)` (TCK non-compliant/0079), where the runtime would only yield null.
import { builtinDef } from "../../../runtime/builtins/index.js";
import { fitsNamed, fitsPositional, requiredCount } from "../../../runtime/builtins/def.js";

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
