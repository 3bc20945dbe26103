// The page as `pdm serve` serves it at /: it asks for an API key (kept in the tab's session
// storage), offers the samples, says what the service answered without a key, and with the key
// runs a sample and its test cases, every case matching. Only the serving origin is asked.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSamples } from "../../bench/load-samples.js";
import { ROOT } from "../server/spawn.js";
import { HAVE_CHROMIUM, launch, recordRequests, screenshot, serve, type Served } from "./browser.js";

const SUITE = "serve";

describe.skipIf(!HAVE_CHROMIUM)("the playground page under pdm serve (Chromium)", () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  let requests: string[];
  let key: string;
  const pricing = loadSamples().find((s) => s.name === "pricing")!;

  beforeAll(async () => {
    const { DATABASE_URL: _d, REDIS_URL: _r, PDM_DB: _p, ...env } = process.env;
    const db = join(mkdtempSync(join(tmpdir(), "pdm-serve-page-")), "pdm.db");
    served = await serve(["serve", "--port", "0", "--db", db, "--log-level", "silent", "--samples", join(ROOT, "samples")], env);
    key = /^(pdm_\S+)$/m.exec(served.output)![1]!;
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    requests = recordRequests(page);
    await page.goto(`${served.url}/`);
    await page.locator("#findings-summary:not(:empty)").waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it("offers every sample and asks for a key", async () => {
    const names = await page.locator("#model-picker option").allTextContents();
    for (const s of loadSamples()) expect(names).toContain(s.name);
    expect(await page.locator("#key-field").isVisible()).toBe(true);
    await page.locator("#model-picker").selectOption({ label: "pricing" });
    await expect.poll(() => page.locator(".cm-content").textContent()).toContain(String((pricing.model.content as { name: string }).name));
    await expect.poll(() => page.locator("#findings-summary").textContent()).toBe("✓ the model checks");
  });

  it("shows the service's problem when run without a key", async () => {
    await page.locator("#run").click();
    await page.locator("#result .problem").waitFor();
    expect(await page.locator("#result .problem").textContent()).toContain("401 missing_api_key");
    await screenshot(page, SUITE, "01-no-key");
  });

  it("runs with the key, keeps it for the tab only, and verifies the receipt", async () => {
    await page.locator("#api-key").fill(key);
    await page.locator("#api-key").press("Tab");
    expect(await page.evaluate(() => [sessionStorage.getItem("pdm-api-key"), localStorage.length])).toEqual([key, 0]);
    await page.locator("#run").click();
    await page.locator(".verdict:not(.pending), #result .problem").first().waitFor();
    await screenshot(page, SUITE, "02-run");
    expect(await page.locator("#result").textContent()).toContain("✓ signature verified");
  });

  it("runs the sample's test cases, every one matching", async () => {
    await page.locator('[data-tab="tests"]').click();
    await page.getByRole("button", { name: "Run all cases" }).click();
    await expect
      .poll(() => page.locator(".cases .summary").textContent(), { timeout: 20_000 })
      .toBe(`${pricing.cases.length} passed, 0 failed`);
    await screenshot(page, SUITE, "03-cases");
  });

  it("makes a form of nested fieldsets and lists for struct and list inputs, and runs a case's state loaded into it", async () => {
    const eligibility = loadSamples().find((s) => s.name === "eligibility")!;
    await page.locator("#model-picker").selectOption({ label: "eligibility" });
    await page.locator('[data-tab="run"]').click();
    expect(await page.locator('#state-form fieldset[aria-label="applicant"] [aria-label="age"]').count()).toBe(1);
    const withMembers = eligibility.cases.find((c) => (c.state.members as unknown[]).length > 1)!;
    await page.locator('[data-tab="tests"]').click();
    await page.locator(`tr[data-case="${withMembers.name}.json"]`).getByRole("button", { name: "Load state" }).click();
    expect(await page.locator('#state-form .list[aria-label="members"] > ol > li').count()).toBe(
      (withMembers.state.members as unknown[]).length,
    );
    await page.locator("#run").click();
    await page.locator(".verdict.ok").waitFor();
    for (const [name, value] of Object.entries(withMembers.expected.decisions))
      expect(await page.locator(`tr[data-decision="${name}"] td.value`).textContent(), name).toBe(
        typeof value === "string" ? value : JSON.stringify(value),
      );
    await screenshot(page, SUITE, "04-struct-and-list-form");
  });

  it("shows a table's `# why` column and rules written as objects", async () => {
    await page.locator("#model-picker").selectOption({ label: "kyc-risk" });
    await page.locator('[data-tab="tables"]').click();
    await page.locator('table[data-decision="due diligence"]').waitFor();
    expect(await page.locator("th.annotation").count()).toBeGreaterThan(0);
    expect(await page.locator("td.annotation input.cell").count()).toBeGreaterThan(0);
    await screenshot(page, SUITE, "05-why-column");
  });

  it("asks nothing of any origin but the one that served it", () => {
    for (const url of requests) expect(url.startsWith(`${served.url}/`), url).toBe(true);
  });
});
