// fast-check arbitraries of FEEL values together with FEEL literal text for each, so that one
// generated argument can be passed to the runtime as a value and to the parser and analyser as
// text: numbers, strings (plain, numeric, temporal, duration and range spellings), booleans,
// dates, times, durations, lists, contexts, ranges, functions and null.
import fc from "fast-check";
import { Decimal } from "../../src/runtime/decimal.js";
import { eq, fn, gt, lt } from "../../src/runtime/index.js";
import { parseTemporal } from "../../src/runtime/temporal/index.js";
import { FeelContext, FeelRange, type FeelFunction, type FeelValue } from "../../src/runtime/values.js";

export interface Generated {
  value: FeelValue;
  text: string;
  /** values taken from this one (a list's items, a context's keys, a string's pieces), for arguments that relate to it */
  parts?: Generated[];
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

const numberText = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 5 }).map(String), weight: 4 },
  { arbitrary: fc.integer({ min: -20, max: 2030 }).map(String), weight: 2 },
  { arbitrary: fc.constantFrom("0.5", "-1.25", "2.5", "1000000", "0.001", "-3"), weight: 1 },
);
const numberOf = (text: string): Generated => ({ value: new Decimal(text), text });
const number: fc.Arbitrary<Generated> = numberText.map(numberOf);

