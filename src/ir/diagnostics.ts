// Diagnostics are data: a code, a message, and where (model address and character span).
import { CATALOGUE } from "./diagnostic-catalogue/index.js";
import { diagnosticsOf, type Diagnostic } from "./diagnostic-types.js";

export type { Diagnostic, Place, Span } from "./diagnostic-types.js";

/** The one way to make a diagnostic: its severity and message come from the catalogue. */
export const diagnostic = diagnosticsOf(CATALOGUE);

/** Whether a diagnostic has a code; the code must be one of the catalogue's. */
export const hasCode = (d: { code: string }, code: keyof typeof CATALOGUE): boolean => d.code === code;

export const hasErrors = (ds: readonly Diagnostic[]): boolean => ds.some((d) => d.severity === "error");
