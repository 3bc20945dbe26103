// A decision's JSON output, the conversion specialised at codegen by its declared type: a number
// decision's value is a decimal or null and a boolean's or string's is its own JSON, once held to
// the type (runtime/declared.ts); a struct's, or a list's of structs or lists, goes through a writer
// hoisted for its type: a struct's an object literal of its keys, each field by its own type's
// writer, a list's items by its item type's. The runtime's `jsonConverter` makes the same
// conversion from closures every type shares, whose calls and keyed stores V8 then sees from every
// type at once (measured, in turns against it: income-tax's list of contexts about 0.93×,
// bureau-score's nested context and list of accounts about 0.96× of the whole evaluation). Each
// form gives exactly what `rt.toJson` gives for any value, charged to the budget alike, the writers
// handing what they do not take (a module constant, a context of other entries, a value of another
// kind) to the type's `rt.jsonConverter` (runtime/json.ts `listJson`, `mirrorForJson`, `fieldsForJson`).
import type { Type } from "../../ir/types.js";
import type { Emitter } from "./emitter.js";

const scalar = (jsType: string) => (v: string) => `(${v} === null || typeof ${v} === "${jsType}" ? ${v} : rt.toJson(${v}))`;

const BY_KIND: Partial<Record<Type["kind"], (v: string) => string>> = {
  number: (v) => `rt.numberToJson(${v})`,
  boolean: scalar("boolean"),
  string: scalar("string"),
  choice: scalar("string"),
  levels: scalar("string"),
};

/** JS giving the JSON form of `v`, a value of type `t`. */
export function jsonOfValue(t: Type, v: string, em: Emitter): string {
  return jsonOf(t, v, em, new Set());
}

type Composite = Extract<Type, { kind: "list" | "struct" }>;
const isComposite = (t: Type): t is Composite => t.kind === "list" || t.kind === "struct";

/** `jsonOfValue` within the writers of `writing`, which a type that holds itself hands to its converter. */
function jsonOf(t: Type, v: string, em: Emitter, writing: Set<Type>): string {
  if (isComposite(t)) return `${writerOf(t, em, writing)}(${v})`;
  return (BY_KIND[t.kind] ?? ((x) => `rt.toJson(${x})`))(v);
}

/**
 * Each emitter's writers by type: a type that shares its parts (a context built of one context
 * twice, over and over) is written once per part, as `Emitter.type` writes it.
 */
const WRITERS = new WeakMap<Emitter, Map<Type, string>>();

/** JS id of the hoisted writer of a list or struct type's values. */
function writerOf(t: Composite, em: Emitter, writing: Set<Type>): string {
  let written = WRITERS.get(em);
  if (!written) WRITERS.set(em, (written = new Map()));
  const known = written.get(t);
  if (known !== undefined) return known;
  const id = newWriter(t, em, writing);
  // (a type met again while its own writer is written is handed to its converter, not kept)
  if (!writing.has(t)) written.set(t, id);
  return id;
}

function newWriter(t: Composite, em: Emitter, writing: Set<Type>): string {
  const converter = em.hoist("J", `rt.jsonConverter(${em.type(t)})`);
  // a list of numbers, strings or booleans: the general converter calls the runtime's one converter
  // of such items, which every model shares (a writer of the model's own, called from the shared
  // loop, measured slower); `__proto__` as a literal's key would set the prototype
  const general =
    writing.has(t) ||
    (t.kind === "list" && !isComposite(t.element)) ||
    (t.kind === "struct" && t.fields.some(([name]) => name === "__proto__"));
  if (general) return converter;
  writing.add(t);
  try {
    // names scoped, so that a type's writer is one text, hoisted once (the constants it names are the module's)
    const text = em.scoped(() => {
      const v = em.fresh("v");
      // (a list of lists or structs: the others went the general way above)
      if (t.kind === "list") return `(${v}) => rt.listJson(${v}, ${writerOf(t.element as Composite, em, writing)}, ${converter})`;
      const [m, a] = [em.fresh("m"), em.fresh("a")];
      const names = em.data(
        "N",
        t.fields.map(([name]) => name),
      );
      const fields = t.fields.map(([name, ft], i) => `${em.key(name)}: ${jsonOf(ft, `${a}[${i}]`, em, writing)}`);
      return [
        `(${v}) => {`,
        `const ${m} = rt.mirrorForJson(${v}, ${names}); if (${m} !== null) return { ...${m} };`,
        `const ${a} = rt.fieldsForJson(${v}, ${names}); return ${a} === null ? ${converter}(${v}) : { ${fields.join(", ")} };`,
        "}",
      ].join(" ");
    });
    return em.hoist("W", text);
  } finally {
    writing.delete(t);
  }
}
