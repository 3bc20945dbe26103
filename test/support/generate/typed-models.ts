// Random strict models as typed trees, for the generated-models benchmark (bench/generated.ts):
// number inputs, booleans, choices, a date and a list of structs; functions of number parameters;
// decisions written as expressions over every arithmetic, comparison and boolean operator, the
// rounding and numeric built-ins, calls, `let` entries, contexts, `for` over ranges and lists,
// quantifiers, filters and aggregates over the list; tables of 5 to 500 rules over number,
// computed, choice, boolean and date columns under every DMN hit policy (HIT_WEIGHTS: FIRST most
// often; a model with any other policy is compiled leniently, `compileOptionsOf`). Every tree renders as FEEL text (`feelNum`,
// `feelBool`) and is read again by the benchmark's own emitter of plain JS. Divisors are positive
// by construction and states hold no nulls; only an aggregate of an empty filtered list can be null.
import { seeded } from "../../../src/providers/seeded-random.js";

/** a name of the scope (input, decision, `let` entry, parameter, loop variable) or a field: of an item named `of`, or of the item a filter tests (`of` null) */
export interface Ref {
  name: string;
  of?: string | null;
}

export type Num =
  | { k: "lit"; text: string }
  | { k: "ref"; ref: Ref }
  | { k: "arith"; op: "+" | "-" | "*"; a: Num; b: Num }
  /** `b` is positive */
  | { k: "div"; a: Num; b: Num }
  | { k: "pow"; a: Num; n: 2 | 3 }
  | { k: "neg"; a: Num }
  | { k: "if"; c: Bool; a: Num; b: Num }
  /** sqrt takes `abs` of its argument; modulo's second argument and decimal's places are literals */
  | { k: "builtin"; fn: "abs" | "floor" | "ceiling" | "sqrt" | "min" | "max" | "modulo" | "decimal"; args: Num[] }
  | { k: "call"; fn: string; args: Num[] }
  | { k: "count"; list: string; where: Bool | null }
  /** sum, min, max or mean of a number field of the list's items that pass `where` */
  | { k: "agg"; fn: "sum" | "min" | "max" | "mean"; list: string; where: Bool | null; field: string }
  /** sum, min or max of `for v in <list or from..to> return body` */
  | { k: "for"; fn: "sum" | "min" | "max"; v: string; over: { list: string } | { from: number; to: number }; body: Num }
  /** `{e1: .., e2: ..}.<last>`: each entry sees those before it */
  | { k: "context"; entries: [string, Num][] };

export type Bool =
  | { k: "cmp"; op: "<" | "<=" | ">" | ">=" | "=" | "!="; a: Num; b: Num }
  | { k: "and" | "or"; a: Bool; b: Bool }
  | { k: "not"; a: Bool }
  | { k: "between"; v: Num; lo: Num; hi: Num }
  | { k: "ref"; ref: Ref }
  /** a choice equal to one of `values` (`in` when several), or to none of them */
  | { k: "text"; ref: Ref; values: string[]; negate: boolean }
  | { k: "date"; ref: Ref; op: "<" | "<=" | ">" | ">="; date: string }
  | { k: "quant"; q: "some" | "every"; v: string; list: string; cond: Bool };

export type Cell =
  | { k: "any" }
  | { k: "cmp"; op: "<" | "<=" | ">" | ">=" | "!="; value: string }
  | { k: "eq"; value: string }
  | { k: "range"; lo: string; hi: string; loIn: boolean; hiIn: boolean }
  | { k: "or"; cells: Cell[] }
  | { k: "not"; cells: Cell[] };

/**
 * How often each hit policy is drawn, in percent: FIRST most (the strict format's only policy),
 * then UNIQUE (DMN's default, grids of partitions), COLLECT SUM (scorecards), then the rest.
 */
export const HIT_WEIGHTS: readonly (readonly [HitPolicy, number])[] = [
  ["FIRST", 45],
  ["UNIQUE", 15],
  ["COLLECT SUM", 9],
  ["PRIORITY", 6],
  ["ANY", 5],
  ["COLLECT", 4],
  ["RULE ORDER", 4],
  ["COLLECT COUNT", 4],
  ["OUTPUT ORDER", 3],
  ["COLLECT MAX", 3],
  ["COLLECT MIN", 2],
];

type ColumnKind = "number" | "choice" | "boolean" | "date";
export interface Column {
  kind: ColumnKind;
  /** the heading: a name, or for numbers any expression */
  heading: Num | Ref;
}
type Output =
  { type: "number"; cells: Num[] } | { type: "choice"; values: string[]; cells: string[] } | { type: "boolean"; cells: boolean[] };
export type HitPolicy =
  | "FIRST"
  | "UNIQUE"
  | "ANY"
  | "PRIORITY"
  | "OUTPUT ORDER"
  | "RULE ORDER"
  | "COLLECT"
  | "COLLECT SUM"
  | "COLLECT MIN"
  | "COLLECT MAX"
  | "COLLECT COUNT";

