// Model test cases over every sample: cases written from what a model answers on random states
// pass; changing any one expected value fails exactly that case, at that path; the case formats
// (JSON, JSONL rows, CSV) read the same cases.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadSamples } from "../../bench/load-samples.js";
import { compileModel, type CompiledModel } from "../../src/compiler/index.js";
import { CaseError, loadCases, type TestCase } from "../../src/model-tests/cases.js";
import { differences, runCase } from "../../src/model-tests/run-cases.js";
import { junitReport, textReport } from "../../src/model-tests/report.js";
import { arbitraryFor } from "../support/arbitrary-state.js";

const samples = loadSamples().map((s) => {
  const r = compileModel(s.model);
  if (!r.ok) throw new Error(`${s.name} does not compile`);
  return { name: s.name, model: r.model };
});

/** A value that differs from `v` and has the same JSON kind where it can. */
const changed = (v: unknown): unknown =>
  typeof v === "number" ? v + 1 : typeof v === "boolean" ? !v : typeof v === "string" ? `${v}!` : v === null ? 0 : null;

function caseFrom(model: CompiledModel, state: Record<string, unknown>, name: string): TestCase {
  const decisions = model.evaluate(state);
  return { name, state, expect: { decisions, answers: model.answers(decisions) } };
}

describe("a case naming what the model does not have", () => {
  it("reports it as absent from the model, with the nearest name, not as a bare (nothing)", () => {
    const { model } = samples.find((s) => s.name === "lending")!;
    const state = arbitraryFor(model.inputSchema);
    const [generated] = fc.sample(state as fc.Arbitrary<Record<string, unknown>>, { numRuns: 1, seed: 7 });
    const outcome = runCase(model, { name: "typo", state: generated!, expect: { decisions: { riks: "low" } } });
    expect(outcome.mismatches).toEqual([
      { path: "decisions.riks", expected: "low", actual: undefined, absent: "the model has no decision `riks`; did you mean `risk`?" },
    ]);
    expect(textReport("lending", [outcome])).toContain("+ actual   (nothing: the model has no decision `riks`; did you mean `risk`?)");
  });
});

describe("a failing decision whose name holds a dot or a bracket", () => {
  it("is explained under its whole name, in the outcome and the report's why lines", () => {
    const word = fc.stringMatching(/^[a-z]{1,6}$/);
    const name = fc
      .tuple(word, fc.array(fc.tuple(fc.constantFrom(".", "[", "]", " "), word), { minLength: 1, maxLength: 3 }))
      .map(([head, rest]) => head + rest.map(([sep, w]) => sep + w).join(""));
    fc.assert(
      fc.property(name, fc.integer({ min: -1000, max: 1000 }), (decision, n) => {
        const r = compileModel({
          content: { name: "dotted", inputs: { n: { type: "number", desc: "n?" } }, decisions: { [decision]: "n + 1" } },
          questions: {},
        });
        if (!r.ok) throw new Error(`${decision} does not compile`);
        const outcome = runCase(r.model, { name: "wrong", state: { n }, expect: { decisions: { [decision]: n } } });
        expect(outcome.ok).toBe(false);
        expect(Object.keys(outcome.explanation)).toEqual([decision]);
        const report = textReport("dotted", [outcome]);
        expect(report).toContain("why:");
        expect(report).toContain(String(n + 1));
      }),
      { numRuns: 40 },
    );
  });
});

describe("running cases", () => {
  it.each(samples)("$name: a case written from the model's own answers passes; any one changed value fails there", ({ model }) => {
    fc.assert(
      fc.property(arbitraryFor(model.inputSchema) as fc.Arbitrary<Record<string, unknown>>, fc.nat(), (state, pick) => {
        const c = caseFrom(model, state, "generated");
        expect(runCase(model, c).ok).toBe(true);
        const names = Object.keys(c.expect.decisions!);
        const target = names[pick % names.length]!;
        const wrong = changed(c.expect.decisions![target]);
        const outcome = runCase(model, { ...c, expect: { decisions: { [target]: wrong } } });
        expect(outcome.ok).toBe(false);
        expect(outcome.mismatches.map((m) => m.path)).toEqual([`decisions.${target}`]);
        expect(outcome.mismatches[0]!.expected).toEqual(wrong);
      }),
      { numRuns: 40 },
    );
  });

  it("expectations are partial: only the named decisions, answers and fields count", () => {
    const { model } = samples.find((s) => s.name === "lending")!;
    const c = caseFrom(model, loadSamples().find((s) => s.name === "lending")!.cases[0]!.state, "partial");
    const [first] = Object.keys(c.expect.decisions!);
    const answerId = Object.keys(c.expect.answers!)[0]!;
    const answer = c.expect.answers![answerId] as Record<string, unknown>;
    expect(runCase(model, { ...c, expect: { decisions: { [first!]: c.expect.decisions![first!] } } }).ok).toBe(true);
    expect(runCase(model, { ...c, expect: { answers: { [answerId]: { value: answer.value } } } }).ok).toBe(true);
    expect(runCase(model, { ...c, expect: { answers: { [answerId]: { value: changed(answer.value) } } } }).mismatches[0]!.path).toBe(
      `answers.${answerId}.value`,
    );
    expect(runCase(model, { ...c, expect: { decisions: { "no such decision": 1 } } }).mismatches[0]).toEqual({
      path: "decisions.no such decision",
      expected: 1,
      actual: undefined,
      absent: "the model has no decision `no such decision`",
    });
  });

  it("a state that does not match the inputs fails the case with the inputs named", () => {
    const { model } = samples[0]!;
    const outcome = runCase(model, { name: "empty", state: {}, expect: { decisions: {} } });
    expect(outcome.ok).toBe(false);
    expect(outcome.invalidState!.length).toBeGreaterThan(0);
    expect(outcome.invalidState!.every((e) => e.address.startsWith("inputs."))).toBe(true);
  });

  it("numbers compare by value, lists element by element, booleans never equal numbers", () => {
    expect(differences(0.1, 0.1, "d")).toEqual([]);
    expect(differences([1, 2], [1, 2], "d")).toEqual([]);
    expect(differences([1, 2], [1, 3], "d")).toEqual([{ path: "d[1]", expected: 2, actual: 3 }]);
    expect(differences([1], [1, 2], "d")).toHaveLength(1);
    expect(differences(1, true, "d")).toHaveLength(1);
    expect(differences(0, null, "d")).toHaveLength(1);
  });
});

