// Random models of every kind of input type (lenient, so `any`, `context` and both durations are
// there): constrained numbers with every form of bound, choices short and long, levels, string
// lists, temporals, structs and lists nested, named types used by several inputs and fields (the
// schema's `$defs`), blank inputs, names JavaScript objects inherit or JSON Pointer escapes. And
// the ways a state is spoilt: for the properties that the state check gives what a JSON Schema
// validator gives.
import fc from "fast-check";

const SCALARS = [
  "number",
  "number [0..130]",
  "number > 0",
  "number (0..1]",
  "number < 5",
  "number >= -3.5",
  "string",
  'string "a","b"',
  "boolean",
  "gold|silver|bronze",
  "low<mid<high",
  Array.from({ length: 12 }, (_, i) => `c${i}`).join("|"),
  "date",
  "time",
  "date and time",
  "days and time duration",
  "years and months duration",
  "any",
  "context",
] as const;

const NAMES = ["a", "b", "amount", "when", "constructor", "toString", "a/b~c", "with space", "items"] as const;

type Spec = string | Spec[] | { [k: string]: Spec };

/** A type spec of at most `depth` levels of structs and lists, which may name the types `named` lists. */
function typeSpec(depth: number, named: readonly string[]): fc.Arbitrary<Spec> {
  const leaves: fc.Arbitrary<Spec>[] = [fc.constantFrom(...SCALARS)];
  if (named.length > 0) leaves.push(fc.constantFrom(...named));
  const leaf = fc.oneof(...leaves);
  if (depth === 0) return leaf;
  const inner = typeSpec(depth - 1, named);
  return fc.oneof(
    { weight: 3, arbitrary: leaf },
    { weight: 1, arbitrary: inner.map((t) => [t]) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...NAMES), inner, { minKeys: 1, maxKeys: 4 }) },
  );
}

/** A model's content: up to three named structs (each may use those before it), one to six inputs. */
export const inputTypesModel: fc.Arbitrary<Record<string, unknown>> = fc
  .integer({ min: 0, max: 3 })
  .chain((n) =>
    fc.tuple(
      fc.tuple(
        ...Array.from({ length: n }, (_, i) =>
          fc.dictionary(
            fc.constantFrom(...NAMES),
            typeSpec(
              1,
              Array.from({ length: i }, (_, j) => `t${j}`),
            ),
            { minKeys: 1, maxKeys: 3 },
          ),
        ),
      ),
      fc.array(
        fc.tuple(
          typeSpec(
            2,
            Array.from({ length: n }, (_, j) => `t${j}`),
          ),
          fc.boolean(),
        ),
        { minLength: 1, maxLength: 6 },
      ),
    ),
  )
  .map(([types, inputs]) => ({
    name: "input types",
    types: Object.fromEntries(types.map((t, i) => [`t${i}`, t])),
    inputs: Object.fromEntries(inputs.map(([type, blank], i) => [`x${i}`, { type, desc: `x${i}?`, ...(blank ? { blank: true } : {}) }])),
    decisions: { one: "1" },
  }));

type Json = unknown;

/** The places in a value down to a depth (a spoilt state may nest deeply): the path of keys to each. */
function places(v: Json, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(path);
  if (path.length === 12) return out;
  if (Array.isArray(v)) v.forEach((x, i) => places(x, [...path, i], out));
  else if (v !== null && typeof v === "object") for (const [k, x] of Object.entries(v)) places(x, [...path, k], out);
  return out;
}

const nested = (depth: number, bottom: unknown, asList: boolean): unknown => {
  let v = bottom;
  for (let i = 0; i < depth; i++) v = asList ? [v] : { a: v };
  return v;
};

const DROP = Symbol("drop");

/** What a value at a place becomes. */
const replacement: fc.Arbitrary<unknown> = fc.oneof(
  // another type, or null
  fc.constantFrom(7, "7", true, [], {}, 1.5, "x", null, [1, "a"], { a: 1 }).map((v) => structuredClone(v)),
  // out of range, or no number at all
  fc.constantFrom(-1e300, 1e300, -1, 0, 131, -0, 5, 1, Infinity, -Infinity, NaN),
  // malformed or impossible temporals
  fc.constantFrom("2023-02-29", "2024-13-01", "2024-02-30", "25:00:00", "2024-01-01T24:00:00", "P", "PT", "1 day", "", "2024-1-1", "10:30"),
  // a choice that is not one
  fc.constantFrom("no such option", "GOLD", "c12"),
  // huge nesting, sometimes with a number no double holds at the bottom
  fc.tuple(fc.constantFrom(10, 2000), fc.constantFrom(1, Infinity, "s"), fc.boolean()).map(([d, b, l]) => nested(d, b, l)),
  // left out, or undefined (a JS caller's)
  fc.constantFrom(DROP, undefined),
);

/** An added key's name and value: unread evidence, a name objects inherit, a number no double holds. */
const added = fc.tuple(
  fc.constantFrom("extra", "constructor", "zz"),
  fc.constantFrom("text", 3, Infinity, -Infinity, NaN, { deep: [1, Infinity] }, [{}], null),
);

/** `state` spoilt at `count` random places: each value replaced, left out, or given an extra key (objects only: a JSON
 * array has no keys, and a key such as `constructor` set on one breaks its own `splice`). */
export const mutatedState = (state: Json, count = 2): fc.Arbitrary<Json> =>
  fc.array(fc.tuple(fc.nat(), fc.boolean(), replacement, added), { minLength: 1, maxLength: count }).map((changes) => {
    let out = structuredClone(state);
    for (const [at, add, value, [key, extra]] of changes) {
      const all = places(out);
      const path = all[at % all.length]!;
      const target = path.reduce<any>((v, k) => v[k], out);
      if (add && target !== null && typeof target === "object" && !Array.isArray(target)) {
        target[key] = structuredClone(extra);
        continue;
      }
      if (path.length === 0) {
        out = value === DROP ? undefined : value;
        continue;
      }
      const parent = path.slice(0, -1).reduce<any>((v, k) => v[k], out);
      const last = path.at(-1)!;
      if (value === DROP) {
        if (Array.isArray(parent)) parent.splice(Number(last), 1);
        else delete parent[last];
      } else parent[last] = value;
    }
    return out;
  });
