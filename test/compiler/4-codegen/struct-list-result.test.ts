// A decision of a list or struct type is written out by a writer hoisted for its declared type
// (codegen/json-result.ts): a struct holding exactly its fields in order as an object literal of
// them, a list item by item, anything else (a module constant, other fields, another kind) by the
// type's general conversion (runtime/json.ts `jsonConverter`). Over generated lists of structs
// (fields in order or not, extra fields, numbers of every size and sign), contexts made by the
// model (nested, constant in one branch), lists of strings, numbers and lists, the JSON answer must
// be byte for byte the general conversion (`toJson`) of the same decision's value, charged to the
// budget alike (the least size it fits in is the general path's), and a list of structs held to its
// declared type (runtime/declared.ts) must name the first item that breaks a constraint.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel, compileToSource, type ModelInput } from "../../../src/compiler/index.js";
import { BudgetExceeded, withBudget } from "../../../src/runtime/budget.js";
import { jsonConverter, toJson } from "../../../src/runtime/json.js";

const content = {
  name: "accounts",
  types: { account: { kind: "card|loan", balance: "number", limit: "number > 0", defaulted: "boolean", note: "string" } },
  inputs: {
    accounts: { type: ["account"], desc: "Which accounts?" },
    a: { type: "number", desc: "How much?" },
    b: { type: "boolean", desc: "Does it hold?" },
  },
  decisions: {
    all: "accounts",
    first: "accounts[1]",
    cards: 'accounts[kind = "card"]',
    made: "for a in accounts return {kind: a.kind, balance: a.balance * 2, limit: a.limit, defaulted: a.defaulted, note: a.note}",
    shifted: {
      type: ["account"],
      expr: "for a in accounts return {kind: a.kind, balance: a.balance, limit: a.limit - 1, defaulted: a.defaulted, note: a.note}",
    },
    points: '{identity: {age: a, total: a + 1}, flag: b, name: "x", "the count": count(accounts)}',
    maybe: 'if b then {x: 1, y: "k"} else {x: a, y: "m"}',
    constant: '{x: 1, y: ["k", "l"]}',
    notes: "for x in accounts return x.note",
    balances: "for x in accounts return x.balance",
    pairs: "for x in accounts return [x.balance, x.limit]",
    flags: "for x in accounts return {on: x.defaulted}",
    protoKeyed: '{"__proto__": a, ok: 1}',
  },
};

const FIELDS = ["kind", "balance", "limit", "defaulted", "note"];
const number = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.constantFrom(0, -0, 0.1, 1e300, -1e-300));
const account = fc
  .record({
    kind: fc.constantFrom("card", "loan"),
    balance: number,
    limit: fc.oneof(fc.double({ min: 1e-9, max: 1e12, noNaN: true }), fc.double({ min: 1.5, max: 1e6, noNaN: true })),
    defaulted: fc.boolean(),
    note: fc.string({ maxLength: 4 }),
    extra: fc.option(fc.oneof(fc.string(), fc.integer()), { nil: undefined }),
    shuffle: fc.boolean(),
  })
  .map(({ extra, shuffle, ...fields }) => {
    const names = shuffle ? [...FIELDS].reverse() : FIELDS;
    const out: Record<string, unknown> = Object.fromEntries(names.map((n) => [n, fields[n as keyof typeof fields]]));
    if (extra !== undefined) out.extra = extra;
    return out;
  });

describe("a decision of a list of structs", () => {
  const r = compileModel({ content, questions: {} } as unknown as ModelInput, { strict: true });
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages.flatMap((s) => s.diagnostics)));
  const model = r.model;

  it("is written out by the writer hoisted for its type", () => {
    const source = model.loadable.source;
    for (const name of Object.keys(content.decisions)) {
      const writer = new RegExp(`"${name}": ([JW]\\d+)\\(`).exec(source)?.[1];
      expect(writer, name).toBeDefined();
      // a list of numbers or strings, whose items the runtime's one converter of such items writes,
      // and a struct with a `__proto__` field, which an object literal's key would make its
      // prototype, go the general way
      if (["notes", "balances", "protoKeyed"].includes(name))
        expect(source).toMatch(new RegExp(`const ${writer} = rt\\.jsonConverter\\(T\\d+\\);`));
      else
        expect(source).toMatch(
          new RegExp(`const ${writer} = \\(Zv0\\) => (rt\\.listJson\\(Zv0, |\\{ const Zm1 = rt\\.mirrorForJson\\(Zv0, )`),
        );
    }
    // a struct's fields written by their own types' writers, keys written out
    expect(source).toMatch(/"identity": W\d+\(Za2\[0\]\), "flag": \(Za2\[1\] === null \|\| typeof Za2\[1\] === "boolean"/);
  });

  it("answers what the general conversion of its value gives", () => {
    fc.assert(
      fc.property(fc.array(account, { maxLength: 6 }), (accounts) => {
        const state = { accounts, a: 2.5, b: accounts.length % 2 === 0 };
        // a struct whose limit is no longer above 0 puts `shifted` outside its declared type
        const bad = accounts.findIndex((a) => (a.limit as number) <= 1);
        if (bad >= 0) {
          expect(() => model.evaluate(state)).toThrow(`item ${bad + 1}: limit: `);
          return;
        }
        const values = model.evaluateToValues(state);
        const general = Object.fromEntries(Object.keys(content.decisions).map((n) => [n, toJson(values[n] ?? null)]));
        expect(JSON.stringify(model.evaluate(state))).toBe(JSON.stringify(general));
      }),
      { numRuns: 300 },
    );
  });

  it("is charged to the budget as the general conversion", () => {
    // the general way: each decision's value converted by its type's `jsonConverter`, in order, within the same budget
    const compiled = compileToSource({ content, questions: {} } as unknown as ModelInput, { strict: true });
    if (!compiled.ok) throw new Error("no source");
    const general = (state: Record<string, unknown>) => {
      const values = model.evaluateToValues(state);
      return compiled.ir.decisions.map((d) => jsonConverter(d.type)(values[d.name] ?? null));
    };
    const leastSize = (evaluate: () => unknown): number => {
      const fits = (size: number) => {
        try {
          withBudget({ size }, evaluate);
          return true;
        } catch (e) {
          if (e instanceof BudgetExceeded) return false;
          throw e;
        }
      };
      let [low, high] = [0, 1];
      while (!fits(high)) [low, high] = [high, high * 2];
      while (high - low > 1) {
        const mid = (low + high) >> 1;
        if (fits(mid)) high = mid;
        else low = mid;
      }
      return high;
    };
    fc.assert(
      fc.property(
        fc.array(account, { maxLength: 5 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        (accounts, a, b) => {
          const state = { accounts: accounts.map((x) => ({ ...x, limit: 2 + Math.abs(x.limit as number) })), a, b };
          expect(leastSize(() => model.evaluate(state))).toBe(leastSize(() => general(state)));
        },
      ),
      { numRuns: 60 },
    );
  });
});
