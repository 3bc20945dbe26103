// No model text ever runs as SQL: the payloads of an injection suite (quotes, `;`, comments, `$$`,
// backslashes, NUL, names like `x" FROM t; DROP TABLE t; --`) in every name and string position of a
// model — decision names, choice values, string literals in expressions and cells, a list of
// structs' field names, strings in a list literal and a `for`, column names,
// the table's name, the id column — come out as data in both dialects: the query runs, agrees with
// evaluate(), and the table is still there. What a dialect cannot hold (NUL) is refused, never cut.
import { describe, expect, it } from "vitest";
import { compileModel, compileToSql } from "../../../src/compiler/index.js";
import type { ModelInput } from "../../../src/ir/model.js";
import { compare } from "./differential.js";
import { useEngines } from "./engines.js";

export const PAYLOADS = [
  `x" FROM t; DROP TABLE t; --`,
  `'; DROP TABLE t; --`,
  `Robert'); DROP TABLE students;--`,
  "a;b",
  "c /* d */ e",
  "f -- g",
  "$$ h $$",
  "$tag$ i $tag$",
  "back\\slash\\",
  `"double" 'single'`,
  "é 😀 \uffff",
];

const engines = useEngines("SQL injection");

/** Every name and string position of a model holding the payload. */
function modelWith(p: string): ModelInput {
  const literal = JSON.stringify(p);
  return {
    content: {
      name: p,
      inputs: {
        amount: { type: "number", desc: p },
        kind: { type: { $enum: ["plain", p] }, desc: p },
        note: { type: "string", desc: p, blank: true },
        // a list of structs: a field named by the payload (a key of PostgreSQL's jsonb and json), a choice holding it
        people: { type: [{ [p]: "number", tag: { $enum: ["plain", p] } }], desc: p },
      },
      decisions: {
        [p]: `if note = ${literal} then ${literal} else note + ${literal}`,
        [`${p} table`]: [
          ["kind", "note", "=> number"],
          [literal, "-", "1"],
          ["-", literal, "2"],
          ["-", "-", "3"],
        ],
        [`${p} choice`]: { type: { $enum: ["plain", p] }, expr: `if amount > 5 then ${literal} else "plain"` },
        [`${p} length`]: `string length(${literal}) + amount`,
        [`${p} people`]: `count(people[tag = ${literal}]) + sum(for x in people return if x.tag = "plain" then 1 else 0)`,
        [`${p} list`]: `count([${literal}, note, "plain"][item != ${literal}]) + count(people[tag = kind])`,
        [`${p} items`]: `max(for x in people return if x.tag = ${literal} then note else ${literal})`,
      },
    },
  };
}

const states = (p: string) =>
  [p, "plain", `${p}x`, "", null].flatMap((note, i) => [
    {
      amount: i,
      kind: p,
      note,
      people: [
        { [p]: i, tag: p },
        { [p]: 1.5, tag: "plain" },
      ],
    },
    { amount: 10 + i, kind: "plain", note, people: i % 2 ? [] : [{ [p]: -i, tag: p }] },
  ]);

describe.each(PAYLOADS)("%s", (p) => {
  it("in every name and string position of a model: data in both dialects", async () => {
    const model = modelWith(p);
    expect(compileModel(model).ok).toBe(true);
    for (const engine of engines) {
      const c = await compare(model, states(p), engine);
      expect(c.disagreements).toEqual([]);
      expect(c.scored).toBe(10);
    }
  });

  it("as the table's, a column's and the id column's name", async () => {
    const model = modelWith("q");
    for (const engine of engines) {
      const columns = { amount: p, kind: `${p}2`, people: `${p}4` };
      const r = compileToSql(model, { dialect: engine.dialect, table: p, columns, id: `${p}3` });
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.query.inputs.map((c) => c.column)).toEqual([p, `${p}2`, "note", `${p}4`]);
      // the engine makes its own table: the query's FROM and columns name the payloads, quoted
      expect(r.query.sql).toContain(`"${p.replaceAll('"', '""')}"`);
      const c = await compare(model, states("q"), engine);
      expect(c.disagreements).toEqual([]);
    }
  });
});

describe("what a dialect cannot hold", () => {
  it("NUL in a string or a name is refused with sql.unsupported, not cut", () => {
    const withNul = modelWith("n\u0000l");
    for (const dialect of ["duckdb", "postgres"] as const) {
      const r = compileToSql(withNul, { dialect });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.diagnostics.every((d) => d.code === "sql.unsupported")).toBe(true);
    }
  });
});
