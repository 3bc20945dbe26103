// A state object made from values kept by slot, for a reader that fills slots (the batch byte
// reader): one object literal per call, so every state of a model has the same shape from birth
// (the compiled module's property reads see one hidden class) where setting keys one by one on an
// object with many of them leaves it a dictionary. The literal is made from text, here, with
// nothing of the names but their JSON.stringify form as keys and only integer indices: no name
// can close a string or write code. `__proto__` is a computed key, which makes an own property as
// JSON.parse does (a plain `"__proto__": v` would set the prototype).

/** A function from values by slot to the object of those names (own, enumerable, in slot order). */
export type StateObject = (values: readonly unknown[]) => Record<string, unknown>;

export function stateObject(names: readonly string[]): StateObject {
  const fields = names.map((name, i) => (name === "__proto__" ? `[${JSON.stringify(name)}]: v[${i}]` : `${JSON.stringify(name)}: v[${i}]`));
  // eslint-disable-next-line no-new-func -- keys are JSON string literals and indices integers: nothing of a name runs
  return new Function("v", `return {${fields.join(", ")}};`) as StateObject;
}
