// The playground: the model editor on the left; on the right, running the model on a state, its
// decision tables, and its test cases. Everything it calls is on the origin that served it.
import { api, apiKey, type ExecuteResponse, type ProblemBody, type WorkspaceInfo, type WorkspaceModel } from "./api.js";
import { casesView } from "./cases.js";
import { h, setText } from "./dom.js";
import { createEditor, type ModelEditor } from "./editor.js";
import { rangeAt, rangeOfAddress } from "./json-text.js";
import { checkModelText, type ModelCheck } from "./model-check.js";
import { schemaChecker, type SchemaError } from "./schema-check.js";
import { stateForm, type StateForm } from "./state-form.js";
import { modelTables, renderTable, type TableMark } from "./tables.js";
import { resultView } from "./results.js";
import "./style.css";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let workspace: WorkspaceInfo;
let current: WorkspaceModel;
let editor: ModelEditor;
let checkSchema: ((v: unknown) => SchemaError[]) | null = null;
let lastCheck: { text: string; result: ModelCheck } | null = null;
let lastRun: ExecuteResponse | null = null;
let form: StateForm | null = null;
let formSchema = "";

function check(text: string): ModelCheck {
  if (lastCheck?.text !== text) lastCheck = { text, result: checkModelText(text, checkSchema) };
  return lastCheck.result;
}

function setStatus(text: string, kind: "ok" | "bad" | "" = "") {
  const el = $("status");
  setText(el, text);
  el.className = kind;
}

/** The findings under the editor, each a link to its place. */
function renderFindings(c: ModelCheck) {
  const errors = c.findings.filter((f) => f.severity === "error").length;
  const warnings = c.findings.length - errors;
  $("findings-summary").textContent = c.findings.length === 0 ? "✓ the model checks" : `${errors} error(s), ${warnings} warning(s)`;
  $("findings-summary").className = errors ? "bad" : "ok";
  $("findings").replaceChildren(
    ...c.findings.map((f) =>
      h(
        "li",
        { class: f.severity },
        h("a", { href: "#", on: { click: (e) => (e.preventDefault(), editor.reveal(f.from, f.to)) } }, f.where),
        ": ",
        f.message,
      ),
    ),
  );
}

/** The model's diagnostics as the tables show them, each able to say whether it lies in a cell. */
function tableMarks(c: ModelCheck, text: string): TableMark[] {
  return c.findings
    .filter((f) => f.source === "check" || f.source === "schema")
    .map((f) => ({
      severity: f.severity,
      message: f.message,
      where: f.address ?? f.where,
      within: (path) => {
        const cell = c.located && rangeAt(text, c.located, path);
        return !!cell && f.from >= cell.from && f.to <= cell.to;
      },
    }));
}

function renderTables(c: ModelCheck) {
  const explained = lastRun?.receipt.explanation?.decisions;
  const tables = c.model ? modelTables(c.model) : [];
  const marks = tableMarks(c, editor.text());
  $("tables").replaceChildren(
    ...(tables.length ? [] : [h("p", {}, c.model ? "This model has no decision tables." : "The model is not JSON yet.")]),
    ...tables.map((t) =>
      renderTable(
        t,
        lastRun ? { explanation: explained?.[t.name], fired: lastRun.receipt.decisions[t.name]?.rule } : undefined,
        (path, text) => {
          const now = check(editor.text());
          const at = now.located && rangeAt(editor.text(), now.located, path);
          if (at) editor.replace(at.from, at.to, JSON.stringify(text));
        },
        marks,
      ),
    ),
  );
}

/** The state form follows the model's inputs; values typed so far stay where the inputs stay. */
function renderForm(c: ModelCheck) {
  if (!c.input) return;
  const schema = JSON.stringify(c.input);
  if (schema === formSchema) return;
  const kept = form?.read() ?? (current.cases[0]?.state as Record<string, unknown> | undefined) ?? {};
  formSchema = schema;
  form = stateForm(c.input);
  form.fill(kept);
  $("state-form").replaceChildren(form.el);
}

function refreshNow() {
  const c = check(editor.text());
  renderFindings(c);
  renderTables(c);
  renderForm(c);
}

/** After a pause in typing. */
let refreshTimer: number | undefined;
function refresh() {
  window.clearTimeout(refreshTimer);
  refreshTimer = window.setTimeout(refreshNow, 200);
}

function stateMode(): string {
  return (document.querySelector<HTMLInputElement>('input[name="state-mode"]:checked')?.value ?? "form") as string;
}

function readState(): { ok: true; state: unknown } | { ok: false; message: string } {
  const mode = stateMode();
  if (mode === "text") return { ok: true, state: $<HTMLTextAreaElement>("state-text").value };
  if (mode === "json") {
    try {
      return { ok: true, state: JSON.parse($<HTMLTextAreaElement>("state-json").value) };
    } catch (e) {
      return { ok: false, message: `the state is not JSON: ${(e as Error).message}` };
    }
  }
  return { ok: true, state: form?.read() ?? {} };
}

