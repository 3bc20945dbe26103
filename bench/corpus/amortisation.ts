// A mortgage-style loan: the amortisation formula with a fractional rate raised to a negative
// power, totals, and an affordability rule.
import { roundHalfEven } from "../handwritten/num.js";
import { fixed, int, pick } from "./random.js";
import type { CorpusModel, State } from "./types.js";

const model = {
  content: {
    name: "Loan amortisation",
    inputs: {
      principal: { type: "number [1000..2000000]", desc: "How many dollars does the borrower ask to borrow?" },
      "annual rate": { type: "number (0..30]", desc: "What is the nominal annual interest rate, in percent?" },
      "term months": { type: "number [6..480]", desc: "Over how many months is the loan repaid?" },
      "monthly income": { type: "number >= 0", desc: "What is the borrower's gross monthly income in dollars?" },
    },
    decisions: {
      payment: {
        type: "number",
        let: { "monthly rate": "annual rate / 1200" },
        expr: "decimal(principal * monthly rate / (1 - (1 + monthly rate) ** -term months), 2)",
      },
      "total repaid": "decimal(payment * term months, 2)",
      "total interest": "total repaid - principal",
      "payment to income": "if monthly income = 0 then null else decimal(payment / monthly income, 4)",
      affordable: "payment to income != null and payment to income <= 0.35",
    },
  },
  questions: {
    payment: { type: "number", instructions: "What is the monthly payment in dollars?" },
    affordable: {
      type: "noul",
      instructions: "Can the borrower afford the loan?",
      criteria: { true: "the payment is at most 35% of income", false: "the payment is too high or there is no income" },
    },
  },
};

function handwritten(s: State) {
  const principal = s.principal as number;
  const n = s["term months"] as number;
  const income = s["monthly income"] as number;
  const r = (s["annual rate"] as number) / 1200;
  const payment = roundHalfEven((principal * r) / (1 - (1 + r) ** -n), 2);
  const total = roundHalfEven(payment * n, 2);
  const ratio = income === 0 ? null : roundHalfEven(payment / income, 4);
  return {
    payment,
    "total repaid": total,
    "total interest": Number((total - principal).toFixed(2)),
    "payment to income": ratio,
    affordable: ratio !== null && ratio <= 0.35,
  };
}

export const amortisation: CorpusModel = {
  name: "amortisation",
  kind: "decimal powers",
  model,
  state: (rnd) => ({
    principal: fixed(rnd, 1000, 800000, 2),
    "annual rate": fixed(rnd, 0.5, 24, 3),
    "term months": pick(rnd, [12, 24, 36, 48, 60, 72, 84, 120, 180, 240, 300, 360]),
    "monthly income": rnd() < 0.02 ? 0 : int(rnd, 1500, 40000),
  }),
  handwritten,
};
