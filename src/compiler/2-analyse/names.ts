// The model's declared names: the one namespace of inputs, decisions and functions (duplicates
// and reserved words are errors), and every name the FEEL lexer must know to read multi-word names
// anywhere in the model. A function's parameters are known only in its own body (body.ts).
import { diagnostic, type Diagnostic } from "../../ir/diagnostics.js";
import { KEYWORDS } from "../1-parse/feel/keywords.js";
import type { ContentSpec } from "../1-parse/content/content.js";
import type { DecisionSpec } from "../1-parse/content/decisions.js";
import type { FunctionSpec } from "../1-parse/content/functions.js";

const SECTIONS = ["inputs", "decisions", "functions"] as const;

export function checkNamespace(content: ContentSpec, sink: Diagnostic[]): void {
  // keyed by the name's composed Unicode form (NFC), which keeps the section and the name as written
  const owner = new Map<string, { section: string; name: string }>();
  for (const section of SECTIONS)
    for (const name of Object.keys(content[section])) {
      const address = `${section}.${name}`;
      const key = name.normalize("NFC");
      const first = owner.get(key);
      if (first)
        sink.push(
          diagnostic(
            "names.duplicate",
            { variant: first.name === name ? "same" : "unicode-form", name, first: first.section },
            { address },
          ),
        );
      else owner.set(key, { section, name });
      if (name.trim() === "") sink.push(diagnostic("names.invalid", { variant: "empty" }, { address }));
      else if (name !== name.trim()) sink.push(diagnostic("names.invalid", { variant: "spaces", name }, { address }));
      else if (KEYWORDS.has(name)) sink.push(diagnostic("names.reserved", { name, kind: section.slice(0, -1) }, { address }));
    }
}

/** Field names of struct types, found in the raw type specs. */
function fieldNames(spec: unknown, out: Set<string>): void {
  if (Array.isArray(spec)) spec.forEach((s) => fieldNames(s, out));
  else if (spec !== null && typeof spec === "object" && !("$enum" in spec) && !("$levels" in spec))
    for (const [k, v] of Object.entries(spec)) {
      out.add(k);
      fieldNames(v, out);
    }
}

export function declaredNames(content: ContentSpec, decisions: DecisionSpec[], functions: FunctionSpec[]): string[] {
  const names = new Set<string>([
    ...Object.keys(content.inputs),
    ...Object.keys(content.decisions),
    ...Object.keys(content.functions),
    ...Object.keys(content.types),
  ]);
  for (const d of decisions) for (const l of d.lets) names.add(l.name);
  const typeSpecs: unknown[] = [
    ...Object.values(content.types),
    ...Object.values(content.inputs).map((i) => (i !== null && typeof i === "object" ? (i as Record<string, unknown>).type : undefined)),
    ...decisions.map((d) => d.typeSpec),
    ...functions.flatMap((f) => [...f.params.map(([, t]) => t), f.returnsSpec]),
  ];
  for (const spec of typeSpecs) fieldNames(spec, names);
  return [...names].filter((n) => n.trim() !== "");
}
