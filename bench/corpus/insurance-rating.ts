// A motor insurance rating table of 3,700 FIRST rules (37 irregular age bands × 10 vehicle group
// bands × 10 regions), the size of tables users report, then a no-claims discount.
import { roundHalfEven } from "../handwritten/num.js";
import { int, pick } from "./random.js";
import type { CorpusModel, State } from "./types.js";

const REGIONS = ["north", "north east", "north west", "midlands", "east", "london", "south east", "south west", "wales", "scotland"];
const REGION_FACTOR = [0.92, 0.97, 1.05, 1, 0.95, 1.42, 1.12, 0.9, 0.88, 0.86];
/** 38 breakpoints: band k is [AGES[k]..AGES[k+1]) */
const AGES = [
  17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 30, 32, 34, 36, 38, 40, 42, 45, 48, 50, 52, 55, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76,
  78, 80, 85, 121,
];
const GROUPS = [1, 6, 11, 16, 21, 26, 31, 36, 41, 46, 51];

const baseForAge = (k: number): number => 380 + 2400 / (1 + k * 0.55) + (k > 28 ? (k - 28) * 45 : 0);
const premiumOf = (a: number, g: number, r: number): number => roundHalfEven(baseForAge(a) * (1 + g * 0.11) * REGION_FACTOR[r]!, 2);

function ratingTable(): unknown[] {
  const rows: unknown[] = [["region", "vehicle group", "driver age", "=> number"]];
  REGIONS.forEach((region, r) => {
    for (let g = 0; g + 1 < GROUPS.length; g++)
      for (let a = 0; a + 1 < AGES.length; a++)
        rows.push([region, `[${GROUPS[g]}..${GROUPS[g + 1]! - 1}]`, `[${AGES[a]}..${AGES[a + 1]})`, String(premiumOf(a, g, r))]);
  });
  rows.push(["-", "-", "-", "null"]);
  return rows;
}

const model = {
  content: {
    name: "Motor insurance rating",
    inputs: {
      region: { type: REGIONS.join("|"), desc: "In which region is the car kept?" },
      "vehicle group": { type: "number [1..50]", desc: "What is the car's insurance group, from 1 to 50?" },
      "driver age": { type: "number [17..120]", desc: "How old is the main driver, in years?" },
      "no claims years": { type: "number [0..50]", desc: "How many years has the driver gone without a claim?" },
    },
    decisions: {
      "base premium": ratingTable(),
      "no claims discount": "min(no claims years, 9) * 0.05",
      premium: "decimal(base premium * (1 - no claims discount), 2)",
    },
  },
  questions: { premium: { type: "number", instructions: "What is the yearly premium in pounds?" } },
};

/** First index i with xs[i] > x, minus one: the band holding x. */
function band(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (xs[mid]! <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const PREMIUMS = REGIONS.map((_, r) => GROUPS.slice(1).map((_, g) => AGES.slice(1).map((_, a) => premiumOf(a, g, r))));
const REGION_INDEX = new Map(REGIONS.map((r, i) => [r, i]));

function handwritten(s: State) {
  const age = s["driver age"] as number;
  const group = s["vehicle group"] as number;
  const r = REGION_INDEX.get(s.region as string)!;
  const base = Number.isInteger(age) && Number.isInteger(group) ? PREMIUMS[r]![band(GROUPS, group)]![band(AGES, age)]! : null;
  const discount = Number((Math.min(s["no claims years"] as number, 9) * 0.05).toFixed(2));
  return {
    "base premium": base,
    "no claims discount": discount,
    premium: base === null ? null : roundHalfEven(base * (1 - discount), 2),
  };
}

export const insuranceRating: CorpusModel = {
  name: "insurance-rating",
  kind: "3,700-rule table",
  model,
  state: (rnd) => ({
    region: pick(rnd, REGIONS),
    "vehicle group": int(rnd, 1, 50),
    "driver age": int(rnd, 17, 99),
    "no claims years": int(rnd, 0, 15),
  }),
  handwritten,
};
