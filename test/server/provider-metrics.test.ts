// /metrics counts every provider token paid for, including those of a reply that was not the JSON
// asked for (the call fails, but the provider billed it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerConfig } from "../../src/providers/config.js";
import { createProviders } from "../../src/providers/registry.js";
import { instrumentProviders } from "../../src/server/observability/instrument.js";
import { createMetrics } from "../../src/server/observability/metrics.js";
import { startFakeLlm, type FakeLlm } from "./fake-llm.js";

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());

const tokensCounted = (text: string, direction: string): number =>
  Number(new RegExp(`^pdm_provider_tokens_total\\{[^}]*direction="${direction}"[^}]*\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);

describe("provider metrics", () => {
  it("count the tokens of a reply that was not JSON", async () => {
    const metrics = createMetrics({ stats: () => ({ size: 0, bytes: 0, hits: 0, misses: 0 }) });
    const providers = instrumentProviders(
      createProviders(
        providerConfig({
          PDM_OPENAI_BASE_URL: llm.openaiUrl,
          PDM_GENERATORS: JSON.stringify({ quick: { provider: "openai", model: "small-model" } }),
        }),
      ),
      metrics,
    );
    const choice = providers.generator("quick");
    if (!choice.ok) throw new Error("the generator is configured");
    llm.script({ kind: "text", text: "Sure! Here is your model: it decides things.", usage: { input: 1_234, output: 56 } });
    await expect(choice.generator.generate({ prompt: "x", files: [], mode: "fast" })).rejects.toMatchObject({ kind: "failed" });
    const text = await metrics.registry.metrics();
    expect(tokensCounted(text, "input")).toBe(1_234);
    expect(tokensCounted(text, "output")).toBe(56);
  });
});