/** A link that selects a model address's place in the editor (as the text is now). */
function addressLink(address: string): HTMLElement {
  const reveal = (e: Event) => {
    e.preventDefault();
    const text = editor.text();
    const located = check(text).located;
    if (!located) return;
    const at = rangeOfAddress(text, located, address);
    editor.reveal(at.from, at.to);
  };
  return h("a", { href: "#", on: { click: reveal } }, address);
}

/** The service's problem, its entries' model addresses linked to their places. */
function problemView(p: ProblemBody): HTMLElement {
  const entry = (e: { address: string; message: string }) =>
    h("li", {}, /^(inputs|decisions|functions)\./.test(e.address) ? addressLink(e.address) : h("code", {}, e.address), `: ${e.message}`);
  return h(
    "div",
    { class: "problem" },
    h("strong", {}, p.title),
    ` (${p.status} ${p.code}): ${p.detail}`,
    h("ul", {}, (p.errors ?? []).map(entry)),
  );
}

async function run() {
  const c = check(editor.text());
  if (!c.model) return $("result").replaceChildren(h("p", { class: "problem" }, "The model is not JSON: fix the editor's first error."));
  const s = readState();
  if (!s.ok) return $("result").replaceChildren(h("p", { class: "problem" }, s.message));
  $("result").replaceChildren(h("p", {}, "running…"));
  const reply = await api.execute(c.model, s.state, true);
  if (!reply.ok) {
    lastRun = null;
    $("result").replaceChildren(problemView(reply.problem));
  } else {
    lastRun = reply.body;
    $("result").replaceChildren(resultView(reply.body));
  }
  renderTables(c);
}

function showTab(name: string) {
  for (const tab of document.querySelectorAll<HTMLButtonElement>("[data-tab]")) {
    const on = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", String(on));
    $(`panel-${tab.dataset.tab}`).hidden = !on;
  }
}

function open(model: WorkspaceModel) {
  current = model;
  lastRun = null;
  formSchema = "";
  form = null;
  $("result").replaceChildren();
  setText($("model-name"), workspace.mode === "file" ? model.name : "");
  $("panel-tests").replaceChildren(
    casesView(
      model.cases,
      model.casesError,
      () => check(editor.text()).model,
      (state) => {
        form?.fill(state);
        $<HTMLTextAreaElement>("state-json").value = JSON.stringify(state, null, 2);
        showTab("run");
      },
    ),
  );
  if (editor) editor.load(model.text);
  else editor = createEditor($("editor"), model.text, check, refresh);
  window.clearTimeout(refreshTimer);
  refreshNow();
}

async function start() {
  const [ws, schema] = await Promise.all([api.workspace(), api.modelSchema()]);
  if (!ws.ok) return setStatus(`The workspace could not be read: ${ws.problem.detail}`, "bad");
  workspace = ws.body;
  if (schema.ok) checkSchema = schemaChecker(schema.body);
  const picker = $<HTMLSelectElement>("model-picker");
  picker.hidden = workspace.mode !== "samples";
  picker.replaceChildren(...workspace.models.map((m, i) => h("option", { value: i }, m.name)));
  picker.addEventListener("change", () => open(workspace.models[Number(picker.value)]!));
  $("save").hidden = workspace.mode !== "file";
  $("save").addEventListener("click", async () => {
    const r = await api.save(current.name, editor.text());
    setStatus(r.ok ? `saved ${r.body.saved}` : `not saved: ${r.problem.detail}`, r.ok ? "ok" : "bad");
  });
  const key = $<HTMLInputElement>("api-key");
  $("key-field").hidden = workspace.keyless;
  key.value = apiKey.get();
  key.addEventListener("change", () => apiKey.set(key.value.trim()));
  for (const tab of document.querySelectorAll<HTMLButtonElement>("[data-tab]"))
    tab.addEventListener("click", () => showTab(tab.dataset.tab!));
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="state-mode"]')) {
    radio.addEventListener("change", () => {
      const mode = stateMode();
      if (mode === "json" && form) $<HTMLTextAreaElement>("state-json").value = JSON.stringify(form.read(), null, 2);
      for (const m of ["form", "json", "text"]) $(`state-${m}`).hidden = m !== mode;
    });
  }
  $("run").addEventListener("click", () => void run());
  showTab("run");
  if (workspace.models.length === 0) return setStatus("There is no model to open.", "bad");
  // open on a model that checks (a sample meant to show mistakes is there to be picked)
  const first = workspace.models.findIndex((m) => !check(m.text).findings.some((f) => f.severity === "error"));
  picker.value = String(Math.max(0, first));
  open(workspace.models[Math.max(0, first)]!);
  setStatus(workspace.keyless ? "no key needed: this server runs without accounts" : "");
}

void start();
