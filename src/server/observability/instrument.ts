// Wrappers that measure without changing behaviour: every ledger operation timed, the
// reservations this instance holds counted (and known, so a graceful shutdown can release any
// left), every reader and generator call counted with its tokens.
import type { Ledger } from "../../ledger/types.js";
import type { Providers } from "../../providers/registry.js";
import { ProviderError, type Generator, type Reader, type Usage } from "../../providers/types.js";
import type { Metrics } from "./metrics.js";

const TIMED: readonly (keyof Ledger)[] = [
  "findKeyByHash",
  "balance",
  "reserve",
  "settle",
  "reserveAndSettle",
  "release",
  "topup",
  "schemaVersion",
];

export interface InstrumentedLedger {
  ledger: Ledger;
  /** reservation ids reserved through this ledger and not yet settled or released */
  held: ReadonlySet<string>;
}

export function instrumentLedger(inner: Ledger, m: Metrics): InstrumentedLedger {
  const held = new Set<string>();
  const done = (id: string) => {
    held.delete(id);
    m.reservationsHeld.set(held.size);
  };
  const ledger = Object.create(inner) as Ledger;
  for (const op of TIMED) {
    const original = (inner[op] as (...a: unknown[]) => Promise<unknown>).bind(inner);
    (ledger as unknown as Record<string, unknown>)[op] = async (...args: unknown[]) => {
      const end = m.ledgerSeconds.startTimer({ operation: op });
      try {
        const result = await original(...args);
        if (op === "reserve" && (result as { ok: boolean }).ok) {
          held.add((result as { reservationId: string }).reservationId);
          m.reservationsHeld.set(held.size);
        }
        return result;
      } finally {
        if (op === "settle" || op === "release") done(args[0] as string);
        end();
      }
    };
  }
  return { ledger, held };
}

async function counted<T extends { usage: Usage }>(
  m: Metrics,
  kind: "reader" | "generator",
  provider: string,
  call: () => Promise<T>,
): Promise<T> {
  const tokens = (usage: Usage) => {
    m.providerTokens.inc({ provider, direction: "input" }, usage.input_tokens);
    m.providerTokens.inc({ provider, direction: "output" }, usage.output_tokens);
  };
  try {
    const result = await call();
    m.providerCalls.inc({ kind, provider, outcome: "ok" });
    tokens(result.usage);
    return result;
  } catch (e) {
    m.providerCalls.inc({ kind, provider, outcome: (e as { kind?: string }).kind ?? "error" });
    // a reply that was not the JSON asked for was still paid for: its tokens count too
    if (e instanceof ProviderError) tokens(e.usage);
    throw e;
  }
}

// The reader's evidence limits go along: the service refuses evidence over them before reading.
const reader = (r: Reader, m: Metrics): Reader => ({
  name: r.name,
  ...(r.limits ? { limits: r.limits } : {}),
  read: (req, signal) => counted(m, "reader", r.name, () => r.read(req, signal)),
});
const generator = (g: Generator, m: Metrics): Generator => ({
  name: g.name,
  generate: (req, signal) => counted(m, "generator", g.name, () => g.generate(req, signal)),
});

export function instrumentProviders(p: Providers, m: Metrics): Providers {
  return {
    ...p,
    reader: (state) => reader(p.reader(state), m),
    questionsGenerator: generator(p.questionsGenerator, m),
    generator(alias) {
      const choice = p.generator(alias);
      return choice.ok ? { ok: true, generator: generator(choice.generator, m) } : choice;
    },
  };
}
