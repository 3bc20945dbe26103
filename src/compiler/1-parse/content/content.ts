// The top of a ContentDefinition (spec 2.2): which sections exist and have the right shape.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";

export interface ContentSpec {
  name: string;
  types: Record<string, unknown>;
  inputs: Record<string, unknown>;
  decisions: Record<string, unknown>;
  functions: Record<string, unknown>;
}

const SECTIONS = ["types", "inputs", "decisions", "functions"] as const;
const KNOWN_KEYS = new Set(["name", ...SECTIONS]);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

export function readContent(content: unknown, strict: boolean, sink: Diagnostic[]): ContentSpec {
  if (!isObject(content)) {
    sink.push(diagnostic("content.shape", { variant: "content" }, { address: "content" }));
    return { name: "", types: {}, inputs: {}, decisions: {}, functions: {} };
  }
  let name = "";
  if (typeof content.name === "string" && content.name.trim() !== "") name = content.name;
  else if (strict || content.name !== undefined) sink.push(diagnostic("content.name-missing", {}, { address: "name" }));
  const sections = {} as Record<(typeof SECTIONS)[number], Record<string, unknown>>;
  for (const key of SECTIONS) {
    const v = content[key];
    if (v === undefined) {
      // lenient imports may have no inputs (constant decisions); strict content must list them
      if (key === "decisions") sink.push(diagnostic("content.decisions-missing", {}, { address: key }));
      else if (key === "inputs" && strict) sink.push(diagnostic("content.inputs-missing", {}, { address: key }));
      sections[key] = {};
    } else if (!isObject(v)) {
      sink.push(diagnostic("content.shape", { variant: "section", section: key }, { address: key }));
      sections[key] = {};
    } else sections[key] = v;
  }
  for (const key of Object.keys(content)) if (!KNOWN_KEYS.has(key)) sink.push(diagnostic("content.unknown-key", { key }, { address: key }));
  return { name, ...sections };
}
