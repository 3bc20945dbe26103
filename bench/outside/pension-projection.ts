// A workplace pension projection: yearly contributions built with `for` over the years to
// retirement with growing salaries (powers of fractional rates), each grown to retirement, a
// defined-benefit accrual, tax-free cash, an annuity rate table and a replacement ratio.
import { roundHalfEven } from "../handwritten/num.js";
import { fixed, int, pick } from "../corpus/random.js";
import type { State } from "../corpus/types.js";
import type { OutsideModel } from "./types.js";

const model = {
  content: {
    name: "Pension projection",
    inputs: {
      age: { type: "number [18..75]", desc: "How old is the member today, in whole years?" },
      "retirement age": { type: "number [55..75]", desc: "At what age does the member plan to retire?" },
      salary: { type: "number >= 0", desc: "What is the member's pensionable salary in pounds a year?" },
      "member percent": { type: "number [0..100]", desc: "What percent of salary does the member contribute?" },
      "employer percent": { type: "number [0..100]", desc: "What percent of salary does the employer contribute?" },
      "current pot": { type: "number >= 0", desc: "How many pounds are in the member's pension pot today?" },
      "growth percent": { type: "number [-5..15]", desc: "What yearly investment growth, in percent, is assumed?" },
      "salary growth percent": { type: "number [0..10]", desc: "What yearly salary growth, in percent, is assumed?" },
      "past service years": { type: "number [0..50]", desc: "How many years of defined-benefit service has the member built up?" },
      accrual: { type: "sixtieths|eightieths", desc: "At what accrual rate does the defined-benefit scheme build up?" },
    },
    decisions: {
      "years to go": "max(0, retirement age - age)",
      contributions:
        "if years to go = 0 then [] else for y in 1..years to go return decimal(salary * (1 + salary growth percent / 100) ** (y - 1) * (member percent + employer percent) / 100, 2)",
      "pot at retirement": {
        type: "number",
        let: { growth: "1 + growth percent / 100" },
        expr: "decimal(current pot * growth ** years to go + (if years to go = 0 then 0 else sum(for y in 1..years to go return contributions[y] * growth ** (years to go - y))), 2)",
      },
      "final salary": "decimal(salary * (1 + salary growth percent / 100) ** years to go, 2)",
      "defined benefit": 'decimal(final salary * (past service years + years to go) / (if accrual = "sixtieths" then 60 else 80), 2)',
      "tax free cash": "decimal(min(268275, pot at retirement * 0.25), 2)",
      "annuity rate": [
        ["retirement age", "=> number"],
        ["< 60", "0.048"],
        ["[60..65)", "0.055"],
        ["[65..70)", "0.064"],
        ["-", "0.075"],
      ],
      "pension income": "decimal((pot at retirement - tax free cash) * annuity rate + defined benefit, 2)",
      "replacement ratio": "if final salary = 0 then null else decimal(pension income / final salary, 4)",
      "on track": "replacement ratio != null and replacement ratio >= 0.5",
    },
  },
  questions: {
    "pension income": { type: "number", instructions: "What yearly income, in pounds, is the member projected to retire on?" },
  },
};

function handwritten(s: State) {
  const age = s.age as number;
  const retirement = s["retirement age"] as number;
  const salary = s.salary as number;
  const salaryGrowth = 1 + (s["salary growth percent"] as number) / 100;
  const rate = (s["member percent"] as number) + (s["employer percent"] as number);
  const growth = 1 + (s["growth percent"] as number) / 100;
  const years = Math.max(0, retirement - age);
  const contributions = Array.from({ length: years }, (_, i) => roundHalfEven((salary * salaryGrowth ** i * rate) / 100, 2));
  let grown = (s["current pot"] as number) * growth ** years;
  contributions.forEach((c, i) => (grown += c * growth ** (years - i - 1)));
  const pot = roundHalfEven(grown, 2);
  const finalSalary = roundHalfEven(salary * salaryGrowth ** years, 2);
  const benefit = roundHalfEven((finalSalary * ((s["past service years"] as number) + years)) / (s.accrual === "sixtieths" ? 60 : 80), 2);
  const cash = roundHalfEven(Math.min(268275, pot * 0.25), 2);
  const annuity = retirement < 60 ? 0.048 : retirement < 65 ? 0.055 : retirement < 70 ? 0.064 : 0.075;
  const income = roundHalfEven((pot - cash) * annuity + benefit, 2);
  const ratio = finalSalary === 0 ? null : roundHalfEven(income / finalSalary, 4);
  return {
    "years to go": years,
    contributions,
    "pot at retirement": pot,
    "final salary": finalSalary,
    "defined benefit": benefit,
    "tax free cash": cash,
    "annuity rate": annuity,
    "pension income": income,
    "replacement ratio": ratio,
    "on track": ratio !== null && ratio >= 0.5,
  };
}

export const pensionProjection: OutsideModel = {
  name: "pension-projection",
  kind: "for over years with powers",
  model,
  state: (rnd) => ({
    age: int(rnd, 18, 70),
    "retirement age": int(rnd, 55, 70),
    salary: rnd() < 0.02 ? 0 : int(rnd, 12, 150) * 500,
    "member percent": pick(rnd, [3, 4, 5, 5.5, 8, 10]),
    "employer percent": pick(rnd, [3, 5, 7.5, 10, 15]),
    "current pot": rnd() < 0.2 ? 0 : fixed(rnd, 100, 900000, 2),
    "growth percent": fixed(rnd, -2, 8, 1),
    "salary growth percent": fixed(rnd, 0, 5, 1),
    "past service years": rnd() < 0.6 ? 0 : int(rnd, 1, 35),
    accrual: pick(rnd, ["sixtieths", "eightieths"]),
  }),
  handwritten,
  approximate: [],
};
