// An operation of the service as a fastify handler: the call (body, API input tokens counted on
// the body as sent, who pays, when it arrived), then the answer or its problem.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServiceCall, ServiceDeps } from "../../service/deps.js";
import type { Guard } from "../guard.js";
import type { Outcome } from "../../service/problems.js";
import { sendProblem } from "../errors.js";

export interface OperationOptions {
  service: ServiceDeps;
  guard: Guard;
}

export type Operation = (call: ServiceCall, deps: ServiceDeps) => Promise<Outcome<Record<string, unknown>>>;

export const operationHandler =
  (run: Operation, service: ServiceDeps) =>
  async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const call: ServiceCall = {
      body: req.body,
      // the route's schema is the operation's request schema, and fastify has validated the body with it
      bodyChecked: req.routeOptions.schema?.body !== undefined,
      inputTokens: req.bodyTokens?.() ?? 0,
      accountId: req.caller?.accountId ?? null,
      startedAt: req.startedAt,
      audit: req.audit,
    };
    const out = await run(call, service);
    const billing = out.ok ? (out.value.billing as { cost_usd?: number } | undefined) : undefined;
    if (billing?.cost_usd !== undefined) req.audit.cost_usd = billing.cost_usd;
    if (!out.ok) return sendProblem(reply, out.problem);
    return reply.type("application/json").send(out.value);
  };
