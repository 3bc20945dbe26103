// The loop variables bound to an input's raw JSON items (codegen/raw-items.ts rawIteration), kept
// per emitter by the JS of their FEEL value (made of fresh ids, so unique): the code that reads an
// entry of such a variable (a path, certified doubles) reads it from the raw item instead.
import type { ProjectedKind } from "../../runtime/raw-items.js";
import type { Emitter } from "./emitter.js";

export interface RawLocal {
  /** JS of the input's raw array (null when it has none), checked on its first read */
  array: string;
  /** JS id of the input's converted list (undefined until converted) */
  current: string;
  /** the declared struct's fields read raw: position and kind */
  projected: ReadonlyMap<string, { slot: number; kind: ProjectedKind }>;
  /** JS id of the raw JSON item (or, with no raw array, of the FEEL item) */
  rawItem: string;
  /** JS id of a temporary of the iteration for a field read raw */
  temp: string;
  /** how many reads of its fields were emitted (each holds the variable's FEEL value once, where the raw read cannot decide) */
  fields: number;
}

const locals = new WeakMap<Emitter, Map<string, RawLocal>>();

export function bindRawLocal(em: Emitter, value: string, local: RawLocal): void {
  let m = locals.get(em);
  if (!m) locals.set(em, (m = new Map()));
  m.set(value, local);
}

/**
 * JS of entry `member` of the raw loop variable whose FEEL value is `base` (JS), for a field read
 * raw: the raw item's field where it holds a value of its declared kind and the list was not
 * converted yet (as rawProject reads it), else `other(slot)`, the entry read from the FEEL value.
 * Undefined when `base` is no such variable or the field is not read raw.
 */
export function rawLocalEntry(
  em: Emitter,
  base: string,
  member: string,
  other: (slot: number) => string,
  /** JS of the raw read of a number field instead of its FEEL value (certified doubles read the double) */
  double?: (rawItem: string) => string,
): string | undefined {
  const local = locals.get(em)?.get(base);
  const field = local?.projected.get(member);
  if (!local || !field) return undefined;
  local.fields++;
  const { array, current, rawItem, temp } = local;
  const read = double && field.kind === "number" ? double(rawItem) : `rt.rawField(${rawItem}, ${em.lit(member)}, ${em.lit(field.kind)})`;
  return `(${array} !== null && ${current} === undefined && (${temp} = ${read}) !== undefined ? ${temp} : ${other(field.slot)})`;
}
