// Diagnostics are data: a code, a message, and where (model address and character span).
import { catalogueEntry, type DiagnosticCode, type ParamsOf, type SeverityOf } from "./diagnostic-catalogue.js";

export type Severity = "error" | "warning" | "info";

/** Character offsets into the text that was parsed (an expression, a cell, a type). */
export interface Span {
  start: number;
  end: number;
}

export interface Diagnostic {
  severity: Severity;
  /** stable machine code, a key of the diagnostic catalogue (diagnostic-catalogue.ts) */
  code: string;
  message: string;
  /** model address as in spec 2.13: `decisions.risk.rule[3]`, `inputs.age`, `functions.f` */
  address?: string;
  span?: Span;
  /** the source text the span points into, when there is one */
  source?: string;
}

/** Where a diagnostic points. */
export interface Place {
  address?: string;
  span?: Span;
  source?: string;
}

/** A code whose severity depends on the mode must be told the mode. */
type WhereArgs<C extends DiagnosticCode> = SeverityOf<C> extends "strict-error" ? [where: Place & { strict: boolean }] : [where?: Place];

/** The one way to make a diagnostic: its severity and message come from the catalogue. */
export function diagnostic<C extends DiagnosticCode>(code: C, params: ParamsOf<C>, ...[where]: WhereArgs<C>): Diagnostic {
  const entry = catalogueEntry(code)!;
  const at: Place & { strict?: boolean } = where ?? {};
  const severity = entry.severity === "strict-error" ? (at.strict ? "error" : "warning") : entry.severity;
  const d: Diagnostic = { severity, code, message: (entry.message as (p: unknown) => string)(params) };
  if (at.address !== undefined) d.address = at.address;
  if (at.span !== undefined) d.span = at.span;
  if (at.source !== undefined) d.source = at.source;
  return d;
}

/** Whether a diagnostic has a code; the code must be one of the catalogue's. */
export const hasCode = (d: Diagnostic, code: DiagnosticCode): boolean => d.code === code;

export const hasErrors = (ds: readonly Diagnostic[]): boolean => ds.some((d) => d.severity === "error");
