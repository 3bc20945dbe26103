// Shared state of one module's emission: hoisted constants and fresh JS identifiers.
// Model text never becomes code: every name or string from the model is emitted through `lit`.
import type { Type } from "../../ir/types.js";

/**
 * After this many pooled constants have their own declaration, the rest are entries of one array:
 * a parser's scope checks cost each declaration time linear in the ones before it, so tens of
 * thousands of declarations (a table of 10,000 rules) would take seconds to verify.
 */
const MAX_DECLARED_POOLED = 1000;

/** Whether `code` reads a value without doing anything else: an identifier, or a literal keyword. */
export const readsOnly = (code: string): boolean => /^[A-Za-z_$][\w$]*$/.test(code);

/** Thrown when the code emitted so far passes the emitter's limit (`Emitter.within`). */
export class CodeTooLarge extends Error {
  constructor(
    /** the model address whose code passed the limit */
    readonly address: string,
    readonly limit: number,
  ) {
    super(`the generated code passed ${limit} characters at ${address}`);
  }
}

export class Emitter {
  /** characters of code emitted: hoisted constants as they are hoisted, the rest as `charge` counts it */
  private chars = 0;
  private readonly constants = new Map<string, string>();
  private readonly types = new Map<Type, string>();
  private readonly hoisted: string[] = [];
  private readonly pool: string[] = [];
  private poolId = "";
  private declaredPooled = 0;
  private counter = 0;
  /** the numbering of fresh names inside a hoisted function (`scoped`), when one is being written */
  private local: { next: number } | undefined;

  /** `limit`: the most characters of code the module may take (none by default). */
  constructor(private readonly limit = Infinity) {}

  /** Code written for `address` counts toward the limit; past it, CodeTooLarge naming `address`. */
  charge(code: string, address: string): string {
    this.chars += code.length;
    if (this.chars > this.limit) throw new CodeTooLarge(address, this.limit);
    return code;
  }

  /** A fresh identifier with a readable prefix (never derived from model text). */
  fresh(prefix: string): string {
    if (this.local === undefined) return this.global(prefix);
    // `Z` begins no prefix: the names of a scope never meet the module's
    if (prefix.length > 3) throw new Error(`a scoped name's prefix is at most 3 letters: ${prefix}`);
    return `Z${prefix}${this.local.next++}`;
  }

  private global(prefix: string): string {
    return `${prefix}${this.counter++}`;
  }

  /**
   * `write` with fresh names numbered from zero, for the text of a function hoisted to module scope
   * that declares every name it makes: the same code written twice (a site in `run` and again in
   * `explain`) is the same text, which `hoist` then declares once. Code `write` emits outside that
   * function (its call's arguments) goes through `outside`.
   */
  scoped<T>(write: () => T): T {
    return this.numbering({ next: 0 }, write);
  }

  /** `write` with the module's fresh names, from within `scoped`. */
  outside<T>(write: () => T): T {
    return this.numbering(undefined, write);
  }

  private numbering<T>(local: { next: number } | undefined, write: () => T): T {
    const saved = this.local;
    this.local = local;
    try {
      return write();
    } finally {
      this.local = saved;
    }
  }

  /** A JS string literal for any text: JSON escaping is valid JS string syntax. */
  lit(text: string): string {
    return JSON.stringify(text);
  }

  /**
   * An object literal's key for `name`: a plain string key (objects built from the literal's
   * template, the fast way), but computed for "__proto__", which as a plain key would set the
   * prototype instead of a property.
   */
  key(name: string): string {
    return name === "__proto__" ? `[${this.lit(name)}]` : this.lit(name);
  }

  /** Hoists `init` to module scope once and returns its identifier. */
  hoist(prefix: string, init: string): string {
    const known = this.constants.get(init);
    if (known) return known;
    const id = this.global(prefix);
    this.constants.set(init, id);
    this.hoisted.push(`const ${id} = ${init};`);
    this.chars += init.length;
    return id;
  }

  /**
   * `hoist` for an `init` that reads nothing but `rt` (a literal's value): past a thousand of
   * them, an entry of one array declared first.
   */
  pooled(prefix: string, init: string): string {
    const known = this.constants.get(init);
    if (known) return known;
    if (this.declaredPooled < MAX_DECLARED_POOLED) {
      this.declaredPooled++;
      return this.hoist(prefix, init);
    }
    this.poolId ||= this.global("K");
    const id = `${this.poolId}[${this.pool.length}]`;
    this.pool.push(init);
    this.chars += init.length;
    this.constants.set(init, id);
    return id;
  }

  /**
   * Reading a state's key: plain indexing, except for names an object inherits (`constructor`,
   * `__proto__`, `toString`...), which only an own property may supply.
   */
  stateKey(object: string, name: string): string {
    // eslint-disable-next-line no-restricted-syntax -- the inherited names are what this looks for
    const inherited = name === "__proto__" || name in Object.prototype;
    return inherited ? `rt.own(${object}, ${this.lit(name)})` : `${object}[${this.lit(name)}]`;
  }

  /** JSON data (tables of literals) as a hoisted constant. */
  data(prefix: string, value: unknown): string {
    return this.hoist(prefix, JSON.stringify(value));
  }

  /**
   * A static type as a hoisted constant. The types a struct's fields, a list's element or a
   * function's signature hold are constants of their own, referred to by name: a type that shares
   * its parts (a named type used twice, a context built of another twice) is written once per part,
   * never written out, so the module grows with the model's text, not with the types' expansion.
   */
  type(t: Type): string {
    const known = this.types.get(t);
    if (known) return known;
    let init: string;
    switch (t.kind) {
      case "struct":
        init = `{"kind":"struct","fields":[${t.fields.map(([name, field]) => `[${this.lit(name)}, ${this.type(field)}]`).join(", ")}]}`;
        break;
      case "list":
      case "range":
        init = `{"kind":${this.lit(t.kind)},"element":${this.type(t.element)}}`;
        break;
      case "function":
        init = `{"kind":"function","params":[${t.params.map((p) => this.type(p)).join(", ")}],"result":${this.type(t.result)}}`;
        break;
      default:
        init = JSON.stringify(t);
    }
    const id = this.hoist("T", init);
    this.types.set(t, id);
    return id;
  }

  /** The hoisted constants' declarations, in order. */
  prelude(): string[] {
    const pool = this.pool.length > 0 ? [`const ${this.poolId} = [${this.pool.join(", ")}];`] : [];
    return [...pool, ...this.hoisted];
  }
}
