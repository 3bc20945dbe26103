// A payroll estimate: income tax over bands held as a list of contexts (for, sum, a filter and its
// last item), a tapered allowance, two-threshold contributions and a student loan table.
import { clean, roundHalfEven } from "../handwritten/num.js";
import { fixed, int, pick } from "../corpus/random.js";
import type { State } from "../corpus/types.js";
import type { OutsideModel } from "./types.js";

const BANDS = [
  { name: "basic", lower: 0, upper: 37700, rate: 0.2 },
  { name: "higher", lower: 37700, upper: 125140, rate: 0.4 },
  { name: "additional", lower: 125140, upper: null, rate: 0.45 },
];

const model = {
  content: {
    name: "Take-home pay",
    inputs: {
      "gross salary": { type: "number [0..2000000]", desc: "What is the employee's gross annual salary in pounds?" },
      "other income": { type: "number >= 0", desc: "How many pounds of other taxable income does the employee have a year?" },
      "pension percent": { type: "number [0..40]", desc: "What percent of salary does the employee pay into the pension?" },
      "student loan": { type: "none|plan1|plan2|postgrad", desc: "Which student loan plan does the employee repay?" },
      "blind allowance": { type: "boolean", desc: "Does the employee claim the blind person's allowance?" },
    },
    decisions: {
      bands:
        '[{name: "basic", lower: 0, upper: 37700, rate: 0.2}, {name: "higher", lower: 37700, upper: 125140, rate: 0.4}, {name: "additional", lower: 125140, upper: null, rate: 0.45}]',
      "pension contribution": "decimal(gross salary * pension percent / 100, 2)",
      "adjusted net income": "gross salary - pension contribution + other income",
      "personal allowance": {
        type: "number",
        let: {
          base: "12570 + (if blind allowance then 3070 else 0)",
          taper: "max(0, floor((adjusted net income - 100000) / 2))",
        },
        expr: "max(0, base - taper)",
      },
      "taxable income": "max(0, adjusted net income - personal allowance)",
      "tax by band":
        "for b in bands return {band: b.name, tax: decimal(max(0, (if b.upper = null then taxable income else min(taxable income, b.upper)) - b.lower) * b.rate, 2)}",
      "income tax": "sum(for t in tax by band return t.tax)",
      "marginal rate": "if taxable income = 0 then 0 else bands[lower < taxable income][-1].rate",
      "national insurance": "decimal(0.08 * max(0, min(gross salary, 50270) - 12570) + 0.02 * max(0, gross salary - 50270), 2)",
      "loan terms": [
        ["student loan", "=> threshold: number", "=> rate: number"],
        ["plan1", "24990", "0.09"],
        ["plan2", "27295", "0.09"],
        ["postgrad", "21000", "0.06"],
        ["-", "0", "0"],
      ],
      "loan repayment": "floor(max(0, gross salary - loan terms.threshold) * loan terms.rate)",
      "monthly take-home":
        "decimal((gross salary + other income - pension contribution - income tax - national insurance - loan repayment) / 12, 2)",
      "effective rate": "if gross salary + other income = 0 then 0 else decimal(income tax / (gross salary + other income), 4)",
    },
  },
  questions: {
    "monthly take-home": { type: "number", instructions: "How many pounds does the employee take home each month?" },
  },
};

const LOAN: Record<string, { threshold: number; rate: number }> = {
  plan1: { threshold: 24990, rate: 0.09 },
  plan2: { threshold: 27295, rate: 0.09 },
  postgrad: { threshold: 21000, rate: 0.06 },
  none: { threshold: 0, rate: 0 },
};

function handwritten(s: State) {
  const gross = s["gross salary"] as number;
  const other = s["other income"] as number;
  const pension = roundHalfEven((gross * (s["pension percent"] as number)) / 100, 2);
  const adjusted = roundHalfEven(gross - pension + other, 2);
  const base = 12570 + (s["blind allowance"] ? 3070 : 0);
  const allowance = Math.max(0, base - Math.max(0, Math.floor((adjusted - 100000) / 2)));
  const taxable = roundHalfEven(Math.max(0, adjusted - allowance), 2);
  const byBand = BANDS.map((b) => ({
    band: b.name,
    tax: roundHalfEven(Math.max(0, (b.upper === null ? taxable : Math.min(taxable, b.upper)) - b.lower) * b.rate, 2),
  }));
  const tax = roundHalfEven(
    byBand.reduce((a, t) => a + t.tax, 0),
    2,
  );
  const marginal = taxable === 0 ? 0 : BANDS.filter((b) => b.lower < taxable).at(-1)!.rate;
  const ni = roundHalfEven(0.08 * Math.max(0, Math.min(gross, 50270) - 12570) + 0.02 * Math.max(0, gross - 50270), 2);
  const terms = LOAN[s["student loan"] as string]!;
  const loan = Math.floor(clean(Math.max(0, gross - terms.threshold) * terms.rate));
  const income = gross + other;
  return {
    bands: BANDS,
    "pension contribution": pension,
    "adjusted net income": adjusted,
    "personal allowance": allowance,
    "taxable income": taxable,
    "tax by band": byBand,
    "income tax": tax,
    "marginal rate": marginal,
    "national insurance": ni,
    "loan terms": terms,
    "loan repayment": loan,
    "monthly take-home": roundHalfEven((income - pension - tax - ni - loan) / 12, 2),
    "effective rate": income === 0 ? 0 : roundHalfEven(tax / income, 4),
  };
}

export const incomeTax: OutsideModel = {
  name: "income-tax",
  kind: "list of contexts, for and filter",
  model,
  state: (rnd) => ({
    "gross salary": rnd() < 0.03 ? 0 : rnd() < 0.5 ? int(rnd, 8000, 90000) : fixed(rnd, 20000, 400000, 2),
    "other income": rnd() < 0.6 ? 0 : int(rnd, 100, 60000),
    "pension percent": pick(rnd, [0, 3, 5, 5.5, 8, 10, 12.5, 20]),
    "student loan": pick(rnd, ["none", "none", "plan1", "plan2", "postgrad"]),
    "blind allowance": rnd() < 0.05,
  }),
  handwritten,
  approximate: [],
};
