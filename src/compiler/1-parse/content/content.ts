// The top of a ContentDefinition (spec 2.2): which sections exist and have the right shape.
import type { Diagnostic } from "../../../ir/diagnostics.js";
import { err, warn } from "../diagnostic-sink.js";

export interface ContentSpec {
  name: string;
  types: Record<string, unknown>;
  inputs: Record<string, unknown>;
  decisions: Record<string, unknown>;
  functions: Record<string, unknown>;
}

const SECTIONS = ["types", "inputs", "decisions", "functions"] as const;
const REQUIRED = new Set(["inputs", "decisions"]);
const KNOWN_KEYS = new Set(["name", ...SECTIONS]);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

export function readContent(content: unknown, strict: boolean, sink: Diagnostic[]): ContentSpec {
  if (!isObject(content)) {
    err(sink, "content.shape", "the content must be a JSON object", "content");
    return { name: "", types: {}, inputs: {}, decisions: {}, functions: {} };
  }
  let name = "";
  if (typeof content.name === "string" && content.name.trim() !== "") name = content.name;
  else if (strict || content.name !== undefined) err(sink, "content.name-missing", "the content needs a `name` (a non-empty string)", "name");
  const sections = {} as Record<(typeof SECTIONS)[number], Record<string, unknown>>;
  for (const key of SECTIONS) {
    const v = content[key];
    if (v === undefined) {
      // lenient imports may have no inputs (constant decisions); strict content must list them
      if (REQUIRED.has(key) && (strict || key === "decisions")) err(sink, `content.${key}-missing`, `the content needs \`${key}\` (an object)`, key);
      sections[key] = {};
    } else if (!isObject(v)) {
      err(sink, "content.shape", `\`${key}\` must be an object mapping names to definitions`, key);
      sections[key] = {};
    } else sections[key] = v;
  }
  for (const key of Object.keys(content))
    if (!KNOWN_KEYS.has(key)) warn(sink, "content.unknown-key", `unknown key \`${key}\` is ignored`, key);
  return { name, ...sections };
}
