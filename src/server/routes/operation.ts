// An operation of the service as a fastify handler: the call (body, API input tokens counted on
// the body as sent, who pays, who sent it, when it arrived), then the answer or its problem. A call
// its operation refuses from the body alone (a client over its compile share sending a model not
// compiled yet) is refused first, before its tokens are counted or the ledger is asked.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServiceCall, ServiceDeps } from "../../service/deps.js";
import type { Guard } from "../guard.js";
import type { Outcome, Problem } from "../../service/problems.js";
import { cannotPay, jsonPieces } from "../../service/metering.js";
import { tokensAtLeast } from "../../service/tokens.js";
import { sendProblem } from "../errors.js";
import { sendPieces } from "../send-pieces.js";

/** The problem refusing a call from its parsed body and client alone, before any other work; null: go on. */
export type Admission = (body: unknown, client: string | undefined, deps: ServiceDeps) => Problem | null;

export interface OperationOptions {
  service: ServiceDeps;
  guard: Guard;
}

export type Operation = (call: ServiceCall, deps: ServiceDeps) => Promise<Outcome<Record<string, unknown>>>;

/** The least an operation's call can reserve (micro-dollars), given a lower bound of its input tokens. */
export type Floor = (body: unknown, inputTokens: number, deps: ServiceDeps) => number;

/**
 * Bodies above this many bytes are checked against the balance before their tokens are counted
 * (counting a megabyte takes a second or more; a smaller body is counted faster than the balance
 * is read, and its reservation refuses a key that cannot pay).
 */
const COUNT_AFTER_BALANCE_BYTES = 8 * 1024;

export const operationHandler =
  (run: Operation, service: ServiceDeps, floor: Floor, admit?: Admission) =>
  async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const refusal = admit?.(req.body, req.client, service);
    if (refusal) return sendProblem(reply, refusal);
    const accountId = req.caller?.accountId ?? null;
    const bytes = req.bodyBytes ?? 0;
    if (bytes > COUNT_AFTER_BALANCE_BYTES) {
      const refused = await cannotPay(service, accountId, floor(req.body, tokensAtLeast(bytes), service));
      if (refused) return sendProblem(reply, refused);
    }
    const call: ServiceCall = {
      body: req.body,
      // the route's schema is the operation's request schema, and fastify has validated the body with it
      bodyChecked: req.routeOptions.schema?.body !== undefined,
      // counted in slices that let other requests run between them (tokens.ts)
      inputTokens: (await req.bodyTokens?.()) ?? 0,
      accountId,
      client: req.client,
      startedAt: req.startedAt,
      audit: req.audit,
    };
    const out = await run(call, service);
    const billing = out.ok ? (out.value.billing as { cost_usd?: number } | undefined) : undefined;
    if (billing?.cost_usd !== undefined) req.audit.cost_usd = billing.cost_usd;
    if (!out.ok) return sendProblem(reply, out.problem);
    reply.type("application/json; charset=utf-8");
    const pieces = jsonPieces(out.value);
    return pieces ? sendPieces(reply, pieces) : reply.send(out.value);
  };
