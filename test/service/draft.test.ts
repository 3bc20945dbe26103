// Drafts (spec 4.1) from a language-model generator on a loopback fake: every field of the Draft,
// examples evaluated, the alias picking the generator, revision, documents (text, Markdown, JSON,
// CSV, PDF) reaching the generator, repair exhaustion and provider failures charging nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { providerConfig } from "../../src/providers/config.js";
import { readDocument } from "../../src/providers/documents.js";
import { createProviders } from "../../src/providers/registry.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { tokenCost } from "../../src/ledger/money.js";
import { problemBody } from "../../src/service/problems.js";
import { systemTwoModels } from "../../src/service/systemtwo.js";
import { startFakeLlm, type FakeLlm } from "../server/fake-llm.js";
import { serviceDeps } from "./harness.js";
import { makePdf } from "./pdf.js";
import { WIRE } from "./wire-draft.js";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

let llm: FakeLlm;
let deps: ServiceDeps;
let accountId: string;
const call = (body: unknown) => systemTwoModels({ body, inputTokens: 100, accountId, startedAt: 0 }, deps);
const userMessage = (i = 0): string => llm.requests[i]!.body.messages?.[1]?.content ?? llm.requests[i]!.body.messages[0].content;

beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
async function setup(timeoutMs: number) {
  const providers = createProviders(
    providerConfig({
      PDM_OPENAI_BASE_URL: llm.openaiUrl,
      PDM_ANTHROPIC_BASE_URL: llm.anthropicUrl,
      PDM_GENERATORS: JSON.stringify({ quick: { provider: "openai", model: "small-model" } }),
      PDM_PROVIDER_TIMEOUT_MS: String(timeoutMs),
    }),
  );
  ({ deps } = await serviceDeps({ real: true, providers }));
  accountId = (await deps.ledger!.createAccount("acct", 10_000_000)).id;
  llm.requests.length = 0;
}
beforeEach(() => setup(10_000));

