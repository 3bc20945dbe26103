// The analysis of a model does work in proportion to its size: shapes that cost n² before (a
// frame per `let` entry walked by every read, a set of the names in scope per table, a cell's
// union of values copied and sorted once per value, a rule's other cells written out for each
// number column) are analysed at n and 2n, counting the work that grew with them: lookups in maps
// and sets, items added to sets, and the comparisons of sorts. Doubling the model at most about doubles the count.
import { afterEach, describe, expect, it } from "vitest";
import { analyseModel } from "../../../src/compiler/2-analyse/index.js";

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const X = { x: { type: "number", desc: "What is x?" } };

const SHAPES: Record<string, { n: number; strict: boolean; model: (n: number) => Record<string, unknown> }> = {
  "let entries each a table reading an input": {
    n: 200,
    strict: false,
    model: (n) => {
      const lets = Object.fromEntries(
        range(n).map((i) => [
          `t${i}`,
          [
            ["x", "=> number"],
            [`> ${i}`, String(i)],
            ["-", "0"],
          ],
        ]),
      );
      return { name: "lets", inputs: X, decisions: { d: { let: lets, expr: `t0 + t${n - 1}` } } };
    },
  },
  "let entries each reading the one before and an input": {
    n: 200,
    strict: true,
    model: (n) => {
      const lets = Object.fromEntries(range(n).map((i) => [`a${i}`, i === 0 ? "x" : `a${i - 1} + x`]));
      return { name: "lets", inputs: X, decisions: { d: { let: lets, expr: `a${n - 1}` } } };
    },
  },
  "a cell of n values": {
    n: 1000,
    strict: true,
    model: (n) => ({
      name: "cell",
      inputs: X,
      decisions: {
        d: [
          ["x", "=> number"],
          [range(n).join(", "), "1"],
          ["-", "0"],
        ],
      },
    }),
  },
  "a cell of n strings": {
    n: 1000,
    strict: true,
    model: (n) => ({
      name: "cell",
      inputs: { s: { type: "string", desc: "What is s?" } },
      decisions: {
        d: [
          ["s", "=> number"],
          [
            range(n)
              .map((i) => `"v${i}"`)
              .join(", "),
            "1",
          ],
          ["-", "0"],
        ],
      },
    }),
  },
  "a table of n number columns": {
    n: 200,
    strict: true,
    model: (n) => {
      const inputs = Object.fromEntries(range(n).map((i) => [`x${i}`, { type: "number", desc: `What is x${i}?` }]));
      const rule = (r: number) => [...range(n).map((i) => `> ${r + i}`), String(r)];
      const rows = [[...range(n).map((i) => `x${i}`), "=> number"], ...range(4).map(rule), [...range(n).map(() => "-"), "0"]];
      return { name: "wide", inputs, decisions: { d: rows } };
    },
  },
};

const originals = { get: Map.prototype.get, has: Set.prototype.has, add: Set.prototype.add, sort: Array.prototype.sort };
const restore = () => {
  Map.prototype.get = originals.get;
  Set.prototype.has = originals.has;
  Set.prototype.add = originals.add;
  Array.prototype.sort = originals.sort;
};
afterEach(restore);

/** Lookups in maps and sets, items added to sets (a set copied adds each), and comparisons made by sorts, while `run` runs. */
function work(run: () => void): number {
  let count = 0;
  const { get, has, add, sort } = originals;
  Set.prototype.add = function (this: Set<unknown>, key: unknown) {
    count++;
    return add.call(this, key);
  };
  Map.prototype.get = function (this: Map<unknown, unknown>, key: unknown) {
    count++;
    return get.call(this, key);
  };
  Set.prototype.has = function (this: Set<unknown>, key: unknown) {
    count++;
    return has.call(this, key);
  };
  Array.prototype.sort = function <T>(this: T[], compare?: (a: T, b: T) => number) {
    return sort.call(this, (a: T, b: T) => {
      count++;
      return compare ? compare(a, b) : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
    });
  };
  try {
    run();
  } finally {
    restore();
  }
  return count;
}

describe("the analysis's work grows with the model", () => {
  it.each(Object.entries(SHAPES))("%s", (_, shape) => {
    const at = (n: number) => {
      let valid = false;
      const count = work(() => {
        valid = analyseModel({ content: shape.model(n) }, { strict: shape.strict }).ir !== null;
      });
      expect(valid).toBe(true);
      return count;
    };
    const [once, twice] = [at(shape.n), at(2 * shape.n)];
    expect(twice / once).toBeLessThan(2.3);
  });
});
