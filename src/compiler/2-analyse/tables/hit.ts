// Hit policies (DMN 8.2.11): names and single letters, normalised. Strict content allows FIRST only.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import type { Aggregation, HitPolicy } from "../../../ir/ir.js";

interface Policy {
  hit: HitPolicy;
  aggregation?: Aggregation;
}

const POLICIES: Record<string, Policy> = {
  UNIQUE: { hit: "UNIQUE" },
  U: { hit: "UNIQUE" },
  FIRST: { hit: "FIRST" },
  F: { hit: "FIRST" },
  PRIORITY: { hit: "PRIORITY" },
  P: { hit: "PRIORITY" },
  ANY: { hit: "ANY" },
  A: { hit: "ANY" },
  COLLECT: { hit: "COLLECT" },
  C: { hit: "COLLECT" },
  "COLLECT SUM": { hit: "COLLECT", aggregation: "SUM" },
  "C+": { hit: "COLLECT", aggregation: "SUM" },
  "COLLECT MIN": { hit: "COLLECT", aggregation: "MIN" },
  "C<": { hit: "COLLECT", aggregation: "MIN" },
  "COLLECT MAX": { hit: "COLLECT", aggregation: "MAX" },
  "C>": { hit: "COLLECT", aggregation: "MAX" },
  "COLLECT COUNT": { hit: "COLLECT", aggregation: "COUNT" },
  "C#": { hit: "COLLECT", aggregation: "COUNT" },
  "RULE ORDER": { hit: "RULE ORDER" },
  R: { hit: "RULE ORDER" },
  "OUTPUT ORDER": { hit: "OUTPUT ORDER" },
  O: { hit: "OUTPUT ORDER" },
};

export function readHitPolicy(raw: unknown, strict: boolean, address: string, sink: Diagnostic[]): Policy {
  if (raw === undefined) return { hit: "FIRST" };
  const key =
    typeof raw === "string"
      ? raw
          .trim()
          .toUpperCase()
          .replace(/[\s_]+/g, " ")
      : "";
  const policy = POLICIES[key];
  if (!policy) {
    sink.push(diagnostic("tables.hit-policy", { variant: "unknown", policy: raw, strict }, { address }));
    return { hit: "FIRST" };
  }
  if (strict && policy.hit !== "FIRST") sink.push(diagnostic("tables.hit-policy", { variant: "strict", policy: key }, { address }));
  return policy;
}
