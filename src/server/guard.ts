// What both operations check before the body is read: the API key, then the key's rate limit. The
// client it names (the key, else the remote address) is the one the compile pool holds to its share.
import type { FastifyReply, FastifyRequest } from "fastify";
import { problem } from "../service/problems.js";
import type { ServiceDeps } from "../service/deps.js";
import { authenticatorPerTurn } from "./auth.js";
import { sendProblem } from "./errors.js";
import type { RateLimiter } from "./rate-limit.js";

export type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export function accessGuard(service: ServiceDeps, rateLimiter: RateLimiter): Guard {
  const authenticate = service.ledger && authenticatorPerTurn(service.ledger);
  return async (req, reply) => {
    let id: string;
    if (authenticate) {
      const who = await authenticate(req.headers.authorization);
      if (!who.ok) return sendProblem(reply, who.problem);
      req.caller = who.value;
      id = `key:${who.value.keyId}`;
    } else id = `ip:${req.ip}`;
    req.client = id;
    const rate = await rateLimiter.hit(id);
    if (rate.limit > 0) {
      reply.header("RateLimit-Limit", rate.limit).header("RateLimit-Remaining", rate.remaining).header("RateLimit-Reset", rate.reset);
    }
    if (!rate.allowed) {
      const p = problem("rate_limited", `this key may make ${rate.limit} requests per window; retry in ${rate.reset} s`);
      return sendProblem(reply, { ...p, headers: { "Retry-After": String(rate.reset) } });
    }
  };
}