export interface Table {
  hit: HitPolicy;
  columns: Column[];
  /** one row of cells per rule (a FIRST table's last is the else row) */
  rules: Cell[][];
  output: Output;
  /** whether the table's value is a number, boolean or choice on every state (never a list, never null): later decisions may read it */
  readable: boolean;
}

export type Decision =
  | { name: string; type: "number"; lets: [string, Num][]; expr: Num }
  | { name: string; type: "boolean"; lets: [string, Num][]; expr: Bool }
  | { name: string; type: "table"; table: Table };

interface FunctionDef {
  name: string;
  params: string[];
  body: Num;
}

type InputKind = "number" | "boolean" | "choice" | "date" | "list";
interface Input {
  name: string;
  kind: InputKind;
  /** choices: the values */
  values?: string[];
  /** numbers: declared `number >= 0` */
  nonNegative?: boolean;
}

export interface TypedModel {
  seed: number;
  inputs: Input[];
  functions: FunctionDef[];
  decisions: Decision[];
}

/** the fields of a list's items (one list input, of structs) */
const ITEM_FIELDS: { name: string; kind: Exclude<InputKind, "list">; values?: string[] }[] = [
  { name: "amount", kind: "number" },
  { name: "qty", kind: "number" },
  { name: "flag", kind: "boolean" },
  { name: "kind", kind: "choice", values: ["retail", "trade", "staff"] },
  { name: "when", kind: "date" },
];

const NUMBER_NAMES = [
  "income",
  "loan amount",
  "age",
  "rate",
  "term months",
  "score",
  "balance",
  "credit limit",
  "debt",
  "price",
  "weight",
  "distance",
];
const BOOLEAN_NAMES = ["is member", "has guarantor"];
const CHOICE_NAMES: [string, string[]][] = [
  ["region", ["north", "south", "east", "west"]],
  ["tier", ["bronze", "silver", "gold"]],
];
const DATE_NAMES = ["start date"];
const LIST_NAMES = ["orders"];
const DATES = ["2019-06-30", "2020-01-01", "2021-03-15", "2022-12-31", "2023-07-01", "2024-02-29"];

type Rnd = () => number;

class Gen {
  constructor(readonly rnd: Rnd) {}
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.rnd() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rnd() * xs.length)]!;
  }
  chance(p: number): boolean {
    return this.rnd() < p;
  }
  /** one of the choices, each as often as its weight says */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    let r = this.rnd() * choices.reduce((sum, [, w]) => sum + w, 0);
    for (const [choice, w] of choices) if ((r -= w) < 0) return choice;
    return choices.at(-1)![0];
  }
  /** a non-negative literal: mostly small integers, some with two or three decimals */
  literal(): string {
    const r = this.rnd();
    if (r < 0.55) return String(this.int(0, 20));
    if (r < 0.75) return String(this.int(0, 1000));
    if (r < 0.9) return (this.int(1, 999) / 100).toString();
    return (this.int(1, 999) / 1000).toString();
  }
  positiveLiteral(): string {
    const r = this.rnd();
    if (r < 0.6) return String(this.int(1, 12));
    if (r < 0.8) return String(this.int(1, 1000));
    return (this.int(1, 999) / 100).toString();
  }
}

/** what an expression may read where it is drawn */
interface Scope {
  numbers: Ref[];
  booleans: Ref[];
  choices: { ref: Ref; values: string[] }[];
  dates: Ref[];
  lists: string[];
  functions: FunctionDef[];
  /** names bound already (loop variables must be fresh) */
  taken: Set<string>;
}

const fieldRefs = (of: string | null, kind: InputKind) => ITEM_FIELDS.filter((f) => f.kind === kind).map((f) => ({ name: f.name, of }));

/** the scope inside a filter of `list` (the item's fields, bare) or a loop over it (`v.field`) */
function itemScope(s: Scope, of: string | null): Scope {
  return {
    ...s,
    numbers: [...s.numbers, ...fieldRefs(of, "number")],
    booleans: [...s.booleans, ...fieldRefs(of, "boolean")],
    choices: [
      ...s.choices,
      ...ITEM_FIELDS.filter((f) => f.kind === "choice").map((f) => ({ ref: { name: f.name, of }, values: f.values! })),
    ],
    dates: [...s.dates, ...fieldRefs(of, "date")],
    // no nested filter reads the outer item's bare fields
    lists: of === null ? [] : s.lists,
    taken: of === null ? s.taken : new Set([...s.taken, of]),
  };
}

const LOOP_VARS = ["o", "v", "w", "u"];

function freshLoopVar(s: Scope): string | null {
  return LOOP_VARS.find((v) => !s.taken.has(v)) ?? null;
}

