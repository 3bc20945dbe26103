// Contexts through SQL: random models whose decisions are contexts — entries reading the inputs and
// the entries before them, names with spaces, a context within a context, a list of contexts made
// by `for` or written as a list (null items too) and filtered, a date of literal numbers, entries
// that are null (a position out of range, a built-in given the wrong kind) — and decisions reading
// them by path. Each is compared with evaluate() row by row: a
// context decision's column is a STRUCT whose fields are the entries in order, each field the
// value FEEL gives it (engines.ts sameValue walks the context and its lists).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare, statesFor } from "./differential.js";
import { useEngines } from "./engines.js";

const engines = useEngines("SQL contexts");

const INPUTS = {
  members: { type: [{ age: "number [0..120]", income: "number", name: "string", flag: "boolean" }], desc: "Who?" },
  k: { type: "number [-10..10]", desc: "k?" },
  s: { type: "string", desc: "s?" },
};

const constant = fc.constantFrom("0", "1", "2", "18", "0.5", "0.005", "-1", "k");

/** A context decision and what may read it, by path (`$` the decision's name). */
interface Form {
  context: (c: string) => string;
  readers: ((d: string, c: string) => string)[];
}

const FORMS: Form[] = [
  {
    context: (c) =>
      `{total: count(members[age >= ${c}]), the share: if total = 0 then null else decimal(sum(members.income) / total, 2), big: total > 2}`,
    readers: [(d) => `${d}.total + 1`, (d) => `${d}.the share`, (d, c) => `if ${d}.big then ${d}.total * ${c} else 0`],
  },
  {
    context: (c) => `{a: k + ${c}, inner: {b: a * 2, c: null, name: s}, d: inner.b + 1}`,
    readers: [(d) => `${d}.inner.b`, (d) => `${d}.d - ${d}.a`, (d) => `${d}.inner.name`],
  },
  {
    context: (c) => `{items: for m in members return {v: m.income * ${c}, adult: m.age >= 18, who: m.name}, n: count(items[adult])}`,
    readers: [(d, c) => `count(${d}.items[v > ${c}])`, (d) => `sum(${d}.items.v)`, (d) => `${d}.n`, (d) => `${d}.items[1].who`],
  },
  {
    context: () => `{first: members[1], age: first.age, last: members[-1].name, far: members[7].income}`,
    readers: [(d) => `${d}.age`, (d) => `${d}.first.income`, (d) => `${d}.far`],
  },
  {
    context: (c) => `{v: if k > ${c} then k else null, w: v + 1, u: not(k), t: string length(s) > 3}`,
    readers: [(d) => `${d}.w`, (d) => `${d}.u`, (d) => `${d}.t`],
  },
  {
    context: (c) =>
      `{total: sum(for m in members return m.income * ${c}), items: for m in members return {v: m.age * ${c}}, recent: members[age > 30]}`,
    readers: [(d) => `${d}.total + count(${d}.items[v > abs(-1)])`, (d) => `sum(${d}.recent.income) + count(${d}.items)`],
  },
  {
    context: (c) =>
      `{pairs: [{a: k, b: "x"}, {a: ${c}, b: s}, null, {a: null, b: null}], big: pairs[a > 0].b, when: date(2021, 6, 30), later: when > date(2020, 2, 29)}`,
    readers: [(d) => `${d}.later`, (d) => `count(${d}.big)`, (d) => `${d}.pairs[2].a`, (d, c) => `sum(${d}.pairs[a < ${c}].a)`],
  },
];

/** Expressions that make a context and read it at once. */
const INLINE: ((c: string) => string)[] = [
  (c) => `{p: ${c}, q: p + k, r: [q, ${c}][item > p]}.q`,
  (c) => `{x: {y: k * ${c}}, z: x.y + 1}.z`,
  (c) => `count(for m in members return {a: m.age})  + {n: ${c}}.n`,
  (c) => `count([{amount: ${c}}, {amount: k}, null][amount >= ${c}])`,
];