describe("Draft", () => {
  it("returns every field of 4.1 with evaluated examples, billed at the service rates on the provider's tokens", async () => {
    llm.script({ kind: "answer", json: WIRE, usage: { input: 2000, output: 500 } });
    const out = await call({ prompt: "adults are 18 or older; members pay no fee", state: { age: 40, member: true }, mdoe: "thinking" });
    if (!out.ok) throw new Error(JSON.stringify(out.problem));
    const d = out.value as any;
    expect(d.warnings).toEqual([
      {
        address: "body.mdoe",
        code: "request.unknown",
        message: "`mdoe` is not a field of this request and was ignored; did you mean `mode`?",
      },
    ]);
    expect(Object.keys(d).sort()).toEqual([
      "billing",
      "content",
      "examples",
      "input",
      "model",
      "output",
      "provider_usage",
      "usage",
      "warnings",
    ]);
    expect(d.model).toEqual({ content: d.content, questions: d.output });
    expect(d.content.decisions.fee).toEqual({
      type: "number",
      table: [
        ["member", "=> number"],
        ["true", "0"],
        ["-", "10"],
      ],
    });
    expect(d.output.adult).toEqual({ type: "noul", instructions: "Is the person an adult?", criteria: { true: "18 or older" } });
    expect(d.input.required).toEqual(["age", "member"]);
    expect(d.provider_usage).toEqual({ input_tokens: 2000, output_tokens: 500 });
    // the request's state first, then states built from the input types, each with its decisions
    expect(d.examples[0]).toMatchObject({
      state: { age: 40, member: true },
      decisions: { adult: { value: true }, fee: { value: 0, rule: 1 } },
    });
    expect(d.examples.length).toBeGreaterThanOrEqual(3);
    for (const e of d.examples) {
      expect(e.decisions.adult.value).toBe(e.state.age >= 18);
      expect(e.decisions.fee.value).toBe(e.state.member ? 0 : 10);
      expect(e.answers.adult.value).toBe(e.decisions.adult.value);
    }
    expect(d.examples.some((e: any) => e.state.age === 0) && d.examples.some((e: any) => e.state.age === 120)).toBe(true);
    const items = Object.fromEntries(d.billing.items.map((i: any) => [i.kind, i.quantity]));
    expect(items).toMatchObject({ service_input_tokens: 100, provider_input_tokens: 2000, provider_output_tokens: 500 });
    expect(items.service_output_tokens).toBe(d.usage.output_tokens);
    expect(llm.requests[0]!.body.model).toBe("gpt-4o-mini");
  });

  it("the model field picks the generator alias; an unknown alias is a 400 listing the known ones", async () => {
    llm.script({ kind: "answer", json: WIRE });
    expect((await call({ prompt: "x", model: "quick" })).ok).toBe(true);
    expect(llm.requests[0]!.body.model).toBe("small-model");
    expect((await call({ prompt: "x", model: "anthropic" })).ok).toBe(true);
    expect(llm.requests[1]!.path).toBe("/v1/messages");
    const unknown = await call({ prompt: "x", model: "gpt-9" });
    expect(!unknown.ok && unknown.problem.errors[0]).toMatchObject({
      address: "body.model",
      code: "request.enum",
      message: expect.stringContaining("openai, anthropic, quick"),
    });
  });

  it("revision sends the complete current content and output to the generator; name sets the model name", async () => {
    llm.script({ kind: "answer", json: WIRE });
    const current = { name: "old", inputs: { age: { type: "number", desc: "Age?" } }, decisions: { adult: "age >= 21" } };
    const output = { adult: { type: "noul", instructions: "Adult?" } };
    const out = await call({ prompt: "lower the age to 18", content: current, output, name: "Adulthood" });
    if (!out.ok) throw new Error(JSON.stringify(out.problem));
    expect((out.value as any).content.name).toBe("Adulthood");
    const sent = userMessage();
    expect(sent).toContain("Revise the current model");
    expect(sent).toContain(JSON.stringify({ content: current, questions: output }, null, 2));
  });

  it("reads text, Markdown, JSON, CSV and PDF documents and hands their text to the generator", async () => {
    llm.script({ kind: "answer", json: WIRE });
    const files = [
      { name: "policy.txt", type: "text/plain", data: b64("Plain policy words.") },
      { name: "notes.md", data: b64("# Heading\nMarkdown notes.") },
      { name: "limits.json", type: "application/json", data: b64('{"max_age":120}') },
      { name: "fees.csv", type: "text/csv", data: b64("member,fee\ntrue,0\nfalse,10") },
      { name: "rules.pdf", type: "application/pdf", data: makePdf("Applicants must be 18 or older.").toString("base64") },
      { name: "raw.txt", type: "text/plain", data: "Unencoded text, taken as it is." },
    ];
    const out = await call({ files });
    if (!out.ok) throw new Error(JSON.stringify(out.problem));
    const sent = userMessage();
    for (const text of [
      "Plain policy words.",
      "Markdown notes.",
      '"max_age": 120',
      "true,0",
      "Applicants must be 18 or older.",
      "Unencoded text, taken as it is.",
    ]) {
      expect(sent).toContain(text);
    }
    expect(sent).toContain('Document "rules.pdf" (application/pdf)');
  });

  it("refuses a document it cannot read with a 400 at the file's address, before any provider call", async () => {
    const out = await call({
      prompt: "x",
      files: [
        { name: "a.txt", data: b64("ok") },
        { name: "image.png", type: "image/png", data: "iVBORw0KGgo=" },
      ],
    });
    expect(!out.ok && out.problem.errors).toEqual([
      { address: "body.files[1].data", code: "file.unsupported_type", message: expect.any(String) },
    ]);
    expect(llm.requests).toHaveLength(0);
    expect(await deps.ledger!.balance(accountId)).toEqual({ balance: 10_000_000, reserved: 0, available: 10_000_000 });
  });

  it("repairs: a draft that fails the Check goes back with its diagnostics; after 3 failures 422 generation_failed, billed for the provider's rounds alone", async () => {
    const broken = { ...WIRE, decisions: [{ ...WIRE.decisions[0]!, expr: "agee >= 18" }, WIRE.decisions[1]!] };
    llm.script(
      { kind: "answer", json: broken, usage: { input: 10, output: 10 } },
      { kind: "answer", json: WIRE, usage: { input: 10, output: 10 } },
    );
    const repaired = await call({ prompt: "adults" });
    if (!repaired.ok) throw new Error(JSON.stringify(repaired.problem));
    expect((repaired.value as any).provider_usage).toEqual({ input_tokens: 20, output_tokens: 20 });
    expect(userMessage(1)).toContain("decisions.adult");

    llm.requests.length = 0;
    const before = await deps.ledger!.balance(accountId);
    llm.script(
      { kind: "answer", json: broken, usage: { input: 1_000, output: 300 } },
      { kind: "answer", json: broken, usage: { input: 1_200, output: 310 } },
      { kind: "answer", json: broken, usage: { input: 1_400, output: 320 } },
    );
    const failed = await call({ prompt: "adults" });
    if (failed.ok) throw new Error("a draft that never passes the Check cannot succeed");
    expect(failed.problem).toMatchObject({ status: 422, code: "generation_failed" });
    expect(failed.problem.errors.some((e) => e.address === "decisions.adult")).toBe(true);
    expect(llm.requests).toHaveLength(3);
    // the three paid rounds show, and are billed as items of their own: no API tokens, no execution
    const body = problemBody(failed.problem) as any;
    expect(body.provider_usage).toEqual({ input_tokens: 3_600, output_tokens: 930 });
    const items = Object.fromEntries(body.billing.items.map((i: any) => [i.kind, i.quantity]));
    expect(items).toEqual({ failed_provider_input_tokens: 3_600, failed_provider_output_tokens: 930 });
    const micros = Math.round(body.billing.cost_usd * 1e6);
    expect(micros).toBe(tokenCost(3_600, deps.rates.service.providerInput) + tokenCost(930, deps.rates.service.providerOutput));
    expect(await deps.ledger!.balance(accountId)).toEqual({
      balance: before.balance - micros,
      reserved: 0,
      available: before.balance - micros,
    });
  });

  it("a provider error after a paid round: 502 provider_error, the rounds' tokens billed and shown", async () => {
    const broken = { ...WIRE, decisions: [{ ...WIRE.decisions[0]!, expr: "agee >= 18" }, WIRE.decisions[1]!] };
    llm.script(
      { kind: "answer", json: broken, usage: { input: 900, output: 200 } },
      { kind: "text", text: "I cannot answer in JSON today.", usage: { input: 1_100, output: 40 } },
    );
    const before = await deps.ledger!.balance(accountId);
    const failed = await call({ prompt: "adults" });
    if (failed.ok) throw new Error("a reply that is not JSON cannot succeed");
    const body = problemBody(failed.problem) as any;
    expect(body).toMatchObject({ status: 502, code: "provider_error", provider_usage: { input_tokens: 2_000, output_tokens: 240 } });
    const micros = tokenCost(2_000, deps.rates.service.providerInput) + tokenCost(240, deps.rates.service.providerOutput);
    expect(Math.round(body.billing.cost_usd * 1e6)).toBe(micros);
    expect(await deps.ledger!.balance(accountId)).toEqual({
      balance: before.balance - micros,
      reserved: 0,
      available: before.balance - micros,
    });
  });

  it("a drafted model past the model limit: 502 provider_error naming both sizes, the round's tokens billed, nothing charged for its size", async () => {
    const inputs = [{ ...WIRE.inputs[0]!, desc: "x".repeat(deps.limits.modelBytes) }, WIRE.inputs[1]!];
    llm.script({ kind: "answer", json: { ...WIRE, inputs }, usage: { input: 900, output: 200 } });
    const before = await deps.ledger!.balance(accountId);
    const failed = await call({ prompt: "adults" });
    if (failed.ok) throw new Error("a model past the limit cannot be a draft");
    const body = problemBody(failed.problem) as any;
    expect(body).toMatchObject({ status: 502, code: "provider_error", provider_usage: { input_tokens: 900, output_tokens: 200 } });
    expect(body.detail).toMatch(new RegExp(`drafted a model of \\d+ characters; the model limit is ${deps.limits.modelBytes}`));
    const micros = tokenCost(900, deps.rates.service.providerInput) + tokenCost(200, deps.rates.service.providerOutput);
    expect(await deps.ledger!.balance(accountId)).toEqual({
      balance: before.balance - micros,
      reserved: 0,
      available: before.balance - micros,
    });
  });

  it("provider failures: 502 provider_error, 504 provider_timeout, funds released", async () => {
    llm.script({ kind: "status", status: 502 });
    const failed = await call({ prompt: "x" });
    expect(!failed.ok && failed.problem).toMatchObject({ status: 502, code: "provider_error" });
    expect(await deps.ledger!.balance(accountId)).toEqual({ balance: 10_000_000, reserved: 0, available: 10_000_000 });
    await setup(300);
    llm.script({ kind: "hang" });
    const timeout = await call({ prompt: "x" });
    expect(!timeout.ok && timeout.problem).toMatchObject({ status: 504, code: "provider_timeout" });
    expect(await deps.ledger!.balance(accountId)).toEqual({ balance: 10_000_000, reserved: 0, available: 10_000_000 });
  });
});

describe("documents", () => {
  it("takes the kind from the media type, else the extension, and rejects what it cannot read", async () => {
    expect(await readDocument({ name: "x.csv", data: b64("a,b") }, 0)).toEqual({ name: "x.csv", type: "text/csv", text: "a,b" });
    expect(await readDocument({ type: "text/markdown; charset=utf-8", data: b64("# T") }, 2)).toEqual({
      name: "file 3",
      type: "text/markdown",
      text: "# T",
    });
    await expect(readDocument({ name: "x.json", data: b64("{nope") }, 0)).rejects.toMatchObject({ code: "file.unreadable" });
    await expect(readDocument({ name: "x.pdf", data: b64("not a pdf at all") }, 0)).rejects.toMatchObject({ code: "file.unreadable" });
    await expect(readDocument({ name: "x.pdf", data: "%%%not base64%%%" }, 0)).rejects.toMatchObject({ code: "file.not_base64" });
    await expect(readDocument({ name: "x.docx", data: b64("x") }, 0)).rejects.toMatchObject({ code: "file.unsupported_type" });
  });
});
