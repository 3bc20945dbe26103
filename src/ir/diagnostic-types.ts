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
  /** on the summary of diagnostics left out (`check.more-like-this`), the code of those it counts */
  of?: string;
}

/** Diagnostics of one code at one model element a Check lists before it counts the rest in one (compiler/2-analyse/capped.ts). */
export const SHOWN_PER_ELEMENT = 20;

/** Where a diagnostic points. */
export interface Place {
  address?: string;
  span?: Span;
  source?: string;
}

/**
 * The most a diagnostic carries of its source and of its message, in characters. A diagnostic's
 * size is bounded whatever the text it is about, so that the diagnostics of one model add up to
 * no more than a constant times its size: many diagnostics in one long expression would each carry
 * it whole, and a message that lists a type's values would repeat the list for every cell.
 */
const SOURCE_CHARS = 200;
const SOURCE_BEFORE_SPAN = 40;
const MESSAGE_CHARS = 1000;

/** `source` cut to SOURCE_CHARS around the span's start, and the span moved into the excerpt (its end cut at the excerpt's). */
function excerpt(source: string, span: Span | undefined): { source: string; span?: Span } {
  if (source.length <= SOURCE_CHARS) return span ? { source, span } : { source };
  const from = Math.max(0, Math.min((span?.start ?? 0) - SOURCE_BEFORE_SPAN, source.length - SOURCE_CHARS));
  const to = from + SOURCE_CHARS;
  const cut = source.slice(from, to);
  return span ? { source: cut, span: { start: span.start - from, end: Math.min(span.end, to) - from } } : { source: cut };
}

const bounded = (message: string): string =>
  message.length <= MESSAGE_CHARS ? message : `${message.slice(0, MESSAGE_CHARS)}… (${message.length - MESSAGE_CHARS} more characters)`;

/** What a constructor needs of an entry (diagnostic-catalogue/entries.ts defines entries in full). */
type Table = Record<string, { severity: Exclude<Severity, "info"> | "strict-error"; message: (p: never) => string }>;
type ParamsIn<T extends Table, C extends keyof T> = Parameters<T[C]["message"]>[0];
/** A code whose severity depends on the mode must be told the mode. */
type WhereIn<T extends Table, C extends keyof T, P = Place> = T[C]["severity"] extends "strict-error"
  ? [where: P & { strict: boolean }]
  : [where?: P];

/** The diagnostic of an entry at a place, but for the place's source and span. */
function made(table: Table, code: string, params: unknown, at: { address?: string; strict?: boolean }): Diagnostic {
  const entry = table[code]!;
  const severity = entry.severity === "strict-error" ? (at.strict ? "error" : "warning") : entry.severity;
  const d: Diagnostic = { severity, code, message: bounded((entry.message as (p: unknown) => string)(params)) };
  if (at.address !== undefined) d.address = at.address;
  return d;
}

/**
 * The constructor for a table of entries: severity and message come from the table. The whole
 * catalogue's is `diagnostic`; a module bundled into packages (state validation) builds one over
 * its own family only (addressedDiagnosticsOf), so packages do not carry every message of the compiler.
 */
export function diagnosticsOf<T extends Table>(table: T) {
  return <C extends keyof T & string>(code: C, params: ParamsIn<T, C>, ...[where]: WhereIn<T, C>): Diagnostic => {
    const at: Place & { strict?: boolean } = where ?? {};
    const d = made(table, code, params, at);
    const { span, source } = at.source === undefined ? at : excerpt(at.source, at.span);
    if (span !== undefined) d.span = span;
    if (source !== undefined) d.source = source;
    return d;
  };
}

/**
 * The constructor for a table of problems that point at an address and quote no source (a state's):
 * it holds no code to cut excerpts, which a package then does not carry.
 */
export function addressedDiagnosticsOf<T extends Table>(table: T) {
  return <C extends keyof T & string>(code: C, params: ParamsIn<T, C>, ...[where]: WhereIn<T, C, { address?: string }>): Diagnostic =>
    made(table, code, params, where ?? {});
}
