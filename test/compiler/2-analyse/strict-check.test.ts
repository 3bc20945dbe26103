// Mistakes that used to pass the strict check and change decisions, and messages that misled:
// each is reported with one exact code at its model address, and nothing else follows from it.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { AnalysisResult } from "../../../src/compiler/2-analyse/index.js";
import { type Content, lenient, strict } from "./helpers.js";

const inputs = {
  score: { type: "number [300..850]", desc: "Credit score" },
  amount: { type: "number >= 0", desc: "Amount" },
  country: { type: "string", desc: "Country code" },
  tier: { type: "gold|silver|bronze", desc: "Tier" },
  level: { type: "low<medium<high", desc: "Level" },
  incident: { type: "date", desc: "Incident date" },
  reported: { type: "date", desc: "Report date" },
};

/** A model with every input read by `uses` and the given decision. */
const model = (decisions: Record<string, unknown>): Content => ({
  name: "t",
  inputs,
  decisions: { uses: "[score, amount, country, tier, level, incident, reported]", ...decisions },
});

/** A FIRST table over `score` and `country` with `cell` in the given column of rule 1. */
const table = (column: "score" | "amount" | "country" | "tier", cell: string) => ({
  t: [
    [column, "=> number"],
    [cell, 1],
    ["-", 0],
  ],
});

/** Every problem as `code @address`, leaving out warnings nobody asked about. */
const problems = (r: AnalysisResult): string[] => r.diagnostics.map((d) => `${d.code} @${d.address}`);

