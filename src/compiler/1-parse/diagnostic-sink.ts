// Reading content and analysing it both add diagnostics at a model address to one list.
import type { Diagnostic } from "../../ir/diagnostics.js";

export const err = (sink: Diagnostic[], code: string, message: string, address: string): void => {
  sink.push({ severity: "error", code, message, address });
};

export const warn = (sink: Diagnostic[], code: string, message: string, address: string): void => {
  sink.push({ severity: "warning", code, message, address });
};
