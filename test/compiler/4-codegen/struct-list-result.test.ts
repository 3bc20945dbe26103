// A decision of a list or struct type is written out by a conversion made once for its declared
// type (runtime/json.ts `jsonConverter`, codegen/json-result.ts): a struct holding exactly its fields in
// order is read straight from its values, anything else goes the general way. Over generated lists
// of structs (fields in order or not, extra fields, numbers of every size and sign), the JSON
// answer must be byte for byte the general conversion (`toJson`) of the same decision's value, and a
// list of structs held to its declared type (runtime/declared.ts) must name the first item that
// breaks a constraint.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileModel, type ModelInput } from "../../../src/compiler/index.js";
import { toJson } from "../../../src/runtime/json.js";

const content = {
  name: "accounts",
  types: { account: { kind: "card|loan", balance: "number", limit: "number > 0", defaulted: "boolean", note: "string" } },
  inputs: { accounts: { type: ["account"], desc: "Which accounts?" } },
  decisions: {
    all: "accounts",
    first: "accounts[1]",
    cards: 'accounts[kind = "card"]',
    made: "for a in accounts return {kind: a.kind, balance: a.balance * 2, limit: a.limit, defaulted: a.defaulted, note: a.note}",
    shifted: {
      type: ["account"],
      expr: "for a in accounts return {kind: a.kind, balance: a.balance, limit: a.limit - 1, defaulted: a.defaulted, note: a.note}",
    },
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

  it("is written out by the conversion made for its type", () => {
    const source = model.loadable.source;
    for (const name of Object.keys(content.decisions)) {
      // the conversion a module constant made once (rt.jsonConverter of the type), called on the value
      const converter = new RegExp(`"${name}": (J\\d+)\\(`).exec(source)?.[1];
      expect(converter, name).toBeDefined();
      expect(source).toMatch(new RegExp(`const ${converter} = rt\\.jsonConverter\\(T\\d+\\);`));
    }
  });

  it("answers what the general conversion of its value gives", () => {
    fc.assert(
      fc.property(fc.array(account, { maxLength: 6 }), (accounts) => {
        const state = { accounts };
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
});
