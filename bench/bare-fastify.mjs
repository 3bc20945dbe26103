// The HTTP ceiling for bench/http.ts: a bare fastify route that parses the same JSON body as
// POST /v1/systemone and answers a JSON response of the same size (RESPONSE_BYTES), with no
// logger, no auth, no model and no ledger.
import { Buffer } from "node:buffer";
import Fastify from "fastify";

const size = Number(process.env.RESPONSE_BYTES ?? 1000);
const response = JSON.stringify({ pad: "x".repeat(Math.max(0, size - 10)) });
const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
// PARSE=0: the body is read but not parsed, and the answer is sent as UTF-8 made once (the floor of
// sending bytes in and out, as the service does for a model it has seen: it recognises the model by
// its bytes and sends its echo's bytes, made once per model)
const floor = process.env.PARSE === "0";
if (floor) app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => done(null, { bytes: body.length }));
const answer = floor ? Buffer.from(response) : response;
app.post("/v1/systemone", async (req, reply) => {
  if (typeof req.body !== "object" || req.body === null) return reply.code(400).send({ error: "not an object" });
  return reply.type("application/json").send(answer);
});
const url = await app.listen({ port: 0, host: "127.0.0.1" });
console.log(`bare fastify listening on ${url}`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
