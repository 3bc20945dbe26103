// How a built-in function is declared: a name and one or more signatures (overloads).
// Resolution: positional calls pick the first signature whose arity fits; named calls pick the
// first signature whose parameter names cover exactly the names given (optional ones may be absent).
import type { FeelValue } from "../values.js";

export interface Signature {
  params: readonly string[];
  /** how many leading params are required (default: all) */
  required?: number;
  /** the last param collects all remaining positional arguments as a list */
  variadic?: boolean;
  /** only for positional calls (an overload that dispatches on argument types; named calls use the others) */
  positionalOnly?: boolean;
  impl: (...args: FeelValue[]) => FeelValue;
}

export interface BuiltinDef {
  name: string;
  signatures: readonly Signature[];
}
