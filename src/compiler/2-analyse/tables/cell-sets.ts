// The values an input cell matches, as a set the checker can compare: unions of intervals for
// numbers and dates, finite sets for choices, levels and booleans, a list or its complement for
// text. A cell that is not made of literals (it reads a name, calls a function) has no set.
import type { Expr, UnaryTest, UnaryTests } from "../../../ir/feel-ast.js";
import type { Type } from "../../../ir/types.js";
import { literalNumber } from "../../../ir/literal-number.js";

export interface Interval {
  lo: number;
  loIn: boolean;
  hi: number;
  hiIn: boolean;
}

export type ValueSet =
  /** numbers, or dates as days since 1970-01-01 */
  | { kind: "ordered"; intervals: Interval[] }
  /** the values of a finite type that match */
  | { kind: "finite"; values: ReadonlySet<string>; universe: readonly string[] }
  /** text: the listed strings, or every string but them */
  | { kind: "text"; values: ReadonlySet<string>; negated: boolean };

const ALL: Interval = { lo: -Infinity, loIn: false, hi: Infinity, hiIn: false };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(text: string): number | undefined {
  const m = DATE.exec(text);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000 : undefined;
}

/** A literal as a point of an ordered domain: a number, or a date literal. */
function orderedValue(e: Expr | null, type: Type): number | undefined {
  if (!e) return undefined;
  if (type.kind === "number") return literalNumber(e);
  if (e.kind === "temporal") return dayNumber(e.value);
  if (e.kind === "call" && e.callee.kind === "name" && e.callee.name === "date" && e.args.length === 1 && e.args[0]!.kind === "string")
    return dayNumber(e.args[0]!.value);
  return undefined;
}

const textValue = (e: Expr | null): string | undefined => (e?.kind === "string" ? e.value : undefined);

// ---- ordered sets ----

const isEmptyInterval = (i: Interval): boolean => i.lo > i.hi || (i.lo === i.hi && !(i.loIn && i.hiIn));

/** Sorted, non-empty, non-overlapping, non-touching intervals. */
function normalise(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter((i) => !isEmptyInterval(i)).sort((a, b) => a.lo - b.lo || Number(b.loIn) - Number(a.loIn));
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && (i.lo < last.hi || (i.lo === last.hi && (i.loIn || last.hiIn)))) {
      if (i.hi > last.hi || (i.hi === last.hi && i.hiIn))
        out[out.length - 1] = { ...last, hi: i.hi, hiIn: i.hiIn || (i.hi === last.hi && last.hiIn) };
    } else out.push({ ...i });
  }
  return out;
}

function complementIntervals(intervals: Interval[]): Interval[] {
  const out: Interval[] = [];
  let lo = -Infinity;
  let loIn = false;
  for (const i of normalise(intervals)) {
    out.push({ lo, loIn, hi: i.lo, hiIn: !i.loIn });
    lo = i.hi;
    loIn = !i.hiIn;
  }
  out.push({ lo, loIn, hi: Infinity, hiIn: false });
  return normalise(out);
}

function intersectIntervals(a: Interval[], b: Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const x of a)
    for (const y of b) {
      const [lo, loIn] = x.lo > y.lo ? [x.lo, x.loIn] : y.lo > x.lo ? [y.lo, y.loIn] : [x.lo, x.loIn && y.loIn];
      const [hi, hiIn] = x.hi < y.hi ? [x.hi, x.hiIn] : y.hi < x.hi ? [y.hi, y.hiIn] : [x.hi, x.hiIn && y.hiIn];
      out.push({ lo, loIn, hi, hiIn });
    }
  return normalise(out);
}

const compareInterval = (op: string, v: number): Interval[] => {
  switch (op) {
    case "<":
      return [{ ...ALL, hi: v }];
    case "<=":
      return [{ ...ALL, hi: v, hiIn: true }];
    case ">":
      return [{ ...ALL, lo: v }];
    case ">=":
      return [{ ...ALL, lo: v, loIn: true }];
    case "=":
      return [{ lo: v, loIn: true, hi: v, hiIn: true }];
    default:
      return complementIntervals([{ lo: v, loIn: true, hi: v, hiIn: true }]);
  }
};

