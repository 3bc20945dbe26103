// Hand-written equivalent of samples/kyc-risk.
import { clean } from "./num.js";

type Level = "low" | "medium" | "high";

export interface KycState {
  "customer type": "individual" | "business" | "trust";
  "country risk": Level;
  "product risk": Level;
  pep: boolean;
  "adverse media"?: boolean | null;
  "monthly volume": number;
}

const COUNTRY_POINTS: Record<Level, number> = { low: 0, medium: 0.2, high: 0.3 };
const PRODUCT_POINTS: Record<Level, number> = { low: 0, medium: 0.1, high: 0.2 };
const CUSTOMER_POINTS: Record<KycState["customer type"], number> = { individual: 0, business: 0.1, trust: 0.2 };

function profileOf(s: KycState, score: number): { risk: Level; review: boolean } {
  if (s.pep) return { risk: "high", review: true };
  if (s["adverse media"] === true) return { risk: "high", review: true };
  if (s["country risk"] === "high" && score >= 0.5) return { risk: "high", review: true };
  if (score >= 0.5) return { risk: "high", review: false };
  const middling = score > 0.3 && score < 0.5;
  if (middling && s["country risk"] !== "low") return { risk: "medium", review: true };
  if (middling) return { risk: "medium", review: false };
  return { risk: "low", review: false };
}

function dueDiligence(risk: Level, type: KycState["customer type"]): "simplified" | "standard" | "enhanced" {
  if (risk === "high") return "enhanced";
  if (risk === "medium") return type === "trust" ? "enhanced" : "standard";
  return type === "individual" ? "simplified" : "standard";
}

export function kycRisk(s: KycState) {
  const score = clean(
    COUNTRY_POINTS[s["country risk"]] +
      PRODUCT_POINTS[s["product risk"]] +
      CUSTOMER_POINTS[s["customer type"]] +
      (s["monthly volume"] > 50000 ? 0.1 : 0),
  );
  const profile = profileOf(s, score);
  const mediaUnknown = s["adverse media"] === undefined || s["adverse media"] === null;
  return {
    "risk score": score,
    profile,
    "customer risk": profile.risk,
    "manual review": profile.review || (mediaUnknown && profile.risk !== "low"),
    "due diligence": dueDiligence(profile.risk, s["customer type"]),
  };
}
