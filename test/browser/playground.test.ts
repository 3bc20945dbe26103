// The playground page in a real browser (Debian's Chromium through playwright-core), served by
// `pdm playground` for a copy of the lending sample: a typo shows its diagnostic at its place and
// goes away when fixed; the form runs the model through the service and the page shows what the
// compiler computes for the same state (values, the fired rule highlighted, the "why not" of an
// earlier rule, a verified receipt); the test cases run with a diff for the one that differs; a
// table cell edited in the page is saved to the file. Nothing is requested of any other origin.
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileModel, type CompiledModel } from "../../src/compiler/index.js";
import { arbitraryFor } from "../support/arbitrary-state.js";
import { ROOT } from "../server/spawn.js";
import { HAVE_CHROMIUM, launch, recordRequests, screenshot, serve, type Served } from "./browser.js";

const SUITE = "playground";
const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

describe.skipIf(!HAVE_CHROMIUM)("the playground page (pdm playground, Chromium)", () => {
  let dir: string;
  let served: Served;
  let browser: Browser;
  let page: Page;
  let requests: string[];
  let lending: CompiledModel;
  let changedCase: { file: string; decision: string; expected: unknown; actual: unknown };
  const modelFile = () => join(dir, "model.json");

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "pdm-playground-"));
    cpSync(join(ROOT, "samples", "lending"), dir, { recursive: true });
    const compiled = compileModel(JSON.parse(readFileSync(modelFile(), "utf8")));
    if (!compiled.ok) throw new Error("the lending sample does not compile");
    lending = compiled.model;
    // one case expects another risk than the model gives: the page must show that diff
    const file = readdirSync(join(dir, "cases")).sort()[0]!;
    const c = JSON.parse(readFileSync(join(dir, "cases", file), "utf8"));
    const actual = c.expect.decisions.risk;
    const expected = actual === "low" ? "high" : "low";
    c.expect.decisions.risk = expected;
    writeFileSync(join(dir, "cases", file), JSON.stringify(c));
    changedCase = { file, decision: "risk", expected, actual };

    served = await serve(["playground", modelFile(), "--port", "0"]);
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    requests = recordRequests(page);
  });
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  const findingsSummary = () => page.locator("#findings-summary");

  it("loads the model file and its check passes", async () => {
    await page.goto(`${served.url}/`);
    await expect.poll(() => findingsSummary().textContent()).toBe("✓ the model checks");
    expect(await page.locator(".cm-content").textContent()).toContain("Personal loan approval");
    await screenshot(page, SUITE, "01-loaded");
  });

  it("shows a typo's diagnostic at its place as the user types, and clears it once fixed", async () => {
    // "decimal(loan amount / 60, 2)": the caret goes after "amou" and the "u" is deleted
    await page.locator(".cm-line", { hasText: '"monthly payment"' }).click();
    await page.keyboard.press("End");
    for (let i = 0; i < 'nt / 60, 2)",'.length; i++) await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Backspace");
    const finding = page.locator("#findings li", { hasText: "decisions.monthly payment" });
    await finding.waitFor();
    expect(await finding.textContent()).toContain("loan amont");
    const underlined = page.locator(".cm-line", { hasText: "loan amont" }).locator(".cm-lintRange-error");
    await underlined.first().waitFor();
    expect(await underlined.allTextContents()).toContain("loan amont");
    expect(await findingsSummary().textContent()).toMatch(/^[1-9]\d* error/);
    await screenshot(page, SUITE, "02-typo");

    await page.keyboard.type("u");
    await expect.poll(() => findingsSummary().textContent()).toBe("✓ the model checks");
    await expect.poll(() => page.locator(".cm-lintRange-error").count()).toBe(0);
    await screenshot(page, SUITE, "03-fixed");
  });

  it("runs the state filled in the form: the values the compiler gives, a verified receipt, answers as bars", async () => {
    const state = { "credit score": 700, "annual income": 60000, "monthly debt": 500, "loan amount": 30000, employment: "salaried" };
    for (const [name, value] of Object.entries(state)) {
      const field = page.locator(`#state-form [aria-label="${name}"]`);
      if (typeof value === "number") await field.fill(String(value));
      else await field.selectOption({ label: value });
    }
    await screenshot(page, SUITE, "04-form");
    await page.locator("#run").click();
    await page.locator(".verdict.ok").waitFor();
    expect(await page.locator(".verdict").textContent()).toMatch(/signature verified with key/);
    const { decisions, trace } = lending.evaluateTraced(state);
    for (const [name, value] of Object.entries(decisions))
      expect(await page.locator(`tr[data-decision="${name}"] td.value`).textContent(), name).toBe(show(value));
    const answers = lending.answers(decisions) as Record<string, { value: unknown }>;
    for (const [id, a] of Object.entries(answers))
      expect(await page.locator(`.answer[data-question="${id}"] .answer-head`).textContent()).toBe(`${id} ${show(a.value)}`);
    expect(await page.locator(".answer .bar").count()).toBeGreaterThan(0);
    await screenshot(page, SUITE, "05-result");

    await page.locator('[data-tab="tables"]').click();
    const risk = page.locator('table[data-decision="risk"]');
    const fired = trace.risk!.rule as number;
    expect(fired).toBeGreaterThan(1);
    expect(await risk.locator("tr.fired").getAttribute("data-rule")).toBe(String(fired));
    // rule 1 asks for a credit score of at least 740: its "why not" names the column and the value seen
    const whyNot = await risk.locator('tr[data-rule="1"] td.status').textContent();
    expect(whyNot).toContain("why not");
    expect(whyNot).toContain(`credit score was ${state["credit score"]}`);
    for (let r = fired + 1; r <= 4; r++) expect(await risk.locator(`tr[data-rule="${r}"] td.status`).textContent()).toContain("not tried");
    await screenshot(page, SUITE, "06-tables");
  });

  it("shows, for generated states sent as JSON, the decisions and fired rules the compiler gives", async () => {
    const states = fc.sample(arbitraryFor(lending.inputSchema) as fc.Arbitrary<Record<string, unknown>>, { numRuns: 4, seed: 20261124 });
    await page.locator('[data-tab="run"]').click();
    await page.locator('input[name="state-mode"][value="json"]').check();
    for (const state of states) {
      await page.locator("#state-json").fill(JSON.stringify(state));
      await page.locator("#result").evaluate((el) => el.replaceChildren());
      await page.locator("#run").click();
      await page.locator(".verdict.ok").waitFor();
      const { decisions, trace } = lending.evaluateTraced(state);
      for (const [name, value] of Object.entries(decisions))
        expect(await page.locator(`tr[data-decision="${name}"] td.value`).textContent(), `${name} of ${JSON.stringify(state)}`).toBe(
          show(value),
        );
      await page.locator('[data-tab="tables"]').click();
      for (const [name, t] of Object.entries(trace))
        if (t.rule !== undefined)
          expect(await page.locator(`table[data-decision="${name}"] tr.fired`).getAttribute("data-rule"), name).toBe(String(t.rule));
      await page.locator('[data-tab="run"]').click();
    }
    await page.locator('input[name="state-mode"][value="form"]').check();
  });

  it("runs text evidence: shows what the reader took from it, and the decisions the compiler gives for those values", async () => {
    await page.locator('[data-tab="run"]').click();
    await page.locator('input[name="state-mode"][value="text"]').check();
    await page
      .locator("#state-text")
      .fill(
        "The applicant has a credit score of 760 and an annual income of 60,000 dollars, pays 500 dollars a month on existing debts, asks to borrow 60,000 dollars and is salaried.",
      );
    await page.locator("#result").evaluate((el) => el.replaceChildren());
    await page.locator("#run").click();
    await page.locator(".verdict.ok").waitFor();
    const receipt = JSON.parse((await page.locator(".receipt pre").textContent())!);
    const read = Object.fromEntries(Object.entries(receipt.read as Record<string, { value: unknown }>).map(([k, r]) => [k, r.value]));
    expect(Object.keys(read).sort()).toEqual(Object.keys(lending.inputSchema.properties as object).sort());
    for (const [name, value] of Object.entries(read))
      expect(await page.locator(`table.read tr[data-input="${name}"] td.value`).textContent()).toBe(show(value));
    for (const [name, value] of Object.entries(lending.evaluate(read)))
      expect(await page.locator(`tr[data-decision="${name}"] td.value`).textContent(), name).toBe(show(value));
    await screenshot(page, SUITE, "06b-text-evidence");
    await page.locator('input[name="state-mode"][value="form"]').check();
  });

  it("runs the model's test cases and shows the diff of the one that differs", async () => {
    await page.locator('[data-tab="tests"]').click();
    const cases = readdirSync(join(dir, "cases")).length;
    expect(await page.locator(".case-list tr").count()).toBe(cases);
    await page.getByRole("button", { name: "Run all cases" }).click();
    await expect.poll(() => page.locator(".cases .summary").textContent(), { timeout: 20_000 }).toBe(`${cases - 1} passed, 1 failed`);
    const failing = page.locator(`tr[data-case="${changedCase.file}"]`);
    expect(await failing.locator(".diff code").textContent()).toBe(`decisions.${changedCase.decision}`);
    expect(await failing.locator(".diff .expected").textContent()).toBe(`- expected ${show(changedCase.expected)}`);
    expect(await failing.locator(".diff .actual").textContent()).toBe(`+ actual   ${show(changedCase.actual)}`);
    await screenshot(page, SUITE, "07-tests");
  });

  it("edits a table cell in the page and saves it to the file only when asked", async () => {
    const before = readFileSync(modelFile(), "utf8");
    await page.locator('[data-tab="tables"]').click();
    const cell = page.locator('[aria-label="risk rule 1 credit score"]');
    await cell.fill(">= 730");
    await cell.press("Enter");
    await expect.poll(() => page.locator(".cm-content").textContent()).toContain('">= 730"');
    expect(readFileSync(modelFile(), "utf8")).toBe(before);
    await page.locator("#save").click();
    await expect.poll(() => page.locator("#status").textContent()).toBe("saved model.json");
    const saved = JSON.parse(readFileSync(modelFile(), "utf8"));
    expect(saved.content.decisions.risk[1][0]).toBe(">= 730");
    saved.content.decisions.risk[1][0] = ">= 740";
    expect(saved).toEqual(JSON.parse(before));
    await screenshot(page, SUITE, "08-saved");
  });

  it("asks nothing of any origin but the one that served it", () => {
    expect(requests.length).toBeGreaterThan(5);
    for (const url of requests) expect(url.startsWith(`${served.url}/`), url).toBe(true);
  });
});
