// Boolean built-ins (DMN 1.5 10.3.4.2 and `is`).
import { identical } from "../equality.js";
import { not } from "../logic.js";
import { scalars } from "./args.js";
import type { BuiltinDef } from "./def.js";

export const booleanBuiltins: BuiltinDef[] = [
  { name: "not", signatures: [{ params: ["negand"], impl: scalars((b) => not(b)) }] },
  // is() takes any two values, lists included: no singleton conversion
  { name: "is", signatures: [{ params: ["value1", "value2"], impl: (a, b) => identical(a, b) }] },
];