class Exprs extends Gen {
  num(s: Scope, depth: number): Num {
    if (depth <= 0 || this.chance(0.18)) return this.numLeaf(s);
    const forms: (() => Num | null)[] = [
      () => ({ k: "arith", op: this.pick(["+", "-", "*"] as const), a: this.num(s, depth - 1), b: this.num(s, depth - 1) }),
      () => ({ k: "arith", op: this.pick(["+", "-", "*"] as const), a: this.num(s, depth - 1), b: this.num(s, depth - 1) }),
      () => ({ k: "arith", op: this.pick(["+", "*"] as const), a: this.num(s, depth - 1), b: this.numLeaf(s) }),
      () => ({ k: "div", a: this.num(s, depth - 1), b: this.divisor(s, depth - 1) }),
      () => ({ k: "pow", a: this.num(s, Math.min(depth - 1, 1)), n: this.pick([2, 3] as const) }),
      () => ({ k: "neg", a: this.num(s, depth - 1) }),
      () => ({ k: "if", c: this.bool(s, depth - 1), a: this.num(s, depth - 1), b: this.num(s, depth - 1) }),
      () => ({ k: "builtin", fn: this.pick(["abs", "floor", "ceiling", "sqrt"] as const), args: [this.num(s, depth - 1)] }),
      () => ({
        k: "builtin",
        fn: this.pick(["min", "max"] as const),
        args: Array.from({ length: this.int(2, 3) }, () => this.num(s, depth - 1)),
      }),
      () => ({ k: "builtin", fn: "modulo", args: [this.num(s, depth - 1), { k: "lit", text: this.positiveLiteral() }] }),
      () => ({ k: "builtin", fn: "decimal", args: [this.num(s, depth - 1), { k: "lit", text: String(this.int(0, 3)) }] }),
      () => {
        if (s.functions.length === 0) return null;
        const f = this.pick(s.functions);
        return { k: "call", fn: f.name, args: f.params.map(() => this.num(s, depth - 1)) };
      },
      () =>
        s.lists.length === 0
          ? null
          : { k: "count", list: this.pick(s.lists), where: this.chance(0.8) ? this.bool(itemScope(s, null), 1) : null },
      () =>
        s.lists.length === 0
          ? null
          : {
              k: "agg",
              fn: this.pick(["sum", "sum", "min", "max", "mean"] as const),
              list: this.pick(s.lists),
              where: this.chance(0.6) ? this.bool(itemScope(s, null), 1) : null,
              field: this.pick(fieldRefs(null, "number")).name,
            },
      () => {
        const v = freshLoopVar(s);
        if (v === null) return null;
        const fn = this.pick(["sum", "sum", "min", "max"] as const);
        if (s.lists.length > 0 && this.chance(0.6)) {
          return { k: "for", fn, v, over: { list: this.pick(s.lists) }, body: this.num(itemScope(s, v), depth - 1) };
        }
        const from = this.int(0, 3);
        const inner = { ...s, numbers: [...s.numbers, { name: v }], taken: new Set([...s.taken, v]) };
        return { k: "for", fn, v, over: { from, to: from + this.int(0, 11) }, body: this.num(inner, depth - 1) };
      },
      () => {
        const names = ["a", "b", "c"].slice(0, this.int(2, 3)).filter((n) => !s.taken.has(n));
        if (names.length < 2) return null;
        const entries: [string, Num][] = [];
        let inner = s;
        for (const n of names) {
          entries.push([n, this.num(inner, depth - 1)]);
          inner = { ...inner, numbers: [...inner.numbers, { name: n }], taken: new Set([...inner.taken, n]) };
        }
        // the result entry reads every entry before it: no entry is computed for nothing
        const last = entries.length - 1;
        entries[last] = [entries[last]![0], using(this, entries[last]![1], names.slice(0, last))];
        return { k: "context", entries };
      },
    ];
    // an operation on literals alone is one no author writes (and either side would fold it)
    for (let tries = 0; ; tries++) {
      const made = this.pick(forms)();
      if (made && (tries >= 8 || s.numbers.length === 0 || !constant(made))) return made;
    }
  }

  numLeaf(s: Scope): Num {
    return s.numbers.length > 0 && this.chance(0.6) ? { k: "ref", ref: this.pick(s.numbers) } : { k: "lit", text: this.literal() };
  }

  /** a positive number: a literal, or abs(e) plus one */
  divisor(s: Scope, depth: number): Num {
    return this.chance(0.5)
      ? { k: "lit", text: this.positiveLiteral() }
      : { k: "arith", op: "+", a: { k: "builtin", fn: "abs", args: [this.num(s, depth)] }, b: { k: "lit", text: this.positiveLiteral() } };
  }