function orderedTest(test: UnaryTest, type: Type): Interval[] | undefined {
  switch (test.kind) {
    case "compare": {
      const v = orderedValue(test.value, type);
      return v === undefined ? undefined : compareInterval(test.op, v);
    }
    case "range": {
      const r = test.range;
      if (r.test) return undefined;
      const lo = r.start === null ? -Infinity : orderedValue(r.start, type);
      const hi = r.end === null ? Infinity : orderedValue(r.end, type);
      if (lo === undefined || hi === undefined) return undefined;
      return [{ lo, loIn: r.start !== null && r.startIncluded, hi, hiIn: r.end !== null && r.endIncluded }];
    }
    case "expr": {
      const v = orderedValue(test.value, type);
      return v === undefined ? undefined : compareInterval("=", v);
    }
  }
}

// ---- finite and text sets ----

function finiteTest(test: UnaryTest, universe: readonly string[], ordered: boolean): string[] | undefined {
  const rank = (e: Expr | null): number | undefined => {
    const v = e?.kind === "string" ? universe.indexOf(e.value) : e?.kind === "boolean" ? universe.indexOf(String(e.value)) : -1;
    return v === undefined || v < 0 ? undefined : v;
  };
  const ranks = (keep: (r: number) => boolean): string[] => universe.filter((_, i) => keep(i));
  switch (test.kind) {
    case "expr": {
      const r = rank(test.value);
      return r === undefined ? undefined : [universe[r]!];
    }
    case "compare": {
      const r = rank(test.value);
      if (r === undefined || (!ordered && test.op !== "=" && test.op !== "!=")) return undefined;
      const keep: Record<string, (i: number) => boolean> = {
        "=": (i) => i === r,
        "!=": (i) => i !== r,
        "<": (i) => i < r,
        "<=": (i) => i <= r,
        ">": (i) => i > r,
        ">=": (i) => i >= r,
      };
      return ranks(keep[test.op]!);
    }
    case "range": {
      if (!ordered || test.range.test) return undefined;
      const lo = test.range.start === null ? -1 : rank(test.range.start);
      const hi = test.range.end === null ? universe.length : rank(test.range.end);
      if (lo === undefined || hi === undefined) return undefined;
      return ranks((i) => (test.range.startIncluded ? i >= lo : i > lo) && (test.range.endIncluded ? i <= hi : i < hi));
    }
  }
}

function textTest(test: UnaryTest): { values: string[]; negated: boolean } | undefined {
  if (test.kind === "range") return undefined;
  const v = textValue(test.value);
  if (v === undefined) return undefined;
  if (test.kind === "expr" || test.op === "=") return { values: [v], negated: false };
  return test.op === "!=" ? { values: [v], negated: true } : undefined;
}

/** What the column's type allows, as a set: the whole base type, narrowed by its constraint. */
export function domainOf(type: Type): ValueSet | undefined {
  const base = universeOf(type);
  if (!base || !("constraint" in type) || !type.constraint) return base;
  const narrowed = cellSet(type.constraint.test, { kind: type.kind } as Type);
  return narrowed && intersect(base, narrowed);
}

function universeOf(type: Type): ValueSet | undefined {
  switch (type.kind) {
    case "number":
    case "date":
      return { kind: "ordered", intervals: [ALL] };
    case "choice":
    case "levels":
      return { kind: "finite", values: new Set(type.values), universe: type.values };
    case "boolean":
      return { kind: "finite", values: new Set(["true", "false"]), universe: ["true", "false"] };
    case "string":
      return { kind: "text", values: new Set(), negated: true };
    default:
      return undefined;
  }
}

/** The set of values a cell matches in a column of `type`, when the cell is made of literals. */
export function cellSet(cell: UnaryTests, type: Type): ValueSet | undefined {
  const universe = universeOf(type);
  if (!universe) return undefined;
  if (cell.kind === "any") return universe;
  const sets: ValueSet[] = [];
  for (const test of cell.tests) {
    const s = testSet(test, type, universe);
    if (!s) return undefined;
    sets.push(s);
  }
  const union = uniteAll(sets);
  if (!union) return undefined;
  return cell.kind === "not" ? complement(union) : union;
}

/**
 * The union of a cell's sets, all of one kind (its type's), made at once: united one by one, the
 * union so far was copied (and its intervals sorted) for each test, n² over a cell of n values.
 */
