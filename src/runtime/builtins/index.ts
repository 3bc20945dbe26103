// The built-in catalogue: every BuiltinDef (./def.ts), the one list the parser, the analyser,
// codegen and the reference documentation read, and the callable FEEL functions made from it.
// The defs come in groups, one module each; generated code names the group of each built-in it
// calls (`builtinOf(numberBuiltins, "decimal")`), so that a bundle of a model keeps only those.
import type { FeelFunction } from "../values.js";
import { temporalBuiltins } from "../temporal/index.js";
import { aggregateBuiltins } from "./aggregate.js";
import { booleanBuiltins } from "./boolean.js";
import { contextBuiltins } from "./context.js";
import { conversionBuiltins } from "./conversion.js";
import type { BuiltinDef } from "./def.js";
import { listBuiltins } from "./list.js";
import { builtinOf } from "./made.js";
import { withMetering } from "./metering.js";
import { numberBuiltins } from "./number.js";
import { rangeBuiltins } from "./range.js";
import { regexBuiltins } from "./regex.js";
import { stringBuiltins } from "./string.js";

/** The groups by the name the runtime exports each under (generated-api.ts), in catalogue order. */
const GROUPS = {
  conversionBuiltins,
  temporalBuiltins,
  booleanBuiltins,
  stringBuiltins,
  regexBuiltins,
  listBuiltins,
  aggregateBuiltins,
  numberBuiltins,
  contextBuiltins,
  rangeBuiltins,
} satisfies Record<string, readonly BuiltinDef[]>;

export type BuiltinGroup = keyof typeof GROUPS;

const grouped = Object.entries(GROUPS) as [BuiltinGroup, readonly BuiltinDef[]][];

export const BUILTINS: readonly BuiltinDef[] = grouped.flatMap(([, defs]) => defs).map(withMetering);

const byName: ReadonlyMap<string, BuiltinDef> = new Map(BUILTINS.map((d) => [d.name, d]));
const groupByName: ReadonlyMap<string, BuiltinGroup> = new Map(grouped.flatMap(([g, defs]) => defs.map((d) => [d.name, g] as const)));

/** The declaration of a built-in, or undefined for a name that is none. */
export const builtinDef = (name: string): BuiltinDef | undefined => byName.get(name);

/** The group a built-in is declared in: the runtime's export generated code names it by. */
export const builtinGroup = (name: string): BuiltinGroup | undefined => groupByName.get(name);

/** The callable built-in of that name, or null. */
export function builtin(name: string): FeelFunction | null {
  const g = groupByName.get(name);
  return g === undefined ? null : builtinOf(GROUPS[g], name);
}