  bool(s: Scope, depth: number): Bool {
    const leaves: (() => Bool | null)[] = [
      () => ({ k: "cmp", op: this.pick(["<", "<=", ">", ">=", "=", "!="] as const), a: this.num(s, depth - 1), b: this.num(s, depth - 1) }),
      () => ({ k: "cmp", op: this.pick(["<", "<=", ">", ">="] as const), a: this.num(s, depth - 1), b: this.numLeaf(s) }),
      () => (s.booleans.length === 0 ? null : { k: "ref", ref: this.pick(s.booleans) }),
      () => {
        if (s.choices.length === 0) return null;
        const c = this.pick(s.choices);
        const values = c.values.filter(() => this.chance(0.4));
        return { k: "text", ref: c.ref, values: values.length > 0 ? values : [c.values[0]!], negate: this.chance(0.25) };
      },
      () =>
        s.dates.length === 0
          ? null
          : { k: "date", ref: this.pick(s.dates), op: this.pick(["<", "<=", ">", ">="] as const), date: this.pick(DATES) },
    ];
    const compound: (() => Bool | null)[] = [
      () => ({ k: this.pick(["and", "or"] as const), a: this.bool(s, depth - 1), b: this.bool(s, depth - 1) }),
      () => ({ k: "not", a: this.bool(s, depth - 1) }),
      () => ({ k: "between", v: this.num(s, depth - 1), lo: this.numLeaf(s), hi: this.num(s, depth - 1) }),
      () => {
        const v = freshLoopVar(s);
        if (v === null || s.lists.length === 0) return null;
        return {
          k: "quant",
          q: this.pick(["some", "every"] as const),
          v,
          list: this.pick(s.lists),
          cond: this.bool(itemScope(s, v), depth - 1),
        };
      },
    ];
    const forms = depth <= 0 ? leaves : [...leaves, ...compound];
    for (let tries = 0; ; tries++) {
      const made = this.pick(forms)();
      if (made && (tries >= 8 || s.numbers.length === 0 || !constant(made))) return made;
    }
  }
}

/** whether the tree reads nothing: no name, field or list */
const constant = (e: Num | Bool): boolean => !/"(ref|list)":/.test(JSON.stringify(e));

/** whether the tree reads the name `name` (not a field) */
const reads = (e: Num | Bool, name: string): boolean => JSON.stringify(e).includes(`"ref":{"name":${JSON.stringify(name)}}`);

/** `e`, combined with each of `names` it does not read: a `let` or context entry is computed to be used */
function using(g: Gen, e: Num, names: string[]): Num {
  return names
    .filter((n) => !reads(e, n))
    .reduce<Num>((a, n) => ({ k: "arith", op: g.pick(["+", "-", "*"] as const), a, b: { k: "ref", ref: { name: n } } }), e);
}

// --- tables -------------------------------------------------------------------------------------

class Tables extends Exprs {
  numberCell(): Cell {
    const r = this.rnd();
    const lit = () => String(this.int(-10, 300));
    if (r < 0.35) return { k: "cmp", op: this.pick(["<", "<=", ">", ">="] as const), value: lit() };
    if (r < 0.65) {
      const lo = this.int(-10, 250);
      return { k: "range", lo: String(lo), hi: String(lo + this.int(1, 100)), loIn: this.chance(0.7), hiIn: this.chance(0.5) };
    }
    if (r < 0.75) return { k: "eq", value: lit() };
    if (r < 0.82) return { k: "cmp", op: "!=", value: lit() };
    if (r < 0.92)
      return {
        k: "or",
        cells: [
          { k: "cmp", op: "<", value: String(this.int(-10, 50)) },
          { k: "cmp", op: ">", value: String(this.int(100, 300)) },
        ],
      };
    return { k: "not", cells: [{ k: "range", lo: String(this.int(0, 50)), hi: String(this.int(60, 200)), loIn: true, hiIn: true }] };
  }
  choiceCell(values: string[]): Cell {
    const chosen = values.filter(() => this.chance(0.35));
    const cells: Cell[] = (chosen.length > 0 ? chosen : [values[0]!]).map((v) => ({ k: "eq", value: v }));
    if (chosen.length < values.length && this.chance(0.2)) return { k: "not", cells };
    return cells.length === 1 ? cells[0]! : { k: "or", cells };
  }
  dateCell(): Cell {
    if (this.chance(0.6)) return { k: "cmp", op: this.pick(["<", ">="] as const), value: this.pick(DATES) };
    const [a, b] = [this.int(0, DATES.length - 2), 0];
    const hi = this.int(a + 1 + b, DATES.length - 1);
    return { k: "range", lo: DATES[a]!, hi: DATES[hi]!, loIn: true, hiIn: this.chance(0.5) };
  }
  cell(c: Column, values: string[] | undefined): Cell {
    if (this.chance(0.35)) return { k: "any" };
    switch (c.kind) {
      case "number":
        return this.numberCell();
      case "choice":
        return this.choiceCell(values!);
      case "boolean":
        return { k: "eq", value: String(this.chance(0.5)) };
      case "date":
        return this.dateCell();
    }
  }

  /** cells splitting the column's values into parts that cover each value once: the columns of a UNIQUE grid */
  partition(c: Column, values: string[] | undefined): Cell[] {
    const split = (cuts: string[]): Cell[] => [
      { k: "cmp", op: "<", value: cuts[0]! },
      ...cuts.slice(1).map((hi, i): Cell => ({ k: "range", lo: cuts[i]!, hi, loIn: true, hiIn: false })),
      { k: "cmp", op: ">=", value: cuts.at(-1)! },
    ];
    switch (c.kind) {
      case "number": {
        const cuts = new Set(Array.from({ length: this.int(1, 6) }, () => this.int(-10, 300)));
        return split([...cuts].sort((a, b) => a - b).map(String));
      }
      case "choice":
        return values!.map((value) => ({ k: "eq", value }));
      case "boolean":
        return ["true", "false"].map((value) => ({ k: "eq", value }));
      case "date": {
        const cuts = DATES.filter(() => this.chance(0.4)).slice(0, 3);
        return split(cuts.length > 0 ? cuts : [this.pick(DATES)]);
      }
    }
  }

