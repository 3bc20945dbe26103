// What each built-in is charged against the evaluation budget (../budget.ts), as data: a rule per
// built-in, named here with what it means. metering.ts applies the rules; docs/builtins.md lists
// each built-in's rule and their meanings (scripts/docs/builtins.ts). Besides its rule, a built-in
// that compares lists or contexts with `=` (list contains, index of, ...) pays the comparison's
// own steps, one per item or entry compared (../equality.ts).
import type { BuiltinDef, BuiltinKind } from "./def.js";

export const COST_RULES = {
  free: "nothing: numbers, booleans, dates and ranges are bounded by themselves",
  walk: "1 step, and 1 per item of each list argument (of each list, for `list...`), per entry of each context argument and per 16 characters of each string argument; the length of a list or string, or the entries of a context, it returns count toward the size",
  copies:
    "as `walk`, but its result counts toward the size before it is built, as written out in full: a nested or shared list or context counted each time it is reached (its expanded size)",
  makes:
    "as `walk`, and each item of the list it returns is a context it makes, counted toward the size as a list or context is (20 more than its entries)",
  hashes:
    "as `walk`, and 1 step per unit of the expanded size of its lists, each item hashed by its value; items with no such key (dates and times, contexts, ranges, functions) are compared with each distinct one kept so far, 1 step per comparison",
  sorts: "as `walk`, and ⌈log₂ n⌉ more steps per item for the comparisons of sorting n items",
  scans:
    "as `walk`, but 1 step per character of each string argument: a regular expression runs over every character (measured: 50 ns a character for matches, as long as half a loop's iteration); a pattern of more than 16 instructions 1 more step per character for every 16 more, and 64 steps per instruction past 16 the first time an evaluation uses it (compiling)",
  rewrites:
    "as `walk`, but 4 steps per character of each string argument: matching a regular expression and cutting or rewriting the string at every match (measured: split took 400 ns a character, replace 250 ns); a pattern past 16 instructions as for `scans`",
} as const;

export type CostRule = keyof typeof COST_RULES;

/** A rule by built-in name, else by the built-in's group. */
const COSTS: { byName: Readonly<Record<string, CostRule>>; byKind: Readonly<Record<BuiltinKind, CostRule>> } = {
  byName: {
    flatten: "copies",
    string: "copies",
    "string join": "copies",
    "distinct values": "hashes",
    union: "hashes",
    mode: "hashes",
    sort: "sorts",
    median: "sorts",
    "get entries": "makes",
    matches: "scans",
    split: "rewrites",
    replace: "rewrites",
  },
  byKind: {
    conversion: "walk",
    boolean: "free",
    string: "walk",
    list: "walk",
    number: "free",
    temporal: "free",
    range: "free",
    context: "walk",
  },
};

export const costRule = (def: Pick<BuiltinDef, "name" | "kind">): CostRule =>
  Object.hasOwn(COSTS.byName, def.name) ? COSTS.byName[def.name]! : COSTS.byKind[def.kind];