describe("the strict check reports mistakes that change decisions", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["`> = 2`: an operator split by a space", table("score", "> = 700"), "feel.not-feel @decisions.t.rule[1]"],
    ["`25-70` in a number column", table("score", "600-700"), "tables.cell-intent @decisions.t.rule[1]"],
    ["`>= 720, < 800`: a comma list is or", table("score", ">= 720, < 800"), "tables.cell-vacuous @decisions.t.rule[1]"],
    ["`true` in a number column", table("score", "true"), "tables.cell-intent @decisions.t.rule[1]"],
    ["`<= 0,43`: a decimal comma", table("amount", "<= 0,43"), "tables.cell-intent @decisions.t.rule[1]"],
    ["`==` in an expression", { d: 'if tier == "gold" then 1 else 2' }, "feel.not-feel @decisions.d"],
    ["`=>` in an expression", { d: "amount => 30" }, "feel.not-feel @decisions.d"],
    ["`&&` in an expression", { d: "amount > 1 && score > 400" }, "feel.not-feel @decisions.d"],
    ["`||` in an expression", { d: "amount > 1 || score > 400" }, "feel.not-feel @decisions.d"],
    ["`!` in an expression", { d: "!(amount > 1)" }, "feel.not-feel @decisions.d"],
    ["`.day` of a duration", { d: "(reported - incident).day" }, "types.unknown-member @decisions.d"],
    ["`.years` of a days and time duration", { d: "(reported - incident).years" }, "types.unknown-member @decisions.d"],
    ["`NL; BE; DE` in a string column", table("country", "NL; BE; DE"), "feel.not-feel @decisions.t.rule[1]"],
    ["`<` on a choice", { d: 'tier < "silver"' }, "types.compare-mismatch @decisions.d"],
    ["`<` on a choice in a cell", table("tier", "< silver"), "types.compare-mismatch @decisions.t.rule[1]"],
    ["a range that matches nothing", table("score", "[700..600]"), "tables.cell-vacuous @decisions.t.rule[1]"],
  ];
  for (const [what, decisions, expected] of cases)
    it(what, () => {
      const r = strict(model(decisions));
      expect(problems(r)).toEqual([expected]);
      expect(r.diagnostics[0]!.severity).toBe("error");
    });

  it("a rule covered by an earlier one names the rule that covers it", () => {
    const r = strict(
      model({
        t: [
          ["score", "tier", "=> number"],
          ["[600..800]", "gold, silver", 1],
          ["[650..700)", "silver", 2],
          ["-", "-", 0],
        ],
      }),
    );
    expect(problems(r)).toEqual(["tables.unreachable-rule @decisions.t.rule[2]"]);
    expect(r.diagnostics[0]!.message).toBe("rule 2 can never fire: rule 1 before it matches every state rule 2 matches");
  });

  it("a value left out between two ranges (an off-by-one) names both rules", () => {
    const r = strict(
      model({
        t: [
          ["amount", "=> number"],
          ["> 0.5", 1],
          ["(0.3..0.5)", 2],
          ["-", 0],
        ],
      }),
    );
    expect(problems(r)).toEqual(["tables.gap @decisions.t.rule[2]"]);
    expect(r.diagnostics[0]!.message).toBe(
      "0.5 is matched neither by rule 1 (`> 0.5`) nor by rule 2 (`(0.3..0.5)`), which match the values on either side of it; include it in one of them",
    );
  });

  it("exactly the boundaries a partition of ranges leaves out are reported (generated)", () => {
    const cuts = fc.uniqueArray(fc.integer({ min: 301, max: 849 }), { minLength: 1, maxLength: 5 }).map((c) => c.sort((a, b) => a - b));
    fc.assert(
      fc.property(cuts, fc.infiniteStream(fc.boolean()), (inner, leaveOut) => {
        const bounds = [300, ...inner, 850];
        // each inner bound belongs to the range above it, unless it is left out of both
        const left = inner.map(() => leaveOut.next().value as boolean);
        const rows = bounds.slice(0, -1).map((lo, i) => [`${i > 0 && left[i - 1] ? "(" : "["}${lo}..${bounds[i + 1]})`, i]);
        const r = strict(model({ t: [["score", "=> number"], ...rows, ["-", -1]] }));
        const gaps = r.diagnostics.filter((d) => d.code === "tables.gap").map((d) => d.message.split(" ")[0]);
        expect(gaps.sort()).toEqual(
          inner
            .filter((_, i) => left[i])
            .map(String)
            .sort(),
        );
      }),
      { numRuns: 100 },
    );
  });

  it("one threshold written both including and excluding its value is reported at the later rule (generated)", () => {
    const ops = { from: [">=", ">"], to: ["<=", "<"] } as const;
    const arb = fc.record({
      at: fc.integer({ min: 301, max: 849 }),
      side: fc.constantFrom("from" as const, "to" as const),
      first: fc.boolean(),
      second: fc.boolean(),
      country: fc.constantFrom("NL", "BE", "DE"),
    });
    fc.assert(
      fc.property(arb, ({ at, side, first, second, country }) => {
        const [a, b] = [ops[side][first ? 0 : 1], ops[side][second ? 0 : 1]];
        // the two rules differ in the country column, so neither covers the other
        const r = strict(
          model({
            t: [
              ["score", "country", "=> number"],
              [`${a} ${at}`, `"${country}"`, 1],
              [`${b} ${at}`, "-", 2],
              ["-", "-", 0],
            ],
          }),
        );
        const found = r.diagnostics.filter((d) => d.code === "tables.inconsistent-bound").map((d) => d.address);
        expect(found).toEqual(first === second ? [] : ["decisions.t.rule[2]"]);
      }),
      { numRuns: 100 },
    );
  });

  it("a cell outside the column's declared type is a warning", () => {
    const r = strict(model(table("score", "< 300")));
    expect(problems(r)).toEqual(["tables.cell-outside-type @decisions.t.rule[1]"]);
    expect(r.diagnostics[0]!.severity).toBe("warning");
  });

  it("listing every value of a choice column is a warning suggesting `-`", () => {
    const r = strict(model(table("tier", "gold, silver, bronze")));
    expect(problems(r)).toEqual(["tables.cell-outside-type @decisions.t.rule[1]"]);
  });

  it("a literal argument that is not an option of a choice parameter", () => {
    const r = strict({
      ...model({ d: 'f("platinum") + amount' }),
      functions: { f: { params: { t: "gold|silver" }, returns: "number", body: 'if t = "gold" then 1 else 2' } },
    });
    expect(problems(r)).toEqual(["types.not-an-option @decisions.d"]);
  });

  it("lenient checks (DMN imports) report the strict family as warnings", () => {
    const r = lenient(model(table("score", ">= 720, < 800")));
    expect(r.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(["warning tables.cell-vacuous"]);
    expect(r.ir).not.toBeNull();
  });
});