  /** random rules (each testing something), as a FIRST table has before its else row */
  randomRules(columns: { column: Column; values?: string[] }[], count: number): Cell[][] {
    const body: Cell[][] = [];
    for (let i = 0; i < count; i++) {
      const row = columns.map((c) => this.cell(c.column, c.values));
      if (!row.some((c) => c.k !== "any")) {
        const j = this.int(0, row.length - 1);
        row[j] = this.cell(columns[j]!.column, columns[j]!.values);
      }
      if (!row.some((c) => c.k !== "any")) continue;
      body.push(row);
    }
    return body;
  }

  /**
   * The rules of a UNIQUE or ANY table as authors write them: a grid of the columns' partitions
   * (every state matches one rule), up to about `count` rules; `lead` is the column whose part
   * alone picks an ANY table's output.
   */
  grid(columns: { column: Column; values?: string[] }[], count: number): { rows: Cell[][]; lead: number } {
    let rows: Cell[][] = [columns.map((): Cell => ({ k: "any" }))];
    let lead = -1;
    for (const [j, c] of columns.entries()) {
      if (rows.length >= count) break;
      const parts = this.partition(c.column, c.values);
      if (rows.length * parts.length > 500) continue;
      rows = rows.flatMap((r) => parts.map((p) => r.map((x, i) => (i === j ? p : x))));
      if (lead < 0) lead = j;
    }
    return { rows, lead: Math.max(lead, 0) };
  }

  /** a copy of a rule with one tested cell (not column `keep`, when it has another) made `-`: it overlaps its neighbours */
  widened(row: Cell[], keep: number): Cell[] {
    const tested = row.map((c, j) => j).filter((j) => row[j]!.k !== "any" && j !== keep);
    if (tested.length === 0) return [...row];
    const j = this.pick(tested);
    return row.map((c, i) => (i === j ? { k: "any" } : c));
  }

  outputCell(s: Scope): Num {
    return this.chance(0.85) ? { k: "lit", text: this.literal() } : this.num(s, 1);
  }

  /** number, choice or boolean cells for `count` rules, in the proportions of FIRST tables */
  anyOutput(s: Scope, count: number): Output {
    const kind = this.rnd();
    if (kind < 0.6) return { type: "number", cells: Array.from({ length: count }, () => this.outputCell(s)) };
    if (kind < 0.85) return this.choiceOutput(count);
    return { type: "boolean", cells: Array.from({ length: count }, () => this.chance(0.5)) };
  }

  /** one more output cell of the output's type */
  cellLike(output: Output, s: Scope): unknown {
    return output.type === "number" ? this.outputCell(s) : output.type === "choice" ? this.pick(output.values) : this.chance(0.5);
  }

  choiceOutput(count: number): Output {
    const values = ["approve", "refer", "decline", "review"].slice(0, this.int(2, 4));
    return { type: "choice", values, cells: Array.from({ length: count }, () => this.pick(values)) };
  }

  table(s: Scope, hit: HitPolicy): Table {
    const available: (() => { column: Column; values?: string[] } | null)[] = [
      () => (s.numbers.length === 0 ? null : { column: { kind: "number", heading: this.pick(s.numbers) } }),
      () => ({ column: { kind: "number", heading: this.num(s, 2) } }),
      () => {
        if (s.choices.length === 0) return null;
        const c = this.pick(s.choices);
        return { column: { kind: "choice", heading: c.ref }, values: c.values };
      },
      () => (s.booleans.length === 0 ? null : { column: { kind: "boolean", heading: this.pick(s.booleans) } }),
      () => (s.dates.length === 0 ? null : { column: { kind: "date", heading: this.pick(s.dates) } }),
    ];
    const count = this.int(1, 5);
    const columns: { column: Column; values?: string[] }[] = [];
    while (columns.length < count) {
      const c = this.pick(available)();
      if (c) columns.push(c);
    }
    // 5 to 500 rules, log-uniform
    const rules = Math.round(Math.exp(Math.log(5) + this.rnd() * (Math.log(500) - Math.log(5))));
    const made = { hit, columns: columns.map((c) => c.column) };
    const elseRow = () => columns.map((): Cell => ({ k: "any" }));
    if (hit === "UNIQUE" || hit === "ANY") return { ...made, ...this.gridTable(s, hit, columns, rules) };
    const body = this.randomRules(columns, rules - 1);
    // FIRST and PRIORITY tables end in an else row (never null); aggregates half the time, lists less often
    const withElse =
      hit === "FIRST" ||
      hit === "PRIORITY" ||
      (["COLLECT SUM", "COLLECT MIN", "COLLECT MAX"].includes(hit) ? this.chance(0.5) : this.chance(0.3));
    if (withElse || body.length === 0) body.push(elseRow());
    const n = body.length;
    const aggregate = hit.startsWith("COLLECT ");
    const output = aggregate
      ? { type: "number" as const, cells: body.map(() => this.outputCell(s)) }
      : hit === "PRIORITY" || hit === "OUTPUT ORDER"
        ? this.choiceOutput(n)
        : this.anyOutput(s, n);
    // COUNT is never null; SUM, MIN and MAX are when nothing matches
    const readable = hit === "FIRST" || hit === "PRIORITY" || hit === "COLLECT COUNT" || (aggregate && withElse);
    return { ...made, rules: body, output, readable };
  }

