// Decision tables shown as tables: the header, one row per rule with its `# why` text, every cell
// editable (an edit rewrites that one string in the model text). After a run, the rule that fired
// is highlighted and every other rule says why not: the first cell that failed and the value its
// column had, or that it was not tried because an earlier rule fired.
import { h, show } from "./dom.js";
import type { DecisionExplanation } from "../../src/ir/explanation.js";
import type { JsonPath } from "./json-text.js";

interface Cell {
  text: string;
  /** where the cell's string is in the model; null when the rule leaves the column out */
  path: JsonPath | null;
}

interface TableView {
  name: string;
  address: string;
  header: string[];
  rules: Cell[][];
}

/** A diagnostic of the model as the table shows it: on the cell it is in, else on its rule or table. */
export interface TableMark {
  severity: "error" | "warning" | "info";
  message: string;
  /** the model address it is about (`decisions.risk.rule[2]`) */
  where: string;
  /** whether it lies within the string at `path` of the model text */
  within(path: JsonPath): boolean;
}

export interface RunOverlay {
  explanation?: DecisionExplanation;
  /** the rule(s) that fired, from the receipt, when there is no explanation */
  fired?: number | number[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const kindOfColumn = (cell: string) => (cell.trim().startsWith("=>") ? "output" : cell.trim().startsWith("#") ? "annotation" : "input");
const outputName = (cell: string) => /^=>\s*([^:]+?)\s*:/.exec(cell.trim())?.[1] ?? "";

function tableOf(name: string, rows: unknown[], path: JsonPath): TableView | null {
  const header = rows[0];
  if (!Array.isArray(header) || !header.every((c) => typeof c === "string")) return null;
  const columns = header as string[];
  const outputs = columns.map((c, i) => [c, i] as const).filter(([c]) => kindOfColumn(c) === "output");
  const annotation = columns.findIndex((c) => kindOfColumn(c) === "annotation");
  const rules = rows.slice(1).map((row, r): Cell[] => {
    const at = [...path, r + 1];
    if (Array.isArray(row))
      return columns.map((_c, i) => ({
        text: typeof row[i] === "string" ? row[i] : show(row[i]),
        path: typeof row[i] === "string" ? [...at, i] : null,
      }));
    const rule = isObject(row) ? row : {};
    const when = isObject(rule.when) ? rule.when : {};
    return columns.map((c, i): Cell => {
      const kind = kindOfColumn(c);
      if (kind === "input") return typeof when[c] === "string" ? { text: when[c], path: [...at, "when", c] } : { text: "-", path: null };
      if (kind === "annotation") return typeof rule.why === "string" ? { text: rule.why, path: [...at, "why"] } : { text: "", path: null };
      if (typeof rule.then === "string")
        return outputs[0]?.[1] === i ? { text: rule.then, path: [...at, "then"] } : { text: "", path: null };
      const then = isObject(rule.then) ? rule.then : {};
      const out = outputName(c);
      return typeof then[out] === "string" ? { text: then[out], path: [...at, "then", out] } : { text: "", path: null };
    });
  });
  // rule objects may carry `why` in a table without a `# why` column: show it in one
  if (annotation < 0 && rows.slice(1).some((row) => isObject(row) && typeof row.why === "string")) {
    columns.push("# why");
    rows
      .slice(1)
      .forEach((row, r) =>
        rules[r]!.push(
          isObject(row) && typeof row.why === "string" ? { text: row.why, path: [...path, r + 1, "why"] } : { text: "", path: null },
        ),
      );
  }
  return { name, address: `decisions.${name}`, header: columns, rules };
}

/** Every decision table of the model: a decision that is a table, or a decision object's `table`. */
export function modelTables(model: Record<string, unknown>): TableView[] {
  const inContent = isObject(model.content);
  const content = inContent ? (model.content as Record<string, unknown>) : model;
  const base: JsonPath = inContent ? ["content", "decisions"] : ["decisions"];
  const decisions = isObject(content.decisions) ? content.decisions : {};
  return Object.entries(decisions).flatMap(([name, d]) => {
    const t = Array.isArray(d)
      ? tableOf(name, d, [...base, name])
      : isObject(d) && Array.isArray(d.table)
        ? tableOf(name, d.table, [...base, name, "table"])
        : null;
    return t ? [t] : [];
  });
}

/** Why a rule did not fire, in words, from its explanation. */
function whyNot(t: TableView, run: RunOverlay, rule: number): string | null {
  const table = run.explanation?.table;
  if (!table) return null;
  const r = table.rules.find((x) => x.rule === rule);
  if (!r) return table.matched.length > 0 ? `not tried: rule ${table.matched[0]} fired first` : "not tried";
  if (r.matched) return null;
  if (!r.failed) return "did not match";
  const inputs = t.header.filter((c) => kindOfColumn(c) === "input");
  const column = inputs[r.failed.column - 1] ?? `column ${r.failed.column}`;
  return `why not: ${column} was ${show(r.failed.value)}, which the cell ${JSON.stringify(cellText(t, rule, r.failed.column))} does not accept`;
}

function cellText(t: TableView, rule: number, inputColumn: number): string {
  const index = t.header.map((c, i) => [c, i] as const).filter(([c]) => kindOfColumn(c) === "input")[inputColumn - 1]?.[1];
  return index === undefined ? "" : (t.rules[rule - 1]?.[index]?.text ?? "");
}

function firedRules(run: RunOverlay | undefined): number[] {
  if (!run) return [];
  if (run.explanation?.table) return run.explanation.table.matched;
  return run.fired === undefined ? [] : [run.fired].flat();
}

const worst = (marks: readonly TableMark[]) =>
  marks.some((m) => m.severity === "error") ? "mark-error" : marks.some((m) => m.severity === "warning") ? "mark-warning" : "mark-info";
const markAttrs = (marks: readonly TableMark[]) =>
  marks.length === 0 ? {} : { "data-diagnostics": String(marks.length), title: marks.map((m) => `${m.where}: ${m.message}`).join("\n") };
/** The marks about an address or anything inside it (`decisions.risk` holds `decisions.risk.rule[1]`). */
const about = (marks: readonly TableMark[], address: string) =>
  marks.filter((m) => m.where === address || m.where.startsWith(`${address}.`) || m.where.startsWith(`${address}[`));

export function renderTable(
  t: TableView,
  run: RunOverlay | undefined,
  onEdit: (path: JsonPath, text: string) => void,
  marks: readonly TableMark[] = [],
): HTMLElement {
  const fired = new Set(firedRules(run));
  const ofTable = about(marks, t.address);
  const headerRow = h(
    "tr",
    {},
    h("th", { class: "rule-number" }, "#"),
    ...t.header.map((c) => h("th", { class: kindOfColumn(c) }, c)),
    run ? h("th", { class: "status" }, "run") : null,
  );
  const body = t.rules.map((cells, r) => {
    const rule = r + 1;
    const status = run ? (fired.has(rule) ? "fired" : whyNot(t, run, rule)) : null;
    const ofRule = about(ofTable, `${t.address}.rule[${rule}]`);
    const ofCell = cells.map((c) => (c.path ? ofRule.filter((m) => m.within(c.path!)) : []));
    // what no cell holds is shown on the rule's number
    const ofRow = ofRule.filter((m) => !ofCell.some((cm) => cm.includes(m)));
    return h(
      "tr",
      {
        class: [fired.has(rule) ? "fired" : "", ofRule.length ? worst(ofRule) : ""].join(" ").trim(),
        "data-rule": rule,
        "data-address": `${t.address}.rule[${rule}]`,
      },
      h(
        "td",
        { class: `rule-number ${ofRow.length ? worst(ofRow) : ""}`.trim(), ...markAttrs(ofRow) },
        ofRow.length ? `⚠ ${rule}` : String(rule),
      ),
      ...cells.map((c, i) =>
        h(
          "td",
          { class: `${kindOfColumn(t.header[i] ?? "")} ${ofCell[i]!.length ? worst(ofCell[i]!) : ""}`.trim(), ...markAttrs(ofCell[i]!) },
          c.path
            ? h("input", {
                class: "cell",
                value: c.text,
                title: c.text,
                "aria-label": `${t.name} rule ${rule} ${t.header[i]}`,
                size: Math.max(4, Math.min(24, c.text.length + 1)),
                on: { change: (e) => onEdit(c.path!, (e.target as HTMLInputElement).value) },
              })
            : h("span", { class: "absent" }, c.text),
        ),
      ),
      run ? h("td", { class: `status ${fired.has(rule) ? "fired" : "why-not"}` }, status ?? "") : null,
    );
  });
  const explanation = run?.explanation;
  // what is about the table but no rule (its header, its hit policy)
  const ofHeader = ofTable.filter((m) => !/\.rule\[\d+\]/.test(m.where.slice(t.address.length)));
  const caption = h(
    "caption",
    {},
    h("strong", {}, t.name),
    ofHeader.length ? h("span", { class: `caption-mark ${worst(ofHeader)}`, ...markAttrs(ofHeader) }, ` ⚠ ${ofHeader[0]!.message}`) : "",
    explanation ? ` = ${show(explanation.value)}` : "",
    explanation?.table
      ? h("span", { class: "hit" }, ` ${explanation.table.hitPolicy}; inputs ${explanation.table.inputs.map(show).join(", ")}`)
      : "",
    explanation?.table?.defaulted ? " (no rule matched: the default)" : "",
    explanation?.nullCause
      ? h(
          "span",
          { class: "null-cause" },
          ` null: ${explanation.nullCause.reason} at ${explanation.nullCause.address}: ${explanation.nullCause.detail}`,
        )
      : "",
  );
  // scrolls sideways inside its box, the run column kept in sight at the right edge
  return h(
    "div",
    { class: "table-scroll" },
    h("table", { class: "decision-table", "data-decision": t.name }, caption, h("thead", {}, headerRow), h("tbody", {}, body)),
  );
}
