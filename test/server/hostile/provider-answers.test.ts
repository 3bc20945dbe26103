// A language-model provider (or whatever answers at its address) that sends too much: an answer of
// many megabytes, one that never ends, JSON nested thousands deep, in the provider's envelope or
// in the model text inside it. The adapter reads at most ANSWER_BYTES and refuses each as the
// provider's failure (502 provider_error) instead of reading it all into memory and parsing it on
// the event loop; what the fake provider managed to send before the adapter stopped reading is
// counted. The nesting scan is checked against JSON.parse on generated JSON.
import fc from "fast-check";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANSWER_BYTES, nestingDepth } from "../../../src/providers/llm/bounded-fetch.js";
import { anthropicClient } from "../../../src/providers/llm/anthropic.js";
import { openAiClient } from "../../../src/providers/llm/openai.js";
import type { StructuredClient } from "../../../src/providers/llm/structured.js";
import { ProviderError } from "../../../src/providers/types.js";

const CHUNK = Buffer.alloc(64 * 1024, 0x20);
const envelope = (content: string) =>
  JSON.stringify({
    id: "x",
    object: "chat.completion",
    created: 0,
    model: "m",
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content, refusal: null } }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });

/** Writes `chunks` chunks of spaces (Infinity: until the reader goes away), then `tail`; counts the bytes written. */
function pour(res: ServerResponse, chunks: number, tail: string, sent: { bytes: number }): void {
  res.writeHead(200, { "content-type": "application/json" });
  let n = 0;
  const go = () => {
    while (n < chunks && !res.destroyed) {
      n++;
      sent.bytes += CHUNK.length;
      if (!res.write(CHUNK)) return void res.once("drain", go);
    }
    if (!res.destroyed) res.end(tail);
  };
  go();
}

let answer: (res: ServerResponse) => void = () => {};
let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => answer(res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const clients = (): StructuredClient[] => [
  openAiClient({ provider: "openai", baseURL: `${base}/v1`, model: "m" }, 30_000),
  anthropicClient({ provider: "anthropic", baseURL: base, model: "m" }, 30_000),
];
const ask = (client: StructuredClient) => client.call({ system: "s", user: "u", schema: { type: "object" }, name: "n", strict: false });

async function refusal(client: StructuredClient): Promise<ProviderError> {
  const e = await ask(client).then(
    () => null,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(ProviderError);
  return e as ProviderError;
}

describe("a provider that answers too much", () => {
  it("an answer of 64 MB (valid JSON after the padding) is refused once ANSWER_BYTES are read", async () => {
    for (const client of clients()) {
      const sent = { bytes: 0 };
      answer = (res) => pour(res, 1024, envelope("{}"), sent);
      const e = await refusal(client);
      expect(e.kind).toBe("failed");
      expect(e.message).toContain(`answered more than ${ANSWER_BYTES} bytes`);
    }
  });

  it("an answer that never ends is refused, and the provider could send only a few times ANSWER_BYTES before reading stopped", async () => {
    for (const client of clients()) {
      const sent = { bytes: 0 };
      answer = (res) => pour(res, Infinity, "", sent);
      const e = await refusal(client);
      expect(e.message).toContain(`answered more than ${ANSWER_BYTES} bytes`);
      expect(sent.bytes).toBeLessThan(16 * ANSWER_BYTES);
    }
  });

  it("JSON nested 100,000 deep, as the envelope or as the model text inside it, is refused naming its depth", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    for (const body of [deep, envelope(deep)]) {
      answer = (res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(body);
      };
      const e = await refusal(clients()[0]!);
      expect(e.message).toMatch(/nested 100000 deep; the most read is 128/);
    }
  });
});

describe("nestingDepth", () => {
  const depthOf = (v: unknown): number =>
    v !== null && typeof v === "object" ? 1 + Math.max(0, ...Object.values(v as object).map(depthOf)) : 0;
  it("is the nesting of the parsed value, brackets inside strings (escaped quotes among them) not counted", () => {
    const text = fc.string({ unit: fc.constantFrom("[", "]", "{", "}", '"', "\\", "a") });
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8, stringUnit: "grapheme" }), text, (v, s) => {
        const json = JSON.stringify([v, s]);
        expect(nestingDepth(json.length, (i) => json.charCodeAt(i))).toBe(depthOf([v, s]));
        const bytes = Buffer.from(json);
        expect(nestingDepth(bytes.length, (i) => bytes[i]!)).toBe(depthOf([v, s]));
      }),
    );
  });
});