describe("case files", () => {
  const { model } = samples.find((s) => s.name === "lending")!;
  const lending = loadSamples().find((s) => s.name === "lending")!;
  const dir = mkdtempSync(join(tmpdir(), "pdm-cases-"));
  const cases = lending.cases.map((c) => caseFrom(model, c.state, c.name));

  it("JSON, a list in JSON, JSONL of {state, expect}, JSONL rows and CSV read the same cases", () => {
    for (const [i, c] of cases.entries()) writeFileSync(join(dir, `case-${i}.json`), JSON.stringify({ state: c.state, expect: c.expect }));
    writeFileSync(join(dir, "all.jsonl"), cases.map((c) => JSON.stringify({ state: c.state, expect: c.expect })).join("\n"));
    const inputs = Object.keys(model.inputSchema.properties as object);
    const decisions = Object.keys(cases[0]!.expect.decisions!);
    const rows = cases.map((c) => ({
      ...(c.state as object),
      ...Object.fromEntries(decisions.map((d) => [`expect.${d}`, c.expect.decisions![d]])),
    }));
    const flat = join(dir, "rows.jsonl");
    writeFileSync(flat, rows.map((r) => JSON.stringify(r)).join("\n"));
    const csv = join(dir, "rows.csv");
    const header = [...inputs, ...decisions.map((d) => `expect.${d}`)];
    const cell = (v: unknown) => (v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v));
    writeFileSync(
      csv,
      [header.join(","), ...rows.map((r) => header.map((h) => cell((r as Record<string, unknown>)[h])).join(","))].join("\n"),
    );
    const list = join(dir, "list.json");
    writeFileSync(list, JSON.stringify(cases.map((c) => ({ state: c.state, expect: c.expect }))));

    const fromFolder = loadCases([dir], model.inputSchema);
    // the folder holds the single files, all.jsonl, list.json, rows.csv and rows.jsonl
    expect(fromFolder).toHaveLength(cases.length * 5);
    for (const c of fromFolder) expect(runCase(model, c).ok, c.name).toBe(true);
    for (const path of [flat, csv]) {
      const read = loadCases([path], model.inputSchema);
      expect(read.map((c) => c.state)).toEqual(cases.map((c) => c.state));
    }
  });

  it("says which file and why when cases cannot be read", () => {
    const bad = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return () => loadCases([join(dir, name)], model.inputSchema);
    };
    expect(bad("x1.json", "{")).toThrow(CaseError);
    expect(bad("x2.json", JSON.stringify({ state: {}, expect: { decisions: {}, decision: {} } }))).toThrow(
      /takes `decisions` and `answers`/,
    );
    expect(bad("x3.json", JSON.stringify({ expect: { decisions: {} } }))).toThrow(/no `state`/);
    expect(bad("x4.txt", "")).toThrow(/\.json, \.jsonl or \.csv/);
    expect(() => loadCases([join(dir, "missing")], model.inputSchema)).toThrow(/no such file/);
  });

  it("reports: text with a diff per failing case, JUnit XML with one testcase each", () => {
    const outcomes = cases.map((c, i) => runCase(model, i === 1 ? { ...c, expect: { decisions: { approved: "maybe" } } } : c));
    const text = textReport("lending", outcomes);
    expect(text).toContain(`${cases.length - 1} passed, 1 failed`);
    expect(text).toContain('- expected "maybe"');
    const junit = junitReport("lending", outcomes);
    expect(junit.match(/<testcase /g)).toHaveLength(cases.length);
    expect(junit.match(/<failure /g)).toHaveLength(1);
    expect(junit).toContain(`failures="1"`);
    expect(junit).not.toMatch(/"maybe"/); // escaped
  });
});
