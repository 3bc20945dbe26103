// Lexical scopes for name resolution: a chain of frames, innermost first, ending in the model's
// global names. Types are lazy so that a decision's type is inferred only when something reads it.
import type { NameRef } from "../../../ir/feel-ast.js";
import type { Type } from "../../../ir/types.js";

export interface Binding {
  /** undefined for a member of the filter item (`xs[age > 18]`): resolved at run time */
  ref?: NameRef;
  type: () => Type;
}

export interface Scope {
  readonly frame: ReadonlyMap<string, Binding>;
  readonly parent?: Scope;
}

export const rootScope = (frame: ReadonlyMap<string, Binding>): Scope => ({ frame });

export const childScope = (parent: Scope, frame: ReadonlyMap<string, Binding>): Scope => ({ frame, parent });

export function lookup(scope: Scope | undefined, name: string): Binding | undefined {
  for (let s = scope; s; s = s.parent) {
    const b = s.frame.get(name);
    if (b) return b;
  }
  return undefined;
}

/** The names of the scope, innermost first, then `more`; walked as they are asked for. */
export function* namesInScope(scope: Scope | undefined, more: Iterable<string> = []): Generator<string> {
  for (let s = scope; s; s = s.parent) yield* s.frame.keys();
  yield* more;
}

export const fixed = (ref: NameRef | undefined, type: Type): Binding => ({ ref, type: () => type });

export const locals = (entries: Iterable<[string, Type]>): Map<string, Binding> =>
  new Map([...entries].map(([name, type]) => [name, fixed({ kind: "local", name }, type)]));
