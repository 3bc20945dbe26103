// Service dependencies over an in-memory SQLite ledger and the fake compiler.
import { openSqliteLedger } from "../../src/ledger/sqlite.js";
import { createCompileCache } from "../../src/service/compile-cache.js";
import { DEFAULT_LIMITS, type Limits, type ServiceDeps } from "../../src/service/deps.js";
import { DEFAULT_RATES, type Rates } from "../../src/service/rates.js";
import { createSigner } from "../../src/service/signer.js";
import { fakeCompiler, type FakeCompiler } from "./fake-compiler.js";

export async function serviceDeps(
  over: { rates?: Rates; limits?: Partial<Limits>; noLedger?: boolean } = {},
): Promise<{ deps: ServiceDeps; compiler: FakeCompiler }> {
  const compiler = fakeCompiler();
  const ledger = over.noLedger ? null : openSqliteLedger(":memory:");
  return {
    compiler,
    deps: {
      check: compiler.check,
      cache: createCompileCache(compiler.compile, 8),
      ledger,
      signer: await createSigner(ledger),
      rates: over.rates ?? DEFAULT_RATES,
      limits: { ...DEFAULT_LIMITS, ...over.limits },
    },
  };
}
