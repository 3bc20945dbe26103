// Long evidence is read in a compile worker by the same embedded readers: what comes back is what
// reading it on the event loop gives, for every labelled evidence case; short evidence and a
// language-model reader stay where they are.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadFixtures, modelOf } from "../../scripts/eval-reader.js";
import { createProviders } from "../../src/providers/registry.js";
import { providerConfig } from "../../src/providers/config.js";
import { NO_USAGE, type ReadRequest, type Reader } from "../../src/providers/types.js";
import { CompilePool } from "../../src/server/compile-pool/pool.js";
import { OFF_LOOP_PROSE, OFF_LOOP_WORK, offLoopReading } from "../../src/server/off-loop-reader.js";

const requestOf = (sample: string, state: unknown): ReadRequest => {
  const model = modelOf(sample);
  return { inputs: model.ir.inputs, schema: model.inputSchema as Record<string, unknown>, state, mode: "fast" };
};

describe("reading off the event loop", () => {
  let pool: CompilePool;
  beforeAll(async () => {
    pool = await CompilePool.start({ workers: 1, timeoutMs: 60_000, memoryMb: 512 });
  });
  afterAll(() => pool.close());

  it("reads every labelled case in the worker as on the loop", async () => {
    const embedded = createProviders(providerConfig({}));
    const offLoop = offLoopReading(embedded, (request) => pool.run("read", {}, "", request), 0);
    const fixtures = loadFixtures().filter((_, i) => i % 7 === 0);
    expect(fixtures.some((f) => typeof f.state === "string") && fixtures.some((f) => typeof f.state !== "string")).toBe(true);
    for (const f of fixtures) {
      const request = requestOf(f.sample, f.state);
      const here = await embedded.reader(f.state).read(request);
      const there = await offLoop.reader(f.state).read(request);
      expect(there, f.file).toEqual(here);
    }
  }, 120_000);

  it("hands over only evidence past the limit, and never a language model's reading", async () => {
    const sent: unknown[] = [];
    const embedded = createProviders(providerConfig({}));
    const offLoop = offLoopReading(embedded, async (request) => (sent.push(request.state), { values: {}, usage: NO_USAGE }));
    const inputs = requestOf("lending", "").inputs.length;
    const short = "x".repeat(Math.floor(OFF_LOOP_PROSE / inputs));
    const long = `${short}x`;
    await offLoop.reader(short).read(requestOf("lending", short));
    await offLoop.reader(long).read(requestOf("lending", long));
    expect(sent).toEqual([long]);
    // a JSON state: its strings are prose, weighed as a text is; its keys and numbers by OFF_LOOP_WORK
    sent.length = 0;
    const notes = { note: short };
    const longNotes = { note: long };
    const numbers = Object.fromEntries(Array.from({ length: Math.floor(OFF_LOOP_WORK / inputs / 8) }, (_, i) => [`k${i}`, i]));
    for (const state of [notes, longNotes, numbers]) await offLoop.reader(state).read(requestOf("lending", state));
    expect(sent).toEqual([longNotes, numbers]);
    const llm: Reader = { name: "a language model", read: async () => ({ values: {}, usage: { input_tokens: 1, output_tokens: 1 } }) };
    const withLlm = offLoopReading({ ...embedded, reader: () => llm }, async () => ({ values: {}, usage: NO_USAGE }));
    expect(withLlm.reader(long)).toBe(llm);
  });
});
