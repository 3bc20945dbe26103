// Decimal → nearest JS number without going through a string when that is exact: with a
// mantissa below 2^53 and a power of ten up to 10^22 (both exact doubles), one IEEE multiply or
// divide is correctly rounded (Clinger's fast path). Anything else takes the string route.
import type { Decimal } from "./decimal.js";

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);
const LIMB = 1e7; // decimal.js stores digits in base 1e7 limbs, aligned on the decimal point

export function decimalToNumber(x: Decimal): number {
  // decimal.js's documented instance fields (absent from the double-precision stand-in)
  const { d, e, s } = x as unknown as { d?: number[] | null; e: number; s: number };
  if (d && d.length <= 3) {
    let m = 0;
    for (const limb of d) m = m * LIMB + limb;
    // the first limb holds the digits of 10^(7w) .. ; the value is m × 10^(7·(w − (n−1)))
    const k = 7 * (Math.floor(e / 7) - (d.length - 1));
    if (m <= Number.MAX_SAFE_INTEGER && k >= -22 && k <= 22) {
      const v = k >= 0 ? m * POW10[k]! : m / POW10[-k]!;
      return s < 0 && v !== 0 ? -v : v; // FEEL has no negative zero
    }
  }
  return x.isZero() ? 0 : Number(x.toString());
}
