// A compilation crosses from a compile worker to the server with its IR as JSON text, read on the
// server only when something asks for it: the IR of a large table is megabytes of small objects
// that the event loop would otherwise rebuild for every model it loads, while a deterministic run
// reads none of it (the loaded module and the input schema are all it needs).
import type { SourceResult } from "../../compiler/index.js";

/** A SourceResult as the worker sends it: the IR as text. */
export type SentSource = Exclude<SourceResult, { ok: true }> | (Omit<Extract<SourceResult, { ok: true }>, "ir"> & { irText: string });

export function sendable(result: SourceResult): SentSource {
  if (!result.ok) return result;
  const { ir, ...rest } = result;
  return { ...rest, irText: JSON.stringify(ir) };
}

/** The SourceResult again, its IR parsed on first use (and kept). */
export function received(sent: SentSource): SourceResult {
  if (!sent.ok) return sent;
  const { irText, ...rest } = sent;
  let ir: Extract<SourceResult, { ok: true }>["ir"] | undefined;
  return Object.defineProperty(rest, "ir", { enumerable: true, get: () => (ir ??= JSON.parse(irText)) }) as SourceResult;
}
