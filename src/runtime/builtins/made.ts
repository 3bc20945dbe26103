// The callable FEEL functions of a group of built-in defs, metered (./metering.ts), made on the
// first look-up of the group rather than when the runtime loads. Generated code calls this with
// the group it names; a bundle of the model hands it a group of the built-ins the code names alone
// (compiler/6-package/bundle.ts), made by their makers (def.ts).
import { BuiltinFunction } from "../functions.js";
import type { FeelFunction } from "../values.js";
import type { BuiltinDef, BuiltinMaker } from "./def.js";
import { withMetering } from "./metering.js";

const made = new WeakMap<readonly BuiltinDef[], Map<string, FeelFunction>>();

/** The built-in of that name in the group, or null when the group has none of that name. */
export function builtinOf(group: readonly BuiltinDef[], name: string): FeelFunction | null {
  let functions = made.get(group);
  if (functions === undefined) {
    functions = new Map(group.map((d) => [d.name, new BuiltinFunction(withMetering(d))]));
    made.set(group, functions);
  }
  return functions.get(name) ?? null;
}

const madeBy = new WeakMap<BuiltinMaker, FeelFunction>();

/** The callable built-in of a maker (def.ts), made on its first use: the one way runtime code calls a built-in it names. */
export function builtinMade(make: BuiltinMaker): FeelFunction {
  let f = madeBy.get(make);
  if (f === undefined) madeBy.set(make, (f = new BuiltinFunction(withMetering(make()))));
  return f;
}