  /**
   * A UNIQUE or ANY table: a grid, and now and then a rule overlapping others, which for ANY
   * gives the same output as the rules it overlaps (but for one in four tables, another); a
   * table that can violate its policy is null on some states and read by no later decision.
   */
  gridTable(
    s: Scope,
    hit: "UNIQUE" | "ANY",
    columns: { column: Column; values?: string[] }[],
    count: number,
  ): Pick<Table, "rules" | "output" | "readable"> {
    const { rows, lead } = this.grid(columns, count);
    const n = rows.length;
    const output = this.anyOutput(s, n);
    // an ANY table's output follows the lead column's part: a rule widened elsewhere agrees
    const byPart = new Map<string, number>();
    const partOf = (row: Cell[]) => {
      const key = JSON.stringify(row[lead]);
      if (!byPart.has(key)) byPart.set(key, byPart.size);
      return byPart.get(key)!;
    };
    const cells = output.cells as unknown[];
    const drawn = [...cells];
    if (hit === "ANY") rows.forEach((r, i) => (cells[i] = drawn[partOf(r)]));
    const violating = this.chance(0.25);
    const extra = hit === "ANY" ? this.int(1, Math.max(1, Math.round(n / 5))) : violating ? 1 : 0;
    for (let i = 0; i < extra; i++) {
      const from = this.int(0, rows.length - 1);
      const at = this.int(0, rows.length);
      // the widened rule's output: its own rule's (agreeing), or for the last extra rule of a violating ANY table, another
      const disagree = hit === "ANY" && violating && i === extra - 1;
      cells.splice(at, 0, disagree ? this.cellLike(output, s) : cells[from]);
      rows.splice(at, 0, this.widened(rows[from]!, lead));
    }
    return { rules: rows, output, readable: !violating };
  }
}

// --- models -------------------------------------------------------------------------------------

