// The hand-written baselines by sample name: what a careful person would write instead of a model.
import { claimsTriage, type ClaimState } from "./claims-triage.js";
import { eligibility, type EligibilityState } from "./eligibility.js";
import { kycRisk, type KycState } from "./kyc-risk.js";
import { lending, type LendingState } from "./lending.js";
import { pricing, type PricingState } from "./pricing.js";

export type Handwritten = (state: Record<string, unknown>) => Record<string, unknown>;

// The states come from JSON files whose shapes the sample tests pin down; the casts only name them.
export const HANDWRITTEN: Record<string, Handwritten> = {
  "claims-triage": (s) => claimsTriage(s as unknown as ClaimState),
  eligibility: (s) => eligibility(s as unknown as EligibilityState),
  "kyc-risk": (s) => kycRisk(s as unknown as KycState),
  lending: (s) => lending(s as unknown as LendingState),
  pricing: (s) => pricing(s as unknown as PricingState),
};
