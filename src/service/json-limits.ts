// JSON from outside (a request body, a state or model file) is checked once, where it enters and
// before anything else walks it: every later walk (schema validation, the model's identity,
// the compiler, JSON.stringify) recurses, so nesting is bounded here, and a string or key holding
// a lone UTF-16 surrogate (JSON allows the escape `\ud800`; it is no character) is refused here.
// One pass, without recursion, that builds nothing: every request body takes it. Only a body with
// a fault is walked again, to name the fault's JSON path.
import { isWellFormed, loneSurrogateAt } from "../runtime/well-formed.js";

/** Arrays and objects inside one another; a model's content needs about ten. */
export const MAX_JSON_DEPTH = 128;

export interface JsonFault {
  kind: "depth" | "surrogate" | "underflow" | "overflow";
  /** `body.state.items[3].name` */
  path: string;
  message: string;
}

const PLAIN_KEY = /^[^.[\]"\\\s][^.[\]"\\]*$/;

/** `.key`, or `["key"]` (JSON, lone surrogates escaped) when the key could be misread in a path. */
const member = (path: string, key: string): string =>
  PLAIN_KEY.test(key) && loneSurrogateAt(key) < 0 ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

function surrogateFault(path: string, text: string, what: "string" | "key"): JsonFault | null {
  const at = loneSurrogateAt(text);
  if (at < 0) return null;
  const unit = text.charCodeAt(at).toString(16).toUpperCase();
  return {
    kind: "surrogate",
    path,
    message: `${path}: the ${what} holds a lone surrogate U+${unit} at character ${at + 1}, which is not text; send well-formed Unicode`,
  };
}

/** Whether a parsed JSON value nests at most maxDepth deep and holds only well-formed text. */
function withinLimits(value: unknown, maxDepth: number, at: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [at];
  while (values.length > 0) {
    const v = values.pop();
    const depth = depths.pop()!;
    if (typeof v === "string") {
      if (!isWellFormed(v)) return false;
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (depth >= maxDepth) return false;
    if (Array.isArray(v)) {
      for (const item of v) {
        values.push(item);
        depths.push(depth + 1);
      }
      continue;
    }
    for (const key of Object.keys(v)) {
      if (!isWellFormed(key)) return false;
      values.push((v as Record<string, unknown>)[key]);
      depths.push(depth + 1);
    }
  }
  return true;
}

/**
 * The first fault of a parsed JSON value (root names it: "body", "state"), or null. `at` is the
 * depth the value sits at in the document it belongs to (1 for a body's field sent as JSON text).
 */
export function jsonFault(value: unknown, root: string, maxDepth = MAX_JSON_DEPTH, at = 0): JsonFault | null {
  return withinLimits(value, maxDepth, at) ? null : namedFault(value, root, maxDepth, at);
}

/** The first fault in document order, with its JSON path. */
function namedFault(value: unknown, root: string, maxDepth: number, at: number): JsonFault | null {
  const stack: [unknown, string, number][] = [[value, root, at]];
  while (stack.length > 0) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === "string") {
      const fault = surrogateFault(path, v, "string");
      if (fault) return fault;
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (depth >= maxDepth) {
      return { kind: "depth", path, message: `${path}: arrays and objects nest deeper than ${maxDepth} levels, the limit` };
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`, depth + 1]);
      continue;
    }
    const entries = Object.entries(v as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      const fault = surrogateFault(member(path, key), key, "key");
      if (fault) return fault;
      stack.push([item, member(path, key), depth + 1]);
    }
  }
  return null;
}
