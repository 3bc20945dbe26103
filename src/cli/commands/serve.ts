// `pdm serve`: start the HTTP service and run until SIGINT, SIGTERM or SIGHUP.
import { describeLocation, ledgerFailure, ledgerLocation } from "../../ledger/open.js";
import { DEFAULTS, startServer } from "../../server/start.js";
import { command, type CommandSpec } from "../command.js";
import { EXIT, UserError } from "../io.js";
import { resolveSettings, type Setting } from "../settings.js";
import { untilSignal } from "../until-signal.js";
import { samplesWorkspace, webRoot } from "../workspace.js";

export const spec: CommandSpec = {
  name: "serve",
  summary: "run the HTTP service (POST /v1/systemone, POST /v1/systemtwo/models) and the playground page at /",
  settings: true,
  options: {
    config: {
      type: "string",
      value: "FILE",
      description: 'a JSON file of settings: the flags without dashes as keys, e.g. {"port": 8091, "rate-limit": 100} (env PDM_CONFIG)',
    },
    port: { type: "string", value: "PORT", default: String(DEFAULTS.port), env: ["PORT"], description: "the TCP port; 0 picks a free one" },
    host: {
      type: "string",
      value: "HOST",
      default: DEFAULTS.host,
      env: ["HOST"],
      description: "the address to listen on; 0.0.0.0 for every interface",
    },
    db: {
      type: "string",
      value: "FILE",
      default: "./data/pdm.db",
      description: "the SQLite ledger, created if missing (DATABASE_URL selects PostgreSQL instead)",
    },
    rates: { type: "string", value: "FILE", description: "prices as JSON (default: config/rates.json)" },
    "rate-limit": {
      type: "string",
      value: "N",
      default: String(DEFAULTS.rateLimit.max),
      description: "requests per key per window; 0 turns the limit off",
    },
    "body-limit": { type: "string", value: "BYTES", default: String(DEFAULTS.bodyLimit), description: "the largest request body" },
    "request-timeout": {
      type: "string",
      value: "MS",
      default: String(DEFAULTS.http.requestTimeoutMs),
      description: "the whole request (headers and body) must arrive within this, else 408 and the connection is closed; 0 for no limit",
    },
    "headers-timeout": {
      type: "string",
      value: "MS",
      default: String(DEFAULTS.http.headersTimeoutMs),
      description: "the request's headers must arrive within this (at most --request-timeout), else 408",
    },
    "keep-alive-timeout": {
      type: "string",
      value: "MS",
      default: String(DEFAULTS.http.keepAliveTimeoutMs),
      description: "an idle kept-alive connection is closed after this; keep it above the load balancer's idle timeout",
    },
    "write-timeout": {
      type: "string",
      value: "MS",
      default: String(DEFAULTS.http.writeTimeoutMs),
      description: "an answer the client has not read whole within this of its start closes the connection; 0 for no limit",
    },
    "max-connections": {
      type: "string",
      value: "N",
      default: String(DEFAULTS.http.maxConnections),
      description: "connections held at once (lowered to leave 256 of the open-file limit); past it a connection is closed unread",
    },
    "max-client-connections": {
      type: "string",
      value: "N",
      default: String(DEFAULTS.http.maxClientConnections),
      description: "connections one client address holds at once, past it closed unread; behind a proxy raise it, or 0 for no limit",
    },
    "max-header-size": {
      type: "string",
      value: "BYTES",
      default: String(DEFAULTS.http.maxHeaderBytes),
      description: "the largest request line and headers, else 431",
    },
    "model-limit": {
      type: "string",
      value: "CHARS",
      default: String(DEFAULTS.limits.modelBytes),
      description: "the largest model, serialized",
    },
    "eval-budget": {
      type: "string",
      value: "STEPS",
      default: String(DEFAULTS.limits.evaluationSteps),
      description: "evaluation steps per execution",
    },
    "eval-size": {
      type: "string",
      value: "N",
      default: String(DEFAULTS.limits.evaluationSize),
      description: "items and characters of lists and strings an execution may build",
    },
    "eval-depth": {
      type: "string",
      value: "N",
      default: String(DEFAULTS.limits.evaluationDepth),
      description: "nested calls of model functions and lambdas (recursion depth) per execution",
    },
    "eval-on-loop": {
      type: "string",
      value: "SHARE",
      default: String(DEFAULTS.limits.onLoopShare),
      description:
        "the share (above 0, at most 1) of --eval-budget and --eval-size an execution may spend on the event loop; one that needs more runs whole in a compile worker process (1: every execution on the event loop)",
    },
    "eval-on-loop-ms": {
      type: "string",
      value: "MS",
      default: String(DEFAULTS.limits.onLoopCpuMs),
      description:
        "the CPU time, in milliseconds, an execution may spend on the event loop within its share; one that needs more runs whole in a compile worker process too",
    },
    "answer-limit": {
      type: "string",
      value: "CHARS",
      default: String(DEFAULTS.limits.answerChars),
      description:
        "the largest answer, as JSON: the receipt without its explanation, and the explanation on its own (422 answer_too_large, explanation_too_large)",
    },
    "prepay-above": {
      type: "string",
      value: "UNITS",
      default: String(DEFAULTS.limits.prepayAboveUnits),
      description:
        "a model not yet compiled whose estimated compile work exceeds this (a unit per 64 characters, decision, function and table rule) is compiled only once the request holds its reservation (402 if it cannot)",
    },
    "cache-size": { type: "string", value: "N", default: String(DEFAULTS.cacheSize), description: "compiled models kept in memory" },
    "cache-bytes": {
      type: "string",
      value: "BYTES",
      default: String(DEFAULTS.cacheBytes),
      description:
        "the most the compiled models kept in memory may weigh (their models' text and generated code, two bytes a character); the least recently used go first",
    },
    "compile-workers": {
      type: "string",
      value: "N",
      description: "worker processes that compile and check models off the event loop (default: the cores less one, at least 1)",
    },
    "compile-timeout": {
      type: "string",
      value: "MS",
      default: String(DEFAULTS.compile.timeoutMs),
      description: "how long one compile or Check may run in its worker before it is stopped (422 compile_timeout)",
    },
    "compile-wait": {
      type: "string",
      value: "MS",
      default: String(DEFAULTS.compile.waitMs),
      description: "a model that waits longer than this for a busy compile worker answers 429 compile_queue_full; 0 for no limit",
    },
    "compile-share": {
      type: "string",
      value: "SHARE",
      default: String(DEFAULTS.compile.share),
      description:
        "the share (above 0, at most 1) of the compile pool's room (16 waiting and 1 running a worker) one client (API key, else address) may hold in compiles and Checks; more answer 429 compile_queue_full, its compiled models still served (1: no share)",
    },
    "compile-memory": {
      type: "string",
      value: "MB",
      default: String(DEFAULTS.compile.memoryMb),
      description: "each compile worker's heap; a compile needing more is stopped (422 compile_memory_exceeded)",
    },
    samples: {
      type: "string",
      value: "FOLDER",
      description: "the models the playground page at / offers, one model.json (and cases/) per subfolder (default: the package's samples)",
    },
    "no-ledger": { type: "boolean", description: "no accounts and no billing (unmetered, no authentication): for benchmarks" },
    bootstrap: { type: "boolean", description: "create the development account and key if there are no accounts (the default for SQLite)" },
    "no-bootstrap": { type: "boolean", description: "never create the development account" },
    "log-level": {
      type: "string",
      value: "LEVEL",
      default: "info",
      description:
        "the request log (one JSON line per request on standard output: id, route, status, latency, cost, model hash): info, warn, error or silent",
    },
    "shutdown-timeout": {
      type: "string",
      value: "MS",
      default: "25000",
      description: "on SIGTERM, how long requests in flight may take before they are cut",
    },
  },
  environment: {
    DATABASE_URL: "a PostgreSQL ledger (postgres://...) for several instances; PDM_PG_SCHEMA picks the schema",
    PDM_PG_SYNCHRONOUS_COMMIT:
      "off: reservations and charges commit without waiting for PostgreSQL's disk (a database crash may lose the last fraction of a second of charges; docs/deploy.md); default on",
    REDIS_URL: "shared rate limits and questions cache (PDM_REDIS_PREFIX prefixes the keys)",
    "PDM_OPENAI_*, PDM_ANTHROPIC_*": "language models for drafting and reading (docs/providers.md)",
    "PDM_GENERATORS, PDM_DEFAULT_GENERATOR": "generator aliases",
    "PDM_READER, PDM_QUESTIONS_GENERATOR": "use a language model for reading or for questions-only models",
    PDM_PROVIDER_TIMEOUT_MS: "per provider request (default 60000)",
  },
  examples: ["pdm serve", "pdm serve --port 8091 --host 0.0.0.0", "DATABASE_URL=postgres://pdm@db/pdm pdm serve --no-bootstrap"],
  exits: {
    0: "stopped by SIGINT, SIGTERM or SIGHUP",
    1: "the service could not start (the message says why)",
    2: "the arguments are wrong",
  },
};

