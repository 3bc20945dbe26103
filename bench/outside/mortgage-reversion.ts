// A fixed-rate mortgage that reverts to a variable rate: two user functions (the level payment and
// the balance left after k payments) called from five decisions, a rate stress test and the cost.
import { roundHalfEven } from "../handwritten/num.js";
import { fixed, int, pick } from "../corpus/random.js";
import type { State } from "../corpus/types.js";
import type { OutsideModel } from "./types.js";

const model = {
  content: {
    name: "Mortgage with a fixed period",
    inputs: {
      "loan amount": { type: "number [10000..3000000]", desc: "How many pounds does the applicant borrow?" },
      "fixed rate": { type: "number (0..15]", desc: "What is the annual rate during the fixed period, in percent?" },
      "reversion rate": { type: "number (0..15]", desc: "What annual rate applies after the fixed period, in percent?" },
      "fixed months": { type: "number [12..120]", desc: "For how many months is the rate fixed?" },
      "term months": { type: "number [60..480]", desc: "Over how many months is the mortgage repaid?" },
      "net monthly income": { type: "number >= 0", desc: "What is the household's net monthly income in pounds?" },
    },
    functions: {
      "level payment": {
        params: { amount: "number", "annual rate": "number", months: "number" },
        returns: "number",
        body: "(amount * annual rate / 1200) / (1 - (1 + annual rate / 1200) ** -months)",
      },
      "balance after": {
        params: { amount: "number", "annual rate": "number", payment: "number", paid: "number" },
        returns: "number",
        body: "amount * (1 + annual rate / 1200) ** paid - payment * ((1 + annual rate / 1200) ** paid - 1) / (annual rate / 1200)",
      },
    },
    decisions: {
      "initial payment": "decimal(level payment(loan amount, fixed rate, term months), 2)",
      "balance at reversion": "decimal(max(0, balance after(loan amount, fixed rate, initial payment, fixed months)), 2)",
      "reversion payment": "decimal(level payment(balance at reversion, reversion rate, term months - fixed months), 2)",
      "effective annual rate": "(1 + fixed rate / 1200) ** 12 - 1",
      "payment shock": "decimal(reversion payment / initial payment - 1, 4)",
      "stressed payment": "decimal(level payment(loan amount, max(fixed rate, reversion rate) + 3, term months), 2)",
      "interest in first year": {
        type: "number",
        let: { "after a year": "balance after(loan amount, fixed rate, initial payment, 12)" },
        expr: "decimal(initial payment * 12 - (loan amount - after a year), 2)",
      },
      "total cost of credit": "initial payment * fixed months + reversion payment * (term months - fixed months) - loan amount",
      affordability: [
        ["stressed payment / net monthly income", "payment shock", "=> pass|refer|decline"],
        ["<= 0.35", "<= 0.25", "pass"],
        ["<= 0.45", "-", "refer"],
        ["-", "-", "decline"],
      ],
    },
  },
  questions: {
    "initial payment": { type: "number", instructions: "What is the monthly payment during the fixed period?" },
    affordability: {
      type: "choice",
      instructions: "Can the household afford the mortgage under stress?",
      options: ["pass", "refer", "decline"],
    },
  },
};

const levelPayment = (amount: number, rate: number, months: number): number => (amount * rate) / 1200 / (1 - (1 + rate / 1200) ** -months);

const balanceAfter = (amount: number, rate: number, payment: number, paid: number): number => {
  const r = rate / 1200;
  const growth = (1 + r) ** paid;
  return amount * growth - (payment * (growth - 1)) / r;
};

function handwritten(s: State) {
  const loan = s["loan amount"] as number;
  const fixedRate = s["fixed rate"] as number;
  const reversionRate = s["reversion rate"] as number;
  const fixedMonths = s["fixed months"] as number;
  const term = s["term months"] as number;
  const income = s["net monthly income"] as number;
  const initial = roundHalfEven(levelPayment(loan, fixedRate, term), 2);
  const atReversion = roundHalfEven(Math.max(0, balanceAfter(loan, fixedRate, initial, fixedMonths)), 2);
  const reversion = roundHalfEven(levelPayment(atReversion, reversionRate, term - fixedMonths), 2);
  const shock = roundHalfEven(reversion / initial - 1, 4);
  const stressed = roundHalfEven(levelPayment(loan, Math.max(fixedRate, reversionRate) + 3, term), 2);
  const firstYear = roundHalfEven(initial * 12 - (loan - balanceAfter(loan, fixedRate, initial, 12)), 2);
  const share = income === 0 ? null : stressed / income;
  const affordability = share !== null && share <= 0.35 && shock <= 0.25 ? "pass" : share !== null && share <= 0.45 ? "refer" : "decline";
  return {
    "initial payment": initial,
    "balance at reversion": atReversion,
    "reversion payment": reversion,
    "effective annual rate": (1 + fixedRate / 1200) ** 12 - 1,
    "payment shock": shock,
    "stressed payment": stressed,
    "interest in first year": firstYear,
    "total cost of credit": roundHalfEven(initial * fixedMonths + reversion * (term - fixedMonths) - loan, 2),
    affordability,
  };
}

export const mortgageReversion: OutsideModel = {
  name: "mortgage-reversion",
  kind: "user functions with powers",
  model,
  state: (rnd) => {
    const term = pick(rnd, [120, 180, 240, 300, 360, 420]);
    return {
      "loan amount": int(rnd, 40, 1200) * 500,
      "fixed rate": fixed(rnd, 0.8, 7.5, 2),
      "reversion rate": fixed(rnd, 3, 9.5, 2),
      "fixed months": pick(
        rnd,
        [24, 36, 60, 120].filter((m) => m < term),
      ),
      "term months": term,
      "net monthly income": rnd() < 0.02 ? 0 : int(rnd, 1200, 25000),
    };
  },
  handwritten,
  approximate: ["effective annual rate"],
};
