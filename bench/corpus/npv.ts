// An investment appraisal: net present value of a list of yearly cash flows, compound growth of
// the investment at a reference rate, and the payback year.
import { roundHalfEven } from "../handwritten/num.js";
import { fixed, int } from "./random.js";
import type { CorpusModel, State } from "./types.js";

const model = {
  content: {
    name: "Investment appraisal",
    inputs: {
      investment: { type: "number > 0", desc: "How many dollars are invested at the start?" },
      "cash flows": { type: "[number]", desc: "What net cash flow, in dollars, does each year bring, in order?" },
      "discount rate": { type: "number [0..1]", desc: "What yearly discount rate applies, as a fraction?" },
      "reference rate": { type: "number [0..1]", desc: "What yearly rate would the money earn elsewhere, as a fraction?" },
    },
    decisions: {
      npv: "decimal(sum(for i in 1..count(cash flows) return cash flows[i] / (1 + discount rate) ** i) - investment, 2)",
      "reference value": "decimal(investment * (1 + reference rate) ** count(cash flows), 2)",
      "total inflow": "sum(cash flows)",
      "payback year": {
        type: "number",
        let: { cumulative: "for i in 1..count(cash flows) return sum(sublist(cash flows, 1, i))" },
        expr: "if cumulative[count(cumulative)] < investment then null else count(cumulative[item < investment]) + 1",
      },
      accept: "npv > 0 and total inflow > reference value",
    },
  },
  questions: {
    npv: { type: "number", instructions: "What is the net present value in dollars?" },
    accept: {
      type: "noul",
      instructions: "Should the investment be made?",
      criteria: { true: "the net present value is positive and beats the reference rate", false: "the money does better elsewhere" },
    },
  },
};

function handwritten(s: State) {
  const investment = s.investment as number;
  const flows = s["cash flows"] as number[];
  const d = s["discount rate"] as number;
  let pv = 0;
  for (let i = 0; i < flows.length; i++) pv += flows[i]! / (1 + d) ** (i + 1);
  const npv = roundHalfEven(pv - investment, 2);
  const reference = roundHalfEven(investment * (1 + (s["reference rate"] as number)) ** flows.length, 2);
  let total = 0;
  let below = 0;
  for (const f of flows) {
    total += f;
    if (total < investment) below++;
  }
  total = Number(total.toFixed(2));
  return {
    npv,
    "reference value": reference,
    "total inflow": total,
    "payback year": total < investment ? null : below + 1,
    accept: npv > 0 && total > reference,
  };
}

export const npv: CorpusModel = {
  name: "npv",
  kind: "lists and powers",
  model,
  state: (rnd) => {
    const investment = int(rnd, 10000, 500000);
    const years = int(rnd, 3, 25);
    return {
      investment,
      "cash flows": Array.from({ length: years }, () => fixed(rnd, -0.05 * investment, 0.4 * investment, 2)),
      "discount rate": fixed(rnd, 0, 0.2, 4),
      "reference rate": fixed(rnd, 0, 0.08, 4),
    };
  },
  handwritten,
};
