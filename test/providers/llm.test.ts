// The language-model providers against protocol-level fake servers on loopback: what goes over
// the wire (model, messages, the JSON schema asked for), what comes back (values, provenance,
// actual token counts), and how failures map (HTTP 5xx → failed → 502, no answer → timeout → 504).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { compileModel, type CompiledModel } from "../../src/compiler/index.js";
import type { LlmEndpoint } from "../../src/providers/config.js";
import { draftModel } from "../../src/providers/drafting.js";
import { anthropicClient } from "../../src/providers/llm/anthropic.js";
import { anthropicSchema } from "../../src/providers/llm/anthropic-schema.js";
import { MODEL_WIRE_SCHEMA } from "../../src/providers/llm/model-wire.js";
import { openAiClient } from "../../src/providers/llm/openai.js";
import { llmGenerator } from "../../src/providers/llm-generator.js";
import { llmReader, readerSchema } from "../../src/providers/llm-reader.js";
import { ConfigError, providerConfig } from "../../src/providers/config.js";
import { decodeStrict, strictSchema } from "../../src/providers/llm/strict-schema.js";
import { createProviders } from "../../src/providers/registry.js";
import { ProviderError } from "../../src/providers/types.js";
import { providerProblem } from "../../src/service/provider-problems.js";
import { startFakeLlm, type FakeLlm } from "../server/fake-llm.js";

const LOAN = {
  content: {
    name: "loan",
    inputs: {
      "annual income": { type: "number >= 0", desc: "What is the applicant's yearly income?" },
      employment: { type: "employed|self-employed|unemployed", desc: "How is the applicant employed?" },
      "start date": { type: "date", desc: "When does the loan start?" },
    },
    decisions: {
      approved: { type: "boolean", expr: 'annual income >= 30000 and employment != "unemployed"' },
    },
  },
  questions: { approved: { type: "noul", instructions: "Is the loan approved?", criteria: { true: "approve", false: "decline" } } },
};

const TEXT = "Maria works as a nurse (employed) and earns 52,000 a year. The loan starts on 2024-03-01.";

let llm: FakeLlm;
let compiled: CompiledModel;

beforeAll(async () => {
  llm = await startFakeLlm();
  const r = compileModel(LOAN);
  if (!r.ok) throw new Error(JSON.stringify(r.check.stages));
  compiled = r.model;
});
afterAll(() => llm.close());
beforeEach(() => {
  llm.requests.length = 0;
});

const openai = (): LlmEndpoint => ({ provider: "openai", baseURL: llm.openaiUrl, apiKey: "sk-test", model: "gpt-test" });
const anthropic = (): LlmEndpoint => ({ provider: "anthropic", baseURL: llm.anthropicUrl, apiKey: "ak-test", model: "claude-test" });
const readRequest = (mode: "fast" | "thinking" = "fast") => ({
  inputs: compiled.ir.inputs,
  schema: compiled.inputSchema,
  state: TEXT,
  mode,
});

const answerFor = (income: number, confidence = 0.9) => ({
  "annual income": { value: income, confidence, evidence: "earns 52,000 a year", path: null },
  employment: { value: "employed", confidence: 0.95, evidence: "employed", path: null },
  "start date": { value: null, confidence: 0, evidence: null, path: null },
});

describe("reader schema", () => {
  it("has one closed, fully required entry per input, its value typed by the input's derived schema or null", () => {
    const schema = readerSchema(compiled.ir.inputs) as any;
    expect(schema.required).toEqual(["annual income", "employment", "start date"]);
    expect(schema.additionalProperties).toBe(false);
    const employment = schema.properties.employment;
    expect(employment.required).toEqual(["value", "confidence", "evidence", "path"]);
    expect(employment.additionalProperties).toBe(false);
    expect(employment.properties.value.anyOf).toEqual([
      { type: "string", enum: ["employed", "self-employed", "unemployed"] },
      { type: "null" },
    ]);
    expect(schema.properties["annual income"].properties.value.anyOf[0]).toEqual({ type: "number", minimum: 0 });
    expect(schema.properties["start date"].properties.value.anyOf[0]).toEqual({ type: "string", format: "date" });
  });
});

