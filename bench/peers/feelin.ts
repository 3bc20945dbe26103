// feelin (a FEEL interpreter in JS): every decision as its FEEL expression and every table as FEEL
// unary tests tried rule by rule (feelin has no decision-table evaluator, so the FIRST-hit loop is
// a few lines of JS around `unaryTest`).
import { evaluate, unaryTest } from "feelin";
import { fromCamel, LENDING_TABLES, toCamel, type Cell, type Table } from "./lending-logic.js";
import { TABLE200_TABLE } from "./table200-logic.js";
import type { Peer } from "./types.js";

const quote = (s: string) => JSON.stringify(s);

const FEEL_CELL: { [K in Cell["kind"]]: (c: Extract<Cell, { kind: K }>) => string } = {
  any: () => "-",
  cmp: (c) => `${c.op} ${c.value}`,
  range: (c) => `${c.lowIn ? "[" : "("}${c.low}..${c.high}${c.highIn ? "]" : ")"}`,
  oneOf: (c) => c.values.map(quote).join(", "),
  noneOf: (c) => `not(${c.values.map(quote).join(", ")})`,
};

const feelCell = (c: Cell): string => (FEEL_CELL[c.kind] as (c: Cell) => string)(c);

/** A FIRST-hit table over FEEL unary tests: the first rule whose every cell accepts its input wins. */
function feelTable(t: Table): (context: Record<string, unknown>) => unknown {
  const rows = t.rows.map((r) => ({ cells: r.cells.map(feelCell), value: r.value }));
  return (context) => {
    for (const row of rows) {
      if (row.cells.every((cell, i) => unaryTest(cell, { ...context, "?": context[t.inputs[i]!] }).value === true)) return row.value;
    }
    return null;
  };
}

const AMOUNTS: [string, string][] = [
  ["monthlyPayment", "decimal(loanAmount / 60, 2)"],
  ["existingDti", "if annualIncome = 0 then 1 else decimal(monthlyDebt * 12 / annualIncome, 4)"],
  ["newDti", "if annualIncome = 0 then 1 else decimal(monthlyPayment * 12 / annualIncome, 4)"],
  // feelin computes with binary doubles: 0.1 + 0.2 would be 0.30000000000000004 and flip the risk
  // of the exact-decimal state, so the sum is rounded back as a careful author would.
  ["debtToIncome", "decimal(existingDti + newDti, 4)"],
];
const RATE = `decimal(baseRate + debtToIncome * 2 + (if employment = "contractor" then 0.35 else 0), 2)`;

export function feelinLending(): Peer {
  const tables = LENDING_TABLES.map((t) => ({ output: t.output, run: feelTable(t) }));
  return {
    engine: "feelin",
    form: "FEEL expressions and FEEL unary-test tables (FIRST hit in a JS loop); the dti sum rounded, feelin being binary floating point",
    evaluate(state) {
      const context: Record<string, unknown> = toCamel(state);
      for (const [name, expression] of AMOUNTS) context[name] = evaluate(expression, context).value;
      for (const t of tables) context[t.output] = t.run(context);
      context.rate = evaluate(RATE, context).value;
      return fromCamel(context);
    },
  };
}

export function feelinTable200(): Peer {
  const table = feelTable(TABLE200_TABLE);
  return { engine: "feelin", form: "200 rules of FEEL unary tests (FIRST hit in a JS loop)", evaluate: (state) => ({ fee: table(state) }) };
}
