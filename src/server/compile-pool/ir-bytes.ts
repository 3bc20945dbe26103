// A compilation crosses from a compile worker to the server with its IR serialised on its own (v8's
// structured clone, which keeps shared parts shared: a type that refers to another twice stays
// one object), and read on the server only when something asks for it: the IR of a large table is
// megabytes of small objects that the event loop would otherwise rebuild for every model it loads,
// while a deterministic run reads none of it (the loaded module and the input schema are all it needs).
import { deserialize, serialize } from "node:v8";
import type { SourceResult } from "../../compiler/index.js";

type Compiled = Extract<SourceResult, { ok: true }>;

/** A SourceResult as the worker sends it: the IR as bytes. */
export type SentSource = Exclude<SourceResult, { ok: true }> | (Omit<Compiled, "ir"> & { irBytes: Uint8Array });

export function sendable(result: SourceResult): SentSource {
  if (!result.ok) return result;
  const { ir, ...rest } = result;
  return { ...rest, irBytes: serialize(ir) };
}

/** The SourceResult again, its IR read on first use (and kept). */
export function received(sent: SentSource): SourceResult {
  if (!sent.ok) return sent;
  const { irBytes, ...rest } = sent;
  let ir: Compiled["ir"] | undefined;
  return Object.defineProperty(rest, "ir", {
    enumerable: true,
    get: () => (ir ??= deserialize(irBytes) as Compiled["ir"]),
  }) as SourceResult;
}