const dateText = fc
  .tuple(fc.integer({ min: 1970, max: 2030 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
  .map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`);
const timeText = fc
  .tuple(
    fc.integer({ min: 0, max: 23 }),
    fc.integer({ min: 0, max: 59 }),
    fc.integer({ min: 0, max: 59 }),
    fc.constantFrom("", "Z", "+01:00", "-05:30"),
  )
  .map(([h, m, s, zone]) => `${pad(h)}:${pad(m)}:${pad(s)}${zone}`);
const dateTimeText = fc.tuple(dateText, timeText).map(([d, t]) => `${d}T${t}`);
const durationText = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 11 }), fc.boolean())
    .map(([y, m, neg]) => `${neg ? "-" : ""}P${y}Y${m}M`),
  fc
    .tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 23 }), fc.boolean())
    .map(([d, h, neg]) => `${neg ? "-" : ""}P${d}DT${h}H`),
  fc.constantFrom("P1D", "PT90M", "P2Y", "P3M", "-PT1S"),
);

const temporalOf = (text: fc.Arbitrary<string>): fc.Arbitrary<Generated> =>
  text.map((t) => ({ value: parseTemporal(t)!, text: `@${JSON.stringify(t)}` })).filter((g) => g.value !== null);

const temporal: fc.Arbitrary<Generated> = fc.oneof(temporalOf(dateText), temporalOf(dateTimeText), temporalOf(timeText));
const duration: fc.Arbitrary<Generated> = temporalOf(durationText);

const stringOf = (s: string): Generated => ({ value: s, text: JSON.stringify(s) });

/** A string with its pieces: single characters, a prefix, a suffix, and positions within it. */
function stringWithParts(s: string): Generated {
  const chars = Array.from(s);
  const pieces = [...new Set([...chars, chars.slice(0, 2).join(""), chars.slice(-2).join("")])].filter((p) => p !== "");
  const positions = chars.map((_, i) => numberOf(String(i + 1)));
  return { ...stringOf(s), parts: [...pieces.map(stringOf), ...positions] };
}

const stringText = fc.oneof(
  fc.constantFrom(
    "",
    "a",
    "abc",
    "Hello World",
    "a,b,c",
    " ",
    ",",
    ".",
    "key",
    "value",
    "1,000.5",
    "1 000,5",
    "x|y",
    "a+",
    "[0-9]+",
    "\\d",
    "(b)",
  ),
  fc.string({ unit: fc.constantFrom(..."abcAB ,.-01"), maxLength: 6 }),
  numberText,
  dateText,
  dateTimeText,
  timeText,
  durationText,
  fc.constantFrom("[1..5]", "(2..10]", "[1..2)", '["a".."z"]', '[@"2020-01-01"..@"2020-12-31"]'),
);
const string: fc.Arbitrary<Generated> = stringText.map(stringWithParts);

const boolean: fc.Arbitrary<Generated> = fc.boolean().map((b) => ({ value: b, text: String(b) }));

const nul: fc.Arbitrary<Generated> = fc.constant({ value: null, text: "null" });

const FUNCTIONS: [string, FeelFunction][] = [
  ["function(a, b) a < b", fn("", ["a", "b"], (a, b) => lt(a!, b!))],
  ["function(a, b) a > b", fn("", ["a", "b"], (a, b) => gt(a!, b!))],
  ["function(item, newItem) item = 1", fn("", ["item", "newItem"], (item) => eq(item!, new Decimal(1)))],
];
const func: fc.Arbitrary<Generated> = fc.constantFrom(...FUNCTIONS).map(([text, value]) => ({ value, text }));

const scalar = fc.oneof(number, string, boolean, temporal, duration, nul);

/** A list with its items and its positions as parts. */
function listOf(items: fc.Arbitrary<Generated>): fc.Arbitrary<Generated> {
  return fc.array(items, { maxLength: 4 }).map((xs) => ({
    value: xs.map((x) => x.value),
    text: `[${xs.map((x) => x.text).join(", ")}]`,
    parts: [...xs, ...xs.map((_, i) => numberOf(String(i + 1)))],
  }));
}

/** A context with its keys as parts. */
function contextOf(entries: fc.Arbitrary<[string, Generated][]>): fc.Arbitrary<Generated> {
  return entries.map((es) => ({
    value: new FeelContext(new Map(es.map(([k, g]) => [k, g.value]))),
    text: `{${es.map(([k, g]) => `${JSON.stringify(k)}: ${g.text}`).join(", ")}}`,
    parts: es.map(([k]) => stringOf(k)),
  }));
}

/** {key, value} entries (what context() and get entries() deal in) or a few named fields. */
const context: fc.Arbitrary<Generated> = fc.oneof(
  contextOf(
    fc.tuple(fc.constantFrom("a", "b", "key"), scalar).map(([k, v]) => [
      ["key", stringOf(k)],
      ["value", v],
    ]),
  ),
  contextOf(fc.uniqueArray(fc.tuple(fc.constantFrom("a", "b", "c", "key", "value"), scalar), { maxLength: 3, selector: ([k]) => k })),
);

const list: fc.Arbitrary<Generated> = fc.oneof(
  listOf(number),
  listOf(string),
  listOf(boolean),
  listOf(temporal),
  listOf(context),
  listOf(scalar),
  listOf(listOf(number)),
);

function rangeOf(endpoints: fc.Arbitrary<[Generated, Generated]>): fc.Arbitrary<Generated> {
  return fc.tuple(endpoints, fc.boolean(), fc.boolean()).map(([[a, b], si, ei]) => ({
    value: new FeelRange(si, a.value, b.value, ei),
    text: `${si ? "[" : "("}${a.text}..${b.text}${ei ? "]" : ")"}`,
    parts: [a, b],
  }));
}

const ordered = (pair: [Generated, Generated], cmp: (a: Generated, b: Generated) => number): [Generated, Generated] =>
  cmp(pair[0], pair[1]) <= 0 ? pair : [pair[1], pair[0]];

const range: fc.Arbitrary<Generated> = fc.oneof(
  rangeOf(fc.tuple(number, number).map((p) => ordered(p, (a, b) => (a.value as Decimal).cmp(b.value as Decimal)))),
  rangeOf(
    fc.tuple(temporalOf(dateText), temporalOf(dateText)).map((p) => ordered(p, (a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))),
  ),
);

/** Each kind of FEEL value on its own. */
const KINDS = { number, string, boolean, temporal, duration, list, context, range, func, nul } as const;

const anyValue: fc.Arbitrary<Generated> = fc.oneof(...Object.values(KINDS));

const kind = fc.constantFrom(...Object.values(KINDS));

/** A value taken from `first` (an item, a key, a piece, a position), else any value. */
const relatedTo = (first: Generated): fc.Arbitrary<Generated> =>
  first.parts && first.parts.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...first.parts), weight: 3 }, anyValue) : anyValue;

/**
 * `count` arguments: all of one kind (`date(y, m, d)`, `replace(s, p, r)`), the first of one kind
 * and the rest of another (`substring(s, n)`), the rest taken from the first (`get value(m, key)`,
 * `index of(list, item)`), or each of any kind.
 */
export const args = (count: number): fc.Arbitrary<Generated[]> => {
  const of = (arb: fc.Arbitrary<Generated>, n: number) => fc.array(arb, { minLength: n, maxLength: n });
  if (count === 0) return fc.constant([]);
  const withRest = (first: fc.Arbitrary<Generated>, rest: (f: Generated) => fc.Arbitrary<Generated>) =>
    first.chain((f) => of(rest(f), count - 1).map((r) => [f, ...r]));
  return fc.oneof(
    kind.chain((k) => of(k, count)),
    fc.tuple(kind, kind).chain(([first, rest]) => withRest(first, () => rest)),
    withRest(anyValue, relatedTo),
    of(anyValue, count),
  );
};