const contextModel: fc.Arbitrary<ModelInput> = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...FORMS), constant, fc.array(constant, { minLength: 1, maxLength: 2 })), {
      minLength: 1,
      maxLength: 2,
    }),
    fc.array(fc.tuple(fc.constantFrom(...INLINE), constant), { maxLength: 1 }),
  )
  .map(([contexts, inline]) => {
    const decisions: Record<string, string> = {};
    contexts.forEach(([form, c, cs], i) => {
      const name = `the summary ${i}`;
      decisions[name] = form.context(c);
      cs.forEach((rc, j) => (decisions[`read ${i} ${j}`] = form.readers[(i + j) % form.readers.length]!(name, rc)));
    });
    inline.forEach(([f, c], i) => (decisions[`inline ${i}`] = f(c)));
    return { content: { name: "contexts", inputs: INPUTS, decisions } };
  });

describe("contexts in SQL", () => {
  it("every random context model compiles in each dialect and agrees with evaluate() row by row", { timeout: 600_000 }, async () => {
    const models = fc.sample(contextModel, { numRuns: 40, seed: 20261201 });
    const scored = new Map<string, number>();
    let contexts = 0;
    for (const [i, m] of models.entries()) {
      const check = checkModel(m);
      expect(check.valid, JSON.stringify(m.content)).toBe(true);
      for (const engine of engines) {
        const r = compileToSql(m, { dialect: engine.dialect, strict: false });
        expect(r.ok ? [] : r.diagnostics, `${engine.dialect}: ${JSON.stringify(m.content)}`).toEqual([]);
        if (r.ok && engine.dialect === "duckdb") contexts += r.query.decisions.filter((d) => d.fields).length;
        const c = await compare(m, statesFor(check.input, 100, i + 1), engine, false, false);
        expect(c.disagreements.slice(0, 3), `${engine.dialect}: ${JSON.stringify(m.content)}`).toEqual([]);
        scored.set(engine.dialect, (scored.get(engine.dialect) ?? 0) + c.scored);
      }
    }
    // not vacuous: context columns compared on most rows, in every dialect
    expect(contexts).toBeGreaterThan(40);
    for (const engine of engines) expect(scored.get(engine.dialect)).toBeGreaterThan(40 * 50);
  });

  it("refuses what a STRUCT cannot hold at the decision: two entries of one name in any case, an empty context, a NUL in a name", () => {
    const { k, s } = INPUTS;
    for (const c of ["{a: k, A: 1}", "{}", '{"a\u0000b": k}']) {
      const model: ModelInput = { content: { name: "refused", inputs: { k, s }, decisions: { c } } };
      expect(checkModel(model).valid, c).toBe(true);
      const r = compileToSql(model, { dialect: "duckdb" });
      expect(r.ok, c).toBe(false);
      if (!r.ok) for (const d of r.diagnostics) expect([d.code, d.address], c).toEqual(["sql.unsupported", "decisions.c"]);
    }
  });

  it("PostgreSQL lowers a context holding a context or a list, and its rows agree", { timeout: 60_000 }, async () => {
    const decisions = {
      c: "{a: {b: k, m: s}, l: for i in [1, k] return i, n: {p: {q: k * 2}}}",
      r: "c.n.p.q + count(c.l)",
      q: "count((for m in members return {v: {w: m.age}})[v.w > 3])",
      // an item's context entry that is a null context (members[3] of a shorter list), read and written whole
      v: "(for m in members return {v: members[3], a: m.age})[1].v",
      w: "(for m in members return {v: members[3], a: m.age})[-1].v.name",
      l: "for m in members return {v: members[2], a: m.age}",
    };
    const model: ModelInput = { content: { name: "nested", inputs: INPUTS, decisions } };
    const check = checkModel(model);
    expect(check.valid).toBe(true);
    const r = compileToSql(model, { dialect: "postgres", strict: false });
    expect(r.ok ? [] : r.diagnostics).toEqual([]);
    for (const engine of engines) {
      const c = await compare(model, statesFor(check.input, 100, 5), engine, false, false);
      expect(c.disagreements.slice(0, 3), engine.dialect).toEqual([]);
      expect(c.scored, engine.dialect).toBeGreaterThan(50);
    }
  });
});
