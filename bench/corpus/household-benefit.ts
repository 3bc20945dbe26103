// A household benefit: filters, sums and quantifiers over a list of household members, a means
// test by household size and a per-child supplement.
import { roundHalfEven } from "../handwritten/num.js";
import { fixed, int } from "./random.js";
import type { CorpusModel, State } from "./types.js";

const model = {
  content: {
    name: "Household benefit",
    types: { member: { age: "number [0..120]", income: "number >= 0", student: "boolean", disabled: "boolean" } },
    inputs: {
      members: { type: ["member"], desc: "Who lives in the household: each member's age, yearly income, studies and disability?" },
      rent: { type: "number >= 0", desc: "How many dollars of rent does the household pay each month?" },
    },
    decisions: {
      size: "count(members)",
      adults: "count(members[age >= 18 and not(student)])",
      children: "count(members[age < 18 or (student and age < 25)])",
      "household income": "sum(members.income)",
      "per person": "if size = 0 then 0 else decimal(household income / size, 2)",
      "has senior": "some m in members satisfies m.age >= 67",
      "has disabled": "some m in members satisfies m.disabled",
      "income limit": [
        ["size", "=> number"],
        ["1", "18000"],
        ["2", "24500"],
        ["[3..4]", "31000"],
        ["[5..6]", "37500"],
        ["-", "44000"],
      ],
      eligible: "size > 0 and household income <= income limit + (if has senior or has disabled then 4000 else 0)",
      "child supplement": "sum(concatenate([0], for m in members[age < 18] return if m.age < 6 then 95 else 60))",
      "monthly benefit": "if not(eligible) then 0 else decimal(min([rent * 0.3, 650]) + child supplement, 2)",
    },
  },
  questions: { "monthly benefit": { type: "number", instructions: "How many dollars of benefit are paid each month?" } },
};

interface Member {
  age: number;
  income: number;
  student: boolean;
  disabled: boolean;
}

function limitFor(size: number): number {
  if (size === 1) return 18000;
  if (size === 2) return 24500;
  if (size >= 3 && size <= 4) return 31000;
  if (size >= 5 && size <= 6) return 37500;
  return 44000;
}

function handwritten(s: State) {
  const members = s.members as Member[];
  const size = members.length;
  let adults = 0;
  let children = 0;
  let income = 0;
  let senior = false;
  let disabled = false;
  let supplement = 0;
  for (const m of members) {
    if (m.age >= 18 && !m.student) adults++;
    if (m.age < 18 || (m.student && m.age < 25)) children++;
    income += m.income;
    senior ||= m.age >= 67;
    disabled ||= m.disabled;
    if (m.age < 18) supplement += m.age < 6 ? 95 : 60;
  }
  income = Number(income.toFixed(2));
  const limit = limitFor(size);
  const eligible = size > 0 && income <= limit + (senior || disabled ? 4000 : 0);
  const rent = s.rent as number;
  return {
    size,
    adults,
    children,
    "household income": income,
    "per person": size === 0 ? 0 : roundHalfEven(income / size, 2),
    "has senior": senior,
    "has disabled": disabled,
    "income limit": limit,
    eligible,
    "child supplement": supplement,
    "monthly benefit": eligible ? roundHalfEven(Math.min(Number((rent * 0.3).toFixed(4)), 650) + supplement, 2) : 0,
  };
}

export const householdBenefit: CorpusModel = {
  name: "household-benefit",
  kind: "list-heavy",
  model,
  state: (rnd) => ({
    members: Array.from({ length: int(rnd, 1, 8) }, () => {
      const age = int(rnd, 0, 90);
      return {
        age,
        income: age < 16 ? 0 : rnd() < 0.3 ? 0 : fixed(rnd, 1000, 30000, 2),
        student: age >= 16 && age < 28 && rnd() < 0.4,
        disabled: rnd() < 0.08,
      };
    }),
    rent: fixed(rnd, 300, 3000, 2),
  }),
  handwritten,
};
