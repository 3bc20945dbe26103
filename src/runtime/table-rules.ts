// A large table's rules as data: rule k's cell in column c is `tests[cells[k * width + c] - 1]`,
// or no test (any value) where that entry is 0. Each distinct cell is one small function, written
// once however many rules share it, so the module grows with the table's data rather than with
// code per rule (see codegen/rule-cells.ts). The loops here try the rules in order, each cell until
// the first that fails, exactly as a chain of tests written out rule by rule would.
import { explainAt, explainRule, type ExplainRecorder, type TableRecord } from "./explain.js";
import type { FeelValue } from "./values.js";

/** A cell's test of its column's FEEL value `x`; in `run`, also of its raw value `r`, when the guard `g` says that may be tested. */
export type CellTest = (x: FeelValue, r?: unknown, g?: boolean) => boolean;

export interface RuleCells {
  tests: CellTest[];
  cells: Int32Array;
  width: number;
  rules: number;
}

/**
 * The rules of a table from its cells' templates, each distinct cell as [template, ...arguments]
 * (the literals and constants a template takes before the column's values), and the matrix.
 */
export const ruleCells = (templates: ((...a: never[]) => boolean)[], specs: unknown[][], cells: number[], rules: number): RuleCells => ({
  tests: specs.map(([t, ...args]) => templates[t as number]!.bind(null, ...(args as never[])) as CellTest),
  cells: Int32Array.from(cells),
  width: cells.length / rules,
  rules,
});

/** 0 when every cell of rule k matches, else the 1-based column of its first cell that does not. */
function failedColumn(t: RuleCells, k: number, x: FeelValue[], r: unknown[] | undefined, g: boolean[] | undefined): number {
  const base = k * t.width;
  for (let c = 0; c < t.width; c++) {
    const id = t.cells[base + c]!;
    if (id > 0 && !t.tests[id - 1]!(x[c]!, r?.[c], g?.[c])) return c + 1;
  }
  return 0;
}

/** The position of the first rule whose every cell matches, -1 when none does. */
export function firstRule(t: RuleCells, x: FeelValue[], r?: unknown[], g?: boolean[]): number {
  for (let k = 0; k < t.rules; k++) if (failedColumn(t, k, x, r, g) === 0) return k;
  return -1;
}

/** The positions of every rule whose every cell matches, in order. */
export function everyRule(t: RuleCells, x: FeelValue[], r?: unknown[], g?: boolean[]): number[] {
  const out: number[] = [];
  for (let k = 0; k < t.rules; k++) if (failedColumn(t, k, x, r, g) === 0) out.push(k);
  return out;
}

const ruleAddress = (address: string, rule: number): string => `${address}.rule[${rule}]`;

/** The explanation's place: the rule numbered `rule` of the table at `address`. */
export const explainAtRule = (X: ExplainRecorder, address: string, rule: number): void => explainAt(X, ruleAddress(address, rule));

/**
 * The rules tried for an explanation, each told to the table's record with its first failing
 * column: `numbers[k]` is rule k's number, its address `${address}.rule[${number}]`. `first`: stop at
 * the first rule that matches. Returns the positions of the rules that matched, in order.
 */
export function explainRules(
  table: TableRecord,
  t: RuleCells,
  x: FeelValue[],
  numbers: number[],
  address: string,
  first: boolean,
): number[] {
  const out: number[] = [];
  for (let k = 0; k < t.rules; k++) {
    if (!explainRule(table, numbers[k]!, ruleAddress(address, numbers[k]!), failedColumn(t, k, x, undefined, undefined))) continue;
    out.push(k);
    if (first) break;
  }
  return out;
}
