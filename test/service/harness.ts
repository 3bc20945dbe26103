// Service dependencies over an in-memory SQLite ledger and the fake compiler (or, with `real`,
// the real one: the reader paths need a real model IR). Providers default to the embedded ones
// with no language model configured.
import { openSqliteLedger } from "../../src/ledger/sqlite.js";
import { providerConfig } from "../../src/providers/config.js";
import { createProviders, type Providers } from "../../src/providers/registry.js";
import { DEFAULT_LIMITS, type Limits, type ServiceDeps } from "../../src/service/deps.js";
import { inlineCompiler } from "../../src/service/model-compiler.js";
import { memoryQuestionsCache } from "../../src/service/questions-cache.js";
import { DEFAULT_RATES, type Rates } from "../../src/service/rates.js";
import { createSigner } from "../../src/service/signer.js";
import { fakeCompiler, type FakeCompiler } from "./fake-compiler.js";

const SMALL_CACHE = { count: 8, bytes: 256 * 1024 * 1024 };

export async function serviceDeps(
  over: { rates?: Rates; limits?: Partial<Limits>; noLedger?: boolean; providers?: Providers; real?: boolean } = {},
): Promise<{ deps: ServiceDeps; compiler: FakeCompiler }> {
  const compiler = fakeCompiler();
  const ledger = over.noLedger ? null : openSqliteLedger(":memory:");
  return {
    compiler,
    deps: {
      compiler: over.real
        ? inlineCompiler(undefined, undefined, SMALL_CACHE)
        : inlineCompiler(compiler.compile, compiler.check, SMALL_CACHE),
      ledger,
      signer: await createSigner(ledger),
      rates: over.rates ?? DEFAULT_RATES,
      limits: { ...DEFAULT_LIMITS, ...over.limits },
      providers: over.providers ?? createProviders(providerConfig({})),
      questionsCache: memoryQuestionsCache({ ttlMs: 60_000, capacity: 100 }),
    },
  };
}
