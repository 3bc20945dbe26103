// `pdm serve`: start the HTTP service and run until SIGINT/SIGTERM.
import { parseArgs } from "node:util";
import { describeLocation, ledgerLocation } from "../../ledger/open.js";
import { DEFAULTS, startServer } from "../../server/start.js";
import type { TextIo } from "../io.js";

export const USAGE = `usage: pdm serve [--port 8080] [--host 127.0.0.1] [--db ./data/pdm.db] [--rates file.json]
                 [--rate-limit N] [--body-limit BYTES] [--model-limit CHARS] [--eval-budget STEPS]
                 [--cache-size N] [--no-ledger] [--bootstrap | --no-bootstrap] [--log]
environment: PDM_DB, DATABASE_URL (PostgreSQL ledger), PDM_PG_SCHEMA, REDIS_URL (shared rate limit
             and questions cache), PDM_REDIS_PREFIX, PDM_RATES
language models (docs/providers.md): PDM_OPENAI_BASE_URL, PDM_OPENAI_API_KEY, PDM_OPENAI_MODEL,
             PDM_ANTHROPIC_BASE_URL, PDM_ANTHROPIC_API_KEY, PDM_ANTHROPIC_MODEL, PDM_GENERATORS,
             PDM_DEFAULT_GENERATOR, PDM_QUESTIONS_GENERATOR, PDM_READER, PDM_PROVIDER_TIMEOUT_MS
`;

const OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  db: { type: "string" },
  rates: { type: "string" },
  "rate-limit": { type: "string" },
  "body-limit": { type: "string" },
  "model-limit": { type: "string" },
  "eval-budget": { type: "string" },
  "cache-size": { type: "string" },
  "no-ledger": { type: "boolean" },
  bootstrap: { type: "boolean" },
  "no-bootstrap": { type: "boolean" },
  log: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

function integer(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer, got ${text}`);
  return n;
}

export async function run(args: string[], io: TextIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (e) {
    io.stderr.write(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const location = ledgerLocation(values.db);
  // The dev account appears by itself only in the embedded database; a shared PostgreSQL ledger
  // gets one only when asked (--bootstrap), so production never grows a free account.
  const bootstrap = values["no-bootstrap"] ? false : (values.bootstrap ?? !location.databaseUrl);
  let server;
  try {
    server = await startServer({
      port: integer(values.port, DEFAULTS.port, "port"),
      host: values.host ?? DEFAULTS.host,
      location,
      noLedger: values["no-ledger"] ?? false,
      bootstrap,
      ratesFile: values.rates ?? (process.env.PDM_RATES || undefined),
      bodyLimit: integer(values["body-limit"], DEFAULTS.bodyLimit, "body-limit"),
      limits: {
        modelBytes: integer(values["model-limit"], DEFAULTS.limits.modelBytes, "model-limit"),
        evaluationSteps: integer(values["eval-budget"], DEFAULTS.limits.evaluationSteps, "eval-budget"),
      },
      rateLimit: { max: integer(values["rate-limit"], DEFAULTS.rateLimit.max, "rate-limit"), windowMs: DEFAULTS.rateLimit.windowMs },
      redisUrl: process.env.REDIS_URL || undefined,
      redisPrefix: process.env.PDM_REDIS_PREFIX || undefined,
      cacheSize: integer(values["cache-size"], DEFAULTS.cacheSize, "cache-size"),
      logger: values.log ?? false,
    });
  } catch (e) {
    io.stderr.write(`pdm serve: ${(e as Error).message}\n`);
    return 1;
  }
  if (server.bootstrap) {
    io.stdout.write(
      `Created the development account "${server.bootstrap.account}" with a starting balance and this API key (shown once, store it now):\n${server.bootstrap.key}\n`,
    );
  }
  const ledger = values["no-ledger"] ? "off (unmetered, no authentication)" : describeLocation(location);
  io.stdout.write(`pdm listening on ${server.url} (ledger: ${ledger})\n`);

  const running = server;
  return new Promise<number>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      running.close().then(
        () => resolve(0),
        (e: Error) => {
          io.stderr.write(`pdm serve: ${e.message}\n`);
          resolve(1);
        },
      );
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
