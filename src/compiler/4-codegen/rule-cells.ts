// A large table's rules as data read by one runtime loop (runtime/table-rules.ts), where the
// rules are tried one by one only on a slow path: by `explain`, and by `run` for values its index
// cannot judge. The rules are a matrix of their cells' numbers; each distinct cell is a template
// (its test with the literals and constants taken out) and the values it takes: cells that differ
// only in their literals (`<= 1`, `<= 4`...) share one function, so the module grows by a few bytes
// a rule and a distinct cell instead of a chain of tests written out.
import type { UnaryTests } from "../../ir/feel-ast.js";
import type { TableIR } from "../../ir/ir.js";
import type { Emitter } from "./emitter.js";
import { ascendingList, intList } from "./int-list.js";

/**
 * From this many rules a table's slow paths are data. Measured on a FIRST table of a string, a
 * number and a boolean column (bands, `-` cells): at 16 rules its module is 5.9 KB against 10.3 KB
 * written out, at 32 rules 7.9 KB against 17.4 KB, with `explain` 4.4 µs against 8.3 µs and
 * `evaluate` on values the index cannot judge no slower; below 12 rules no table is indexed.
 */
export const MIN_COMPACT_RULES = 16;

/**
 * The hoisted id of the table's rules as data, whose cell in column c `test(cell, c)` writes as a
 * boolean expression of the parameters `params` (the column's values); null when the table is
 * small or a cell cannot be written so. The cells must read nothing but the parameters and
 * module-level constants: literal tests, as in an indexed table's rules.
 */
export function compactRules(
  table: TableIR,
  em: Emitter,
  params: string,
  test: (cell: UnaryTests, column: number) => string | null,
): string | null {
  if (table.rules.length < MIN_COMPACT_RULES) return null;
  const ids = new Map<string, number>();
  const cells: number[] = [];
  for (const rule of table.rules) {
    for (const [column, cell] of rule.conditions.entries()) {
      if (cell.kind === "any") {
        cells.push(0);
        continue;
      }
      const code = test(cell, column);
      if (code === null) return null;
      let id = ids.get(code);
      if (id === undefined) ids.set(code, (id = ids.size + 1));
      cells.push(id);
    }
  }
  const templates = new Map<string, number>();
  const specs = [...ids.keys()].map((code) => {
    const { body, args } = template(code);
    const key = `(${[...args.map((_, i) => `a${i}`), params].join(", ")}) => ${body}`;
    let id = templates.get(key);
    if (id === undefined) templates.set(key, (id = templates.size));
    return `[${[id, ...args].join(", ")}]`;
  });
  const matrix = em.hoist("RM", intList(cells));
  return em.hoist("RC", `rt.ruleCells([${[...templates.keys()].join(", ")}], [${specs.join(", ")}], ${matrix}, ${table.rules.length})`);
}

/** A token of generated code: a string literal, a name, or a number. */
const TOKEN = /"(?:[^"\\]|\\.)*"|[A-Za-z_$][\w$]*|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
/** A hoisted constant's name (emitter.ts `fresh`); the parameters and `rt` are not. */
const CONSTANT = /^[a-zA-Z]{1,4}[0-9]+$/;

/**
 * A cell's test with its literals and the hoisted constants it reads taken out as arguments
 * `a0`, `a1`... (a name or the digits after a dot stay: a property). Code with a character that
 * could start something other than these tokens (a template, a regular expression) stays whole.
 */
function template(code: string): { body: string; args: string[] } {
  if (/[`'/]/.test(code)) return { body: code, args: [] };
  const args: string[] = [];
  const body = code.replace(TOKEN, (token: string, at: number) => {
    if (code[at - 1] === "." || (/^[A-Za-z_$]/.test(token) && !CONSTANT.test(token))) return token;
    args.push(token);
    return `a${args.length - 1}`;
  });
  return { body, args };
}

/** The hoisted numbers of the table's rules, by position (a trace's and an explanation's rule). */
export const ruleNumbers = (table: TableIR, em: Emitter): string => em.hoist("RN", ascendingList(table.rules.map((r) => r.index)));
