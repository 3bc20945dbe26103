// The Check (spec 2.12): the stages a model passed or failed, with their diagnostics.
import type { Diagnostic } from "./diagnostics.js";

export interface Stage {
  name: string;
  ok: boolean;
  diagnostics: Diagnostic[];
  /** what the stage did, when its name alone does not say (the cases stage: how many cases ran) */
  summary?: string;
}

export interface CheckResult {
  valid: boolean;
  stages: Stage[];
  warnings: string[];
  content: Record<string, unknown>;
  input: Record<string, unknown>;
}
