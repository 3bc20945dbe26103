// The shape of the two request bodies as a table of field -> accepted JSON kinds. Unknown fields
// are ignored (forward compatibility); wrong kinds are 400 invalid_request with one entry each.
import { problem, type Problem, type ProblemEntry } from "./problems.js";

type Kind = "object" | "array" | "string" | "number" | "boolean" | "null" | "any";

interface FieldRule {
  kinds: readonly Kind[];
  required?: boolean;
  oneOf?: readonly string[];
}

export const SYSTEMONE_FIELDS: Record<string, FieldRule> = {
  state: { kinds: ["any"], required: true },
  questions: { kinds: ["object"] },
  model: { kinds: ["object", "string"] },
  content: { kinds: ["object"] },
  mode: { kinds: ["string"], oneOf: ["fast", "thinking"] },
};

export const MODELS_FIELDS: Record<string, FieldRule> = {
  model: { kinds: ["string"] },
  prompt: { kinds: ["string"] },
  content: { kinds: ["object"] },
  output: { kinds: ["object"] },
  state: { kinds: ["any"] },
  name: { kinds: ["string"] },
  mode: { kinds: ["string"], oneOf: ["fast", "thinking"] },
  dry_run: { kinds: ["boolean"] },
  files: { kinds: ["array"] },
};

export const FILE_FIELDS: Record<string, FieldRule> = {
  name: { kinds: ["string"] },
  type: { kinds: ["string"] },
  data: { kinds: ["string"], required: true },
};

export function kindOf(v: unknown): Kind {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v as Kind;
}

export const isObject = (v: unknown): v is Record<string, unknown> => kindOf(v) === "object";

export function checkFields(value: unknown, rules: Record<string, FieldRule>, at: string): ProblemEntry[] {
  if (!isObject(value)) return [{ address: at, code: "request.type", message: `${at} must be a JSON object` }];
  const errors: ProblemEntry[] = [];
  for (const [name, rule] of Object.entries(rules)) {
    const v = value[name];
    const address = `${at}.${name}`;
    if (v === undefined) {
      if (rule.required) errors.push({ address, code: "request.missing", message: `${name} is required` });
      continue;
    }
    if (!rule.kinds.includes("any") && !rule.kinds.includes(kindOf(v))) {
      errors.push({ address, code: "request.type", message: `${name} must be ${rule.kinds.join(" or ")}, got ${kindOf(v)}` });
    } else if (rule.oneOf && !rule.oneOf.includes(v as string)) {
      errors.push({ address, code: "request.enum", message: `${name} must be one of ${rule.oneOf.join(", ")}` });
    }
  }
  return errors;
}

export function invalidRequest(errors: ProblemEntry[]): Problem {
  return problem("invalid_request", errors.map((e) => e.message).join("; "), errors);
}
