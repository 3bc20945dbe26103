// Diagnostics are data: a code, a message, and where (model address and character span).

export type Severity = "error" | "warning" | "info";

/** Character offsets into the text that was parsed (an expression, a cell, a type). */
export interface Span {
  start: number;
  end: number;
}

export interface Diagnostic {
  severity: Severity;
  /** stable machine code, e.g. "feel.syntax", "names.unknown", "graph.cycle" */
  code: string;
  message: string;
  /** model address as in spec 2.13: "decisions.risk.rule[3]", "inputs.age", "functions.f" */
  address?: string;
  span?: Span;
  /** the source text the span points into, when there is one */
  source?: string;
}

export const error = (code: string, message: string, extra: Partial<Diagnostic> = {}): Diagnostic => ({
  severity: "error",
  code,
  message,
  ...extra,
});

export const warning = (code: string, message: string, extra: Partial<Diagnostic> = {}): Diagnostic => ({
  severity: "warning",
  code,
  message,
  ...extra,
});

export const hasErrors = (ds: readonly Diagnostic[]): boolean => ds.some((d) => d.severity === "error");
