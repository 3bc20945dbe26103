// A Check lists at most SHOWN diagnostics of one code at one model element: a table of 8,000 rules
// with a wrong cell in each made 8,000 diagnostics (1.8 MB of answer, 40-80 ms of the event loop to
// read from the worker and send on). The rest of each such run are counted in one
// `check.more-like-this`, placed in the stage of the code it counts.
import { diagnostic, type Diagnostic } from "../../ir/diagnostics.js";
import { SHOWN_PER_ELEMENT as SHOWN } from "../../ir/diagnostic-types.js";

/** The model element an address is in: `decisions.risk` of `decisions.risk.rule[3]`; the whole address when it has no element. */
const elementOf = (address: string | undefined): string => /^[^.[]*(?:\.[^.[]*)?/.exec(address ?? "")![0];

/** `diagnostics` with each code's diagnostics past SHOWN at one element left out, each run counted where its last shown one stands. */
export function capped(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Map<string, number>();
  const keyOf = (d: Diagnostic) => `${d.code}\u0000${elementOf(d.address)}`;
  for (const d of diagnostics) seen.set(keyOf(d), (seen.get(keyOf(d)) ?? 0) + 1);
  const listed = new Map<string, number>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const key = keyOf(d);
    const n = (listed.get(key) ?? 0) + 1;
    listed.set(key, n);
    if (n <= SHOWN) out.push(d);
    const count = seen.get(key)! - SHOWN;
    if (n === SHOWN && count > 0) {
      const element = elementOf(d.address);
      out.push({
        ...diagnostic("check.more-like-this", { count, code: d.code, shown: SHOWN }, element ? { address: element } : {}),
        of: d.code,
      });
    }
  }
  return out;
}
