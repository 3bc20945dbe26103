// Several readings of the same evidence (thinking mode) become one reading per input: the most
// supported value, with every other value's share as `alternatives`. A value's share is the
// mean over all samples of the confidence each sample gave it (zero when a sample said something
// else or nothing), so disagreement and doubt both lower it and the shares sum to at most 1.
import canonicalize from "canonicalize";
import type { ReadValue } from "../types.js";
import { namedRecord } from "../../runtime/json.js";

export function mergeSamples(samples: Record<string, ReadValue>[]): Record<string, ReadValue> {
  if (samples.length === 1) return samples[0]!;
  const names = new Set(samples.flatMap((s) => Object.keys(s)));
  const out = namedRecord<ReadValue>();
  for (const name of names) {
    const groups = new Map<string, { value: unknown; weight: number; source?: ReadValue["source"] }>();
    for (const sample of samples) {
      const r = sample[name];
      if (!r) continue;
      const key = canonicalize(r.value) ?? "null";
      const g = groups.get(key) ?? { value: r.value, weight: 0, source: r.source };
      g.weight += r.confidence;
      groups.set(key, g);
    }
    const ranked = [...groups.values()].sort((a, b) => b.weight - a.weight);
    const best = ranked[0];
    if (!best) continue;
    const p = (w: number) => Math.round((w / samples.length) * 1e6) / 1e6;
    out[name] = {
      value: best.value,
      confidence: p(best.weight),
      ...(ranked.length > 1 ? { alternatives: ranked.slice(1).map((g) => ({ value: g.value, p: p(g.weight) })) } : {}),
      ...(best.source ? { source: best.source } : {}),
    };
  }
  return out;
}
