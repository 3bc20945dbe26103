// A generator backed by a language model: one structured-output request for `{content,
// questions}` (in the wire form of llm/model-wire.ts). It drafts from a prompt and documents,
// revises a current model, builds a model for questions alone, and repairs its previous draft
// when given the compiler's diagnostics (the loop that feeds them back is drafting.ts).
import { FORMAT_GUIDE } from "./llm/format-guide.js";
import { fromWire, MODEL_WIRE_SCHEMA } from "./llm/model-wire.js";
import type { StructuredClient } from "./llm/structured.js";
import type { GeneratedModel, GenerateRequest, Generator } from "./types.js";

/** The most output tokens one drafting round may take, by mode (the reservation counts on it). */
export const DRAFT_OUTPUT_TOKENS = { fast: 8192, thinking: 16_384 } as const;

const SYSTEM = `${FORMAT_GUIDE}

Answer with the whole model in the requested JSON form: every map is a list of named entries, a
struct or list type is JSON text, and fields that do not apply are null or empty.`;

function task(request: GenerateRequest): string {
  if (request.diagnostics?.length)
    return "Your previous draft (below) fails the compiler's check. Fix every error and keep everything else.";
  if (request.current) return "Revise the current model (below) as the request says. Return the complete revised model.";
  if (request.prompt !== undefined || request.files?.length) return "Write a model that does what the request and the documents describe.";
  return "Write a model that answers exactly these questions from evidence: inputs are the observations a reader must find, decisions compute each answer.";
}

function generatorPrompt(request: GenerateRequest): string {
  const parts = [task(request)];
  if (request.name) parts.push(`Model name: ${request.name}`);
  if (request.prompt) parts.push(`Request:\n${request.prompt}`);
  for (const f of request.files ?? []) parts.push(`Document "${f.name}" (${f.type}):\n<<<\n${f.text}\n>>>`);
  if (request.questions)
    parts.push(`Questions (keep these ids, types and options exactly):\n${JSON.stringify(request.questions, null, 2)}`);
  if (request.stateShape && Object.keys(request.stateShape).length > 0) {
    const lines = Object.entries(request.stateShape).map(([path, type]) => `- ${JSON.stringify(path)}: ${type}`);
    parts.push(
      `The caller's state has these keys and types (its values are not shown):\n${lines.join("\n")}\n` +
        "Read what the caller has: an input that one of these keys holds takes it in `from` (its path) and a type that fits; " +
        "decisions work each answer out of those inputs.",
    );
  }
  if (request.current) {
    parts.push(`Current model:\n${JSON.stringify({ content: request.current.content, questions: request.current.output }, null, 2)}`);
  }
  if (request.diagnostics?.length) {
    const lines = request.diagnostics.map(
      (d) => `- ${d.address ?? "(model)"}: ${d.code}: ${d.message}${d.source ? ` [in: ${d.source}]` : ""}`,
    );
    parts.push(`Compiler errors:\n${lines.join("\n")}`);
  }
  if (request.mode === "thinking") parts.push("Take care: check every name, type and table row against the format before answering.");
  return parts.join("\n\n");
}

export function llmGenerator(client: StructuredClient, alias: string): Generator {
  return {
    name: alias,
    async generate(request: GenerateRequest, signal?: AbortSignal): Promise<GeneratedModel> {
      const res = await client.call(
        {
          system: SYSTEM,
          user: generatorPrompt(request),
          schema: MODEL_WIRE_SCHEMA,
          name: "portable_model",
          strict: true,
          temperature: request.mode === "thinking" ? 0.4 : 0,
          maxTokens: DRAFT_OUTPUT_TOKENS[request.mode],
        },
        signal,
      );
      const model = fromWire(res.value);
      // Questions-only: the contract is the caller's, not the generator's to change.
      const questions = request.questions ?? model.questions;
      if (request.name) model.content.name = request.name;
      return { content: model.content, questions, usage: res.usage };
    },
  };
}
