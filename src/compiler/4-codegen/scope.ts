// Lexical scope during emission: which JS identifier holds each FEEL name.
import type { NameRef } from "../../ir/feel-ast.js";

export const refKey = (ref: NameRef): string => `${ref.kind}:${ref.name}`;

export class Scope {
  private readonly bindings = new Map<string, string>();

  constructor(
    private readonly parent: Scope | null = null,
    /** JS id of the current filter item, whose context entries are in scope */
    readonly item: string | null = parent?.item ?? null,
    /** JS id of `?` in a unary test */
    readonly input: string | null = parent?.input ?? null,
    /** JS id of the results so far of the innermost `for` (`partial`) */
    readonly partial: string | null = parent?.partial ?? null,
  ) {}

  bind(kind: NameRef["kind"], name: string, jsId: string): this {
    this.bindings.set(`${kind}:${name}`, jsId);
    return this;
  }

  lookup(key: string): string | undefined {
    return this.bindings.get(key) ?? this.parent?.lookup(key);
  }

  child(overrides: { item?: string | null; input?: string | null; partial?: string | null } = {}): Scope {
    return new Scope(
      this,
      overrides.item !== undefined ? overrides.item : this.item,
      overrides.input !== undefined ? overrides.input : this.input,
      overrides.partial !== undefined ? overrides.partial : this.partial,
    );
  }
}
