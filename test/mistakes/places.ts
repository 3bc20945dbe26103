// The places of a model where a mistake can be made: table cells (with their column's type),
// headings, rule lists, expressions, input types and `let` blocks. Each place is a path into the
// model's JSON and the model address a diagnostic about it must carry.
import type { ModelIR, TableIR } from "../../src/ir/ir.js";
import type { Type } from "../../src/ir/types.js";

type Json = Record<string, unknown>;

export type Place =
  | { kind: "input-cell"; column: Type; path: Path; address: string }
  | { kind: "output-cell"; column: Type; path: Path; address: string }
  | { kind: "heading"; path: Path; address: string }
  | { kind: "output-heading"; path: Path; address: string }
  | { kind: "rules"; path: Path; address: string; inputs: number; columns: readonly Type[] }
  | { kind: "expression"; path: Path; address: string }
  | { kind: "input-type"; path: Path; address: string; readers: readonly string[] }
  | { kind: "let"; path: Path; address: string };

export type Path = readonly (string | number)[];

export const getAt = (root: unknown, path: Path): unknown => path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], root);

export function setAt(root: unknown, path: Path, value: unknown): void {
  const parent = getAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = value;
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

/** The table IR at an address, among decisions, their `let` entries and functions. */
function tableAt(ir: ModelIR, address: string): TableIR | undefined {
  const bodies = [...ir.decisions.flatMap((d) => [d.body, ...d.lets.map((l) => l.body)]), ...ir.functions.map((f) => f.body)];
  for (const b of bodies) if (b.kind === "table" && b.table.address === address) return b.table;
  return undefined;
}

function tablePlaces(rows: unknown[], path: Path, address: string, table: TableIR): Place[] {
  const header = rows[0] as string[];
  const inputHeads = header.map((h, i) => [h, i] as const).filter(([h]) => !h.trim().startsWith("=>") && !h.trim().startsWith("#"));
  const outputHeads = header.map((h, i) => [h, i] as const).filter(([h]) => h.trim().startsWith("=>"));
  const columns = table.inputs.map((i) => i.type);
  const places: Place[] = [{ kind: "rules", path, address, inputs: inputHeads.length, columns }];
  inputHeads.forEach(([, i]) => places.push({ kind: "heading", path: [...path, 0, i], address: `${address}.rule[0]` }));
  outputHeads.forEach(([, i]) => places.push({ kind: "output-heading", path: [...path, 0, i], address: `${address}.rule[0]` }));
  rows.slice(1).forEach((rule, r) => {
    const ruleAddress = `${address}.rule[${r + 1}]`;
    const rulePath = [...path, r + 1];
    inputHeads.forEach(([head, i], k) => {
      const column = table.inputs[k]!.type;
      if (Array.isArray(rule)) places.push({ kind: "input-cell", column, path: [...rulePath, i], address: ruleAddress });
      else if (isObject(rule) && isObject(rule.when) && head in rule.when)
        places.push({ kind: "input-cell", column, path: [...rulePath, "when", head], address: ruleAddress });
    });
    outputHeads.forEach(([, i], k) => {
      const column = table.outputs[k]!.type;
      if (Array.isArray(rule)) places.push({ kind: "output-cell", column, path: [...rulePath, i], address: ruleAddress });
      else if (isObject(rule) && outputHeads.length === 1 && rule.then !== undefined && !isObject(rule.then))
        places.push({ kind: "output-cell", column, path: [...rulePath, "then"], address: ruleAddress });
      else if (isObject(rule) && isObject(rule.then) && table.outputs[k]!.name in rule.then)
        places.push({ kind: "output-cell", column, path: [...rulePath, "then", table.outputs[k]!.name], address: ruleAddress });
    });
  });
  return places;
}

/** The places of one calculation: an expression string, a table (array or `{table}`), or nothing else. */
function bodyPlaces(body: unknown, path: Path, address: string, ir: ModelIR): Place[] {
  if (typeof body === "string") return [{ kind: "expression", path, address }];
  const rows = Array.isArray(body) ? body : isObject(body) && Array.isArray(body.table) ? body.table : undefined;
  const rowsPath = Array.isArray(body) ? path : [...path, "table"];
  const table = tableAt(ir, address);
  return rows && table ? tablePlaces(rows, rowsPath, address, table) : [];
}

export function placesOf(model: { content: Json }, ir: ModelIR): Place[] {
  const content = model.content;
  const places: Place[] = [];
  for (const input of ir.inputs) {
    const spec = (content.inputs as Json)[input.name];
    if (isObject(spec) && typeof spec.type === "string") {
      const readers = ir.decisions.filter((d) => d.deps.includes(input.name)).map((d) => d.address);
      places.push({ kind: "input-type", path: ["content", "inputs", input.name, "type"], address: input.address, readers });
    }
  }
  for (const [name, raw] of Object.entries(content.decisions as Json)) {
    const path = ["content", "decisions", name];
    const address = `decisions.${name}`;
    if (!isObject(raw) || Array.isArray(raw)) {
      places.push(...bodyPlaces(raw, path, address, ir));
      continue;
    }
    if (isObject(raw.let)) {
      places.push({ kind: "let", path: [...path, "let"], address: `${address}.let` });
      for (const entry of Object.keys(raw.let))
        places.push(...bodyPlaces(raw.let[entry], [...path, "let", entry], `${address}.let.${entry}`, ir));
    }
    if (raw.expr !== undefined) places.push(...bodyPlaces(raw.expr, [...path, "expr"], address, ir));
    if (raw.table !== undefined) places.push(...bodyPlaces(raw, path, address, ir));
  }
  for (const [name, raw] of Object.entries((content.functions ?? {}) as Json))
    if (isObject(raw)) places.push(...bodyPlaces(raw.body, ["content", "functions", name, "body"], `functions.${name}`, ir));
  return places;
}
