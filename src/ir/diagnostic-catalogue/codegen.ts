// The codegen codes of the diagnostic catalogue.
import { entry, variants, inStage } from "./entries.js";

export const CODEGEN = inStage("codegen", {
  "codegen.disallowed": entry({
    severity: "error",
    message: variants({
      parse: (p: { error: string }) => `generated code does not parse: ${p.error}`,
      node: (p: { kind: string }) => `node ${p.kind} is not allowed`,
      identifier: (p: { name: string }) => `identifier ${p.name} is not allowed`,
      "computed-member": "computed member must be a literal",
      regex: "regular expression literals are not allowed",
      property: "only plain properties are allowed",
      operator: (p: { operator: string }) => `operator ${p.operator} is not allowed`,
      "runtime-write": "the runtime's members are never assigned",
    }),
    example: { variant: "node", kind: "WhileStatement" },
    explain:
      "The emitted module contains something outside the emitter's allow-list, so it is not loaded. A compiler bug: please report the model.",
  }),
  "codegen.too-large": entry({
    severity: "error",
    message: (p: { limit: number }) =>
      `the generated code grows past ${p.limit.toLocaleString("en-US")} characters here, the compile's limit: simplify this part or split the model`,
    example: { limit: 2_097_152 },
    explain:
      "The code generated for the model grows with its text; a model whose code would pass the limit (the server sets it from the model's size) is refused at the decision or function where it passed, before the code is loaded.",
  }),
});

// In order of preference: when one value fails several ways, the first is the one reported.
