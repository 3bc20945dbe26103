// The request's logger made when first used, and the request line written by the server's logger
// with the request id first: the same bytes as fastify's child logger writes.
import { Writable } from "node:stream";
import fc from "fast-check";
import pino from "pino";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { lazyChildLogger } from "../../src/server/request-log.js";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _e, done) {
      lines.push(
        ...chunk
          .toString()
          .split("\n")
          .filter((l) => l !== ""),
      );
      done();
    },
  });
  // a fixed time: the lines of two loggers compare byte for byte
  const logger = pino({ level: "info", timestamp: () => ',"time":1700000000000' }, stream) as unknown as FastifyBaseLogger;
  return { lines, logger };
}

const make = (logger: FastifyBaseLogger, reqId: string) => lazyChildLogger.call(null as never, logger, { reqId }, {}, null as never);

/** request ids as the app keeps them (a plain token) or makes them (a UUID) */
const requestId = fc.oneof(fc.uuid(), fc.stringMatching(/^[\w.:-]{1,128}$/));
/** what the request line holds besides the id */
const fields = fc.record(
  {
    method: fc.constantFrom("GET", "POST", "PUT"),
    route: fc.constantFrom("/v1/systemone", "/healthz", "(none)"),
    status: fc.integer({ min: 100, max: 599 }),
    latency_ms: fc.double({ min: 0, max: 1e6, noNaN: true }),
    model_hash: fc.stringMatching(/^[0-9a-f]{64}$/),
    cost_usd: fc.double({ min: 0, max: 100, noNaN: true }),
  },
  { requiredKeys: ["method", "route", "status", "latency_ms"] },
);

describe("the request's logger", () => {
  it("writes the request line with the id first as the child logger writes it with the id bound", () => {
    fc.assert(
      fc.property(requestId, fields, fc.string(), (reqId, obj, msg) => {
        const viaChild = capture();
        viaChild.logger.child({ reqId }).info(obj, msg);
        const viaRoot = capture();
        viaRoot.logger.info({ reqId, ...obj }, msg);
        expect(viaRoot.lines).toEqual(viaChild.lines);
        expect(viaRoot.lines).toHaveLength(1);
      }),
      { numRuns: 200 },
    );
  });

  it("makes no child until something logs through it, then logs through the child fastify would have made", () => {
    fc.assert(
      fc.property(
        requestId,
        fc.constantFrom("info", "warn", "error", "fatal") as fc.Arbitrary<"info">,
        fc.string(),
        (reqId, level, msg) => {
          const lazy = capture();
          const spy = vi.spyOn(lazy.logger, "child");
          const log = make(lazy.logger, reqId);
          expect(spy).not.toHaveBeenCalled();
          log[level]({ n: 1 }, msg);
          log[level]("again");
          expect(spy).toHaveBeenCalledTimes(1);
          const eager = capture();
          const child = eager.logger.child({ reqId });
          child[level]({ n: 1 }, msg);
          child[level]("again");
          expect(lazy.lines).toEqual(eager.lines);
          expect(lazy.lines).toHaveLength(2);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("gives the child's level, takes a new one, and makes children of the child", () => {
    const lazy = capture();
    const log = make(lazy.logger, "r-1");
    expect(log.level).toBe("info");
    log.level = "warn";
    log.info("dropped");
    log.warn("kept");
    log.child({ part: "x" }).error("nested");
    expect(lazy.lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ reqId: "r-1", msg: "kept", level: 40 }),
      expect.objectContaining({ reqId: "r-1", part: "x", msg: "nested", level: 50 }),
    ]);
  });
});
