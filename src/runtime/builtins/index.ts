// The built-in catalogue: every BuiltinDef by name, as callable FEEL functions.
import { BuiltinFunction } from "../functions.js";
import { temporalBuiltins } from "../temporal/index.js";
import type { FeelFunction } from "../values.js";
import { aggregateBuiltins } from "./aggregate.js";
import { booleanBuiltins } from "./boolean.js";
import { contextBuiltins } from "./context.js";
import { conversionBuiltins } from "./conversion.js";
import type { BuiltinDef } from "./def.js";
import { listBuiltins } from "./list.js";
import { numberBuiltins } from "./number.js";
import { rangeBuiltins } from "./range.js";
import { stringBuiltins } from "./string.js";

export const BUILTIN_DEFS: readonly BuiltinDef[] = [
  ...conversionBuiltins,
  ...booleanBuiltins,
  ...stringBuiltins,
  ...listBuiltins,
  ...aggregateBuiltins,
  ...numberBuiltins,
  ...contextBuiltins,
  ...rangeBuiltins,
];

let catalogue: Map<string, FeelFunction> | null = null;

// built lazily: the temporal module's list is only read once a built-in is first looked up
function functions(): Map<string, FeelFunction> {
  if (!catalogue) catalogue = new Map([...BUILTIN_DEFS, ...temporalBuiltins].map((d) => [d.name, new BuiltinFunction(d)]));
  return catalogue;
}

export function builtin(name: string): FeelFunction | null {
  return functions().get(name) ?? null;
}

export const builtinNames = (): string[] => [...functions().keys()];
