// Whether two results are the same value, for the differential tests: stricter than FEEL's `=`
// (kinds, offsets, range ends and context entry order must match; null is the same as null) and
// exact on decimals. Two functions are the same (they cannot be compared).
import { formatValue } from "./show.js";
import type { RValue } from "./values.js";

export const same = (a: RValue, b: RValue): boolean => formatValue(a) === formatValue(b);
