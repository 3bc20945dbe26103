// The model's test cases, listed and runnable: each case's state is executed by the service and
// its expected decisions and answers compared the way `pdm test` compares them, with a diff per
// value that differs.
import { differences, type Mismatch } from "../../src/model-tests/run-cases.js";
import { api, type WorkspaceModel } from "./api.js";
import { h, show } from "./dom.js";

type Case = WorkspaceModel["cases"][number];

type Outcome = { ok: true } | { ok: false; mismatches: Mismatch[]; problem?: string };

async function runCase(model: unknown, c: Case): Promise<Outcome> {
  const reply = await api.execute(model, c.state, false);
  if (!reply.ok) return { ok: false, mismatches: [], problem: `${reply.problem.title}: ${reply.problem.detail}` };
  const decisions = Object.fromEntries(Object.entries(reply.body.receipt.decisions).map(([k, d]) => [k, d.value]));
  const expect = (c.expect ?? {}) as { decisions?: Record<string, unknown>; answers?: Record<string, unknown> };
  const mismatches = [
    ...differences(expect.decisions ?? {}, decisions, "decisions"),
    ...differences(expect.answers ?? {}, reply.body.answers, "answers"),
  ];
  return mismatches.length === 0 ? { ok: true } : { ok: false, mismatches };
}

function outcomeView(o: Outcome): HTMLElement {
  if (o.ok) return h("span", { class: "pass" }, "✓ passed");
  return h(
    "div",
    { class: "fail" },
    h("span", {}, "✗ failed"),
    o.problem ? h("div", { class: "problem" }, o.problem) : null,
    ...o.mismatches.map((m) =>
      h(
        "div",
        { class: "diff" },
        h("code", {}, m.path),
        h("div", { class: "expected" }, `- expected ${show(m.expected)}`),
        h("div", { class: "actual" }, `+ actual   ${show(m.actual)}`),
      ),
    ),
  );
}

/** The cases panel; `model()` gives the model as the editor holds it now, `use(state)` loads a case's state into the run form. */
export function casesView(cases: Case[], casesError: string | undefined, model: () => unknown, use: (state: unknown) => void): HTMLElement {
  const summary = h("span", { class: "summary" }, cases.length ? `${cases.length} case(s)` : "");
  const rows = cases.map((c) => {
    const result = h("td", { class: "outcome" }, "");
    const run = async () => {
      result.textContent = "running…";
      const o = await runCase(model(), c);
      result.replaceChildren(outcomeView(o));
      return o.ok;
    };
    const row = h(
      "tr",
      { "data-case": c.name },
      h("td", { class: "case-name" }, c.name),
      h(
        "td",
        {},
        h("button", { type: "button", on: { click: () => void run() } }, "Run"),
        h("button", { type: "button", on: { click: () => use(c.state) } }, "Load state"),
      ),
      result,
    );
    return { row, run };
  });
  const runAll = async () => {
    summary.textContent = "running…";
    let passed = 0;
    for (const r of rows) if (await r.run()) passed++;
    summary.textContent = `${passed} passed, ${rows.length - passed} failed`;
  };
  return h(
    "section",
    { class: "cases" },
    h(
      "div",
      { class: "toolbar" },
      h("button", { type: "button", class: "primary", disabled: cases.length === 0, on: { click: () => void runAll() } }, "Run all cases"),
      " ",
      summary,
    ),
    casesError ? h("p", { class: "problem" }, `The cases could not be read: ${casesError}`) : null,
    cases.length === 0 && !casesError
      ? h("p", {}, "No test cases: keep {state, expect} files in a cases/ folder beside the model (as `pdm test` reads them).")
      : null,
    h(
      "table",
      { class: "case-list" },
      h(
        "tbody",
        {},
        rows.map((r) => r.row),
      ),
    ),
  );
}
