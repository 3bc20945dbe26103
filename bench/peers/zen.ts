// @gorules/zen-engine (Rust, N-API): the logic as a JSON Decision Model graph of expression nodes
// and FIRST-hit decision tables, each passing its input through to the next.
//
// Not a dev dependency: the registry these machines use serves only its linux-x64 binaries, and a
// lock file without the other platforms' optional packages makes `npm ci` fail. Install it for a
// benchmark run with `npm install --no-save @gorules/zen-engine`; without it the peer is skipped.
import { createRequire } from "node:module";
import { fromCamel, LENDING_TABLES, toCamel, type Cell, type Table } from "./lending-logic.js";
import { TABLE200_TABLE } from "./table200-logic.js";
import type { Peer } from "./types.js";

const quote = (s: string) => `'${s}'`;

const ZEN_CELL: { [K in Cell["kind"]]: (c: Extract<Cell, { kind: K }>) => string } = {
  any: () => "",
  cmp: (c) => `${c.op} ${c.value}`,
  range: (c) => `${c.lowIn ? "[" : "("}${c.low}..${c.high}${c.highIn ? "]" : ")"}`,
  oneOf: (c) => c.values.map(quote).join(", "),
  noneOf: (c) => `not in [${c.values.map(quote).join(", ")}]`,
};

const zenCell = (c: Cell): string => (ZEN_CELL[c.kind] as (c: Cell) => string)(c);
const zenValue = (v: string | number | boolean): string => (typeof v === "string" ? quote(v) : String(v));

type Node = Record<string, unknown> & { id: string };
const position = { x: 0, y: 0 };

function tableNode(t: Table): Node {
  const inputs = t.inputs.map((field, i) => ({ id: `in${i}`, name: field, field }));
  return {
    id: `table-${t.output}`,
    type: "decisionTableNode",
    name: t.output,
    position,
    content: {
      hitPolicy: "first",
      passThrough: true,
      inputs,
      outputs: [{ id: "out", name: t.output, field: t.output }],
      rules: t.rows.map((row, r) => ({
        _id: `r${r}`,
        ...Object.fromEntries(row.cells.map((c, i) => [`in${i}`, zenCell(c)])),
        out: zenValue(row.value),
      })),
    },
  };
}

function expressionNode(id: string, expressions: [string, string][]): Node {
  return {
    id,
    type: "expressionNode",
    name: id,
    position,
    content: { passThrough: true, expressions: expressions.map(([key, value], i) => ({ id: `${id}${i}`, key, value })) },
  };
}

/** A straight chain: input → nodes… → output. */
function chain(nodes: Node[]) {
  const all: Node[] = [
    { id: "request", type: "inputNode", name: "request", position },
    ...nodes,
    { id: "response", type: "outputNode", name: "response", position },
  ];
  return { nodes: all, edges: all.slice(1).map((n, i) => ({ id: `e${i}`, type: "edge", sourceId: all[i]!.id, targetId: n.id })) };
}

function lendingJdm() {
  const [risk, approved, baseRate] = LENDING_TABLES.map(tableNode);
  return chain([
    expressionNode("amounts", [
      ["monthlyPayment", "round(loanAmount / 60, 2)"],
      ["existingDti", "annualIncome == 0 ? 1 : round(monthlyDebt * 12 / annualIncome, 4)"],
      ["newDti", "annualIncome == 0 ? 1 : round($.monthlyPayment * 12 / annualIncome, 4)"],
      ["debtToIncome", "$.existingDti + $.newDti"],
    ]),
    risk!,
    approved!,
    baseRate!,
    expressionNode("pricing", [["rate", "round(baseRate + debtToIncome * 2 + (employment == 'contractor' ? 0.35 : 0), 2)"]]),
  ]);
}

const table200Jdm = () => chain([tableNode(TABLE200_TABLE)]);

interface ZenDecision {
  evaluate(input: unknown): Promise<{ result: unknown }>;
}

let engine: { createDecision(jdm: unknown): ZenDecision } | null | undefined;

/** The engine, or null when the package is not installed. */
function zen() {
  if (engine === undefined) {
    try {
      const { ZenEngine } = createRequire(import.meta.url)("@gorules/zen-engine");
      engine = new ZenEngine();
    } catch {
      engine = null;
    }
  }
  return engine;
}

export function zenLending(): Peer | null {
  const decision = zen()?.createDecision(lendingJdm());
  if (!decision) return null;
  return {
    engine: "@gorules/zen-engine",
    form: "JDM graph: expression node, three FIRST tables, expression node",
    evaluate: async (state) => fromCamel((await decision.evaluate(toCamel(state))).result as Record<string, unknown>),
  };
}

export function zenTable200(): Peer | null {
  const decision = zen()?.createDecision(table200Jdm());
  if (!decision) return null;
  return {
    engine: "@gorules/zen-engine",
    form: "JDM graph: one FIRST decision table of 200 rules",
    evaluate: async (state) => ({ fee: ((await decision.evaluate(state)).result as { fee: unknown }).fee }),
  };
}