describe("OpenAI-compatible provider", () => {
  it("reader: sends the chat request with the strict JSON schema, and returns values with spans and actual usage", async () => {
    llm.script({ kind: "answer", json: answerFor(52000), usage: { input: 321, output: 45 } });
    const reader = llmReader(openAiClient(openai(), 5000), { thinkingSamples: 3 });
    const result = await reader.read(readRequest());

    expect(llm.requests).toHaveLength(1);
    const req = llm.requests[0]!;
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.headers.authorization).toBe("Bearer sk-test");
    expect(req.body.model).toBe("gpt-test");
    expect(req.body.messages.map((m: any) => m.role)).toEqual(["system", "user"]);
    expect(req.body.messages[1].content).toContain(TEXT);
    expect(req.body.messages[1].content).toContain("What is the applicant's yearly income?");
    expect(req.body.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "input_values", schema: readerSchema(compiled.ir.inputs), strict: true },
    });
    expect(req.body.temperature).toBe(0);

    expect(result.usage).toEqual({ input_tokens: 321, output_tokens: 45 });
    expect(Object.keys(result.values).sort()).toEqual(["annual income", "employment"]);
    const income = result.values["annual income"]!;
    expect(income.value).toBe(52000);
    expect(income.confidence).toBe(0.9);
    const start = TEXT.indexOf("earns 52,000 a year");
    expect(income.source).toEqual({ text: "earns 52,000 a year", span: { start, end: start + "earns 52,000 a year".length } });
  });

  it("reader in thinking mode: several samples whose spread becomes alternatives; usage is their sum", async () => {
    llm.script(
      { kind: "answer", json: answerFor(52000, 0.9), usage: { input: 100, output: 10 } },
      { kind: "answer", json: answerFor(52000, 0.8), usage: { input: 100, output: 11 } },
      { kind: "answer", json: answerFor(5200, 0.6), usage: { input: 100, output: 12 } },
    );
    const reader = llmReader(openAiClient(openai(), 5000), { thinkingSamples: 3 });
    const result = await reader.read(readRequest("thinking"));
    expect(llm.requests).toHaveLength(3);
    expect(llm.requests.every((r) => r.body.temperature > 0)).toBe(true);
    expect(result.usage).toEqual({ input_tokens: 300, output_tokens: 33 });
    const income = result.values["annual income"]!;
    expect(income.value).toBe(52000);
    expect(income.confidence).toBeCloseTo((0.9 + 0.8) / 3, 6);
    expect(income.alternatives).toEqual([{ value: 5200, p: expect.closeTo(0.6 / 3, 6) }]);
    expect(result.values.employment!.confidence).toBeCloseTo(0.95, 6);
  });

  it("reader on a JSON state keeps the JSON path the model reports", async () => {
    llm.script({
      kind: "answer",
      json: { ...answerFor(52000), "annual income": { value: 52000, confidence: 1, evidence: null, path: "/applicant/salary" } },
    });
    const reader = llmReader(openAiClient(openai(), 5000), { thinkingSamples: 3 });
    const result = await reader.read({ ...readRequest(), state: { applicant: { salary: 52000 } } });
    expect(result.values["annual income"]!.source).toEqual({ path: "/applicant/salary" });
  });

  it("generator: asks for the model wire schema and returns the spec's {content, questions}", async () => {
    const wire = {
      name: "adult",
      types: [],
      inputs: [{ name: "age", type: "number", desc: "How old is the person?", options: [], from: null, threshold: 0.8, blank: false }],
      decisions: [{ name: "adult", type: "boolean", desc: null, let: [], expr: "age >= 18", table: null }],
      functions: [],
      questions: [
        {
          id: "adult",
          type: "noul",
          instructions: "Is the person an adult?",
          criteria: { true: "18 or older", false: null },
          options: null,
          levels: null,
          range: null,
        },
      ],
    };
    llm.script({ kind: "answer", json: wire, usage: { input: 900, output: 200 } });
    const generator = llmGenerator(openAiClient(openai(), 5000), "openai");
    const out = await generator.generate({ prompt: "adults are 18 or older", mode: "fast" });
    const req = llm.requests[0]!;
    expect(req.body.response_format.json_schema).toEqual({ name: "portable_model", schema: MODEL_WIRE_SCHEMA, strict: true });
    expect(req.body.messages[1].content).toContain("adults are 18 or older");
    expect(out.usage).toEqual({ input_tokens: 900, output_tokens: 200 });
    expect(out.content).toEqual({
      name: "adult",
      inputs: { age: { type: "number", desc: "How old is the person?", threshold: 0.8 } },
      decisions: { adult: { type: "boolean", expr: "age >= 18" } },
    });
    expect(out.questions).toEqual({ adult: { type: "noul", instructions: "Is the person an adult?", criteria: { true: "18 or older" } } });
    expect(compileModel({ content: out.content, questions: out.questions }).ok).toBe(true);
  });

  it("repair: the compiler's diagnostics go back to the generator, and usage adds up over attempts", async () => {
    const base = {
      name: "adult",
      types: [],
      inputs: [{ name: "age", type: "number", desc: "How old?", options: [], from: null, threshold: null, blank: false }],
      functions: [],
      questions: [{ id: "adult", type: "noul", instructions: "Adult?", criteria: null, options: null, levels: null, range: null }],
    };
    const broken = { ...base, decisions: [{ name: "adult", type: "boolean", desc: null, let: [], expr: "agee >= 18", table: null }] };
    const fixed = { ...base, decisions: [{ name: "adult", type: "boolean", desc: null, let: [], expr: "age >= 18", table: null }] };
    llm.script(
      { kind: "answer", json: broken, usage: { input: 10, output: 5 } },
      { kind: "answer", json: fixed, usage: { input: 20, output: 6 } },
    );
    const generator = llmGenerator(openAiClient(openai(), 5000), "openai");
    const out = await draftModel(generator, { prompt: "adults", mode: "fast" }, (m) => compileModel(m), 3);
    expect(out.ok).toBe(true);
    expect(out.attempts).toBe(2);
    expect(out.usage).toEqual({ input_tokens: 30, output_tokens: 11 });
    const repair = llm.requests[1]!.body.messages[1].content as string;
    expect(repair).toContain("agee");
    expect(repair).toContain("decisions.adult");
    expect(repair).toContain("Compiler errors");
  });

  it("repair gives up after the allowed attempts with the last diagnostics", async () => {
    const broken = {
      name: "x",
      types: [],
      inputs: [],
      functions: [],
      decisions: [{ name: "d", type: null, desc: null, let: [], expr: "nope +", table: null }],
      questions: [],
    };
    llm.script({ kind: "answer", json: broken, usage: { input: 1, output: 1 } });
    const out = await draftModel(
      llmGenerator(openAiClient(openai(), 5000), "openai"),
      { prompt: "x", mode: "fast" },
      (m) => compileModel(m),
      3,
    );
    expect(out.ok).toBe(false);
    expect(out.attempts).toBe(3);
    expect(llm.requests).toHaveLength(3);
    if (!out.ok) expect(out.diagnostics.some((d) => d.address === "decisions.d")).toBe(true);
  });

  it("a 5xx is one failed call (no retries) that maps to 502 provider_error", async () => {
    llm.script({ kind: "status", status: 503 });
    const reader = llmReader(openAiClient(openai(), 5000), { thinkingSamples: 3 });
    const error = await reader.read(readRequest()).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.kind).toBe("failed");
    expect(llm.requests).toHaveLength(1);
    expect(providerProblem(error)).toMatchObject({ status: 502, code: "provider_error" });
  });

  it("a server that never answers is a timeout that maps to 504 provider_timeout", async () => {
    llm.script({ kind: "hang" });
    const reader = llmReader(openAiClient(openai(), 300), { thinkingSamples: 3 });
    const error = await reader.read(readRequest()).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.kind).toBe("timeout");
    expect(providerProblem(error)).toMatchObject({ status: 504, code: "provider_timeout" });
  });

  it("an answer that is not JSON is a failed call", async () => {
    llm.script({ kind: "text", text: "Sure! The income is 52k." });
    const error = await llmReader(openAiClient(openai(), 5000), { thinkingSamples: 1 })
      .read(readRequest())
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.kind).toBe("failed");
  });
});

