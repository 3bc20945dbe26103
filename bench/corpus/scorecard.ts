// A credit scorecard: 40 characteristics, each binned by its own decision table into points,
// summed and graded.
import { fixed } from "./random.js";
import type { CorpusModel, State } from "./types.js";

const NAMES = [
  "months at address",
  "months in job",
  "age",
  "number of cards",
  "card utilisation",
  "months since delinquency",
  "open loans",
  "loan enquiries",
  "months of history",
  "current balance",
  "overdraft days",
  "salary credits",
  "savings balance",
  "mortgage balance",
  "missed payments",
  "dependants",
  "income",
  "rent",
  "debt ratio",
  "cash advances",
  "limit increases",
  "limit decreases",
  "returned payments",
  "direct debits",
  "gambling spend",
  "utility arrears",
  "phone contracts",
  "store cards",
  "bank accounts",
  "account age",
  "address changes",
  "employer changes",
  "car finance",
  "student loan",
  "court judgements",
  "insolvency years",
  "credit limit",
  "max utilisation",
  "min payment months",
  "balance transfers",
];

interface Characteristic {
  name: string;
  cuts: number[];
  points: number[];
  max: number;
}

/** Deterministic, irregular bins per characteristic. */
const CHARACTERISTICS: Characteristic[] = NAMES.map((name, i) => {
  const max = [12, 120, 500, 5000, 100000][i % 5]!;
  const cuts = [0.07, 0.21, 0.43, 0.71].map((f, k) => Number((max * f * (1 + ((i * 7 + k * 3) % 5) / 20)).toFixed(k % 2)));
  const rising = i % 3 !== 0;
  const points = [0, 1, 2, 3, 4].map((k) => (rising ? 5 + k * (3 + (i % 4)) : 25 - k * (2 + (i % 5))));
  return { name, cuts, points, max };
});

const table = (c: Characteristic): unknown[] => [
  [c.name, "=> number"],
  [`< ${c.cuts[0]}`, String(c.points[0])],
  [`[${c.cuts[0]}..${c.cuts[1]})`, String(c.points[1])],
  [`[${c.cuts[1]}..${c.cuts[2]})`, String(c.points[2])],
  [`[${c.cuts[2]}..${c.cuts[3]})`, String(c.points[3])],
  ["-", String(c.points[4])],
];

const model = {
  content: {
    name: "Credit scorecard",
    inputs: Object.fromEntries(CHARACTERISTICS.map((c) => [c.name, { type: "number >= 0", desc: `What is the applicant's ${c.name}?` }])),
    decisions: {
      ...Object.fromEntries(CHARACTERISTICS.map((c) => [`points for ${c.name}`, table(c)])),
      score: CHARACTERISTICS.map((c) => `points for ${c.name}`).join(" + "),
      grade: [
        ["score", "=> A<B<C<D<E"],
        [">= 700", "A"],
        [">= 600", "B"],
        [">= 500", "C"],
        [">= 420", "D"],
        ["-", "E"],
      ],
    },
  },
  questions: { grade: { type: "score", instructions: "Which grade does the applicant get?", levels: ["A", "B", "C", "D", "E"] } },
};

function pointsOf(c: Characteristic, x: number): number {
  const [a, b, d, e] = c.cuts as [number, number, number, number];
  return c.points[x < a ? 0 : x < b ? 1 : x < d ? 2 : x < e ? 3 : 4]!;
}

function handwritten(s: State) {
  const out: Record<string, unknown> = {};
  let score = 0;
  for (const c of CHARACTERISTICS) {
    const p = pointsOf(c, s[c.name] as number);
    out[`points for ${c.name}`] = p;
    score += p;
  }
  out.score = score;
  out.grade = score >= 700 ? "A" : score >= 600 ? "B" : score >= 500 ? "C" : score >= 420 ? "D" : "E";
  return out;
}

export const scorecard: CorpusModel = {
  name: "scorecard",
  kind: "40 binned tables",
  model,
  state: (rnd) => Object.fromEntries(CHARACTERISTICS.map((c) => [c.name, fixed(rnd, 0, c.max, c.max >= 5000 ? 2 : 0)])),
  handwritten,
};