describe("messages name the cause and nothing follows from it", () => {
  it("a let entry that reads a later one says it is defined further down", () => {
    const r = strict(model({ d: { let: { a: "b + 1", b: "amount" }, expr: "a" } }));
    expect(problems(r)).toEqual(["names.unknown @decisions.d.let.a"]);
    expect(r.diagnostics[0]!.message).toContain("defined further down");
  });

  it("a context entry that reads a later entry, or itself, is told so, and a model function may recurse instead", () => {
    const later = strict(model({ d: "{a: b + 1, b: amount}.a" }));
    expect(problems(later)).toEqual(["names.unknown @decisions.d"]);
    expect(later.diagnostics[0]!.message).toContain("context entry defined further down");
    const own = strict(model({ d: "{f: function(n) if n <= 1 then 1 else n * f(n - 1), r: f(amount)}.r" }));
    expect(problems(own)).toEqual(["names.unknown @decisions.d"]);
    expect(own.diagnostics[0]!.message).toContain("declare it in `functions`");
    expect(problems(strict(model({ d: "{a: amount, b: a + 1}.b" })))).toEqual([]);
  });

  it("a row one cell short reports the cell count only", () => {
    const r = strict(
      model({
        t: [
          ["score", "amount", "=> number"],
          [">= 700", 1],
          ["-", "-", 0],
        ],
      }),
    );
    expect(problems(r)).toEqual(["tables.cell-count @decisions.t.rule[1]"]);
  });

  it("a short last row is not followed by a missing else row", () => {
    const r = strict(
      model({
        t: [
          ["score", "amount", "=> number"],
          [">= 700", "-", 1],
          ["-", 0],
        ],
      }),
    );
    expect(problems(r)).toEqual(["tables.cell-count @decisions.t.rule[2]"]);
  });

  it("a syntax error in a cell is not followed by unreachable rules", () => {
    const r = strict(
      model({
        t: [
          ["score", "amount", "=> number"],
          ["-", ">= 7)", 1],
          ["-", "-", 0],
        ],
      }),
    );
    expect(problems(r)).toEqual(["feel.syntax @decisions.t.rule[1]"]);
  });

  it("an unknown column is not followed by unreachable rules or unused inputs", () => {
    const r = strict({
      name: "t",
      inputs: { score: inputs.score },
      decisions: {
        t: [
          ["scor", "=> number"],
          ["> 400", 1],
          ["-", 0],
        ],
      },
    });
    expect(problems(r)).toEqual(["names.unknown @decisions.t.rule[0]"]);
  });

  it("`&&` does not add a warning that the type is inferred as null", () => {
    const r = strict(
      { name: "t", inputs: { amount: inputs.amount }, decisions: { ok: "amount > 1 && amount < 5" } },
      { ok: { type: "noul", instructions: "OK?", criteria: { true: "yes", false: "no" } } },
    );
    expect(problems(r)).toEqual(["feel.not-feel @decisions.ok"]);
  });

  it("a choice question without options does not report a type of ``", () => {
    const r = strict(
      {
        name: "t",
        inputs: { tier: inputs.tier },
        decisions: { pick: { type: "gold|silver", expr: 'if tier = "gold" then "gold" else "silver"' } },
      },
      { pick: { type: "choice", instructions: "Pick?" } },
    );
    expect(problems(r)).toEqual(["questions.options-missing @questions.pick"]);
  });

  it("a bare-type input in a strict model reports its shape once", () => {
    const r = strict({ name: "t", inputs: { amount: "number" }, decisions: { d: "amount + 1" } });
    expect(problems(r)).toEqual(["input.shape @inputs.amount"]);
  });
});

