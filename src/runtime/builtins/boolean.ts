// Boolean built-ins (DMN 1.5 10.3.4.2 and `is`).
import { identical } from "../equality.js";
import { not } from "../logic.js";
import { scalars } from "./args.js";
import { madeGroup, ofKind, T, type BuiltinDef } from "./def.js";

const booleanDef = ofKind("boolean");

// one maker a built-in (def.ts), so that a bundle keeps those its model names
export const builtinNot = (): BuiltinDef =>
  booleanDef({
    name: "not",
    result: T.boolean,
    description: "The negation of a boolean; null for anything else.",
    signatures: [{ params: ["negand"], impl: scalars((b) => not(b)) }],
  });
// is() takes any two values, lists included: no singleton conversion
export const builtinIs = (): BuiltinDef =>
  booleanDef({
    name: "is",
    result: T.boolean,
    description: "Whether two values are of the same kind and identical, time offsets and zones included.",
    signatures: [{ params: ["value1", "value2"], impl: (a, b) => identical(a, b) }],
  });

export const booleanBuiltins: BuiltinDef[] = /* @__PURE__ */ madeGroup([builtinNot, builtinIs]);
