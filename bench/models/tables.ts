// Generated FIRST tables of every shape the index handles, for bench/tables.ts. A shape is a list
// of axes (numeric bands of irregular widths, string values, booleans, date bands); its rules walk
// the grid of the axes' bands in order, and now and then a cell is `-` or (strings) `not(...)`, so
// rules overlap and the first match matters. An else row answers -1. Everything is drawn from a
// seeded generator, so every run measures the same tables and states.

export type Axis =
  { kind: "number"; cuts: number[] } | { kind: "string"; values: string[] } | { kind: "boolean" } | { kind: "date"; cuts: string[] };

/** A rule's cell on one axis: every band, one band, or (strings) every band but one. */
export type Cell = { band: "any" } | { band: number; not?: boolean };

export interface TableShape {
  name: string;
  what: string;
  axes: Axis[];
  rules: Cell[][];
  outputs: number[];
  /** states the timing cycles through */
  states: Record<string, unknown>[];
  /** more states, to check the compiled table against the hand-written lookup before timing */
  checks: Record<string, unknown>[];
  /** a constraint on the output heading (`>= -1`): a strict model holds the decision to it */
  declared?: string;
}

export const ELSE_OUTPUT = -1;

/** A small seeded generator (a linear congruential one): the same tables every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Number of bands of an axis (strings: one per value; the cuts bound bands between them). */
export const bandCount = (a: Axis): number => (a.kind === "string" ? a.values.length : a.kind === "boolean" ? 2 : a.cuts.length - 1);

export const axisName = (i: number): string => `x${i}`;

function irregularCuts(bands: number, random: () => number, scale: number): number[] {
  const cuts = [Math.round(random() * scale)];
  for (let i = 0; i < bands; i++) cuts.push(cuts[i]! + 1 + Math.floor(random() * random() * scale));
  return cuts;
}

const DAY_MS = 86_400_000;
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

function axisOf(kind: Axis["kind"], bands: number, random: () => number, tag: string): Axis {
  if (kind === "number") return { kind, cuts: irregularCuts(bands, random, 100) };
  if (kind === "date") return { kind, cuts: irregularCuts(bands, random, 60).map((d) => isoDay(18_000 + d)) };
  if (kind === "boolean") return { kind };
  return { kind, values: Array.from({ length: bands }, (_, i) => `${tag}${i.toString(36)}`) };
}

function rulesOf(axes: Axis[], count: number, random: () => number): Cell[][] {
  const sizes = axes.map(bandCount);
  const rules: Cell[][] = [];
  for (let k = 0; k < count; k++) {
    let rest = k;
    const bands = sizes.map((_, i) => {
      const stride = sizes.slice(i + 1).reduce((a, b) => a * b, 1);
      const band = Math.floor(rest / stride) % sizes[i]!;
      rest %= stride;
      return band;
    });
    rules.push(
      bands.map((band, i): Cell => {
        const r = random();
        if (r < 0.06) return { band: "any" };
        if (r < 0.1 && axes[i]!.kind === "string") return { band, not: true };
        return { band };
      }),
    );
  }
  return rules;
}

/** A value of an axis: inside a band (often on its lower cut), or outside every band. */
function valueOf(a: Axis, random: () => number): unknown {
  if (a.kind === "boolean") return random() < 0.5;
  if (a.kind === "string") return random() < 0.05 ? "other" : a.values[Math.floor(random() * a.values.length)];
  const cuts = a.kind === "number" ? a.cuts : a.cuts.map((d) => Date.parse(d) / DAY_MS);
  const lo = cuts[0]! - 5;
  const hi = cuts.at(-1)! + 5;
  const x = random() < 0.2 ? cuts[Math.floor(random() * cuts.length)]! : Math.floor(lo + random() * (hi - lo));
  return a.kind === "number" ? x : isoDay(x);
}

function shape(name: string, what: string, spec: [Axis["kind"], number][], rules: number, seed: number, declared?: string): TableShape {
  const random = seeded(seed);
  const axes = spec.map(([kind, bands], i) => axisOf(kind, bands, random, String.fromCharCode(97 + i)));
  const cells = rulesOf(axes, rules, random);
  const state = () => Object.fromEntries(axes.map((a, i) => [axisName(i), valueOf(a, random)]));
  const outputs = cells.map(() => Math.floor(random() * 10_000) / 100);
  return {
    name,
    what,
    axes,
    rules: cells,
    outputs,
    states: Array.from({ length: 256 }, state),
    checks: Array.from({ length: 5000 }, state),
    ...(declared ? { declared } : {}),
  };
}

const MIXED: [Axis["kind"], number][] = [
  ["number", 12],
  ["string", 8],
  ["boolean", 2],
  ["date", 5],
];

export const TABLE_SHAPES: TableShape[] = [
  shape("numeric bands", "1 number column, 1,000 bands of irregular widths", [["number", 1000]], 1000, 1),
  shape("strings", "1 string column, 500 values, some rules `not(...)`", [["string", 500]], 500, 2),
  shape(
    "booleans",
    "6 boolean columns, every combination",
    Array.from({ length: 6 }, (): [Axis["kind"], number] => ["boolean", 2]),
    64,
    3,
  ),
  shape("dates", "1 date column, 400 bands of irregular lengths", [["date", 400]], 400, 4),
  shape("mixed", "number × string × boolean × date: 12 × 8 × 2 × 5 bands", MIXED, 960, 5),
  shape("mixed, declared", "the mixed table, its output declared `number >= -1`", MIXED, 960, 5, ">= -1"),
  shape(
    "insurance 3,700",
    "3,700 rules: age (37 irregular bands) × region (10) × vehicle class (10)",
    [
      ["number", 37],
      ["string", 10],
      ["string", 10],
    ],
    3700,
    6,
  ),
];

const dateText = (d: string) => `date("${d}")`;

function cellText(a: Axis, c: Cell): string {
  if (c.band === "any") return "-";
  const b = c.band;
  if (a.kind === "boolean") return b === 1 ? "true" : "false";
  if (a.kind === "string") return c.not ? `not("${a.values[b]}")` : `"${a.values[b]}"`;
  if (a.kind === "number") return `[${a.cuts[b]}..${a.cuts[b + 1]})`;
  return `[${dateText(a.cuts[b]!)}..${dateText(a.cuts[b + 1]!)})`;
}

export function tableModel(t: TableShape) {
  const types: Record<Axis["kind"], string> = { number: "number", string: "string", boolean: "boolean", date: "date" };
  return {
    content: {
      name: `Generated table: ${t.name}`,
      inputs: Object.fromEntries(t.axes.map((a, i) => [axisName(i), { type: types[a.kind], desc: `What is x${i}?` }])),
      decisions: {
        out: [
          [...t.axes.map((_, i) => axisName(i)), t.declared ? `=> number ${t.declared}` : "=> number"],
          ...t.rules.map((r, k) => [...r.map((c, i) => cellText(t.axes[i]!, c)), String(t.outputs[k])]),
          [...t.axes.map(() => "-"), String(ELSE_OUTPUT)],
        ],
      },
    },
    questions: { out: { type: "number", instructions: "What does the table answer?" } },
  };
}