describe("valid idioms stay valid", () => {
  it("function<> and context<> type expressions are not `<>`", () => {
    const r = strict(model({ d: "amount instance of function<> -> number" }));
    expect(problems(r)).toEqual([]);
  });

  it("ordering levels is meant, in expressions and cells", () => {
    const r = strict(model({ d: 'level < "high"', ...table("amount", "-") }));
    expect(problems(r).filter((p) => !p.startsWith("tables.unreachable"))).toEqual([]);
  });

  it("a table of disjoint numeric ranges has no coverage diagnostics (generated)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 301, max: 849 }), { minLength: 1, maxLength: 6 }), (cuts) => {
        const bounds = [300, ...cuts.sort((a, b) => a - b), 850];
        const rows = bounds.slice(0, -1).map((lo, i) => [`[${lo}..${bounds[i + 1]})`, i]);
        const r = strict(model({ t: [["score", "=> number"], ...rows, ["-", -1]] }));
        expect(problems(r)).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });

  it("a rule is reported unreachable exactly when an earlier range contains it (generated)", () => {
    const range = fc
      .tuple(fc.integer({ min: 300, max: 850 }), fc.integer({ min: 300, max: 850 }))
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
    fc.assert(
      fc.property(range, range, ([a, b], [c, d]) => {
        fc.pre(a < b && c < d);
        const r = strict(
          model({
            t: [
              ["score", "=> number"],
              [`[${a}..${b}]`, 1],
              [`[${c}..${d}]`, 2],
              ["-", 0],
            ],
          }),
        );
        const contained = a <= c && d <= b;
        expect(problems(r)).toEqual(contained ? ["tables.unreachable-rule @decisions.t.rule[2]"] : []);
      }),
      { numRuns: 200 },
    );
  });

  it("in two-column tables, a rule is reported unreachable exactly when one earlier rule holds both its cells (generated)", () => {
    const TIERS = ["gold", "silver", "bronze"];
    const tiers = fc.subarray(TIERS, { minLength: 1 });
    const range = fc
      .tuple(fc.integer({ min: 300, max: 850 }), fc.integer({ min: 300, max: 850 }), fc.boolean(), fc.boolean())
      .filter(([a, b]) => a < b)
      .map(([a, b, loIn, hiIn]) => ({ lo: a, hi: b, loIn, hiIn }));
    const rule = fc.record({ tiers, range });
    fc.assert(
      fc.property(fc.array(rule, { minLength: 2, maxLength: 8 }), (rules) => {
        const cell = (r: (typeof rules)[number]) => `${r.range.loIn ? "[" : "("}${r.range.lo}..${r.range.hi}${r.range.hiIn ? "]" : ")"}`;
        const rows = rules.map((r, i) => [r.tiers.map((t) => `"${t}"`).join(", "), cell(r), i + 1]);
        const r = strict(model({ t: [["tier", "score", "=> number"], ...rows, ["-", "-", 0]] }));
        const holds = (o: (typeof rules)[number], n: (typeof rules)[number]) =>
          n.tiers.every((t) => o.tiers.includes(t)) &&
          (o.range.lo < n.range.lo || (o.range.lo === n.range.lo && (o.range.loIn || !n.range.loIn))) &&
          (n.range.hi < o.range.hi || (n.range.hi === o.range.hi && (o.range.hiIn || !n.range.hiIn)));
        // a cell listing every tier is reported (write `-`): that rule neither shadows nor is checked
        const clean = (x: (typeof rules)[number]) => x.tiers.length < TIERS.length;
        const expected = rules.flatMap((n, k) =>
          clean(n) && rules.slice(0, k).some((o) => clean(o) && holds(o, n)) ? [`decisions.t.rule[${k + 1}]`] : [],
        );
        const found = r.diagnostics.filter((d) => d.code === "tables.unreachable-rule").map((d) => d.address!);
        expect(found).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("names the first earlier rule that holds every cell, in tables of many rules with `-` cells (generated)", () => {
    // two choice columns (either may be `-`) and a range: the check compares a rule only with earlier
    // rules whose cells of one choice column hold its own, so these tables mix every kind of cell
    const TIERS = ["gold", "silver", "bronze"];
    const LEVELS = ["low", "medium", "high"];
    const choice = (values: string[]) => fc.option(fc.subarray(values, { minLength: 1, maxLength: values.length - 1 }), { freq: 4 });
    const range = fc
      .tuple(fc.integer({ min: 300, max: 340 }), fc.integer({ min: 300, max: 340 }))
      .filter(([a, b]) => a < b)
      .map(([lo, hi]) => ({ lo, hi }));
    const rule = fc.record({ tiers: choice(TIERS), levels: choice(LEVELS), range: fc.option(range, { freq: 4 }) });
    fc.assert(
      fc.property(fc.array(rule, { minLength: 2, maxLength: 40 }), (rules) => {
        const cell = (values: string[] | null) => (values ? values.map((v) => `"${v}"`).join(", ") : "-");
        const rows = rules.map((r, i) => [cell(r.tiers), cell(r.levels), r.range ? `[${r.range.lo}..${r.range.hi}]` : "-", i + 1]);
        const r = strict(model({ t: [["tier", "level", "score", "=> number"], ...rows, ["-", "-", "-", 0]] }));
        const within = (o: string[] | null, n: string[] | null) => o === null || (n !== null && n.every((v) => o.includes(v)));
        const holds = (o: (typeof rules)[number], n: (typeof rules)[number]) =>
          within(o.tiers, n.tiers) &&
          within(o.levels, n.levels) &&
          (o.range === null || (n.range !== null && o.range.lo <= n.range.lo && n.range.hi <= o.range.hi));
        const all = [...rules, { tiers: null, levels: null, range: null }];
        const expected = all.flatMap((n, k) => {
          const by = all.slice(0, k).findIndex((o) => holds(o, n));
          return by < 0 ? [] : [`decisions.t.rule[${k + 1}]: rule ${k + 1} can never fire: rule ${by + 1} before`];
        });
        const found = r.diagnostics
          .filter((d) => d.code === "tables.unreachable-rule")
          .map((d) => `${d.address}: ${d.message.slice(0, d.message.indexOf("before") + "before".length)}`);
        expect(found).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
