// The contracts of readers (evidence → input values) and generators (questions, prompts and
// files → models). Implementations are chosen by configuration (src/providers/config.ts).
import type { Diagnostic } from "../ir/diagnostics.js";
import type { InputIR } from "../ir/ir.js";
import type { EvidenceLimits } from "./readers/limits.js";

export interface Usage {
  input_tokens: number;
  output_tokens: number;
}

export const NO_USAGE: Usage = { input_tokens: 0, output_tokens: 0 };

/**
 * The most provider work one use of a language model does for a call: at most `rounds` requests,
 * each writing at most `outputPerRound` tokens (its `max_tokens`). What a call reserves is built
 * from it (service/pricing.ts).
 */
export interface ProviderRounds {
  rounds: number;
  outputPerRound: number;
}

/** Where a read value came from: a JSON path in the state, or a span of the text. */
export interface Provenance {
  /** JSON Pointer into a JSON state, e.g. "/applicant/income" */
  path?: string;
  /** character offsets into a text state */
  span?: { start: number; end: number };
  /** the quoted evidence */
  text?: string;
}

export interface ReadValue {
  /** JSON-ready value of the input's type: number, string, boolean, ISO date/time string, object, array */
  value: unknown;
  /** 0..1: how sure the reader is of `value` */
  confidence: number;
  /** other candidate values with their probabilities (choices, levels, booleans, numbers) */
  alternatives?: { value: unknown; p: number }[];
  source?: Provenance;
}

export interface ReadRequest {
  inputs: InputIR[];
  /** the model's derived input JSON Schema */
  schema: Record<string, unknown>;
  /** the evidence: a text string or any JSON value */
  state: unknown;
  mode: "fast" | "thinking";
  /**
   * The day the reading is made as of (ISO date): relative dates, ages and periods count to it.
   * Absent, the embedded readers read the clock once, at the start of the reading.
   */
  reference?: string;
}

export interface ReadResult {
  /** by input name; an input the reader could not find is absent */
  values: Record<string, ReadValue>;
  /**
   * inputs absent from `values` that the evidence itself says are not known (a document's field
   * left null): a reader merging others' answers takes none for them from elsewhere
   */
  unknown?: string[];
  /** actual provider tokens (zero for the embedded readers) */
  usage: Usage;
}

export interface Reader {
  readonly name: string;
  /** the most evidence this reader takes (the embedded readers); none: the body limit bounds it */
  readonly limits?: EvidenceLimits;
  read(request: ReadRequest, signal?: AbortSignal): Promise<ReadResult>;
}

export interface GenerateRequest {
  /** questions-only execution: the answer contract to build a model for */
  questions?: Record<string, unknown>;
  /** questions-only execution: the keys of the caller's JSON state and their types, never its values (state-shape.ts) */
  stateShape?: Record<string, string>;
  /** authoring: the request in words, and documents already turned into text */
  prompt?: string;
  files?: { name: string; type: string; text: string }[];
  /** revision: the complete current content and its output questions */
  current?: { content: Record<string, unknown>; output: Record<string, unknown> };
  /** the compiler's diagnostics of the previous attempt, for repair */
  diagnostics?: Diagnostic[];
  name?: string;
  mode: "fast" | "thinking";
}

export interface GeneratedModel {
  content: Record<string, unknown>;
  questions: Record<string, unknown>;
  usage: Usage;
}

export interface Generator {
  readonly name: string;
  generate(request: GenerateRequest, signal?: AbortSignal): Promise<GeneratedModel>;
}

/** A provider that failed (→ 502), timed out (→ 504), or is not configured (→ a clear error). */
export class ProviderError extends Error {
  constructor(
    readonly kind: "failed" | "timeout" | "unavailable",
    message: string,
    readonly usage: Usage = NO_USAGE,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
