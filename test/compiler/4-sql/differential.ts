// Differential testing of the SQL backend against the compiled JS module: every state is scored by
// `evaluate` and by the query, and every row must agree — the decisions, the rule each table
// fired, and whether the row is scored at all (a row the input schema rejects never is; a valid
// row is scored exactly when its numbers lie in the query's exact domain).
import { expect } from "vitest";
import { checkModel, compileModel, compileToSql, ruleColumn, SCORED, type SqlQuery } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import type { Digits, ListItems } from "../../../src/compiler/4-sql/query.js";
import { MAX_ITEMS } from "../../../src/compiler/4-sql/lists.js";
import { readsDateTime } from "../../../src/compiler/4-sql/date-time-values.js";
import { Decimal } from "../../../src/runtime/decimal.js";
import { numberFromJson } from "../../../src/runtime/json.js";
import { seeded } from "../../../src/providers/seeded-random.js";
import { sameValue, type Row, type SqlEngine } from "./engines.js";

export interface Disagreement {
  state: Row;
  column: string;
  feel: unknown;
  sql: unknown;
}

export interface Comparison {
  rows: number;
  /** rows the query scored (and so compared decision by decision) */
  scored: number;
  /** valid rows in the domain left unscored as evaluate() throws there: a decision outside its declared type */
  outside: number;
  disagreements: Disagreement[];
}

/** Whether a state's numbers lie in the query's exact domain (a JSON number read as the JS engine reads it). */
function inDomain(query: SqlQuery, state: Row): boolean {
  return query.inputs.every((c) => {
    const v = state[c.input];
    if (c.kind === "datetime" && typeof v === "string") return readsDateTime(v);
    if (c.kind === "list" && Array.isArray(v)) return v.length <= MAX_ITEMS && v.every((item) => itemInDomain(c.items!, item));
    if (c.kind !== "number" || typeof v !== "number") return true;
    return fits(numberFromJson(v) as Decimal, c.digits!);
  });
}

/** A list item's numbers in their exact domains (a struct's fields, or the item itself). */
function itemInDomain(items: ListItems, item: unknown): boolean {
  const number = (v: unknown, d: Digits | undefined) => typeof v !== "number" || fits(numberFromJson(v) as Decimal, d!);
  if (!items.fields) return items.kind !== "number" || number(item, items.digits);
  const row = (item ?? {}) as Row;
  return items.fields.every((f) => f.kind !== "number" || number(row[f.name], f.digits));
}

const fits = (d: Decimal, s: Digits): boolean => d.decimalPlaces() <= s.scale && d.abs().lt(new Decimal(10).pow(s.int));

function sqlQuery(
  model: ModelInput,
  dialect: SqlEngine["dialect"],
  naive = false,
  strict = true,
  narrow?: Record<string, Digits>,
): SqlQuery {
  const r = compileToSql(model, { dialect, naive, strict, narrow });
  if (!r.ok) throw new Error(`no query: ${JSON.stringify(r.diagnostics)}`);
  return r.query;
}

/** Whether evaluate() throws a decision's DeclaredResultError for the state (any other error thrown on). */
function outsideType(m: { evaluate(state: Row): unknown }, state: Row): boolean {
  try {
    m.evaluate(state);
    return false;
  } catch (e) {
    if ((e as { code?: string }).code === "decision.outside-type") return true;
    throw e;
  }
}

/**
 * `strict: false` checks the model as an import (every hit policy), as the query is lowered then
 * too; `narrow`: the inputs' domains narrowed to these digits (as a batch engine does for a file);
 * `queried`: the model the query is made from, by default the model itself (a control gives a
 * wrong one: what a wrong lowering would have written).
 */
export async function compare(
  model: ModelInput,
  states: Row[],
  engine: SqlEngine,
  naive = false,
  strict = true,
  narrow?: Record<string, Digits>,
  queried: ModelInput = model,
): Promise<Comparison> {
  const compiled = compileModel(model, { strict });
  if (!compiled.ok) throw new Error(`the model does not check: ${JSON.stringify(compiled.check.stages.flatMap((s) => s.diagnostics))}`);
  const m = compiled.model;
  const query = sqlQuery(queried, engine.dialect, naive, strict, narrow);
  const rows = await engine.run(query, states);
  const disagreements: Disagreement[] = [];
  let scored = 0;
  let outside = 0;
  states.forEach((state, i) => {
    const row = rows[i];
    const valid = m.validate(state).ok;
    const differ = (column: string, feel: unknown, sql: unknown) => disagreements.push({ state, column, feel, sql });
    if (row === null) {
      if (valid) differ("(row)", "valid", "left out");
      return;
    }
    const domain = valid && inDomain(query, state);
    // a decision outside its declared type: the JS engine's error (the batch engine's fallback writes its record)
    const out = domain && outsideType(m, state);
    const expected = domain && !out;
    if (row[SCORED] !== expected) return differ(SCORED, out ? "outside its declared type" : expected, row[SCORED]);
    if (out) outside++;
    if (!expected) return;
    scored++;
    const values = m.evaluateToValues(state);
    const { trace } = m.evaluateTraced(state);
    for (const d of query.decisions) if (!sameValue(values[d.name] ?? null, row[d.name])) differ(d.name, values[d.name], row[d.name]);
    for (const d of query.rules) {
      const fired = trace[d]?.rule;
      const one = Array.isArray(fired) ? (fired.length === 1 ? fired[0] : null) : (fired ?? null);
      const got = row[ruleColumn(d)];
      if ((one ?? null) !== (got === null ? null : Number(got))) differ(ruleColumn(d), one, got);
    }
  });
  return { rows: states.length, scored, outside, disagreements };
}

