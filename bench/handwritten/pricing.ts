// Hand-written equivalent of samples/pricing.
import { clean, roundHalfEven } from "./num.js";

type Tier = "bronze" | "silver" | "gold";

export interface PricingState {
  "list price": number;
  quantity: number;
  "customer tier": Tier;
  "coupon percent": number;
  "annual uplift": number;
  "contract years": number;
  "tax exempt": boolean;
}

const TIER_DISCOUNT: Record<Tier, number> = { bronze: 0, silver: 0.1, gold: 0.15 };

const volumeDiscount = (units: number): number => (units >= 500 ? 0.12 : units >= 100 ? 0.07 : units >= 10 ? 0.03 : 0);

const TAX_RATE = 0.0825;

export function pricing(s: PricingState) {
  const net = s["list price"] * (1 - TIER_DISCOUNT[s["customer tier"]]) * (1 - volumeDiscount(s.quantity));
  const unitPrice = roundHalfEven(net * (1 - s["coupon percent"] / 100), 2);
  const subtotal = clean(unitPrice * s.quantity);
  const tax = s["tax exempt"] ? 0 : roundHalfEven(subtotal * TAX_RATE, 2);
  const total = clean(subtotal + tax);
  const uplift = s["annual uplift"] / 100;
  const years = s["contract years"];
  const contractValue = uplift === 0 ? total * years : (total * ((1 + uplift) ** years - 1)) / uplift;
  const contract = roundHalfEven(contractValue, 2);
  const dealSize = contract < 10000 ? "small" : contract < 100000 ? "medium" : "large";
  return {
    "unit price": unitPrice,
    subtotal,
    tax,
    total,
    "renewal price": roundHalfEven(total * (1 + uplift) ** (years - 1), 2),
    "contract value": contract,
    "deal size": dealSize,
    "needs approval": s["coupon percent"] > 20 || total > 50000 || dealSize === "large",
  };
}
