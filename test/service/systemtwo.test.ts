import { beforeEach, describe, expect, it } from "vitest";
import { systemTwoModels } from "../../src/service/systemtwo.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { MODEL } from "./fake-compiler.js";
import { serviceDeps } from "./harness.js";

let deps: ServiceDeps;
let accountId: string;
const call = (body: unknown) => systemTwoModels({ body, inputTokens: 100, accountId, startedAt: 0 }, deps);

describe("systemTwoModels", () => {
  beforeEach(async () => {
    ({ deps } = await serviceDeps());
    accountId = (await deps.ledger!.createAccount("acct", 1_000_000)).id;
  });

  it("checks content for free and returns exactly the Check object", async () => {
    const out = await call({ content: MODEL.content, output: MODEL.questions, dry_run: true });
    if (!out.ok) throw new Error(out.problem.detail);
    expect(Object.keys(out.value).sort()).toEqual(["content", "input", "stages", "valid", "warnings"]);
    expect(out.value.valid).toBe(true);
    expect(out.value.input).toMatchObject({ required: ["a", "b"] });
    expect((await deps.ledger!.balance(accountId)).balance).toBe(1_000_000);
  });

  it("a portable model sent as model {content, questions} is the same free Check as content and output", async () => {
    const asModel = await call({ model: { content: MODEL.content, questions: MODEL.questions } });
    const asContent = await call({ content: MODEL.content, output: MODEL.questions });
    if (!asModel.ok) throw new Error(asModel.problem.detail);
    expect(asModel.value).toEqual(asContent.ok && asContent.value);
    expect(asModel.value.valid).toBe(true);
    const contentOnly = await call({ model: { content: MODEL.content } });
    expect(contentOnly.ok && contentOnly.value.valid).toBe(true);
    expect((await deps.ledger!.balance(accountId)).balance).toBe(1_000_000);
  });

  it.each([
    [
      "model and content",
      { model: { content: MODEL.content }, content: MODEL.content },
      "body.model",
      "request.conflict",
      /conflicts with content/,
    ],
    [
      "model and output",
      { model: { content: MODEL.content }, output: MODEL.questions },
      "body.model",
      "request.conflict",
      /conflicts with output/,
    ],
    ["a model without content", { model: { questions: MODEL.questions } }, "body.model.content", "request.missing", /content is required/],
    ["a number as model", { model: 7 }, "body.model", "request.type", /string or object/],
    ["nothing to check", { name: "x" }, "body.content", "request.missing", /model \{content, questions\}.*prompt/],
  ])("400 for %s names what to send", async (_, body, address, code, message) => {
    const out = await call(body);
    expect(!out.ok && out.problem.errors).toContainEqual(
      expect.objectContaining({ address, code, message: expect.stringMatching(message) }),
    );
  });

  it("lists the request fields it ignored first among the Check's warnings, with the field probably meant", async () => {
    const out = await call({ content: MODEL.content, output: MODEL.questions, dryrun: true });
    if (!out.ok) throw new Error(out.problem.detail);
    expect(out.value.warnings).toEqual(["body.dryrun: `dryrun` is not a field of this request and was ignored; did you mean `dry_run`?"]);
  });

  it("reports an invalid definition as a 200 Check with valid false", async () => {
    const out = await call({ content: { inputs: {}, decisions: {} } });
    if (!out.ok) throw new Error(out.problem.detail);
    expect(out.value.valid).toBe(false);
  });

  it("a prompt or files with no language model configured: 502 saying how to configure one, funds released", async () => {
    for (const body of [{ prompt: "a loan model" }, { files: [{ name: "policy.txt", type: "text/plain", data: "..." }] }]) {
      const out = await call(body);
      expect(!out.ok && out.problem.code).toBe("provider_unavailable");
      expect(!out.ok && out.problem.detail).toMatch(/PDM_OPENAI_BASE_URL.*PDM_ANTHROPIC_API_KEY.*docs\/providers\.md/);
    }
    expect(await deps.ledger!.balance(accountId)).toEqual({ balance: 1_000_000, reserved: 0, available: 1_000_000 });
  });

  it("402 for a prompt the balance cannot cover", async () => {
    const poor = (await deps.ledger!.createAccount("poor", 5)).id;
    const out = await systemTwoModels({ body: { prompt: "x" }, inputTokens: 10, accountId: poor, startedAt: 0 }, deps);
    expect(!out.ok && out.problem.status).toBe(402);
  });

  it.each([
    [{}, "body.content", "request.missing"],
    [{ content: "x" }, "body.content", "request.type"],
    [{ content: {}, dry_run: "yes" }, "body.dry_run", "request.type"],
    [{ files: [{ name: "x" }] }, "body.files[0].data", "request.missing"],
  ])("400 for %j", async (body, address, code) => {
    const out = await call(body);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.problem.errors).toContainEqual(expect.objectContaining({ address, code }));
  });
});
