// A generated table-heavy strict model: one FIRST table with 199 rules plus an else row over two
// numeric inputs and one choice input. Rule i covers one cell of a 20 × 10 grid
// (amount band i % 20 of width 50, months band ⌊i / 20⌋ of width 100) and tests the segment in one
// of four ways, so most states scan deep into the table and some fall through to the else row.

export const SEGMENTS = ["retail", "business", "partner", "internal"] as const;
export type Segment = (typeof SEGMENTS)[number];

const RULE_COUNT = 199;
export const ELSE_FEE = 100;

export interface RuleSpec {
  amountMin: number;
  amountMax: number;
  monthsMin: number;
  monthsMax: number;
  /** the segment cell as written in the table */
  segmentCell: string;
  /** the segments that cell accepts */
  segments: readonly Segment[];
  fee: number;
}

const SEGMENT_TESTS: { cell: string; segments: readonly Segment[] }[] = [
  { cell: "-", segments: SEGMENTS },
  { cell: "retail, business", segments: ["retail", "business"] },
  { cell: "not(internal)", segments: ["retail", "business", "partner"] },
  { cell: "partner", segments: ["partner"] },
];

export const TABLE200_RULES: RuleSpec[] = Array.from({ length: RULE_COUNT }, (_, i) => {
  const amountMin = (i % 20) * 50;
  const monthsMin = Math.floor(i / 20) * 100;
  const test = SEGMENT_TESTS[i % 4];
  return {
    amountMin,
    amountMax: amountMin + 50,
    monthsMin,
    monthsMax: monthsMin + 100,
    segmentCell: test.cell,
    segments: test.segments,
    fee: ((i * 37) % 1000) / 10,
  };
});

export function table200Model(name = "Generated 200-rule fee table") {
  const rows = TABLE200_RULES.map((r) => [
    `[${r.amountMin}..${r.amountMax})`,
    `[${r.monthsMin}..${r.monthsMax})`,
    r.segmentCell,
    String(r.fee),
  ]);
  return {
    content: {
      name,
      inputs: {
        amount: { type: "number >= 0", desc: "What is the transaction amount in dollars?" },
        months: { type: "number >= 0", desc: "For how many months has the account been open?" },
        segment: { type: SEGMENTS.join("|"), desc: "Which customer segment does the account belong to?" },
      },
      decisions: {
        fee: [["amount", "months", "segment", "=> number"], ...rows, ["-", "-", "-", String(ELSE_FEE)]],
      },
    },
    questions: {
      fee: { type: "number", instructions: "What fee applies to the transaction?" },
    },
  };
}

export interface Table200Case {
  name: string;
  state: { amount: number; months: number; segment: Segment };
  expected: { fee: number };
}

// Expected fees worked out by hand: rule i = 20 × ⌊months / 100⌋ + ⌊amount / 50⌋, its segment test
// is i mod 4, its fee (37 i mod 1000) / 10; anything else takes the else row.
export const TABLE200_CASES: Table200Case[] = [
  { name: "first rule", state: { amount: 10, months: 20, segment: "retail" }, expected: { fee: 0 } },
  { name: "rule 26 list", state: { amount: 260, months: 120, segment: "business" }, expected: { fee: 92.5 } },
  { name: "rule 90 segment miss", state: { amount: 460, months: 410, segment: "partner" }, expected: { fee: ELSE_FEE } },
  { name: "rule 115 negation", state: { amount: 730, months: 560, segment: "retail" }, expected: { fee: 21.8 } },
  { name: "band edge rule 73", state: { amount: 600, months: 300, segment: "internal" }, expected: { fee: 66.4 } },
  { name: "rule 144 partner", state: { amount: 150, months: 730, segment: "partner" }, expected: { fee: 29.1 } },
  { name: "last rule", state: { amount: 940, months: 990, segment: "partner" }, expected: { fee: 32.6 } },
  { name: "uncovered cell", state: { amount: 999, months: 999, segment: "partner" }, expected: { fee: ELSE_FEE } },
];
