// The realistic benchmark corpus: eight models written for the benchmark, each with random
// states and a hand-written JS (doubles) equivalent checked equal on thousands of them.
import { amortisation } from "./amortisation.js";
import { householdBenefit } from "./household-benefit.js";
import { insuranceRating } from "./insurance-rating.js";
import { kycScreen } from "./kyc-screen.js";
import { npv } from "./npv.js";
import { scorecard } from "./scorecard.js";
import { sla } from "./sla.js";
import { taxBrackets } from "./tax-brackets.js";
import type { CorpusModel } from "./types.js";

export const CORPUS: readonly CorpusModel[] = [
  amortisation,
  npv,
  insuranceRating,
  sla,
  kycScreen,
  householdBenefit,
  scorecard,
  taxBrackets,
];