/**
 * The model's query in each engine, lenient unless `strict` (lenient: `min(members.age)` keeps its
 * item's bounds as a declared constraint, which a strict model's query tests, a row outside left
 * unscored): no diagnostic, every row agreeing with `evaluate`; the rows scored added to `scored` by
 * dialect.
 */
export async function expectAgreesInEach(
  model: ModelInput,
  states: Row[],
  engines: SqlEngine[],
  scored: Map<string, number>,
  strict = false,
): Promise<void> {
  for (const engine of engines) {
    const where = `${engine.dialect}: ${JSON.stringify(model.content)}`;
    const r = compileToSql(model, { dialect: engine.dialect, strict });
    expect(r.ok ? [] : r.diagnostics, where).toEqual([]);
    const c = await compare(model, states, engine, false, strict);
    expect(c.disagreements.slice(0, 3), where).toEqual([]);
    scored.set(engine.dialect, (scored.get(engine.dialect) ?? 0) + c.scored);
  }
}

/**
 * Each random model checks valid and agrees with `evaluate` in every engine (`expectAgreesInEach`,
 * `strict` as there) on the states `hitting` gives it plus `states` (30) of its input schema's edges;
 * and the test is not vacuous: more than `floor` rows (by default `hitting`'s rows of every model) are
 * scored in every dialect, over all the models.
 */
export async function expectEveryModelAgrees(
  models: ModelInput[],
  hitting: (i: number) => Row[],
  engines: SqlEngine[],
  { strict = false, states = 30, floor }: { strict?: boolean; states?: number; floor?: number } = {},
): Promise<void> {
  const scored = new Map<string, number>();
  let hit = 0;
  for (const [i, m] of models.entries()) {
    const check = checkModel(m);
    expect(check.valid, JSON.stringify(m.content)).toBe(true);
    const hits = hitting(i + 1);
    hit += hits.length;
    await expectAgreesInEach(m, [...hits, ...statesFor(check.input, states, i + 1)], engines, scored, strict);
  }
  for (const engine of engines) expect(scored.get(engine.dialect)).toBeGreaterThan(floor ?? hit);
}

/**
 * Each of `exprs`, decision d0 of a model over `inputs`, agrees with `evaluate` in every engine on
 * `edges` plus 60 of its input schema's states, and its control (the naive translation) disagrees on
 * more than two of those rows: the tests can catch what the lowering guards against.
 */
export async function expectControlCaught(
  inputs: Record<string, unknown>,
  exprs: string[],
  edges: Row[],
  engines: SqlEngine[],
): Promise<void> {
  for (const expr of exprs) {
    const m = { content: { name: "control", inputs, decisions: { d0: expr } } } as ModelInput;
    const states = [...edges, ...statesFor(checkModel(m).input, 60, 7)];
    for (const engine of engines) {
      expect((await compare(m, states, engine, false, false)).disagreements, `${engine.dialect}: ${expr}`).toEqual([]);
      const control = await compare(m, states, engine, true, false);
      expect(control.disagreements.length, `${engine.dialect} control: ${expr}`).toBeGreaterThan(2);
    }
  }
}

/**
 * `expr`, decision d of a model over `inputs`, checks valid and is refused in both dialects with one
 * diagnostic, sql.unsupported at `decisions.d`, whose message holds `why`.
 */
export function expectRefusedAtDecision(inputs: Record<string, unknown>, expr: string, why: string | RegExp, strict = true): void {
  const m = { content: { name: "refused", inputs, decisions: { d: expr } } } as ModelInput;
  expect(checkModel(m).valid, expr).toBe(true);
  for (const dialect of ["duckdb", "postgres"] as const) {
    const r = compileToSql(m, { dialect, strict });
    expect(r.ok, `${dialect}: ${expr}`).toBe(false);
    if (!r.ok)
      expect(
        r.diagnostics.map((d) => [d.code, d.address, typeof why === "string" ? d.message.includes(why) : why.test(d.message)]),
        `${dialect}: ${expr}: ${JSON.stringify(r.diagnostics)}`,
      ).toEqual([["sql.unsupported", "decisions.d", true]]);
  }
}

// ---- states that find the edges: ties, nulls, bounds, the exact domain's edges ----

type Schema = Record<string, unknown>;

