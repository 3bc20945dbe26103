// The expanded size of a value: what it would take to write it out, counting a list or context
// that is shared each time it is reached. Memory holds a shared list once, but flattening it,
// converting it to a string or to JSON, hashing or comparing it walks it each time: the budget
// charges that work by this measure. A list holding the same 1,000-item list 1,000 times has an
// expanded size of 1,000,000.
//
//   a string            its length (1 when empty)
//   a list              the sum of its items' sizes (1 when empty)
//   a context           the sum of its entries' value sizes (1 when empty)
//   anything else       1
//
// Values are never changed once made, so each list's and context's size is computed once and
// remembered: sizing a structure that shares its parts costs its distinct parts, not its expansion.
import { FeelContext, type FeelValue } from "./values.js";

const sizes = new WeakMap<object, number>();

export function expandedSize(v: FeelValue): number {
  if (typeof v === "string") return v.length || 1;
  if (Array.isArray(v)) return listSize(v);
  return v instanceof FeelContext ? contextSize(v) : 1;
}

/**
 * Lists of at most this many items that hold no list or context are sized by a scan each time they
 * are reached, not remembered: a scan that short costs less than remembering it, and a structure that
 * holds such a list many times pays at most this much for each time, in proportion to its own walk.
 */
const SHORT_FLAT = 16;

/** The size of a list holding no list or context; -1 for one that holds some. */
function flatSize(list: readonly FeelValue[]): number {
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const x = list[i]!;
    if (typeof x === "string") n += x.length || 1;
    else if (Array.isArray(x) || x instanceof FeelContext) return -1;
    else n += 1;
  }
  return n || 1;
}

function listSize(list: readonly FeelValue[]): number {
  const flat = list.length <= SHORT_FLAT ? flatSize(list) : -1;
  if (flat >= 0) return flat;
  let n = sizes.get(list);
  if (n !== undefined) return n;
  n = 0;
  for (let i = 0; i < list.length; i++) {
    const x = list[i]!;
    n += typeof x === "object" && x !== null ? expandedSize(x) : typeof x === "string" ? x.length || 1 : 1;
  }
  n ||= 1;
  sizes.set(list, n);
  return n;
}

function contextSize(c: FeelContext): number {
  let n = sizes.get(c);
  if (n !== undefined) return n;
  n = 0;
  c.forEachEntry((_, x) => (n! += expandedSize(x)));
  n ||= 1;
  sizes.set(c, n);
  return n;
}