function uniteAll(sets: readonly ValueSet[]): ValueSet | undefined {
  const first = sets[0];
  if (!first || sets.some((s) => s.kind !== first.kind))
    return sets.reduce<ValueSet | undefined>((u, s) => (u ? unite(u, s) : s), undefined);
  if (first.kind === "ordered") return { kind: "ordered", intervals: normalise(sets.flatMap((s) => (s as typeof first).intervals)) };
  if (first.kind === "finite") return { ...first, values: new Set(sets.flatMap((s) => [...(s as typeof first).values])) };
  // every string listed by a positive set, or every string but those all the negated ones leave out
  const texts = sets as (typeof first)[];
  const listed = new Set(texts.filter((s) => !s.negated).flatMap((s) => [...s.values]));
  const negated = texts.filter((s) => s.negated);
  if (negated.length === 0) return { kind: "text", values: listed, negated: false };
  const [shortest] = [...negated].sort((a, b) => a.values.size - b.values.size);
  const left = [...shortest!.values].filter((v) => !listed.has(v) && negated.every((s) => s.values.has(v)));
  return { kind: "text", values: new Set(left), negated: true };
}

function testSet(test: UnaryTest, type: Type, universe: ValueSet): ValueSet | undefined {
  if (universe.kind === "ordered") {
    const intervals = orderedTest(test, type);
    return intervals && { kind: "ordered", intervals: normalise(intervals) };
  }
  if (universe.kind === "finite") {
    const values = finiteTest(test, universe.universe, type.kind === "levels");
    return values && { kind: "finite", values: new Set(values), universe: universe.universe };
  }
  const t = textTest(test);
  return t && { kind: "text", values: new Set(t.values), negated: t.negated };
}

// ---- set algebra over one kind ----

function unite(a: ValueSet, b: ValueSet): ValueSet {
  if (a.kind === "ordered" && b.kind === "ordered") return { kind: "ordered", intervals: normalise([...a.intervals, ...b.intervals]) };
  if (a.kind === "finite" && b.kind === "finite") return { ...a, values: new Set([...a.values, ...b.values]) };
  return complement(intersect(complement(a), complement(b)));
}

function complement(a: ValueSet): ValueSet {
  if (a.kind === "ordered") return { kind: "ordered", intervals: complementIntervals(a.intervals) };
  if (a.kind === "finite") return { ...a, values: new Set(a.universe.filter((v) => !a.values.has(v))) };
  return { ...a, negated: !a.negated };
}

export function intersect(a: ValueSet, b: ValueSet): ValueSet {
  if (a.kind === "ordered" && b.kind === "ordered") return { kind: "ordered", intervals: intersectIntervals(a.intervals, b.intervals) };
  if (a.kind === "finite" && b.kind === "finite") return { ...a, values: new Set([...a.values].filter((v) => b.values.has(v))) };
  if (a.kind === "text" && b.kind === "text") {
    if (!a.negated && !b.negated) return { ...a, values: new Set([...a.values].filter((v) => b.values.has(v))) };
    if (a.negated && b.negated) return { ...a, values: new Set([...a.values, ...b.values]) };
    const [pos, neg] = a.negated ? [b, a] : [a, b];
    return { kind: "text", values: new Set([...pos.values].filter((v) => !neg.values.has(v))), negated: false };
  }
  return a;
}

export function isEmpty(a: ValueSet): boolean {
  if (a.kind === "ordered") return a.intervals.length === 0;
  if (a.kind === "finite") return a.values.size === 0;
  return !a.negated && a.values.size === 0;
}

/** Does interval `outer` hold every value of `inner`? */
export const holds = (outer: Interval, inner: Interval): boolean =>
  (outer.lo < inner.lo || (outer.lo === inner.lo && (outer.loIn || !inner.loIn))) &&
  (inner.hi < outer.hi || (inner.hi === outer.hi && (outer.hiIn || !inner.hiIn)));

/**
 * Does `outer` hold every value of `inner`? Normalised intervals never touch, so each interval of
 * `inner` lies within one of `outer`'s; that direct test keeps the pairwise rule checks cheap.
 */
export function covers(outer: ValueSet, inner: ValueSet): boolean {
  if (outer.kind === "ordered" && inner.kind === "ordered") return inner.intervals.every((i) => outer.intervals.some((o) => holds(o, i)));
  if (outer.kind === "finite" && inner.kind === "finite") {
    for (const v of inner.values) if (!outer.values.has(v)) return false;
    return true;
  }
  return isEmpty(intersect(inner, complement(outer)));
}
