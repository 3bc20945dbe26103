// The tck codes of the diagnostic catalogue.
import { entry, inStage } from "./entries.js";

export const TCK = inStage("tck", {
  "compile.crash": entry({
    severity: "error",
    message: (p: { error: string }) => p.error,
    example: { error: "Maximum call stack size exceeded" },
    explain: "Compiling the imported model threw instead of reporting diagnostics: a compiler bug.",
  }),
});
