// The lending sample's logic as data the peers share: camelCase names (engines without spaces in
// names) and the three tables as rows of cells, written once and translated per engine.

const LENDING_KEYS = {
  "credit score": "creditScore",
  "annual income": "annualIncome",
  "monthly debt": "monthlyDebt",
  "loan amount": "loanAmount",
  employment: "employment",
} as const;

const LENDING_DECISIONS = {
  "monthly payment": "monthlyPayment",
  "existing dti": "existingDti",
  "new dti": "newDti",
  "debt to income": "debtToIncome",
  risk: "risk",
  approved: "approved",
  "base rate": "baseRate",
  rate: "rate",
} as const;

/** A table: input columns (camelCase), rows of [cells…, output]; a cell is a comparison, a range, a list of choices or "-". */
export interface Table {
  output: string;
  inputs: string[];
  rows: { cells: Cell[]; value: string | number | boolean }[];
}

export type Cell =
  | { kind: "any" }
  | { kind: "cmp"; op: "<" | "<=" | ">" | ">="; value: number }
  | { kind: "range"; low: number; high: number; lowIn: boolean; highIn: boolean }
  | { kind: "oneOf"; values: string[] }
  | { kind: "noneOf"; values: string[] };

const any: Cell = { kind: "any" };
const cmp = (op: "<" | "<=" | ">" | ">=", value: number): Cell => ({ kind: "cmp", op, value });
const oneOf = (...values: string[]): Cell => ({ kind: "oneOf", values });

export const LENDING_TABLES: Table[] = [
  {
    output: "risk",
    inputs: ["creditScore", "debtToIncome"],
    rows: [
      { cells: [cmp(">=", 740), cmp("<=", 0.3)], value: "low" },
      { cells: [cmp(">=", 680), cmp("<=", 0.43)], value: "medium" },
      { cells: [{ kind: "range", low: 620, high: 680, lowIn: true, highIn: false }, cmp("<=", 0.36)], value: "medium" },
      { cells: [any, any], value: "high" },
    ],
  },
  {
    output: "approved",
    inputs: ["employment", "risk", "loanAmount"],
    rows: [
      { cells: [oneOf("unemployed"), any, any], value: false },
      { cells: [oneOf("retired"), oneOf("medium"), cmp(">", 20000)], value: false },
      { cells: [any, oneOf("low", "medium"), cmp("<=", 50000)], value: true },
      { cells: [any, oneOf("low"), { kind: "range", low: 50000, high: 100000, lowIn: false, highIn: true }], value: true },
      { cells: [any, any, any], value: false },
    ],
  },
  {
    output: "baseRate",
    inputs: ["risk"],
    rows: [
      { cells: [oneOf("low")], value: 6.5 },
      { cells: [oneOf("medium")], value: 9.25 },
      { cells: [any], value: 14.75 },
    ],
  },
];

export const toCamel = (state: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(LENDING_KEYS)) out[v] = state[k];
  return out;
};

export const fromCamel = (result: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(LENDING_DECISIONS)) out[k] = result[v];
  return out;
};
