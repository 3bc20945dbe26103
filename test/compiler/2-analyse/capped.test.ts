// A Check lists at most SHOWN diagnostics of one code at one model element and counts the rest in
// one `check.more-like-this` of the stage of the code it counts: nothing is lost from the count,
// the first ones are kept in order, and a table of thousands of wrong cells answers a few dozen.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { capped } from "../../../src/compiler/2-analyse/capped.js";
import { SHOWN_PER_ELEMENT as SHOWN } from "../../../src/ir/diagnostic-types.js";
import { toStages, warningLines } from "../../../src/compiler/2-analyse/stages.js";
import { diagnostic, type Diagnostic } from "../../../src/ir/diagnostics.js";
import { content, strict } from "./helpers.js";

const MORE = "check.more-like-this";
const made = fc.array(
  fc.record({
    code: fc.constantFrom("names.unknown", "types.cell-mismatch", "tables.unreachable-rule"),
    element: fc.constantFrom("decisions.a", "decisions.b", "inputs.a", ""),
    rule: fc.nat(30),
  }),
  { maxLength: 120 },
);
const toDiagnostic = ({ code, element, rule }: { code: string; element: string; rule: number }): Diagnostic => ({
  severity: "error",
  code,
  message: `m${rule}`,
  ...(element ? { address: `${element}.rule[${rule}]` } : {}),
});
const elementOf = (d: Diagnostic) => d.address?.replace(/\.rule\[\d+\]$/, "") ?? "";

describe("capped diagnostics", () => {
  it("keeps the first SHOWN of each code at each element, in order, and counts the rest in one summary", () => {
    fc.assert(
      fc.property(made, (specs) => {
        const ds = specs.map(toDiagnostic);
        const out = capped(ds);
        const kept = out.filter((d) => d.code !== MORE);
        const expected = ds.filter(
          (d, i) => ds.slice(0, i + 1).filter((e) => e.code === d.code && elementOf(e) === elementOf(d)).length <= SHOWN,
        );
        expect(kept).toEqual(expected);
        const groups = new Map<string, number>();
        for (const d of ds) groups.set(`${d.code} ${elementOf(d)}`, (groups.get(`${d.code} ${elementOf(d)}`) ?? 0) + 1);
        const summaries = out.filter((d) => d.code === MORE);
        expect(summaries.map((s) => `${s.of} ${s.address ?? ""}`).sort()).toEqual(
          [...groups]
            .filter(([, n]) => n > SHOWN)
            .map(([k]) => k)
            .sort(),
        );
        for (const s of summaries) {
          const n = groups.get(`${s.of} ${s.address ?? ""}`)!;
          expect(s.message).toContain(`and ${n - SHOWN} more`);
          expect(s.severity).toBe("warning");
        }
        if (ds.length <= SHOWN) expect(out).toEqual(ds);
      }),
    );
  });

  it("places a summary in the stage of the code it counts, and lists it among the warnings", () => {
    const ds = Array.from({ length: SHOWN + 3 }, (_, i) =>
      diagnostic("tables.unreachable-rule", { variant: "catch-all", rule: i + 2, by: 1 }, { address: `decisions.t.rule[${i + 2}]` }),
    );
    const out = capped(ds);
    const tables = toStages(out).find((s) => s.name === "tables")!;
    expect(tables.diagnostics).toHaveLength(SHOWN + 1);
    expect(tables.diagnostics.at(-1)).toMatchObject({ code: MORE, of: "tables.unreachable-rule", address: "decisions.t" });
    expect(toStages(out).find((s) => s.name === "parse")!.diagnostics).toEqual([]);
    expect(warningLines(out)).toHaveLength(SHOWN + 1);
    expect(warningLines(out).at(-1)).toBe(`decisions.t: ${tables.diagnostics.at(-1)!.message}`);
  });

  it("answers a Check of an 8,000-rule table with a wrong cell in each rule with SHOWN of them and their count", () => {
    const table: string[][] = [["age", "=> number"]];
    for (let i = 1; i <= 8_000; i++) table.push([`"x${i}"`, String(i)]);
    table.push(["-", "0"]);
    const r = strict(content({ decisions: { adult: { hit: "FIRST", table } } }));
    expect(r.ir).toBeNull();
    const types = r.stages.find((s) => s.name === "types")!;
    expect(types.ok).toBe(false);
    expect(types.diagnostics.filter((d) => d.code === "types.cell-mismatch")).toHaveLength(SHOWN);
    expect(types.diagnostics.filter((d) => d.code === MORE)).toEqual([
      expect.objectContaining({
        of: "types.cell-mismatch",
        address: "decisions.adult",
        message: expect.stringContaining(`and ${8_000 - SHOWN} more`),
      }),
    ]);
    expect(JSON.stringify(r.stages).length).toBeLessThan(20_000);
  });
});
