// Every built-in called by name, with the arguments written in any order, answers what the same
// built-in answers called positionally (DMN 1.5, 10.3.2.13.2: named parameters may be given in any
// order). Where a positional call of that many arguments reaches another overload (one that
// dispatches on the arguments' types, such as `list replace(list, position|match, newItem)`), the
// named call is compared with its own signature's implementation, given the arguments in order.
// Nothing here names a built-in: the cases come from the catalogue, the values from the shared
// generators.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUILTINS } from "../../src/runtime/builtins/index.js";
import { fitsNamed, fitsPositional, requiredCount, type Signature } from "../../src/runtime/builtins/def.js";
import { builtin, call, callNamed, collectProblems, type FeelValue } from "../../src/runtime/index.js";
import { args } from "../support/feel-values.js";
import { show } from "./helpers.js";

/** The name lists a named call of the signature may use: the required ones plus any optional prefix. */
const namedForms = (s: Signature): string[][] =>
  s.variadic || s.positionalOnly
    ? []
    : Array.from({ length: s.params.length - requiredCount(s) + 1 }, (_, i) => s.params.slice(0, requiredCount(s) + i));

/** The result and whether a problem was reported: what a caller can observe. */
function observe(f: () => FeelValue): string {
  const { result, problems } = collectProblems(f);
  return `${show(result)}${problems.length > 0 ? " (with a problem)" : ""}`;
}

const cases = BUILTINS.filter((d) => !d.impure).flatMap((d) =>
  d.signatures.flatMap((sig) =>
    namedForms(sig).map((names) => {
      // the same names in another order may fit another overload (before(point, range) and before(range, point)):
      // there the order the caller wrote chooses, so only the signature's own order is a like-for-like call
      const ambiguous = d.signatures.filter((s) => fitsNamed(s, names)).length > 1;
      const positional = d.signatures.find((s) => fitsPositional(s, names.length)) === sig;
      return [`${d.name}(${names.join(", ")})`, d.name, names, { sig, ambiguous, positional }] as const;
    }),
  ),
);

describe("named arguments", () => {
  it("cover every pure built-in with a fixed parameter list", () => {
    const covered = new Set(cases.map(([, name]) => name));
    const fixedParams = BUILTINS.filter((d) => !d.impure && d.signatures.some((s) => !s.variadic && !s.positionalOnly));
    expect(fixedParams.filter((d) => !covered.has(d.name)).map((d) => d.name)).toEqual([]);
  });

  it.each(cases)("%s: named in any order = positional", (_label, name, names, { sig, ambiguous, positional }) => {
    const f = builtin(name);
    const order = ambiguous
      ? fc.constant(names.map((_, i) => i))
      : fc.shuffledSubarray(
          names.map((_, i) => i),
          { minLength: names.length },
        );
    fc.assert(
      fc.property(args(names.length), order, (generated, permutation) => {
        const values = generated.map((g) => g.value);
        const named = permutation.map((i): [string, FeelValue] => [names[i]!, values[i]!]);
        const text = `${name}(${permutation.map((i) => `${names[i]}: ${generated[i]!.text}`).join(", ")})`;
        const expected = observe(() => (positional ? call(f, values) : sig.impl(...values)));
        expect(
          observe(() => callNamed(f, named)),
          text,
        ).toBe(expected);
      }),
      { numRuns: 40 },
    );
  });
});