/** Units whose multiples land exactly on half-way points of common roundings and quotients. */
const TIE_UNITS = [0.3, 0.5, 0.25, 0.125, 0.005, 0.05, 0.015, 0.0625, 0.6, 0.45, 1.5, 7.5];

export function statesFor(schema: Schema, count: number, seed: number): Row[] {
  const rnd = seeded(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const props = schema.properties as Record<string, Schema>;
  const required = new Set(schema.required as string[]);
  // each input is invalid or outside the domain rarely enough that most rows of a wide model are valid
  let odd = Math.min(1, 3 / Object.keys(props).length);

  const number = (s: Schema): unknown => {
    const lo = (s.minimum ?? s.exclusiveMinimum ?? -50000) as number;
    const hi = (s.maximum ?? s.exclusiveMaximum ?? 500000) as number;
    const within = (v: number) => Math.min(hi, Math.max(lo, v));
    const r = rnd();
    if (r < 0.3) return within(int(Math.ceil(lo), Math.floor(hi)));
    if (r < 0.55) {
      const unit = pick(TIE_UNITS);
      return within(Number((Math.round((lo + rnd() * (hi - lo)) / unit) * unit).toFixed(6)));
    }
    if (r < 0.75) return within(Number((lo + rnd() * (hi - lo)).toFixed(int(0, 6))));
    if (r < 0.85 || rnd() > odd) return pick([lo, hi, 0, 1, -1, 0.5, -0.5].filter((v) => v >= lo && v <= hi).concat(lo));
    if (r < 0.9) return pick([lo - 1, hi + 1, lo - 0.001]); // outside the bounds: invalid
    if (r < 0.95) return pick([0.1234567, 1e10, 123456789.5, 5e-7, 1e21]); // outside the exact domain
    return pick(["12", true, null]); // not a number
  };
  const date = (): unknown => {
    const r = rnd();
    if (r < 0.05 * odd) return pick(["2021-02-30", "2020-13-01", "20200101", 20200101]);
    const y = int(1995, 2030);
    const m = int(1, 12);
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const d = r < 0.3 ? last : int(1, last); // month ends often
    return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  };
  // a date's midnight or a clock on it: local, at an offset or in a zone, rarely of no day or out of the domain
  const dateTime = (): unknown => {
    const d = date();
    if (typeof d !== "string" || rnd() < 0.05 * odd) return d;
    const clock = `${pick(["00", "02", "12", "23"])}:${pick(["00", "30", "59"])}:${pick(["00", "59"])}${pick(["", "", ".5", ".000000001"])}`;
    return `${d}T${clock}${pick(["", "", "", "Z", "+02:00", "-05:30", "+14:00", "@Europe/Paris"])}`;
  };
  const text = (): unknown =>
    rnd() < 0.05 * odd ? 7 : pick(["", "a", "b", "A", "ab", "é", "z", "😀", "\uFFFF", "'; DROP TABLE t; --", 'x" y', "back\\slash", "a b"]);
  const value = (s: Schema): unknown => {
    if (Array.isArray(s.enum)) {
      const values = (s.enum as unknown[]).filter((v) => v !== null);
      return rnd() < 0.05 * odd ? "not one of them" : pick(values);
    }
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    const main = types.find((t) => t !== "null");
    if (main === "number") return number(s);
    if (main === "boolean") return rnd() < 0.05 * odd ? "true" : rnd() < 0.5;
    if (main === "string" && s.format === "date") return date();
    if (main === "string" && s.format === "date-time") return dateTime();
    if (main === "string") return text();
    if (main === "array") return list(s.items as Schema);
    if (main === "object") return object(s);
    return null;
  };
  // an object of its properties, rarely one missing or of another kind (invalid)
  const object = (s: Schema): unknown => {
    const out: Row = {};
    for (const [k, f] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
      if (rnd() < 0.02 * odd) continue;
      out[k] = value(f);
    }
    return out;
  };
  // lists of 0 to 6 items (empty often: FEEL's empty sums, counts and quantifiers), rarely a null item or a wrong kind
  const list = (items: Schema): unknown => {
    const r = rnd();
    if (r < 0.02 * odd) return pick([{}, "[]", 3]);
    const n = r < 0.2 ? 0 : int(1, 6);
    const outer = odd;
    // an item's numbers invalid or outside the domain rarely enough that most lists are valid
    odd = outer / 12;
    const out = Array.from({ length: n }, () => (rnd() < 0.03 * outer ? pick([null, 1, "x"]) : value(items)));
    odd = outer;
    return out;
  };
  return Array.from({ length: count }, () => {
    const state: Row = {};
    for (const [name, s] of Object.entries(props)) {
      const r = rnd();
      if (r < 0.03 * odd && required.has(name)) continue; // a required input missing: invalid
      if (r < 0.12 && !required.has(name)) {
        if (rnd() < 0.5) state[name] = null;
        continue;
      }
      state[name] = value(s);
    }
    return state;
  });
}
