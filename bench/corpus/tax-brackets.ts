// Income tax by brackets per filing status, with a standard deduction, a child credit that cannot
// make the tax negative, and the effective rate.
import { roundHalfEven } from "../handwritten/num.js";
import { fixed, int, pick } from "./random.js";
import type { CorpusModel, State } from "./types.js";

const BRACKETS: Record<string, [number, number | null, number][]> = {
  single: [
    [0, 11600, 0.1],
    [11600, 47150, 0.12],
    [47150, 100525, 0.22],
    [100525, 191950, 0.24],
    [191950, 243725, 0.32],
    [243725, 609350, 0.35],
    [609350, null, 0.37],
  ],
  joint: [
    [0, 23200, 0.1],
    [23200, 94300, 0.12],
    [94300, 201050, 0.22],
    [201050, 383900, 0.24],
    [383900, 487450, 0.32],
    [487450, 731200, 0.35],
    [731200, null, 0.37],
  ],
  head: [
    [0, 16550, 0.1],
    [16550, 63100, 0.12],
    [63100, 100500, 0.22],
    [100500, 191950, 0.24],
    [191950, 243700, 0.32],
    [243700, 609350, 0.35],
    [609350, null, 0.37],
  ],
};
const DEDUCTION: Record<string, number> = { single: 14600, joint: 29200, head: 21900 };

const feelBrackets = (status: string): string =>
  `[${BRACKETS[status]!.map(([lo, hi, rate]) => `{lower: ${lo}, upper: ${hi ?? "null"}, rate: ${rate}}`).join(", ")}]`;

const model = {
  content: {
    name: "Income tax",
    inputs: {
      "gross income": { type: "number >= 0", desc: "What was the taxpayer's gross income for the year, in dollars?" },
      status: { type: "single|joint|head", desc: "How does the taxpayer file: single, jointly, or as head of household?" },
      children: { type: "number [0..12]", desc: "How many qualifying children does the taxpayer have?" },
    },
    decisions: {
      brackets: `if status = "single" then ${feelBrackets("single")} else if status = "joint" then ${feelBrackets("joint")} else ${feelBrackets("head")}`,
      "taxable income": `max(0, gross income - (if status = "single" then 14600 else if status = "joint" then 29200 else 21900))`,
      "tax before credits": {
        type: "number",
        expr: "decimal(sum(for b in brackets return if taxable income <= b.lower then 0 else (min([taxable income, if b.upper = null then taxable income else b.upper]) - b.lower) * b.rate), 2)",
      },
      "child credit": "min([children * 2000, tax before credits])",
      tax: "tax before credits - child credit",
      "effective rate": "if gross income = 0 then 0 else decimal(tax / gross income, 4)",
    },
  },
  questions: { tax: { type: "number", instructions: "How many dollars of income tax are due?" } },
};

function handwritten(s: State) {
  const status = s.status as string;
  const gross = s["gross income"] as number;
  const taxable = Math.max(0, Number((gross - DEDUCTION[status]!).toFixed(2)));
  let raw = 0;
  for (const [lo, hi, rate] of BRACKETS[status]!) if (taxable > lo) raw += (Math.min(taxable, hi ?? taxable) - lo) * rate;
  const before = roundHalfEven(raw, 2);
  const credit = Math.min((s.children as number) * 2000, before);
  const tax = Number((before - credit).toFixed(2));
  return {
    brackets: BRACKETS[status]!.map(([lower, upper, rate]) => ({ lower, upper, rate })),
    "taxable income": taxable,
    "tax before credits": before,
    "child credit": credit,
    tax,
    "effective rate": gross === 0 ? 0 : roundHalfEven(tax / gross, 4),
  };
}

export const taxBrackets: CorpusModel = {
  name: "tax-brackets",
  kind: "brackets over a list of contexts",
  model,
  state: (rnd) => ({
    "gross income": rnd() < 0.02 ? 0 : fixed(rnd, 5000, rnd() < 0.1 ? 2_000_000 : 250_000, 2),
    status: pick(rnd, ["single", "joint", "head"]),
    children: int(rnd, 0, 4),
  }),
  handwritten,
};
