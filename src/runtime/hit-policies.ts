// DMN hit policies for tables that may match several rules (FIRST is emitted inline by codegen).
import { problem } from "./problems.js";
import type { FeelValue } from "./values.js";

export type Policy = "UNIQUE" | "FIRST" | "PRIORITY" | "ANY" | "COLLECT" | "RULE ORDER" | "OUTPUT ORDER";
export type Aggregation = "SUM" | "MIN" | "MAX" | "COUNT" | null;

export interface HitHelpers {
  equals(a: FeelValue, b: FeelValue): boolean;
  priorityKey(output: FeelValue): number[];
  aggregate(aggregation: Exclude<Aggregation, null>, values: FeelValue[]): FeelValue;
}

export interface HitResult {
  value: FeelValue;
  /** 1-based numbers of the rules whose outputs make up the value */
  rules: number[];
  matched: boolean;
}

const byPriority = (h: HitHelpers, rules: number[], values: FeelValue[]) =>
  rules
    .map((rule, i) => ({ rule, value: values[i]!, key: h.priorityKey(values[i]!), i }))
    .sort((a, b) => compareKeys(a.key, b.key) || a.i - b.i);

/** Two priority keys compared column by column: negative when `a` ranks higher. */
export function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

type Apply = (h: HitHelpers, rules: number[], values: FeelValue[], aggregation: Aggregation) => HitResult;

/** The problem a UNIQUE or ANY table gives when its matched rules break the policy. */
export const hitViolation = (policy: "UNIQUE" | "ANY", rules: number[]): FeelValue =>
  problem(
    policy === "UNIQUE"
      ? `UNIQUE hit policy violated: rules ${rules.join(", ")} all match`
      : `ANY hit policy violated: rules ${rules.join(", ")} give different outputs`,
  );

const single: Record<"UNIQUE" | "FIRST" | "PRIORITY" | "ANY", Apply> = {
  UNIQUE: (_h, rules, values) =>
    rules.length > 1 ? { value: hitViolation("UNIQUE", rules), rules, matched: true } : { value: values[0]!, rules, matched: true },
  FIRST: (_h, rules, values) => ({ value: values[0]!, rules: rules.slice(0, 1), matched: true }),
  PRIORITY: (h, rules, values) => {
    const best = byPriority(h, rules, values)[0]!;
    return { value: best.value, rules: [best.rule], matched: true };
  },
  ANY: (h, rules, values) =>
    values.every((v) => h.equals(v, values[0]!))
      ? { value: values[0]!, rules, matched: true }
      : { value: hitViolation("ANY", rules), rules, matched: true },
};

const multi: Record<"COLLECT" | "RULE ORDER" | "OUTPUT ORDER", Apply> = {
  "RULE ORDER": (_h, rules, values) => ({ value: values, rules, matched: rules.length > 0 }),
  "OUTPUT ORDER": (h, rules, values) => {
    const sorted = byPriority(h, rules, values);
    return { value: sorted.map((s) => s.value), rules: sorted.map((s) => s.rule), matched: rules.length > 0 };
  },
  COLLECT: (h, rules, values, aggregation) =>
    aggregation
      ? { value: h.aggregate(aggregation, values), rules, matched: rules.length > 0 }
      : { value: values, rules, matched: rules.length > 0 },
};

/**
 * Combines the outputs of the matched rules (in rule order) by the policy. With no match,
 * single-hit policies give `matched: false` (the caller applies the default output);
 * multi-hit policies give an empty list, COUNT gives 0, SUM/MIN/MAX give null.
 */
export function applyHitPolicy(h: HitHelpers, policy: Policy, aggregation: Aggregation, rules: number[], values: FeelValue[]): HitResult {
  if (Object.hasOwn(single, policy)) {
    if (rules.length === 0) return { value: null, rules, matched: false };
    return single[policy as keyof typeof single](h, rules, values, aggregation);
  }
  if (rules.length === 0 && aggregation) {
    return { value: aggregation === "COUNT" ? h.aggregate("COUNT", []) : null, rules, matched: false };
  }
  return multi[policy as keyof typeof multi](h, rules, values, aggregation);
}
