// Models written for the benchmark by someone who has not read the compiler, each with random
// states and a hand-written JS (doubles) equivalent checked equal on thousands of them.
import { bureauScore } from "./bureau-score.js";
import { energyBill } from "./energy-bill.js";
import { incomeTax } from "./income-tax.js";
import { kycStrings } from "./kyc-strings.js";
import { mortgageReversion } from "./mortgage-reversion.js";
import { motorClaims } from "./motor-claims.js";
import { pensionProjection } from "./pension-projection.js";
import { redundancyDates } from "./redundancy-dates.js";
import type { OutsideModel } from "./types.js";

export const OUTSIDE: readonly OutsideModel[] = [
  mortgageReversion,
  incomeTax,
  motorClaims,
  redundancyDates,
  bureauScore,
  kycStrings,
  pensionProjection,
  energyBill,
];