describe("Anthropic provider", () => {
  it("reader: sends a Messages request with output_config json_schema and counts actual usage", async () => {
    llm.script({ kind: "answer", json: answerFor(52000), usage: { input: 400, output: 60 } });
    const reader = llmReader(anthropicClient(anthropic(), 5000), { thinkingSamples: 3 });
    const result = await reader.read(readRequest());
    const req = llm.requests[0]!;
    expect(req.path).toBe("/v1/messages");
    // the SDK decides the header (x-api-key or a bearer token, by version): the key must be in one
    expect([req.headers["x-api-key"], req.headers.authorization]).toContain(req.headers["x-api-key"] ? "ak-test" : "Bearer ak-test");
    expect(req.headers["anthropic-version"]).toBeDefined();
    expect(req.body.model).toBe("claude-test");
    expect(typeof req.body.system).toBe("string");
    expect(req.body.max_tokens).toBeGreaterThan(0);
    expect(req.body.messages).toEqual([{ role: "user", content: expect.stringContaining(TEXT) }]);
    const sent = req.body.output_config.format;
    expect(sent.type).toBe("json_schema");
    // the schema asked for, less the numeric constraints Anthropic rejects, which move into descriptions
    expect(sent.schema).toEqual(anthropicSchema(readerSchema(compiled.ir.inputs)));
    expect(sent.schema.required).toEqual(["annual income", "employment", "start date"]);
    expect(sent.schema.properties["annual income"].properties.value.anyOf[0]).toEqual({ type: "number", description: "(minimum 0)" });
    expect(sent.schema.properties["annual income"].properties.confidence).toEqual({
      type: "number",
      description: "(minimum 0, maximum 1)",
    });
    expect(JSON.stringify(sent.schema)).not.toMatch(/"minimum"|"maximum"/);
    expect(result.usage).toEqual({ input_tokens: 400, output_tokens: 60 });
    expect(result.values.employment).toMatchObject({ value: "employed", confidence: 0.95 });
  });

  it("the default model is one the SDK does not announce as deprecated (no notice on a request)", async () => {
    const endpoint = providerConfig({ PDM_ANTHROPIC_BASE_URL: llm.anthropicUrl }).endpoints.anthropic!;
    llm.script({ kind: "answer", json: answerFor(52000), usage: { input: 1, output: 1 } });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await llmReader(anthropicClient(endpoint, 5000), { thinkingSamples: 1 }).read(readRequest());
      expect(llm.requests[0]!.body.model).toBe(endpoint.model);
      expect(warn.mock.calls.flat().join("\n")).not.toMatch(/deprecated/i);
    } finally {
      warn.mockRestore();
    }
  });

  it("generator: sends the model wire schema", async () => {
    llm.script({
      kind: "answer",
      json: { name: "n", types: [], inputs: [], decisions: [], functions: [], questions: [] },
      usage: { input: 5, output: 7 },
    });
    const out = await llmGenerator(anthropicClient(anthropic(), 5000), "anthropic").generate({ prompt: "p", mode: "thinking" });
    expect(llm.requests[0]!.body.output_config.format.schema).toEqual(anthropicSchema(MODEL_WIRE_SCHEMA));
    expect(llm.requests[0]!.body.output_config.format.schema.properties.questions.items.properties.type.enum).toEqual([
      "noul",
      "choice",
      "score",
      "number",
      "date",
    ]);
    expect(out.usage).toEqual({ input_tokens: 5, output_tokens: 7 });
  });

  it("maps a 500 to failed and a hang to timeout", async () => {
    llm.script({ kind: "status", status: 500, body: { type: "error", error: { type: "api_error", message: "boom" } } });
    const failed = await llmReader(anthropicClient(anthropic(), 5000), { thinkingSamples: 1 })
      .read(readRequest())
      .catch((e) => e);
    expect(failed).toBeInstanceOf(ProviderError);
    expect(failed.kind).toBe("failed");
    expect(llm.requests).toHaveLength(1);
    llm.script({ kind: "hang" });
    const timeout = await llmReader(anthropicClient(anthropic(), 300), { thinkingSamples: 1 })
      .read(readRequest())
      .catch((e) => e);
    expect(timeout.kind).toBe("timeout");
  });
});

