// How a test run is shown: a readable report with a diff per failing case, or JUnit XML for CI.
import { NO_MODEL_TEXT, type ModelText } from "../compiler/model-text.js";
import { explanationLines } from "./explain-text.js";
import type { CaseOutcome } from "./run-cases.js";
import { visibleLines, visibleText } from "../ir/visible-text.js";

const show = (v: unknown): string => (v === undefined ? "(nothing)" : JSON.stringify(v));

/**
 * Why a case failed, indented under its name: the state's errors, a diff per value, what the
 * failing decisions did. `text`: the model as written, to show the cells that failed and the conditions.
 */
export function failureLines(o: CaseOutcome, text: ModelText = NO_MODEL_TEXT, indent = "    "): string[] {
  const lines: string[] = [];
  for (const e of o.invalidState ?? []) lines.push(`${indent}state: ${e.address}: ${e.message}`);
  for (const m of o.mismatches) {
    const actual = m.absent === undefined ? show(m.actual) : `(nothing: ${m.absent})`;
    lines.push(`${indent}${m.path}`, `${indent}  - expected ${show(m.expected)}`, `${indent}  + actual   ${actual}`);
  }
  if (Object.keys(o.explanation).length > 0)
    lines.push(`${indent}why:`, ...explanationLines({ decisions: o.explanation }, text, `${indent}  `));
  return lines;
}

export function textReport(model: string, outcomes: readonly CaseOutcome[], text: ModelText = NO_MODEL_TEXT): string {
  const lines = outcomes.flatMap((o) => [`${o.ok ? "✓" : "✗"} ${o.name}`, ...failureLines(o, text)]);
  const failed = outcomes.filter((o) => !o.ok).length;
  lines.push("", `${model}: ${outcomes.length - failed} passed, ${failed} failed`);
  // each line one line: a line feed in a case's or a decision's name is shown, not obeyed
  return visibleLines(lines);
}

// XML 1.0 cannot carry control characters other than tab, newline and carriage return, and a CI
// page would obey a bidi override: each is shown as `\uXXXX` (visibleText), as the CLI prints it.
const xml = (s: string): string =>
  visibleText(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

export function junitReport(model: string, outcomes: readonly CaseOutcome[], text: ModelText = NO_MODEL_TEXT): string {
  const failed = outcomes.filter((o) => !o.ok).length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = outcomes.reduce((s, o) => s + o.ms, 0);
  const cases = outcomes.map((o) => {
    const head = `    <testcase classname="${xml(model)}" name="${xml(o.name)}" time="${seconds(o.ms)}"`;
    if (o.ok) return `${head}/>`;
    const body = textReport(model, [o], text).split("\n").slice(1, -2).join("\n");
    const message = o.invalidState ? "the state does not match the model's inputs" : `${o.mismatches.length} value(s) differ`;
    return `${head}>\n      <failure message="${xml(message)}">${xml(body)}</failure>\n    </testcase>`;
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites tests="${outcomes.length}" failures="${failed}" time="${seconds(total)}">`,
    `  <testsuite name="${xml(model)}" tests="${outcomes.length}" failures="${failed}" errors="0" time="${seconds(total)}">`,
    ...cases,
    `  </testsuite>`,
    `</testsuites>`,
    "",
  ].join("\n");
}
