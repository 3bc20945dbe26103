// The built-in catalogue: every BuiltinDef (./def.ts), the one list the parser, the analyser,
// codegen and the reference documentation read, and the callable FEEL functions made from it.
import { BuiltinFunction } from "../functions.js";
import { temporalBuiltins } from "../temporal/index.js";
import type { FeelFunction } from "../values.js";
import { aggregateBuiltins } from "./aggregate.js";
import { booleanBuiltins } from "./boolean.js";
import { contextBuiltins } from "./context.js";
import { conversionBuiltins } from "./conversion.js";
import type { BuiltinDef } from "./def.js";
import { listBuiltins } from "./list.js";
import { withMetering } from "./metering.js";
import { numberBuiltins } from "./number.js";
import { rangeBuiltins } from "./range.js";
import { stringBuiltins } from "./string.js";

export const BUILTINS: readonly BuiltinDef[] = [
  ...conversionBuiltins,
  ...temporalBuiltins,
  ...booleanBuiltins,
  ...stringBuiltins,
  ...listBuiltins,
  ...aggregateBuiltins,
  ...numberBuiltins,
  ...contextBuiltins,
  ...rangeBuiltins,
].map(withMetering);

const byName: ReadonlyMap<string, BuiltinDef> = new Map(BUILTINS.map((d) => [d.name, d]));

/** The declaration of a built-in, or undefined for a name that is none. */
export const builtinDef = (name: string): BuiltinDef | undefined => byName.get(name);

let functions: Map<string, FeelFunction> | null = null;

// the function values are made on the first look-up, not when the runtime loads
export function builtin(name: string): FeelFunction | null {
  functions ??= new Map(BUILTINS.map((d) => [d.name, new BuiltinFunction(d)]));
  return functions.get(name) ?? null;
}
