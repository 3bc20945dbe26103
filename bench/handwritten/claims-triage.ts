// Hand-written equivalent of samples/claims-triage.
import { clean } from "./num.js";
import { daysDuration, fromDay, monthsBetween, toDay } from "./dates.js";

type ClaimType = "collision" | "theft" | "glass" | "injury" | "weather";
type Route = "fast_track" | "adjuster" | "investigation";

export interface ClaimState {
  "incident date": string;
  "report date": string;
  "policy start": string;
  "claim amount": number;
  "claim type": ClaimType;
}

const DEDUCTIBLE: Record<ClaimType, number> = { glass: 75.5, injury: 0, theft: 250, weather: 250, collision: 500 };
const PAYOUT_DAYS: Record<Route, number> = { fast_track: 5, adjuster: 30, investigation: 90 };

function routeOf(type: ClaimType, amount: number, daysToReport: number, late: boolean, policyAge: number): Route {
  if (policyAge < 14) return "investigation";
  if (type === "theft" && amount > 5000) return "investigation";
  if (type !== "injury" && daysToReport > 90) return "investigation";
  if (type === "glass" && amount <= 2000) return "fast_track";
  if ((type === "collision" || type === "weather") && amount <= 1500 && !late) return "fast_track";
  return "adjuster";
}

export function claimsTriage(s: ClaimState) {
  const incident = toDay(s["incident date"]);
  const report = toDay(s["report date"]);
  const daysToReport = report - incident;
  const policyAge = incident - toDay(s["policy start"]);
  const deadline = incident + 30;
  const late = report > deadline;
  const deductible = DEDUCTIBLE[s["claim type"]];
  const route = routeOf(s["claim type"], s["claim amount"], daysToReport, late, policyAge);
  const window = PAYOUT_DAYS[route];
  return {
    "reporting delay": daysDuration(daysToReport),
    "days to report": daysToReport,
    "policy age": policyAge,
    "policy tenure": monthsBetween(s["policy start"], s["incident date"]),
    "reporting deadline": fromDay(deadline),
    "late report": late,
    deductible,
    "net amount": Math.max(clean(s["claim amount"] - deductible), 0),
    route,
    urgent: s["claim type"] === "injury" || s["claim amount"] >= 25000,
    "payout window": daysDuration(window),
    "payout date": fromDay(report + window),
  };
}
