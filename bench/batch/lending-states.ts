// Generated lending states for the batch benchmark and the batch tests: deterministic, spread
// over every employment status, credit band and debt level, so every rule of the sample fires.

const EMPLOYMENT = ["salaried", "contractor", "retired", "unemployed"] as const;

export interface LendingRow {
  id: string;
  "credit score": number;
  "annual income": number;
  "monthly debt": number;
  "loan amount": number;
  employment: (typeof EMPLOYMENT)[number];
}

/** Row i (0-based): a valid lending state with an id. */
export function lendingRow(i: number): LendingRow {
  return {
    id: `r${i}`,
    "credit score": 300 + ((i * 7919) % 551),
    "annual income": ((i * 1237) % 150) * 1000,
    "monthly debt": ((i * 31) % 80) * 50,
    "loan amount": 1000 + ((i * 997) % 120) * 1000,
    employment: EMPLOYMENT[i % 4]!,
  };
}

/** `count` JSONL lines, built a block at a time so a million rows never sit in memory as one string. */
export function* lendingJsonl(count: number, block = 10_000): Generator<string> {
  for (let start = 0; start < count; start += block) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(count, start + block); i++) lines.push(JSON.stringify(lendingRow(i)));
    yield `${lines.join("\n")}\n`;
  }
}
