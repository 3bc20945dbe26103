// A large table repeats few cell texts, and the analyser reads each text once per column (the
// cell's AST is copied for each later rule, its set of values shared by the coverage checks). The
// reference: each rule analysed alone, in a table of its own. Whatever rows repeat, every rule gets
// the conditions, the cell diagnostics and the names read it gets alone.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../../src/ir/diagnostics.js";
import type { AnalysisResult } from "../../../src/compiler/2-analyse/index.js";
import { strict } from "./helpers.js";

const inputs = {
  tier: { type: "gold|silver|bronze", desc: "Tier" },
  score: { type: "number [300..850]", desc: "Credit score" },
  country: { type: "string", desc: "Country code" },
  limit: { type: "number", desc: "A limit" },
};

/** cell texts per column: plain ones, ones that read a name, ones with a warning, ones with an error */
const TIER = ["gold", '"silver"', "gold, bronze", 'not("gold")', "-", "platinum", "gold, silver, bronze", "[1..2]"];
const SCORE = ["[300..400)", "> 700", "[300..400)", "<= limit", "-", "< 200", ">= 300", "[400..", "720", "gold"];
const COUNTRY = ['"NL"', '"NL", "BE"', "-", 'not("FR")', "NL", "limit", '"A" + 1'];

/** The diagnostics that compare rules with each other (or need the whole table): not a rule's own. */
const TABLE_WIDE = new Set(["tables.no-else-row", "tables.unreachable-rule", "tables.gap", "tables.inconsistent-bound", "tables.empty"]);

function analyse(rows: string[][]): AnalysisResult {
  return strict({
    name: "t",
    inputs,
    decisions: { t: [["tier", "score", "country", "=> number"], ...rows.map((r, i) => [...r, i + 1]), ["-", "-", "-", 0]] },
  });
}

/** rule k's own diagnostics, addressed as rule[1] */
const ownDiagnostics = (r: AnalysisResult, k: number): string[] =>
  r.diagnostics
    .filter((d: Diagnostic) => d.address === `decisions.t.rule[${k}]` && !TABLE_WIDE.has(d.code))
    .map((d) => `${d.code} ${d.severity} ${d.message} ${JSON.stringify(d.span)}`);

describe("repeated cell texts", () => {
  it("give every rule what it gets alone: conditions, cell diagnostics, names read (generated)", () => {
    const row = fc.tuple(fc.constantFrom(...TIER), fc.constantFrom(...SCORE), fc.constantFrom(...COUNTRY));
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 12 }), (rows) => {
        const whole = analyse(rows);
        const tableOf = (r: AnalysisResult) => {
          const body = r.ir?.decisions.find((d) => d.name === "t")?.body;
          return body?.kind === "table" ? body.table : undefined;
        };
        const deps = new Set<string>();
        rows.forEach((cells, k) => {
          const alone = analyse([cells]);
          expect(ownDiagnostics(whole, k + 1)).toEqual(ownDiagnostics(alone, 1));
          const [a, b] = [tableOf(whole), tableOf(alone)];
          if (a && b) expect(a.rules[k]!.conditions).toEqual(b.rules[0]!.conditions);
          for (const d of alone.ir?.decisions.find((x) => x.name === "t")?.deps ?? []) deps.add(d);
        });
        // each rule's cells are its own objects: later phases annotate them in place
        const cells = tableOf(whole)?.rules.flatMap((r) => r.conditions) ?? [];
        expect(new Set(cells).size).toBe(cells.length);
        const wholeDeps = whole.ir?.decisions.find((d) => d.name === "t")?.deps;
        if (wholeDeps) expect(new Set(wholeDeps)).toEqual(deps);
      }),
      { numRuns: 300 },
    );
  });
});
