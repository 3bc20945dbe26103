// Output columns: their names and types, from the heading or from the owner's declared type.
import { diagnostic } from "../../../ir/diagnostics.js";
import type { TableOutputIR } from "../../../ir/ir.js";
import type { Type } from "../../../ir/types.js";
import { sameType } from "../expressions/compat.js";
import { parseTypeSpec, typeSuggestion, type TypeEnv } from "../types/parse-type.js";
import { type Column, splitOutputHeading } from "./header.js";

const MULTI_HIT = new Set(["COLLECT", "RULE ORDER", "OUTPUT ORDER"]);

/** For a multi-hit table the declared type is a list of what one rule outputs. */
export function perRuleType(declared: Type | undefined, hit: string, aggregated: boolean): Type | undefined {
  if (declared?.kind === "list" && MULTI_HIT.has(hit) && !aggregated) return declared.element;
  return declared;
}

/** Does the heading text read as a type (no diagnostics when it does not)? */
function tryType(text: string, env: TypeEnv): Type | undefined {
  const scratch: typeof env.sink = [];
  const t = parseTypeSpec(text, "", { ...env, sink: scratch });
  return scratch.some((d) => d.severity === "error") ? undefined : t;
}

export function readOutputs(
  columns: Extract<Column, { kind: "output" }>[],
  owner: string,
  declared: Type | undefined,
  /** the owner's declared type as a whole (a list for a multi-hit table) */
  declaredWhole: Type | undefined,
  address: string,
  env: TypeEnv,
): TableOutputIR[] {
  const single = columns.length === 1;
  // imports may head a multi-hit table's output with the decision's list type
  const perRule = (t: Type): Type =>
    single && declared && declaredWhole && declared !== declaredWhole && sameType(t, declaredWhole) ? declared : t;
  const fieldType = (name: string): Type =>
    (declared?.kind === "struct" ? declared.fields.find(([k]) => k === name)?.[1] : undefined) ?? { kind: "any" };
  return columns.map((col) => {
    const { name, typeText } = splitOutputHeading(col.rest);
    if (name !== undefined) return withAllowed({ name, type: perRule(parseTypeSpec(typeText, address, env)) });
    if (typeText === undefined) {
      if (!single) env.sink.push(diagnostic("tables.output-header", {}, { address }));
      return withAllowed({ name: owner, type: declared ?? { kind: "any" } });
    }
    const asType = tryType(typeText, env);
    if (single && asType) return withAllowed({ name: owner, type: perRule(asType) });
    // a single output's heading names no field: a word there that a type name is spelt like is that type misspelt
    if (env.strict && single && typeText !== owner && typeSuggestion(typeText, env) !== undefined)
      return withAllowed({ name: owner, type: parseTypeSpec(typeText, address, env) });
    if (/^[^"<>|[\]()]+$/.test(typeText))
      return withAllowed({ name: typeText, type: single ? (declared ?? { kind: "any" }) : fieldType(typeText) });
    return withAllowed({ name: owner, type: parseTypeSpec(typeText, address, env) });
  });
}

function withAllowed(out: TableOutputIR): TableOutputIR {
  if (out.type.kind === "choice" || out.type.kind === "levels") out.allowed = out.type.values;
  return out;
}
