// Protocol-level stand-ins for an OpenAI-compatible server (POST /v1/chat/completions) and the
// Anthropic Messages API (POST /v1/messages) on loopback. Each request is recorded; the next
// scripted reply answers it: a JSON answer with token counts, an HTTP error, or no answer at all.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Reply =
  | { kind: "answer"; json: unknown; usage?: { input: number; output: number } }
  | { kind: "text"; text: string; usage?: { input: number; output: number } }
  | { kind: "status"; status: number; body?: unknown }
  | { kind: "hang" };

interface Recorded {
  path: string;
  headers: IncomingMessage["headers"];
  body: any;
}

export interface FakeLlm {
  /** base URL for the OpenAI SDK (ends in /v1) */
  openaiUrl: string;
  /** base URL for the Anthropic SDK (the SDK adds /v1/messages) */
  anthropicUrl: string;
  requests: Recorded[];
  /** replies used in order; the last one repeats */
  script(...replies: Reply[]): void;
  close(): Promise<void>;
}

function openAiBody(text: string, usage: { input: number; output: number }) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 0,
    model: "test-model",
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: text, refusal: null } }],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  };
}

function anthropicBody(text: string, usage: { input: number; output: number }) {
  return {
    id: "msg_test",
    type: "message",
    role: "assistant",
    model: "test-model",
    content: [{ type: "text", text }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}

export async function startFakeLlm(): Promise<FakeLlm> {
  let replies: Reply[] = [{ kind: "status", status: 500 }];
  let next = 0;
  const requests: Recorded[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString()));
    req.on("end", () => {
      requests.push({ path: req.url ?? "", headers: req.headers, body: raw ? JSON.parse(raw) : null });
      const reply = replies[Math.min(next++, replies.length - 1)]!;
      const anthropic = (req.url ?? "").endsWith("/messages");
      if (reply.kind === "hang") {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      if (reply.kind === "status") {
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(JSON.stringify(reply.body ?? { error: { type: "server_error", message: "boom" } }));
        return;
      }
      const text = reply.kind === "answer" ? JSON.stringify(reply.json) : reply.text;
      const usage = reply.usage ?? { input: 0, output: 0 };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(anthropic ? anthropicBody(text, usage) : openAiBody(text, usage)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    openaiUrl: `http://127.0.0.1:${port}/v1`,
    anthropicUrl: `http://127.0.0.1:${port}`,
    requests,
    script(...r) {
      replies = r;
      next = 0;
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
