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

/**
 * The field of a `for` or `some`/`every` whose entries nest: `for a in x, b in a, c in b` is a loop
 * in a loop in a loop in the generated code (and in the JavaScript parser that checks it), however
 * flat its text; each iteration counts as a level.
 */
const NESTED_LIST = "iterations";

const isNode = (v: unknown): v is Node => v !== null && typeof v === "object" && !Array.isArray(v) && "kind" in v;

/**
 * A node nested deeper than the limit, found without recursion; null when none is. Every cell of a
 * large table goes through here, so the walk allocates nothing per node: values and their depths
 * on two stacks, a node's fields pushed in order (popped last first), primitives never pushed.
 */
export function deepestOver(root: unknown, limit = MAX_EXPRESSION_DEPTH): Node | null {
  const values: object[] = [];
  const depths: number[] = [];
  if (root !== null && typeof root === "object") {
    values.push(root);
    depths.push(0);
  }
  while (values.length > 0) {
    const value = values.pop()!;
    const depth = depths.pop()!;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const item: unknown = value[i];
        if (item !== null && typeof item === "object") {
          values.push(item);
          depths.push(depth);
        }
      }
      continue;
    }
    const d = isNode(value) ? depth + 1 : depth;
    if (d > limit) return value as Node;
    const fields = value as Record<string, unknown>;
    for (const k in fields) {
      const v = fields[k];
      if (k === "span" || v === null || typeof v !== "object" || !Object.hasOwn(fields, k)) continue;
      if (k === NESTED_LIST && Array.isArray(v)) {
        // each iteration runs inside the one before: the i-th is i levels deeper (its source too)
        for (let i = v.length - 1; i >= 0; i--) {
          values.push(v[i] as object);
          depths.push(d + i + 1);
        }
        continue;
      }
      values.push(v);
      depths.push(d);
    }
  }
  return null;
}
