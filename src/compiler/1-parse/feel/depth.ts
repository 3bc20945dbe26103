// How deeply a FEEL text may nest. Every later phase (type inference, folding, codegen, the
// generated code's own parse) walks the tree recursively, so the limit is checked here, once: a
// tree deeper than MAX_EXPRESSION_DEPTH is a diagnostic, never a stack overflow further on.
// No real model comes near it; a deeper one splits into `let` entries or decisions.
import { diagnostic, type Diagnostic, type Span } from "../../../ir/diagnostics.js";

export const MAX_EXPRESSION_DEPTH = 150;

export const tooDeep = (source: string, span?: Span): Diagnostic =>
  diagnostic("feel.too-deep", { limit: MAX_EXPRESSION_DEPTH }, span ? { span, source } : { source });

interface Node {
  span?: Span;
}

const isNode = (v: unknown): v is Node => v !== null && typeof v === "object" && !Array.isArray(v) && "kind" in v;

/** A node nested deeper than the limit, found without recursion; null when none is. */
export function deepestOver(root: unknown, limit = MAX_EXPRESSION_DEPTH): Node | null {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], depth]);
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    const d = isNode(value) ? depth + 1 : depth;
    if (d > limit) return value as Node;
    for (const [k, v] of Object.entries(value)) if (k !== "span") stack.push([v, d]);
  }
  return null;
}
