// An answer whose UTF-8 is made in pieces (the model echo and input schema's bytes, made once per
// model, then the rest, made per request: service/response-text.ts) is written piece by piece, in
// one write with the headers, instead of copied into one buffer for fastify's send: a 200 KB
// model's answer is 400 KB, and a copy of it per request costs as much as the model's run.
// fastify's onSend hooks do not run for it (the app has none); onResponse does, and so the log line
// and the metrics.
import type { FastifyReply } from "fastify";

export function sendPieces(reply: FastifyReply, pieces: readonly Buffer[]): FastifyReply {
  let length = 0;
  for (const p of pieces) length += p.length;
  // the headers fastify would send: the route's own (request id, rate limit), its type, the length
  reply.header("content-length", String(length));
  const headers = reply.getHeaders();
  reply.hijack();
  const res = reply.raw;
  res.writeHead(reply.statusCode, headers as Record<string, string>);
  res.cork();
  for (const p of pieces) res.write(p);
  res.end();
  res.uncork();
  return reply;
}
