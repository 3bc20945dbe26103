// The receipt of spec 2.11, built from one execution. It carries what the caller gave (`given`),
// what a reader extracted (`read`: value, confidence, where it was found), what was decided (each
// table's 1-based `rule`), the answers and the state's provenance; never the model itself.
// `receipt` (the signature) and `billing` are added after settlement.
import { canonicalHash } from "../compiler/index.js";
import type { TraceEntry } from "../compiler/index.js";
import type { Explanation } from "../ir/explanation.js";
import type { ReadValue } from "../providers/types.js";
import { writtenRecord } from "../runtime/json.js";

export interface ReceiptBody {
  model: string;
  given: Record<string, unknown>;
  read: Record<string, ReadRecord>;
  decisions: Record<string, DecisionRecord>;
  answers: Record<string, unknown>;
  state: StateProvenance;
  latency_ms: number;
  /** with `explain: true`: what each decision did (docs/explanations.md) */
  explanation?: Explanation;
}

export interface DecisionRecord {
  value: unknown;
  /** the 1-based rule (or rules, for multi-hit tables) that fired in a table decision */
  rule?: number | number[];
  /** the decision's `let` values, in order */
  let?: Record<string, unknown>;
}

/** One extracted observation: the value, how sure the reader is, and where it was found. */
export interface ReadRecord {
  value: unknown;
  confidence: number;
  alternatives?: { value: unknown; p: number }[];
  /** a JSON Pointer into a JSON state, or a character span (and the quoted text) of a text state */
  source?: ReadValue["source"];
}

type InputOrigin = "given" | "read" | "absent";

export interface StateProvenance {
  /** how the state was given: a JSON value, or a text string */
  kind: "json" | "text";
  /** whether the JSON state matched the input schema (then nothing was read) */
  schema_matched: boolean;
  /** SHA-256 of the RFC 8785 canonical JSON of the state: proves which evidence was used without storing it */
  sha256: string;
  /** per declared input: "given" (taken from the state), "read" (extracted by the reader) or "absent" (a blank input left out) */
  inputs: Record<string, InputOrigin>;
}

export function givenInputs(state: unknown, inputNames: readonly string[]): Record<string, unknown> {
  const given = writtenRecord<unknown>();
  if (state && typeof state === "object" && !Array.isArray(state)) {
    const s = state as Record<string, unknown>;
    for (const name of inputNames) if (s[name] !== undefined) given[name] = s[name];
  }
  return given;
}

export function decisionRecords(decisions: Record<string, unknown>, trace: Record<string, TraceEntry>): Record<string, DecisionRecord> {
  const out = writtenRecord<DecisionRecord>();
  // built field by field in the order answered (value, rule, let): no spread of a throwaway object per field
  for (const name of Object.keys(decisions)) {
    const t = trace[name];
    const record: DecisionRecord = { value: decisions[name] };
    if (t?.rule !== undefined) record.rule = t.rule;
    if (t?.lets && Object.keys(t.lets).length > 0) record.let = t.lets;
    out[name] = record;
  }
  return out;
}

/** The state a run evaluated: the values given and, for a reader run, the values read. */
export function evaluatedState(receipt: ReceiptBody): Record<string, unknown> {
  const state: Record<string, unknown> = { ...receipt.given };
  for (const [name, r] of Object.entries(receipt.read)) if (r.value !== null && !Object.hasOwn(state, name)) state[name] = r.value;
  return state;
}

export function provenance(
  state: unknown,
  inputNames: readonly string[],
  given: Record<string, unknown>,
  read: Record<string, unknown> = {},
  matched = true,
  sha256 = canonicalHash(state),
): StateProvenance {
  const inputs = writtenRecord<InputOrigin>();
  for (const name of inputNames) inputs[name] = Object.hasOwn(given, name) ? "given" : Object.hasOwn(read, name) ? "read" : "absent";
  return { kind: typeof state === "string" ? "text" : "json", schema_matched: matched, sha256, inputs };
}

export function readRecords(read: Record<string, ReadValue>): Record<string, ReadRecord> {
  const out = writtenRecord<ReadRecord>();
  for (const [name, r] of Object.entries(read)) {
    out[name] = {
      value: r.value,
      confidence: r.confidence,
      ...(r.alternatives && r.alternatives.length > 0 ? { alternatives: r.alternatives } : {}),
      ...(r.source ? { source: r.source } : {}),
    };
  }
  return out;
}