function shuffled<T>(g: Gen, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = g.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** the weights that draw FIRST tables alone: the models the generator drew before it drew other policies */
export const FIRST_ONLY: typeof HIT_WEIGHTS = [["FIRST", 1]];

/** one random model, the same for the same seed (and hit weights) */
export function typedModel(seed: number, hitWeights = HIT_WEIGHTS): TypedModel {
  const g = new Tables(seeded(seed));
  // hit policies from a stream of their own: a model whose tables are all FIRST is the one drawn before there were others
  const hits = new Gen(seeded(seed ^ 0x5bd1e995));
  const inputs: Input[] = [
    ...shuffled(g, NUMBER_NAMES)
      .slice(0, g.int(1, 6))
      .map((name): Input => ({ name, kind: "number", nonNegative: g.chance(0.4) })),
    ...shuffled(g, BOOLEAN_NAMES)
      .slice(0, g.int(0, 2))
      .map((name): Input => ({ name, kind: "boolean" })),
    ...shuffled(g, CHOICE_NAMES)
      .slice(0, g.int(0, 2))
      .map(([name, values]): Input => ({ name, kind: "choice", values })),
    ...(g.chance(0.5) ? [{ name: DATE_NAMES[0]!, kind: "date" as const }] : []),
    ...(g.chance(0.6) ? [{ name: LIST_NAMES[0]!, kind: "list" as const }] : []),
  ];
  const functions: FunctionDef[] = [];
  for (let i = 0, n = g.int(0, 3); i < n; i++) {
    const params = ["p", "q", "r"].slice(0, g.int(1, 3));
    const scope: Scope = {
      numbers: params.map((name) => ({ name })),
      booleans: [],
      choices: [],
      dates: [],
      lists: [],
      functions: [...functions],
      taken: new Set(params),
    };
    // a function reads every parameter it declares
    functions.push({ name: `f${i + 1}`, params, body: using(g, g.num(scope, g.int(1, 3)), params) });
  }
  const scope: Scope = {
    numbers: inputs.filter((i) => i.kind === "number").map((i) => ({ name: i.name })),
    booleans: inputs.filter((i) => i.kind === "boolean").map((i) => ({ name: i.name })),
    choices: inputs.filter((i) => i.kind === "choice").map((i) => ({ ref: { name: i.name }, values: i.values! })),
    dates: inputs.filter((i) => i.kind === "date").map((i) => ({ name: i.name })),
    lists: inputs.filter((i) => i.kind === "list").map((i) => i.name),
    functions,
    taken: new Set(),
  };
  const decisions: Decision[] = [];
  for (let i = 0, n = g.int(1, 8); i < n; i++) {
    const name = `step ${i + 1}`;
    const r = g.rnd();
    if (r < 0.25) {
      const table = g.table(scope, hits.weighted(hitWeights));
      decisions.push({ name, type: "table", table });
      if (!table.readable) continue;
      if (table.output.type === "number") scope.numbers = [...scope.numbers, { name }];
      else if (table.output.type === "boolean") scope.booleans = [...scope.booleans, { name }];
      else scope.choices = [...scope.choices, { ref: { name }, values: table.output.values }];
      continue;
    }
    const lets: [string, Num][] = [];
    let inner = scope;
    if (g.chance(0.35))
      for (let j = 0, m = g.int(1, 3); j < m; j++) {
        const local = `part ${j + 1}`;
        lets.push([local, g.num(inner, g.int(1, 3))]);
        inner = { ...inner, numbers: [...inner.numbers, { name: local }] };
      }
    const parts = lets.map(([n]) => n);
    if (r < 0.4) {
      const expr = g.bool(inner, g.int(1, 3));
      const unread = parts.filter((n) => !reads(expr, n));
      const withLets: Bool =
        unread.length === 0
          ? expr
          : { k: "and", a: expr, b: { k: "cmp", op: ">=", a: using(g, { k: "lit", text: "0" }, unread), b: g.numLeaf(inner) } };
      decisions.push({ name, type: "boolean", lets, expr: withLets });
      scope.booleans = [...scope.booleans, { name }];
    } else {
      decisions.push({ name, type: "number", lets, expr: using(g, g.num(inner, g.int(1, 4)), parts) });
      scope.numbers = [...scope.numbers, { name }];
    }
  }
  return { seed, inputs, functions, decisions };
}

// --- FEEL text ----------------------------------------------------------------------------------

const ref = (r: Ref) => (r.of ? `${r.of}.${r.name}` : r.name);
const par = (t: string) => `(${t})`;

function feelNum(e: Num): string {
  switch (e.k) {
    case "lit":
      return e.text;
    case "ref":
      return ref(e.ref);
    case "arith":
      return `${par(feelNum(e.a))} ${e.op} ${par(feelNum(e.b))}`;
    case "div":
      return `${par(feelNum(e.a))} / ${par(feelNum(e.b))}`;
    case "pow":
      return `${par(feelNum(e.a))} ** ${e.n}`;
    case "neg":
      return `-${par(feelNum(e.a))}`;
    case "if":
      return `if ${feelBool(e.c)} then ${feelNum(e.a)} else ${feelNum(e.b)}`;
    case "builtin":
      return e.fn === "sqrt" ? `sqrt(abs(${feelNum(e.args[0]!)}))` : `${e.fn}(${e.args.map(feelNum).join(", ")})`;
    case "call":
      return `${e.fn}(${e.args.map(feelNum).join(", ")})`;
    case "count":
      return `count(${e.list}${e.where ? `[${feelBool(e.where)}]` : ""})`;
    case "agg":
      return `${e.fn}(${e.list}${e.where ? `[${feelBool(e.where)}]` : ""}.${e.field})`;
    case "for": {
      const over = "list" in e.over ? e.over.list : `${e.over.from}..${e.over.to}`;
      return `${e.fn}(for ${e.v} in ${over} return ${feelNum(e.body)})`;
    }
    case "context":
      return `{${e.entries.map(([n, v]) => `${n}: ${feelNum(v)}`).join(", ")}}.${e.entries.at(-1)![0]}`;
  }
}

const quote = (s: string) => JSON.stringify(s);

function feelBool(e: Bool): string {
  switch (e.k) {
    case "cmp":
      return `${par(feelNum(e.a))} ${e.op} ${par(feelNum(e.b))}`;
    case "and":
    case "or":
      return `${par(feelBool(e.a))} ${e.k} ${par(feelBool(e.b))}`;
    case "not":
      return `not(${feelBool(e.a)})`;
    case "between":
      return `${par(feelNum(e.v))} between ${par(feelNum(e.lo))} and ${par(feelNum(e.hi))}`;
    case "ref":
      return ref(e.ref);
    case "text": {
      const test =
        e.values.length === 1 ? `${ref(e.ref)} = ${quote(e.values[0]!)}` : `${ref(e.ref)} in (${e.values.map(quote).join(", ")})`;
      return e.negate ? `not(${test})` : test;
    }
    case "date":
      return `${ref(e.ref)} ${e.op} date(${quote(e.date)})`;
    case "quant":
      return `${e.q} ${e.v} in ${e.list} satisfies ${feelBool(e.cond)}`;
  }
}

function feelCell(c: Cell, kind: ColumnKind): string {
  const value = (v: string) => (kind === "date" ? `date(${quote(v)})` : v);
  switch (c.k) {
    case "any":
      return "-";
    case "cmp":
      return `${c.op} ${value(c.value)}`;
    case "eq":
      return value(c.value);
    case "range":
      return `${c.loIn ? "[" : "("}${value(c.lo)}..${value(c.hi)}${c.hiIn ? "]" : ")"}`;
    case "or":
      return c.cells.map((x) => feelCell(x, kind)).join(", ");
    case "not":
      return `not(${c.cells.map((x) => feelCell(x, kind)).join(", ")})`;
  }
}

function tableRows(t: Table): string[][] {
  const heading = (c: Column) => ("k" in c.heading ? feelNum(c.heading) : ref(c.heading));
  const out = t.output;
  const outHeading = out.type === "number" ? "=> number" : out.type === "boolean" ? "=> boolean" : `=> ${out.values.join("|")}`;
  const outCell = (i: number) => (out.type === "number" ? feelNum(out.cells[i]!) : String(out.cells[i]));
  return [
    [...t.columns.map(heading), outHeading],
    ...t.rules.map((r, i) => [...r.map((c, j) => feelCell(c, t.columns[j]!.kind)), outCell(i)]),
  ];
}

const DESC: Record<InputKind, string> = {
  number: "How much is it?",
  boolean: "Does it hold?",
  choice: "Which one is it?",
  date: "On what date?",
  list: "Which orders are there?",
};

function inputType(i: Input): unknown {
  switch (i.kind) {
    case "number":
      return i.nonNegative ? "number >= 0" : "number";
    case "choice":
      return i.values!.join("|");
    case "list":
      return [Object.fromEntries(ITEM_FIELDS.map((f) => [f.name, f.kind === "choice" ? f.values!.join("|") : f.kind]))];
    default:
      return i.kind;
  }
}

/** how the model compiles: strictly, unless a table has a hit policy other than FIRST (lenient, as imported DMN is) */
export function compileOptionsOf(m: TypedModel): { strict: boolean } {
  return { strict: m.decisions.every((d) => d.type !== "table" || d.table.hit === "FIRST") };
}

/** the model in the content format */
export function contentOf(m: TypedModel): { content: Record<string, unknown>; questions: Record<string, never> } {
  const decisions = Object.fromEntries(
    m.decisions.map((d) => {
      if (d.type === "table")
        return [d.name, d.table.hit === "FIRST" ? tableRows(d.table) : { table: tableRows(d.table), hit: d.table.hit }];
      const expr = d.type === "number" ? feelNum(d.expr) : feelBool(d.expr);
      return [d.name, d.lets.length === 0 ? expr : { let: Object.fromEntries(d.lets.map(([n, e]) => [n, feelNum(e)])), expr }];
    }),
  );
  return {
    content: {
      name: `generated ${m.seed}`,
      inputs: Object.fromEntries(m.inputs.map((i) => [i.name, { type: inputType(i), desc: DESC[i.kind] }])),
      ...(m.functions.length > 0
        ? {
            functions: Object.fromEntries(
              m.functions.map((f) => [
                f.name,
                { params: Object.fromEntries(f.params.map((p) => [p, "number"])), returns: "number", body: feelNum(f.body) },
              ]),
            ),
          }
        : {}),
      decisions,
    },
    questions: {},
  };
}

// --- states -------------------------------------------------------------------------------------

function numberValue(g: Gen, nonNegative: boolean): number {
  const r = g.rnd();
  const magnitude = r < 0.5 ? g.int(0, 300) : r < 0.8 ? g.int(0, 99_999) / 100 : g.int(0, 5000);
  return nonNegative || g.chance(0.75) ? magnitude : -magnitude;
}

const dateValue = (g: Gen) => `${g.int(2018, 2025)}-${String(g.int(1, 12)).padStart(2, "0")}-${String(g.int(1, 28)).padStart(2, "0")}`;

function fieldValue(g: Gen, f: (typeof ITEM_FIELDS)[number]): unknown {
  switch (f.kind) {
    case "number":
      return numberValue(g, true);
    case "boolean":
      return g.chance(0.5);
    case "choice":
      return g.pick(f.values!);
    case "date":
      return dateValue(g);
  }
}

/** `n` null-free states of the model's inputs, the same for the same seed */
export function typedStates(m: TypedModel, n: number, seed: number): Record<string, unknown>[] {
  const g = new Gen(seeded(seed));
  return Array.from({ length: n }, () =>
    Object.fromEntries(
      m.inputs.map((i) => {
        switch (i.kind) {
          case "number":
            return [i.name, numberValue(g, i.nonNegative ?? false)];
          case "boolean":
            return [i.name, g.chance(0.5)];
          case "choice":
            return [i.name, g.pick(i.values!)];
          case "date":
            return [i.name, dateValue(g)];
          case "list":
            return [
              i.name,
              Array.from({ length: g.int(1, 12) }, () => Object.fromEntries(ITEM_FIELDS.map((f) => [f.name, fieldValue(g, f)]))),
            ];
        }
      }),
    ),
  );
}
