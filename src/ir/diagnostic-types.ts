// What a diagnostic is, and how a table of catalogue entries makes them. Free of the catalogue
// itself, so that code bundled into packages (state validation) can make its own family's
// diagnostics without carrying every message of the compiler.
export type Severity = "error" | "warning" | "info";

/** Character offsets into the text that was parsed (an expression, a cell, a type). */
export interface Span {
  start: number;
  end: number;
}

export interface Diagnostic {
  severity: Severity;
  /** stable machine code, a key of the diagnostic catalogue (diagnostic-catalogue/) */
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

/** What a constructor needs of an entry (diagnostic-catalogue/entries.ts defines entries in full). */
type Table = Record<string, { severity: Exclude<Severity, "info"> | "strict-error"; message: (p: never) => string }>;
type ParamsIn<T extends Table, C extends keyof T> = Parameters<T[C]["message"]>[0];
/** A code whose severity depends on the mode must be told the mode. */
type WhereIn<T extends Table, C extends keyof T> = T[C]["severity"] extends "strict-error"
  ? [where: Place & { strict: boolean }]
  : [where?: Place];

/**
 * The constructor for a table of entries: severity and message come from the table. The whole
 * catalogue's is `diagnostic`; a module bundled into packages (state validation) builds one over
 * its own family only, so packages do not carry every message of the compiler.
 */
export function diagnosticsOf<T extends Table>(table: T) {
  return <C extends keyof T & string>(code: C, params: ParamsIn<T, C>, ...[where]: WhereIn<T, C>): Diagnostic => {
    const entry = table[code]!;
    const at: Place & { strict?: boolean } = where ?? {};
    const severity = entry.severity === "strict-error" ? (at.strict ? "error" : "warning") : entry.severity;
    const d: Diagnostic = { severity, code, message: (entry.message as (p: unknown) => string)(params) };
    if (at.address !== undefined) d.address = at.address;
    if (at.span !== undefined) d.span = at.span;
    if (at.source !== undefined) d.source = at.source;
    return d;
  };
}
