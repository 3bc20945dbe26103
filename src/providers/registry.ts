// The readers and generators this server uses, chosen by configuration (config.ts): the embedded
// JSON and text readers and the Direct generator by default; language models where configured.
import { providerConfig, type ProviderConfig } from "./config.js";
import { directGenerator, DIRECT } from "./direct-generator.js";
import { readDocument, type Document, type FileIn } from "./documents.js";
import { structuredClient } from "./llm/client.js";
import type { StructuredClient } from "./llm/structured.js";
import { DRAFT_OUTPUT_TOKENS, llmGenerator } from "./llm-generator.js";
import { llmReader, READ_OUTPUT_TOKENS } from "./llm-reader.js";
import { embeddedReader } from "./readers/embedded.js";
import type { Generator, ProviderRounds, Reader } from "./types.js";

type GeneratorChoice = { ok: true; generator: Generator } | { ok: false; reason: "unknown" | "unconfigured"; known: string[] };

export interface Providers {
  /** the reader of a text state or of a JSON state that does not match the input schema */
  reader(state: unknown): Reader;
  /** builds models for questions-only calls */
  questionsGenerator: Generator;
  /** systemtwo's generator: the alias named by the request, else the default language model */
  generator(alias?: string): GeneratorChoice;
  /** language-model aliases, for error messages and /healthz */
  aliases: string[];
  /**
   * The most a language model does to read evidence, or to build a model for questions, in a mode;
   * null where no language model does it (the embedded readers, the Direct generator). What a call
   * reserves is built from it.
   */
  languageModelWork(use: "reader" | "questions", mode: "fast" | "thinking"): ProviderRounds | null;
  maxAttempts: number;
  /** the text of a document sent for a Draft (documents.ts); rejects with a DocumentError when it has none */
  readDocument(file: FileIn, index: number): Promise<Document>;
}

/** The embedded reader of a state (readers/embedded.ts). */
export { embeddedReader };

export function createProviders(
  config: ProviderConfig = providerConfig(),
  makeClient: (alias: string) => StructuredClient = (alias) => structuredClient(config.endpoints[alias]!, config.timeoutMs),
): Providers {
  const clients = new Map<string, StructuredClient>();
  const client = (alias: string): StructuredClient => {
    let c = clients.get(alias);
    if (!c) clients.set(alias, (c = makeClient(alias)));
    return c;
  };
  const aliases = Object.keys(config.endpoints);
  const generators = new Map<string, Generator>();
  const byAlias = (alias: string): Generator => {
    let g = generators.get(alias);
    if (!g) generators.set(alias, (g = llmGenerator(client(alias), alias)));
    return g;
  };
  const llmRead = config.reader === "embedded" ? null : llmReader(client(config.reader), { thinkingSamples: config.thinkingSamples });
  return {
    reader: (state) => llmRead ?? embeddedReader(state),
    questionsGenerator: config.questionsGenerator === DIRECT ? directGenerator : byAlias(config.questionsGenerator),
    generator(alias) {
      const chosen = alias ?? config.defaultGenerator;
      if (chosen === undefined) return { ok: false, reason: "unconfigured", known: aliases };
      if (!Object.hasOwn(config.endpoints, chosen))
        return { ok: false, reason: aliases.length > 0 ? "unknown" : "unconfigured", known: aliases };
      return { ok: true, generator: byAlias(chosen) };
    },
    aliases,
    languageModelWork(use, mode) {
      if (use === "reader")
        return llmRead && { rounds: mode === "thinking" ? Math.max(1, config.thinkingSamples) : 1, outputPerRound: READ_OUTPUT_TOKENS };
      return config.questionsGenerator === DIRECT ? null : { rounds: config.maxAttempts, outputPerRound: DRAFT_OUTPUT_TOKENS[mode] };
    },
    maxAttempts: config.maxAttempts,
    readDocument,
  };
}
