// Hand-written equivalent of samples/lending.
import { clean, roundHalfEven } from "./num.js";

export interface LendingState {
  "credit score": number;
  "annual income": number;
  "monthly debt": number;
  "loan amount": number;
  employment: "salaried" | "contractor" | "retired" | "unemployed";
}

type Risk = "low" | "medium" | "high";

const BASE_RATE: Record<Risk, number> = { low: 6.5, medium: 9.25, high: 14.75 };

function riskOf(score: number, dti: number): Risk {
  if (score >= 740 && dti <= 0.3) return "low";
  if (score >= 680 && dti <= 0.43) return "medium";
  if (score >= 620 && score < 680 && dti <= 0.36) return "medium";
  return "high";
}

function approve(employment: LendingState["employment"], risk: Risk, amount: number): boolean {
  if (employment === "unemployed") return false;
  if (employment === "retired" && risk === "medium" && amount > 20000) return false;
  if (risk !== "high" && amount <= 50000) return true;
  return risk === "low" && amount > 50000 && amount <= 100000;
}

export function lending(s: LendingState) {
  const income = s["annual income"];
  const monthlyPayment = roundHalfEven(s["loan amount"] / 60, 2);
  const existingDti = income === 0 ? 1 : roundHalfEven((s["monthly debt"] * 12) / income, 4);
  const newDti = income === 0 ? 1 : roundHalfEven((monthlyPayment * 12) / income, 4);
  const debtToIncome = clean(existingDti + newDti);
  const risk = riskOf(s["credit score"], debtToIncome);
  const baseRate = BASE_RATE[risk];
  const surcharge = s.employment === "contractor" ? 0.35 : 0;
  return {
    "monthly payment": monthlyPayment,
    "existing dti": existingDti,
    "new dti": newDti,
    "debt to income": debtToIncome,
    risk,
    approved: approve(s.employment, risk, s["loan amount"]),
    "base rate": baseRate,
    rate: roundHalfEven(baseRate + debtToIncome * 2 + surcharge, 2),
  };
}
