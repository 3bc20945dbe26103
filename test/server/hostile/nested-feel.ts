// Hostile FEEL nested at random: the costly forms of costly-feel.ts as constructors of one
// another (a form's size `k` the value of another form, or of the state's k), inside shells that
// change how the value is reached (a context read, a list's item, a lambda called, an if, an outer
// loop repeating it). Each nesting knows its answer; what grows past the budget must be stopped by
// a limit, however deep in the nesting the cost lies.
import fc from "fast-check";
import { FORMS } from "./costly-feel.js";
import { LIMITS, type Attack } from "./attacks.js";

/** A number-valued FEEL expression and its value (null: too large to compute here, so a limit must stop it). */
interface Nested {
  feel: string;
  value: number | null;
  /** what the nesting is, for a failing case's name */
  name: string;
}

/** Past this a value is a size no evaluation reaches within the budget: not computed here. */
const BEYOND = 1e12;
const known = (v: number | null): number | null => (v === null || !Number.isSafeInteger(v) || Math.abs(v) > BEYOND ? null : v);

/** The forms whose answer is a number: each a constructor of a size. */
const SIZED = FORMS.filter((f) => typeof f.answer(f.min ?? 1) === "number");

/** A form sized by `inner` (at least the form's least size: FEEL's 1..0 counts down). */
function sized(index: number, inner: Nested): Nested {
  const form = SIZED[index % SIZED.length]!;
  const least = form.min ?? 1;
  const k = `max(${least}, ${inner.feel})`;
  const size = inner.value === null ? null : Math.max(least, inner.value);
  return {
    feel: `(${form.feel.replaceAll(/\bk\b/g, `(${k})`)})`,
    value: size === null ? null : known(form.answer(size) as number),
    name: `${form.name} of (${inner.name})`,
  };
}

/** Shells: the value the same, reached another way; or repeated m times. */
const SHELLS: readonly ((inner: Nested, m: number) => Nested)[] = [
  (x) => ({ feel: `{a: ${x.feel}, b: 1}.a`, value: x.value, name: `a context's member (${x.name})` }),
  (x) => ({ feel: `[0, ${x.feel}][2]`, value: x.value, name: `a list's item (${x.name})` }),
  (x) => ({ feel: `(function(v) v + 0)(${x.feel})`, value: x.value, name: `a lambda's result (${x.name})` }),
  (x) => ({ feel: `if k > 0 then ${x.feel} else -1`, value: x.value, name: `an if (${x.name})` }),
  (x, m) => ({
    feel: `sum(for j in 1..${m} return ${x.feel})`,
    value: x.value === null ? null : known(x.value * m),
    name: `${m} times (${x.name})`,
  }),
];

/** Nestings of forms and shells around the state's k, at most `depth` deep, a form outermost. */
export const nestedFeel = (depth = 4): fc.Arbitrary<{ nested: (k: number) => Nested; k: number }> => {
  const { tree } = fc.letrec<{ tree: (k: number) => Nested }>((tie) => ({
    tree: fc.oneof(
      { depthSize: "small", maxDepth: depth, withCrossShrink: true },
      { arbitrary: fc.constant((k: number) => ({ feel: "k", value: k, name: "k" })), weight: 1 },
      {
        arbitrary: fc.tuple(fc.nat(), tie("tree")).map(
          ([i, inner]) =>
            (k: number) =>
              sized(i, inner(k)),
        ),
        weight: 2,
      },
      {
        arbitrary: fc.tuple(fc.nat({ max: SHELLS.length - 1 }), fc.integer({ min: 2, max: 50 }), tie("tree")).map(
          ([s, m, inner]) =>
            (k: number) =>
              SHELLS[s]!(inner(k), m),
        ),
        weight: 2,
      },
    ),
  }));
  return fc.record({
    nested: fc.tuple(fc.nat(), tree).map(
      ([i, inner]) =>
        (k: number) =>
          sized(i, inner(k)),
    ),
    k: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 30, max: 300_000 })),
  });
};

/** The attack: the nesting as one decision of k, from the funded key; a 200 must give its value, else a limit's 4xx. */
export function nestedAttack({ nested, k }: { nested: (k: number) => Nested; k: number }): Attack {
  const x = nested(k);
  const model = {
    content: { name: "nested", inputs: { k: { type: "number", desc: "k?" } }, decisions: { out: x.feel } },
    questions: { out: { type: "number", instructions: "out?" } },
  };
  return {
    name: `${x.name}, k = ${k}`,
    sender: "funded",
    method: "POST",
    path: "/v1/systemone",
    body: JSON.stringify({ model, state: { k } }),
    answer: (b) => x.value !== null && b?.answers?.out?.value === x.value,
    problems: LIMITS,
  };
}
