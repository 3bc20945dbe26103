// The receipt of spec 2.11, built from one deterministic execution. It carries what the caller
// gave, what was decided (each table's 1-based `rule`), the answers and the state's provenance;
// never the model itself. `receipt` (the signature) and `billing` are added after settlement.
import { contentHash } from "./compile-cache.js";
import type { TraceEntry } from "../compiler.js";

export interface ReceiptBody {
  model: string;
  given: Record<string, unknown>;
  read: Record<string, unknown>;
  decisions: Record<string, DecisionRecord>;
  answers: Record<string, unknown>;
  state: StateProvenance;
  latency_ms: number;
}

export interface DecisionRecord {
  value: unknown;
  /** the 1-based rule (or rules, for multi-hit tables) that fired in a table decision */
  rule?: number | number[];
  /** the decision's `let` values, in order */
  let?: Record<string, unknown>;
}

export interface StateProvenance {
  /** how the state was given: a JSON value matching the input schema */
  kind: "json";
  schema_matched: boolean;
  /** SHA-256 of the RFC 8785 canonical JSON of the state: proves which evidence was used without storing it */
  sha256: string;
  /** per declared input: "given" (taken from the state) or "absent" (a blank input left out) */
  inputs: Record<string, "given" | "absent">;
}

export function givenInputs(state: unknown, inputNames: string[]): Record<string, unknown> {
  const given: Record<string, unknown> = {};
  if (state && typeof state === "object" && !Array.isArray(state)) {
    const s = state as Record<string, unknown>;
    for (const name of inputNames) if (s[name] !== undefined) given[name] = s[name];
  }
  return given;
}

export function decisionRecords(
  decisions: Record<string, unknown>,
  trace: Record<string, TraceEntry>,
): Record<string, DecisionRecord> {
  const out: Record<string, DecisionRecord> = {};
  for (const [name, value] of Object.entries(decisions)) {
    const t = trace[name];
    out[name] = {
      value,
      ...(t?.rule !== undefined ? { rule: t.rule } : {}),
      ...(t?.lets && Object.keys(t.lets).length > 0 ? { let: t.lets } : {}),
    };
  }
  return out;
}

export function provenance(state: unknown, inputNames: string[], given: Record<string, unknown>): StateProvenance {
  const inputs: Record<string, "given" | "absent"> = {};
  for (const name of inputNames) inputs[name] = name in given ? "given" : "absent";
  return { kind: "json", schema_matched: true, sha256: contentHash(state), inputs };
}
