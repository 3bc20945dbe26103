// What the expression visitor needs to know about where it is, and how it reports.
import type { Diagnostic, Place, Span } from "../../../ir/diagnostics.js";
import type { NameRef } from "../../../ir/feel-ast.js";
import type { Type } from "../../../ir/types.js";
import type { Scope } from "./scope.js";

export interface ExprContext {
  scope: Scope;
  /** the text the spans point into */
  source: string;
  address: string;
  sink: Diagnostic[];
  /** strict: certain type conflicts are errors; lenient (DMN imports): warnings, as FEEL yields null */
  strict: boolean;
  /** every model-level name read (input, decision, function, let, param), for the graph */
  refs: NameRef[];
  /** inside `xs[...]`: the item types of the enclosing filters; a name that resolves to nothing is a member of an item */
  filterItems?: readonly Type[];
  /** the type of `?` in a unary test */
  inputValue?: Type;
  /** names that exist but may not be read here: inputs and decisions inside a function body */
  forbidden?: ReadonlyMap<string, "input" | "decision">;
  /** `let` entries defined after the one analysed: reading one is reported as such */
  later?: (name: string) => boolean;
  /** inside a context literal's entry: its key and the keys after it, which it cannot read */
  contextEntries?: { current: string; later: (name: string) => boolean };
  /** who reads, for messages: "function `f`" */
  owner?: string;
  /** parameter names of the model's functions, for argument checks */
  functionParams: ReadonlyMap<string, readonly string[]>;
  /** named types, for typed lambda parameters and `instance of` */
  types: Record<string, Type>;
}

/** Where a diagnostic about this expression points, and the mode that decides a strict error's severity. */
export const at = (ctx: ExprContext, span?: Span): Place & { strict: boolean } => ({
  address: ctx.address,
  strict: ctx.strict,
  ...(span ? { span, source: ctx.source } : {}),
});
