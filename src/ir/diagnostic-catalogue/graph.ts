// The graph codes of the diagnostic catalogue.
import { entry, inStage } from "./entries.js";

export const GRAPH = inStage("graph", {
  "graph.cycle": entry({
    severity: "error",
    message: (p: { cycle: string }) => `decisions depend on each other in a cycle: ${p.cycle}`,
    example: { cycle: "a → b → a" },
    explain: "Decisions depend on each other; the message names the cycle. Break it (recursive functions are allowed).",
  }),
  "graph.clock": entry({
    severity: "warning",
    message: (p: { fn: string; address: string }) =>
      `\`${p.fn}()\` reads the clock: ${p.address} depends on the day it runs, not only on its state; make the date an input`,
    example: { fn: "today", address: "decisions.age" },
    explain:
      "A strict model is deterministic: the same state gives the same decisions, and its receipts can be checked again later. " +
      "`today()` and `now()` break that; declare the date (or date and time) as an input and let the caller give it.",
  }),
  "graph.unused-input": entry({
    severity: "warning",
    message: (p: { name: string }) => `input \`${p.name}\` is not used by any decision`,
    example: { name: "shoe" },
    explain: "No decision reads the input (directly, through a `let`, a table column or `requires`): remove it or use it.",
  }),
});
