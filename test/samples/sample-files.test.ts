// Checks the sample files themselves, independently of the compiler: strict shape (inputs with
// type and desc, FIRST tables ending in an else row, one decision per question) and answers
// that agree with the decisions and the question contract.
import { describe, expect, it } from "vitest";
import { loadSamples, type Sample } from "../../bench/load-samples.js";

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every table in the content: decision tables, `{table}` decision objects, table function bodies. */
function tables(content: Json): { where: string; hit?: unknown; rows: unknown[] }[] {
  const found: { where: string; hit?: unknown; rows: unknown[] }[] = [];
  for (const [name, d] of Object.entries((content.decisions ?? {}) as Json)) {
    if (Array.isArray(d)) found.push({ where: `decisions.${name}`, rows: d });
    else if (isObject(d) && Array.isArray(d.table)) found.push({ where: `decisions.${name}`, hit: d.hit, rows: d.table });
  }
  for (const [name, f] of Object.entries((content.functions ?? {}) as Json)) {
    if (isObject(f) && Array.isArray(f.body)) found.push({ where: `functions.${name}`, rows: f.body });
  }
  return found;
}

const inputColumns = (header: unknown[]): string[] => header.map(String).filter((h) => !h.startsWith("=>") && !h.startsWith("#"));

/** The input cells of a rule, whether written as an array row or as a `{when, then, why}` object. */
function inputCells(header: unknown[], rule: unknown): string[] {
  const columns = inputColumns(header);
  if (Array.isArray(rule)) return rule.slice(0, columns.length).map(String);
  const when = (isObject(rule) && isObject(rule.when) ? rule.when : {}) as Json;
  return columns.map((c) => (c in when ? String(when[c]) : "-"));
}

function answerShapeProblems(sample: Sample): string[] {
  const problems: string[] = [];
  for (const c of sample.cases) {
    for (const [id, q] of Object.entries(sample.model.questions) as [string, Json][]) {
      const value = c.expected.decisions[id];
      const answer = c.expected.answers[id] as Json | undefined;
      const at = `${c.name}: ${id}`;
      if (!answer) {
        problems.push(`${at}: no answer`);
        continue;
      }
      if (!Object.is(answer.value, value) && JSON.stringify(answer.value) !== JSON.stringify(value))
        problems.push(`${at}: value differs from decision`);
      const names = q.type === "score" ? (q.levels as string[]) : q.type === "choice" ? Object.keys(q.options as Json) : null;
      if (q.type === "noul" && answer.probability !== (value === true ? 1 : 0)) problems.push(`${at}: probability`);
      if (names) {
        const expected = Object.fromEntries(names.map((n) => [n, n === value ? 1 : 0]));
        if (JSON.stringify(answer.distribution) !== JSON.stringify(expected) || !names.includes(value as string))
          problems.push(`${at}: distribution`);
      }
      if (q.type === "number" || q.type === "date") {
        if (JSON.stringify(answer.distribution) !== JSON.stringify([{ value, p: 1 }])) problems.push(`${at}: distribution`);
      }
    }
    const extra = Object.keys(c.expected.answers).filter((id) => !(id in sample.model.questions));
    if (extra.length) problems.push(`${c.name}: answers for unknown questions ${extra.join(", ")}`);
  }
  return problems;
}

describe("sample files", () => {
  for (const sample of loadSamples()) {
    describe(sample.name, () => {
      const content = sample.model.content;

      it("has at least four states, each with an expected file", () => {
        expect(sample.cases.length).toBeGreaterThanOrEqual(4);
      });

      it("gives every input a type and a desc", () => {
        for (const [name, input] of Object.entries(content.inputs as Json)) {
          expect(isObject(input), name).toBe(true);
          expect((input as Json).type, name).toBeDefined();
          expect(typeof (input as Json).desc, name).toBe("string");
        }
      });

      it("uses only FIRST tables ending in an else row", () => {
        for (const t of tables(content)) {
          expect([undefined, "FIRST"], t.where).toContain(t.hit);
          const [header, ...rules] = t.rows as [unknown[], ...unknown[]];
          expect(rules.length, t.where).toBeGreaterThan(0);
          expect(
            inputCells(header, rules[rules.length - 1]).every((cell) => cell === "-"),
            t.where,
          ).toBe(true);
        }
      });

      it("has a decision for every question and every decision in each expected file", () => {
        const decisions = Object.keys(content.decisions as Json).sort();
        for (const id of Object.keys(sample.model.questions)) expect(decisions).toContain(id);
        for (const c of sample.cases) expect(Object.keys(c.expected.decisions).sort(), c.name).toEqual(decisions);
      });

      it("has answers that are point masses on the decisions", () => {
        expect(answerShapeProblems(sample)).toEqual([]);
      });
    });
  }
});
