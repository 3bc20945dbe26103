// Sets of code points as sorted, disjoint ranges: what an XML Schema class subtraction
// (`[a-z-[aeiou]]`) needs, since RE2 has no syntax for it. A Unicode property becomes ranges by
// testing every code point once (a JavaScript `u` RegExp of one class, no backtracking), cached.

export type Ranges = readonly (readonly [number, number])[];

const MAX = 0x10ffff;

/** Sorted and merged. */
export function normalise(ranges: Ranges): Ranges {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

export function complement(ranges: Ranges): Ranges {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of normalise(ranges)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX) out.push([next, MAX]);
  return out;
}

export function subtract(a: Ranges, b: Ranges): Ranges {
  const keep = complement(b);
  const out: [number, number][] = [];
  for (const [lo, hi] of normalise(a))
    for (const [klo, khi] of keep) if (klo <= hi && khi >= lo) out.push([Math.max(lo, klo), Math.min(hi, khi)]);
  return out;
}

const cache = new Map<string, Ranges>();

/** The code points a JavaScript class body (`\p{Lu}`, `\p{L}\p{N}`) matches, as ranges. */
export function propertyRanges(classBody: string): Ranges {
  let ranges = cache.get(classBody);
  if (!ranges) {
    const re = new RegExp(`^[${classBody}]$`, "u");
    const out: [number, number][] = [];
    for (let cp = 0; cp <= MAX; cp++) {
      if (!re.test(String.fromCodePoint(cp))) continue;
      const last = out[out.length - 1];
      if (last && last[1] === cp - 1) last[1] = cp;
      else out.push([cp, cp]);
    }
    ranges = out;
    cache.set(classBody, ranges);
  }
  return ranges;
}
