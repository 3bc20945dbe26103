// A reader backed by a language model: one structured-output request whose schema is built from
// the model's inputs (each input's derived JSON Schema, nullable, with a confidence and where the
// value was found). In `thinking` mode it takes several samples at a higher temperature and their
// spread becomes the alternatives (merge-samples.ts).
import { typeSchema } from "../compiler/2-analyse/schema/derive.js";
import type { InputIR } from "../ir/ir.js";
import { expandedSize } from "../ir/types.js";
import { addUsage, type StructuredClient } from "./llm/structured.js";
import { mergeSamples } from "./llm/merge-samples.js";
import { decodeStrict, strictSchema } from "./llm/strict-schema.js";
import { NO_USAGE, ProviderError, type Provenance, type Reader, type ReadRequest, type ReadResult, type ReadValue } from "./types.js";
import { namedRecord } from "../runtime/json.js";

/**
 * The largest input type asked of a language model, in parts written out: its schema is written
 * out in the request. An input of a larger type (a type that shares its parts many times over) is
 * not asked, and stays missing.
 */
const MAX_ASKED_PARTS = 2_000;

/** The most output tokens one reading request may take (its `max_tokens`): what a call reserves per sample. */
export const READ_OUTPUT_TOKENS = 8192;

const SYSTEM = [
  "You read evidence and report the value of each listed input, exactly as the evidence states it.",
  "Never guess: when the evidence does not establish an input, answer value null with confidence 0.",
  "confidence is the probability (0 to 1) that your value is right.",
  "evidence is the shortest verbatim quote of the text that supports the value (null if none);",
  "path is the JSON Pointer (RFC 6901) of the value when the evidence is JSON (null otherwise).",
  "Dates are ISO 8601 (YYYY-MM-DD); a choice or level is one of the allowed values, spelled exactly.",
].join(" ");

type Schema = Record<string, unknown>;

/** The structured answer: one closed object per input. */
export function readerSchema(inputs: InputIR[]): Schema {
  const entry = (i: InputIR): Schema => ({
    type: "object",
    properties: {
      value: { anyOf: [strictSchema(typeSchema(i.type)), { type: "null" }] },
      confidence: { type: "number", minimum: 0, maximum: 1 },
      evidence: { type: ["string", "null"] },
      path: { type: ["string", "null"] },
    },
    required: ["value", "confidence", "evidence", "path"],
    additionalProperties: false,
  });
  return {
    type: "object",
    properties: Object.fromEntries(inputs.map((i) => [i.name, entry(i)])),
    required: inputs.map((i) => i.name),
    additionalProperties: false,
  };
}

function describeInput(i: InputIR): string {
  const lines = [`- "${i.name}": ${i.desc}`, `  schema: ${JSON.stringify(typeSchema(i.type))}`];
  if (i.options)
    lines.push(
      `  meanings: ${Object.entries(i.options)
        .map(([k, v]) => `${k} = ${v}`)
        .join("; ")}`,
    );
  if (i.from) lines.push(`  where to look: ${i.from}`);
  return lines.join("\n");
}

function readerPrompt(request: ReadRequest): string {
  const evidence = typeof request.state === "string" ? request.state : JSON.stringify(request.state, null, 2);
  const kind = typeof request.state === "string" ? "text" : "JSON";
  return `Inputs:\n${request.inputs.map(describeInput).join("\n")}\n\nEvidence (${kind}):\n<<<\n${evidence}\n>>>`;
}

function provenance(state: unknown, evidence: unknown, path: unknown): Provenance | undefined {
  const source: Provenance = {};
  if (typeof path === "string" && path.startsWith("/") && typeof state !== "string") source.path = path;
  if (typeof evidence === "string" && evidence !== "") {
    source.text = evidence;
    if (typeof state === "string") {
      let start = state.indexOf(evidence);
      if (start < 0) start = state.toLowerCase().indexOf(evidence.toLowerCase());
      if (start >= 0) source.span = { start, end: start + evidence.length };
    }
  }
  return Object.keys(source).length > 0 ? source : undefined;
}

const clamp01 = (n: unknown): number => (typeof n === "number" && Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

/** One sample's answer as read values; inputs answered null are left out (not found). */
function decodeReading(inputs: InputIR[], state: unknown, answer: unknown): Record<string, ReadValue> {
  const out = namedRecord<ReadValue>();
  const byName = (answer && typeof answer === "object" ? answer : {}) as Record<string, Record<string, unknown> | undefined>;
  for (const i of inputs) {
    const a = byName[i.name];
    if (!a || a.value === null || a.value === undefined) continue;
    const source = provenance(state, a.evidence, a.path);
    out[i.name] = {
      value: decodeStrict(typeSchema(i.type), a.value),
      confidence: clamp01(a.confidence),
      ...(source ? { source } : {}),
    };
  }
  return out;
}

export function llmReader(client: StructuredClient, options: { thinkingSamples: number }): Reader {
  return {
    name: client.name,
    async read(request: ReadRequest, signal?: AbortSignal): Promise<ReadResult> {
      const inputs = request.inputs.filter((i) => expandedSize(i.type) <= MAX_ASKED_PARTS);
      if (inputs.length === 0) return { values: {}, usage: NO_USAGE };
      request = { ...request, inputs };
      const thinking = request.mode === "thinking";
      const samples = thinking ? Math.max(1, options.thinkingSamples) : 1;
      const call = () =>
        client.call(
          {
            system: SYSTEM,
            user: readerPrompt(request),
            schema: readerSchema(request.inputs),
            name: "input_values",
            strict: true,
            temperature: thinking ? 0.8 : 0,
            maxTokens: READ_OUTPUT_TOKENS,
          },
          signal,
        );
      const settled = await Promise.allSettled(Array.from({ length: samples }, call));
      const usage = settled.reduce(
        (u, s) => addUsage(u, s.status === "fulfilled" ? s.value.usage : s.reason instanceof ProviderError ? s.reason.usage : NO_USAGE),
        NO_USAGE,
      );
      const failed = settled.find((s) => s.status === "rejected");
      if (failed) {
        // every sample the provider answered was paid for: their tokens travel with the error
        if (!(failed.reason instanceof ProviderError)) throw failed.reason;
        throw new ProviderError(failed.reason.kind, failed.reason.message, usage);
      }
      const results = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
      return {
        values: mergeSamples(results.map((r) => decodeReading(request.inputs, request.state, r.value))),
        usage,
      };
    },
  };
}
