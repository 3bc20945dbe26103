// Which of a list's records is the main one by its role (`{"role": "MAIN", "dob": …}`, a claim's
// `"drv_role": "NAMED"`): a quote's main driver among named ones, a claim of the main driver among
// those of others. A table of the words of each side; a role neither side knows is unclear.
import { ROLE_KEYS } from "./json-shapes.js";
import { normaliseName } from "./words.js";

/** Role words of the one a record is about: the main driver, the policyholder, the proposer. */
const MAIN_ROLES = new Set([
  "main",
  "main driver",
  "primary",
  "principal",
  "ph",
  "policyholder",
  "policy holder",
  "proposer",
  "insured",
  "self",
  "md",
]);
/** Role words of another: a named or occasional driver, a spouse, a child. */
const OTHER_ROLES = new Set([
  "named",
  "named driver",
  "additional",
  "additional driver",
  "secondary",
  "occasional",
  "other",
  "spouse",
  "partner",
  "child",
  "son",
  "daughter",
  "nd",
]);
/** Keys of the driver a claim belongs to (`"driver": "MAIN"`), beside the role keys of a roster. */
const DRIVER_KEYS = new Set(["driver", "drv"]);

type Role = "main" | "other" | "unclear";

/** A record's role, by its role fields (a role and a relation: `"NAMED"`, `"child"`), all on one side; undefined when it has none. */
function roleOf(record: Record<string, unknown>): Role | undefined {
  const roles = Object.entries(record).filter(([k, v]) => {
    const words = normaliseName(k).split(" ");
    return typeof v === "string" && (ROLE_KEYS.has(words[words.length - 1]!) || (words.length === 1 && DRIVER_KEYS.has(words[0]!)));
  });
  if (roles.length === 0) return undefined;
  const sides = new Set(
    roles.map(([, v]) => {
      const said = normaliseName(v as string);
      return MAIN_ROLES.has(said) ? "main" : OTHER_ROLES.has(said) ? "other" : "unclear";
    }),
  );
  return sides.size === 1 ? [...sides][0] : "unclear";
}

/**
 * The records of the main one among a list: all of them when none states a role, only the main
 * one's when every one states a role either side knows; undefined when a role is unclear.
 */
export function mainOnes<T extends Record<string, unknown>>(records: readonly T[]): T[] | undefined {
  const roles = records.map(roleOf);
  if (roles.every((r) => r === undefined)) return [...records];
  if (roles.some((r) => r === undefined || r === "unclear")) return undefined;
  return records.filter((_, i) => roles[i] === "main");
}
