// Hand-written equivalent of samples/eligibility.
import { clean, roundHalfEven } from "./num.js";

interface Person {
  name: string;
  age: number;
  income: number;
  disabled: boolean;
}

export interface EligibilityState {
  applicant: Person;
  members: Person[];
  "monthly rent"?: number | null;
}

type Level = "none" | "partial" | "full";

const PER_PERSON: Record<Level, number> = { none: 0, partial: 75, full: 150 };

function isEligible(adult: boolean, allEarning: boolean, disabled: boolean, perPerson: number, childCount: number): boolean {
  if (!adult) return false;
  if (perPerson < 800) return true;
  if (allEarning && perPerson < 1200 && childCount >= 1) return true;
  return disabled && perPerson < 1000;
}

export function eligibility(s: EligibilityState) {
  const household = [s.applicant, ...s.members];
  const children = s.members.filter((m) => m.age < 18);
  const income = clean(household.reduce((sum, m) => sum + m.income, 0));
  const perPerson = roundHalfEven(income / household.length, 2);
  const youngChild = children.some((c) => c.age < 6);
  const disabled = household.some((m) => m.disabled);
  const allEarning = household.filter((m) => m.age >= 18).every((m) => m.income > 0);
  const adult = s.applicant.age >= 18;
  const rent = s["monthly rent"];
  const rentKnown = typeof rent === "number";
  const eligible = isEligible(adult, allEarning, disabled, perPerson, children.length);
  const level: Level = !eligible ? "none" : perPerson < 500 || youngChild ? "full" : "partial";
  const childSupplement = (youngChild ? 60.5 : 40.5) * children.length;
  const rentSupplement = rentKnown ? roundHalfEven(rent * 0.1, 2) : 0;
  const benefit = level === "none" ? 0 : Math.min(2000, clean(PER_PERSON[level] * household.length + childSupplement + rentSupplement));
  return {
    household,
    "household size": household.length,
    children,
    "child count": children.length,
    "household income": income,
    "income per person": perPerson,
    "has young child": youngChild,
    "has disabled member": disabled,
    "all adults earning": allEarning,
    "oldest age": Math.max(...household.map((m) => m.age)),
    "applicant is adult": adult,
    "rent known": rentKnown,
    eligible,
    "benefit level": level,
    "monthly benefit": benefit,
  };
}
