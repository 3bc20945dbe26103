// Hand-written indexed lookups for the generated tables (bench/models/tables.ts), the limit the
// compiled tables are measured against: what a person who knew the table is a grid of bands would
// write. Each axis maps its value to a band (binary search on the cuts, a Map of strings, the
// boolean itself; one more band for anything outside), and the first rule of every combination of
// bands is worked out once, so a lookup is a few band searches and one array read.
import { ELSE_OUTPUT, bandCount, axisName, type Axis, type Cell, type TableShape } from "../models/tables.js";

const DAY_MS = 86_400_000;
const day = (iso: string): number => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY_MS;

/** The band of x among sorted cuts (band i is [cuts[i], cuts[i + 1])), or `outside`. */
function bandOf(cuts: Float64Array, x: number, outside: number): number {
  if (!(x >= cuts[0]! && x < cuts[cuts.length - 1]!)) return outside;
  let lo = 0;
  let hi = cuts.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (cuts[mid]! <= x) lo = mid;
    else hi = mid;
  }
  return lo;
}

type Band = (value: unknown) => number;

function bander(a: Axis): Band {
  const outside = bandCount(a);
  if (a.kind === "boolean") return (v) => (v === true ? 1 : v === false ? 0 : outside);
  if (a.kind === "string") {
    const index = new Map(a.values.map((v, i) => [v, i]));
    return (v) => (typeof v === "string" ? (index.get(v) ?? outside) : outside);
  }
  if (a.kind === "number") {
    const cuts = Float64Array.from(a.cuts);
    return (v) => (typeof v === "number" ? bandOf(cuts, v, outside) : outside);
  }
  const cuts = Float64Array.from(a.cuts, day);
  return (v) => (typeof v === "string" && v.length === 10 ? bandOf(cuts, day(v), outside) : outside);
}

const allows = (c: Cell, band: number) => c.band === "any" || (c.not ? band !== c.band : band === c.band);

export function handwrittenTable(t: TableShape): (state: Record<string, unknown>) => { out: number } {
  const sizes = t.axes.map((a) => bandCount(a) + 1);
  const strides = sizes.map((_, i) => sizes.slice(i + 1).reduce((a, b) => a * b, 1));
  const total = sizes.reduce((a, b) => a * b, 1);
  const out = new Float64Array(total);
  for (let cell = 0; cell < total; cell++) {
    const bands = strides.map((s, i) => Math.floor(cell / s) % sizes[i]!);
    const k = t.rules.findIndex((r) => r.every((c, i) => allows(c, bands[i]!)));
    out[cell] = k < 0 ? ELSE_OUTPUT : t.outputs[k]!;
  }
  const banders = t.axes.map(bander);
  const names = t.axes.map((_, i) => axisName(i));
  if (banders.length === 1) {
    const [b0] = banders as [Band];
    const [n0] = names as [string];
    return (s) => ({ out: out[b0(s[n0])]! });
  }
  return (s) => {
    let cell = 0;
    for (let i = 0; i < banders.length; i++) cell += banders[i]!(s[names[i]!]) * strides[i]!;
    return { out: out[cell]! };
  };
}
