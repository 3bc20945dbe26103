import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../../src/ir/diagnostics.js";
import { isBareWord, readInputCell, readOutputCell } from "../../../src/compiler/2-analyse/tables/cells.js";
import { splitTopLevel } from "../../../src/compiler/2-analyse/tables/items.js";

const site = () => ({ address: "decisions.t.rule[1]", names: ["limit"], sink: [] as Diagnostic[] });

describe("cell reading", () => {
  it("splits at top-level commas only", () => {
    expect(splitTopLevel('a, "b, c", f(1, 2), [1, 2]').map((i) => i.text)).toEqual(["a", '"b, c"', "f(1, 2)", "[1, 2]"]);
    expect(splitTopLevel("]low..mid[, high").map((i) => [i.text, i.start])).toEqual([
      ["]low..mid[", 0],
      ["high", 12],
    ]);
    expect(splitTopLevel("(1..2], x").map((i) => i.text)).toEqual(["(1..2]", "x"]);
  });

  it("knows a bare word", () => {
    for (const w of ["gold", "very high", "A+", "10", "v1.2"]) expect(isBareWord(w)).toBe(true);
    for (const w of ['"gold"', "< 5", "[a..b]", "f(x)", "null", "true", "-", "a, b", "?"]) expect(isBareWord(w)).toBe(false);
  });

  it("keeps spans pointing into the cell text", () => {
    const tests = readInputCell("  not( gold , silver )", true, site())!;
    expect(tests.kind).toBe("not");
    if (tests.kind === "any") throw new Error();
    const spans = tests.tests.map((t) => (t.kind === "expr" ? [t.value.span.start, t.value.span.end] : null));
    expect(spans).toEqual([
      [7, 11],
      [14, 20],
    ]);
  });

  it("reads `=` cells as expressions in any column", () => {
    const s = site();
    const tests = readInputCell("= limit * 2", false, s)!;
    expect(tests.kind === "tests" && tests.tests[0]!.kind).toBe("expr");
    expect(s.sink).toEqual([]);
    const out = readOutputCell("= limit", true, s)!;
    expect(out).toMatchObject({ kind: "name", name: "limit", span: { start: 2, end: 7 } });
  });

  it("reads output cells: bare words in string columns, `-` as null, JSON values as text", () => {
    expect(readOutputCell("gold", true, site())).toMatchObject({ kind: "string", value: "gold" });
    expect(readOutputCell("-", false, site())).toMatchObject({ kind: "null" });
    expect(readOutputCell(null, false, site())).toMatchObject({ kind: "null" });
    expect(readOutputCell(12.5, false, site())).toMatchObject({ kind: "number", value: "12.5" });
    expect(readOutputCell(true, false, site())).toMatchObject({ kind: "boolean", value: true });
    expect(readOutputCell(7, true, site())).toMatchObject({ kind: "string", value: "7" });
  });
});
