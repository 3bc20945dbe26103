// Models written outside the lowering's shapes (test/fixtures/sql-outside), and their states as
// fast-check arbitraries of a model's input schema: numbers at their bounds, zero, whole numbers and ties at .5 of the common rounding
// places; dates at month ends and leap days; strings of mixed case and edge characters; lists of
// 0 to 5 items (empty often); null wherever an input may be blank.
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import type { ModelInput } from "../../../src/ir/model.js";
import type { Row } from "./engines.js";

const DIR = "test/fixtures/sql-outside";

/** Each fixture's name and model (its one-line note left out). */
export const OUTSIDE: [string, ModelInput][] = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => {
    const { note: _note, ...model } = JSON.parse(readFileSync(`${DIR}/${f}`, "utf8")) as ModelInput & { note: string };
    return [f.replace(/\.json$/, ""), model as ModelInput];
  });

type Schema = Record<string, unknown>;

/** Ties: a whole part and a fraction half-way between places 0 to 3, and steps that land on them. */
const TIES = [0.5, 0.05, 0.005, 0.0005, 0.25, 0.125, 0.375, 0.15, 0.45, 0.95];

function numberOf(s: Schema): fc.Arbitrary<number> {
  const lo = (s.minimum ?? -100000) as number;
  const hi = (s.maximum ?? 100000) as number;
  const within = (v: number) => Math.min(hi, Math.max(lo, v));
  const whole = fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  // small whole numbers: around zero, or the least ones of a range above it
  const least = Math.max(Math.ceil(lo), -30);
  const small = fc.integer({ min: least, max: Math.min(Math.floor(hi), least + 60) });
  return fc.oneof(
    { weight: 3, arbitrary: whole },
    { weight: 2, arbitrary: small },
    {
      weight: 3,
      arbitrary: fc.tuple(fc.oneof(small, whole), fc.constantFrom(...TIES)).map(([w, t]) => within(Number((w + t).toFixed(6)))),
    },
    { weight: 2, arbitrary: fc.tuple(whole, fc.integer({ min: 0, max: 999 })).map(([w, f]) => within(Number((w + f / 1000).toFixed(3)))) },
    { weight: 2, arbitrary: fc.constantFrom(...[lo, hi, 0, 1, -1, 12, 100, 0.5, -0.5].filter((v) => v >= lo && v <= hi)) },
  );
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Dates from 1930 to 2035: month ends (28 to 31), leap days and the first of a month often. */
const date: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1930, max: 2035 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.nat(9))
  .map(([y, m, d, r]) => {
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const day = r < 3 ? last : r < 5 ? 1 : Math.min(d, last);
    return r === 9 && y % 4 === 0 ? `${y}-02-29` : `${y}-${pad(m)}-${pad(day)}`;
  });

const TEXT = [
  "",
  "a",
  "A",
  "gb",
  "GB",
  "uk",
  "Uk",
  "sw1a 1aa",
  "SW1A 1AA",
  "e1",
  "n",
  "Ä",
  "ß",
  "é",
  "x@y",
  "ann@gmail.com",
  "BOB@GMAIL.COM",
  "save5",
  "SAVE5",
  "SaVe5 ",
  "a b",
  "😀x",
  "'; --",
  "ǅ",
];
const text = fc.oneof(fc.constantFrom(...TEXT), fc.string({ maxLength: 6 }));

function valueOf(s: Schema): fc.Arbitrary<unknown> {
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]).filter((v) => v !== null));
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  const main = types.find((t) => t !== "null");
  if (main === "number") return numberOf(s);
  if (main === "boolean") return fc.boolean();
  if (main === "string" && s.format === "date") return date;
  if (main === "string") return text;
  if (main === "array") return fc.oneof(fc.constant([]), fc.array(valueOf(s.items as Schema), { minLength: 1, maxLength: 5 }));
  if (main === "object") return objectOf(s);
  throw new Error(`no states for ${JSON.stringify(s)}`);
}

/** An object of a schema's properties: a property that is not required null or missing at times. */
function objectOf(s: Schema): fc.Arbitrary<Row> {
  const required = new Set((s.required ?? []) as string[]);
  const entries = Object.entries((s.properties ?? {}) as Record<string, Schema>).map(([k, p]) => {
    const v = valueOf(p);
    return [
      k,
      required.has(k) ? v : fc.oneof({ weight: 3, arbitrary: v }, { weight: 1, arbitrary: fc.constantFrom(null, undefined) }),
    ] as const;
  });
  return fc.record(Object.fromEntries(entries)).map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));
}

/** `count` states of a model's input schema, the same for the same seed. */
export const outsideStates = (schema: Schema, count: number, seed: number): Row[] => fc.sample(objectOf(schema), { numRuns: count, seed });
