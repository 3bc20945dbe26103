// Checks a test case's input values against the types the model declares. The kit's XML schema
// makes a `<value>` without `xsi:type` a string, so `<value>10</value>` for a number input does not
// conform: an engine must report it (DMN 1.5 10.3.2.9: input data must conform to its type).
import type { ModelIR } from "../ir/ir.js";
import { conforms } from "../runtime/index.js";
import type { TckCase } from "./test-file.js";
import { readValue } from "./xml-values.js";

export function nonConformingInputs(c: TckCase, ir: ModelIR): string[] {
  const types = new Map(ir.inputs.map((i) => [i.name, i.type]));
  const problems: string[] = [];
  for (const input of c.inputs) {
    const type = types.get(input.name);
    if (!type) continue;
    const value = readValue(input.node, undefined, { types: {} });
    if (!conforms(value, type)) problems.push(`case ${c.id}: input "${input.name}" does not conform to its type ${type.kind}`);
  }
  return problems;
}