describe("strict encoding of free-form values", () => {
  it("closes structs, sends untyped contexts as JSON text and decodes them back", () => {
    const struct = strictSchema({ type: "object", properties: { a: { type: "number" }, b: { type: "object" } }, required: ["a"] });
    expect(struct).toEqual({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "string", description: "the value as JSON text" } },
      required: ["a", "b"],
      additionalProperties: false,
    });
    const original = { type: "object", properties: { a: { type: "number" }, b: { type: "object" } } };
    expect(decodeStrict(original, { a: 1, b: '{"x":[1,2]}' })).toEqual({ a: 1, b: { x: [1, 2] } });
    expect(strictSchema({ type: "array", items: {} })).toEqual({
      type: "array",
      items: { type: "string", description: "the value as JSON text" },
    });
  });
});

describe("configuration", () => {
  it("configures nothing by default: embedded reader, Direct generator, no language model", () => {
    const c = providerConfig({});
    expect(c).toMatchObject({
      endpoints: {},
      defaultGenerator: undefined,
      questionsGenerator: "direct",
      reader: "embedded",
      timeoutMs: 60000,
    });
  });

  it("reads the OpenAI and Anthropic variables and generator aliases that inherit them", () => {
    const c = providerConfig({
      PDM_OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      PDM_OPENAI_MODEL: "llama3",
      PDM_ANTHROPIC_API_KEY: "k",
      PDM_GENERATORS: JSON.stringify({ big: { provider: "anthropic", model: "claude-big" } }),
      PDM_DEFAULT_GENERATOR: "big",
      PDM_READER: "openai",
      PDM_PROVIDER_TIMEOUT_MS: "1500",
    });
    expect(c.endpoints.openai).toEqual({ provider: "openai", baseURL: "http://127.0.0.1:9/v1", apiKey: undefined, model: "llama3" });
    expect(c.endpoints.big).toEqual({ provider: "anthropic", baseURL: undefined, apiKey: "k", model: "claude-big" });
    expect(c).toMatchObject({ defaultGenerator: "big", reader: "openai", timeoutMs: 1500 });
  });

  it("refuses settings that name no configured model, or are malformed", () => {
    expect(() => providerConfig({ PDM_READER: "openai" })).toThrow(ConfigError);
    expect(() => providerConfig({ PDM_GENERATORS: "{not json" })).toThrow(/PDM_GENERATORS/);
    expect(() => providerConfig({ PDM_PROVIDER_TIMEOUT_MS: "-1" })).toThrow(/positive integer/);
  });

  it("the registry reports an unknown alias apart from a server with no language model", () => {
    expect(createProviders(providerConfig({})).generator()).toMatchObject({ ok: false, reason: "unconfigured" });
    const p = createProviders(providerConfig({ PDM_OPENAI_BASE_URL: llm.openaiUrl }));
    expect(p.generator("nope")).toMatchObject({ ok: false, reason: "unknown", known: ["openai"] });
    expect(p.generator()).toMatchObject({ ok: true });
    expect(p.generator("openai")).toMatchObject({ ok: true });
  });
});
