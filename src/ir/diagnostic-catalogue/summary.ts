// The code that stands for the diagnostics a Check leaves out (compiler/2-analyse/capped.ts).
import { entry, inStage, plural } from "./entries.js";

export const SUMMARY = inStage("summary", {
  "check.more-like-this": entry({
    severity: "warning",
    message: (p: { count: number; code: string; shown: number }) =>
      `and ${plural(p.count, "more diagnostic")} like this (\`${p.code}\`), not shown: the first ${p.shown} are`,
    example: { count: 7_980, code: "types.cell-mismatch", shown: 20 },
    explain:
      "One model element (a decision, input, function, type or question) had more diagnostics of one code than a Check lists; the rest are counted here, in the stage of the code counted (its `of`). Fix those shown and check again.",
  }),
});
