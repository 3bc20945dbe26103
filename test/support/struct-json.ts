// JSON objects of a struct type as states give them: every declared field's value, in the declared
// order or reversed, one field perhaps missing and an undeclared one perhaps added.
import fc from "fast-check";
import type { Type } from "../../src/ir/types.js";

/**
 * An object of `t`'s fields, each drawn by `field` from its type; with frequency 1/`freq` a field
 * dropped and a field `extra` (drawn by `extra`) added. Keys are own data properties, `__proto__`
 * included (Object.fromEntries defines them as a JSON text would).
 */
export const structJson = (
  t: Extract<Type, { kind: "struct" }>,
  field: (ft: Type) => fc.Arbitrary<unknown>,
  extra: fc.Arbitrary<unknown>,
  freq: number,
): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .record({
      values: fc.tuple(...t.fields.map(([, ft]) => field(ft))),
      drop: fc.option(fc.nat(t.fields.length - 1), { freq, nil: undefined }),
      extra: fc.option(extra, { freq, nil: undefined }),
      reversed: fc.boolean(),
    })
    .map(({ values, drop, extra, reversed }) => {
      const entries: [string, unknown][] = t.fields.map(([name], i) => [name, values[i]]);
      if (drop !== undefined) entries.splice(drop, 1);
      if (extra !== undefined) entries.push(["extra", extra]);
      if (reversed) entries.reverse();
      return Object.fromEntries(entries);
    });
