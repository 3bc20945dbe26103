// Lexical scope during emission: which JS identifier holds each FEEL name.
import type { NameRef } from "../../ir/feel-ast.js";
import type { Type } from "../../ir/types.js";

export const refKey = (ref: NameRef): string => `${ref.kind}:${ref.name}`;

interface Overrides {
  item?: string | null;
  itemType?: Type | null;
  itemEntries?: boolean;
  input?: string | null;
  partial?: string | null;
}

export class Scope {
  private readonly bindings = new Map<string, string>();

  constructor(
    private readonly parent: Scope | null = null,
    /** JS id of the current filter item, whose context entries are in scope */
    readonly item: string | null = parent?.item ?? null,
    /** the type the analyser gave the current filter item, when it knows one */
    readonly itemType: Type | null = parent?.itemType ?? null,
    /**
     * whether the item may be a context, whose entries then shadow names from outside; false when
     * the filtered list is known to hold none (a literal list of strings or numbers)
     */
    readonly itemEntries: boolean = parent?.itemEntries ?? false,
    /** JS id of `?` in a unary test */
    readonly input: string | null = parent?.input ?? null,
    /** JS id of the results so far of the innermost `for` (`partial`) */
    readonly partial: string | null = parent?.partial ?? null,
  ) {}

  /** The JS id of an item whose entries may shadow names, or null. */
  get shadowing(): string | null {
    return this.itemEntries ? this.item : null;
  }

  /** JS ids of the items of the enclosing filters whose entries may shadow names, innermost first. */
  get shadowingItems(): string[] {
    if (this.item === null) return [];
    const outer = this.outsideItem?.shadowingItems ?? [];
    return this.itemEntries ? [this.item, ...outer] : outer;
  }

  /** The scope just outside the current filter (the one its list was read in), or null outside filters. */
  get outsideItem(): Scope | null {
    let s = this.parent;
    while (s !== null && s.item === this.item) s = s.parent;
    return s;
  }

  bind(kind: NameRef["kind"], name: string, jsId: string): this {
    this.bindings.set(`${kind}:${name}`, jsId);
    return this;
  }

  lookup(key: string): string | undefined {
    return this.bindings.get(key) ?? this.parent?.lookup(key);
  }

  child(o: Overrides = {}): Scope {
    return new Scope(
      this,
      o.item !== undefined ? o.item : this.item,
      o.item !== undefined ? (o.itemType ?? null) : this.itemType,
      o.itemEntries ?? this.itemEntries,
      o.input !== undefined ? o.input : this.input,
      o.partial !== undefined ? o.partial : this.partial,
    );
  }
}