function integer(settings: Record<string, Setting>, name: string): number {
  const { value, from } = settings[name]!;
  const text = String(value);
  const n = Number(text);
  if (text.trim() === "" || !Number.isSafeInteger(n) || n < 0)
    throw new UserError(`pdm serve: ${from} must be a non-negative integer, got ${JSON.stringify(text)}`, EXIT.unreadable);
  return n;
}

function share(settings: Record<string, Setting>, name: string): number {
  const { value, from } = settings[name]!;
  const text = String(value);
  const n = Number(text);
  if (text.trim() === "" || !(n > 0 && n <= 1))
    throw new UserError(`pdm serve: ${from} must be a number above 0 and at most 1, got ${JSON.stringify(text)}`, EXIT.unreadable);
  return n;
}

const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"];

function logLevel(settings: Record<string, Setting>): string {
  const { value, from } = settings["log-level"]!;
  if (!LOG_LEVELS.includes(String(value)))
    throw new UserError(`pdm serve: ${from} must be one of ${LOG_LEVELS.join(", ")}, got ${JSON.stringify(value)}`, EXIT.unreadable);
  return String(value);
}

export const run = command(spec, async (args, io) => {
  const settings = resolveSettings(spec, args);
  const values = Object.fromEntries(Object.entries(settings).map(([k, s]) => [k, s.value])) as Record<string, string | undefined> &
    Record<"no-ledger" | "bootstrap" | "no-bootstrap", boolean | undefined>;
  const location = ledgerLocation(values.db);
  // The dev account appears by itself only in the embedded database; a shared PostgreSQL ledger
  // gets one only when asked (--bootstrap), so production never grows a free account.
  const bootstrap = values["no-bootstrap"] ? false : (values.bootstrap ?? !location.databaseUrl);
  const options = {
    port: integer(settings, "port"),
    host: values.host!,
    location,
    noLedger: values["no-ledger"] ?? false,
    bootstrap,
    ratesFile: values.rates,
    bodyLimit: integer(settings, "body-limit"),
    http: {
      requestTimeoutMs: integer(settings, "request-timeout"),
      headersTimeoutMs: integer(settings, "headers-timeout"),
      keepAliveTimeoutMs: integer(settings, "keep-alive-timeout"),
      writeTimeoutMs: integer(settings, "write-timeout"),
      maxHeaderBytes: integer(settings, "max-header-size"),
      maxConnections: integer(settings, "max-connections"),
      maxClientConnections: integer(settings, "max-client-connections"),
    },
    limits: {
      modelBytes: integer(settings, "model-limit"),
      evaluationSteps: integer(settings, "eval-budget"),
      evaluationSize: integer(settings, "eval-size"),
      evaluationDepth: integer(settings, "eval-depth"),
      answerChars: integer(settings, "answer-limit"),
      prepayAboveUnits: integer(settings, "prepay-above"),
      onLoopShare: share(settings, "eval-on-loop"),
      onLoopCpuMs: integer(settings, "eval-on-loop-ms"),
    },
    rateLimit: { max: integer(settings, "rate-limit"), windowMs: DEFAULTS.rateLimit.windowMs },
    redisUrl: process.env.REDIS_URL || undefined,
    redisPrefix: process.env.PDM_REDIS_PREFIX || undefined,
    cacheSize: integer(settings, "cache-size"),
    cacheBytes: integer(settings, "cache-bytes"),
    compile: {
      workers: values["compile-workers"] === undefined ? DEFAULTS.compile.workers : integer(settings, "compile-workers"),
      timeoutMs: integer(settings, "compile-timeout"),
      waitMs: integer(settings, "compile-wait"),
      share: share(settings, "compile-share"),
      memoryMb: integer(settings, "compile-memory"),
    },
    logLevel: logLevel(settings),
    shutdownMs: integer(settings, "shutdown-timeout"),
    web: { root: webRoot(), workspace: samplesWorkspace(values.samples) },
  };
  let server;
  try {
    server = await startServer(options);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const hint =
      err.code === "EADDRINUSE"
        ? ` (${settings.port!.from} is ${values.port}: another process listens there; choose another with --port, PORT or PDM_PORT)`
        : "";
    io.stderr.write(`pdm serve: ${ledgerFailure(location, err)}${hint}\n`);
    return 1;
  }
  const stopped = untilSignal(server, io, "pdm serve");
  if (server.bootstrap) {
    io.stdout.write(
      `Created the development account "${server.bootstrap.account}" with a starting balance and this API key (shown once, store it now):\n${server.bootstrap.key}\n`,
    );
  }
  const ledger = values["no-ledger"] ? "off (unmetered, no authentication)" : describeLocation(location);
  io.stdout.write(`pdm listening on ${server.url} (ledger: ${ledger})\n`);
  return stopped;
});
