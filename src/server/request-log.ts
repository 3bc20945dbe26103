// Each request's logger (fastify's req.log), made when something first logs through it. fastify
// makes a pino child logger per request, its bindings (the request id) written out as text, and
// almost every request logs nothing through it: its one line (app.ts's onResponse hook) is written
// by the server's logger with the request id as the line's first field, which pino writes where
// the child would have put its binding, so the line's bytes are the same. An error, a warning or
// fastify's own logging of a request goes through the child as before, made then.
import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildOptions = Parameters<FastifyBaseLogger["child"]>[1];
type LogMethod = FastifyBaseLogger["info"];

class RequestLog {
  #made: FastifyBaseLogger | undefined;
  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
    readonly options: ChildOptions,
  ) {}
  /** the child logger fastify would have made */
  get made(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }
  get level(): string {
    return this.made.level;
  }
  set level(level: string) {
    this.made.level = level;
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}

// each level's method hands its arguments to the child, made on the first one
for (const level of ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const) {
  Object.defineProperty(RequestLog.prototype, level, {
    value(this: RequestLog, ...args: Parameters<LogMethod>) {
      (this.made[level] as (...a: unknown[]) => void)(...args);
    },
  });
}

/** fastify's childLoggerFactory: the request's logger, its pino child made when first used. */
export const lazyChildLogger: NonNullable<FastifyServerOptions["childLoggerFactory"]> = (logger, bindings, options) =>
  new RequestLog(logger, bindings, options) as unknown as FastifyBaseLogger;
