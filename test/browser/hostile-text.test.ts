// Stored XSS through a model: `pdm playground` on a model whose name, input and decision names,
// descriptions, options, table cells, `why` and output strings hold HTML that runs (an image's
// onerror, an svg's onload, a script element, a javascript: link) and the other hostile text. The
// editor, the findings, the form, the run's result and answers, the tables with their fired rule
// and the test cases' diff show it as text: no dialog opens, no handler runs, no element is made.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Dialog, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_HOSTILE, hostileModel, RAW_HIDDEN } from "../support/hostile-text.js";
import { HAVE_CHROMIUM, launch, screenshot, serve, type Served } from "./browser.js";

const SUITE = "hostile-text";
const RUNS = `<img src=x onerror="window.__pwned=1"><svg onload="window.__pwned=2"></svg><a href="javascript:window.__pwned=3">x</a>`;
const TEXT = `${ALL_HOSTILE} ${RUNS}`;

describe.skipIf(!HAVE_CHROMIUM)("hostile model text in the playground (pdm playground, Chromium)", () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  const dialogs: string[] = [];
  const state = { [`in ${TEXT}`]: 1, n: 2, opt: "a" };

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "pdm-hostile-page-"));
    writeFileSync(join(dir, "model.json"), JSON.stringify(hostileModel(TEXT), null, 2));
    mkdirSync(join(dir, "cases"));
    // a case that fails, so the page shows a diff quoting the names and values
    writeFileSync(
      join(dir, "cases", `c ${RUNS.replace(/[/\\]/g, "_")}.json`),
      JSON.stringify({ state, expect: { decisions: { t: `+${TEXT}` } } }),
    );
    served = await serve(["playground", join(dir, "model.json"), "--port", "0"]);
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    page.on("dialog", (d: Dialog) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${served.url}/`);
    await page.locator("#findings-summary:not(:empty)").waitFor();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  /** Nothing the model's text holds has run or been made into an element. */
  async function nothingRan(): Promise<void> {
    const seen = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
      made: document.querySelectorAll('img[src="x"], svg[onload], a[href^="javascript:"], [onerror], [onload]').length,
      scripts: [...document.querySelectorAll("script")].filter((s) => !s.src).map((s) => s.textContent ?? ""),
      // the page's own text, the editor aside (it marks such characters: below)
      text: (() => {
        const body = document.body.cloneNode(true) as HTMLElement;
        body.querySelectorAll(".cm-editor").forEach((e) => e.remove());
        return body.textContent ?? "";
      })(),
    }));
    expect(RAW_HIDDEN.exec(seen.text)?.[0]).toBeUndefined();
    expect(seen.pwned).toBeNull();
    expect(seen.made).toBe(0);
    expect(seen.scripts.filter((s) => s.includes("alert") || s.includes("__pwned"))).toEqual([]);
    expect(dialogs).toEqual([]);
  }

  it("checks the model and shows its findings and editor text as text", async () => {
    await page.locator(".cm-content").waitFor();
    expect(await page.locator(".cm-content").textContent()).toContain("onerror");
    // the editor shows the model's control and bidi characters as markers, not obeyed
    expect(await page.locator(".cm-content .cm-specialChar").count()).toBeGreaterThan(0);
    await nothingRan();
    await screenshot(page, SUITE, "01-loaded");
  });

  it("runs a state and shows the decisions, answers and receipt as text", async () => {
    await page.locator('[data-tab="run"]').click();
    await page.locator('input[name="state-mode"][value="json"]').check();
    await page.locator("#state-json").fill(JSON.stringify(state));
    await page.locator("#run").click();
    await page.locator(".verdict.ok").waitFor();
    expect(await page.locator("#result").textContent()).toContain(`window.__pwned=1`);
    await nothingRan();
    await screenshot(page, SUITE, "02-run");
  });

  it("shows the tables with the fired rule, and the test case's diff, as text", async () => {
    await page.locator('[data-tab="tables"]').click();
    await page.locator("table[data-decision] tr.fired").first().waitFor();
    expect(await page.locator("table[data-decision]").first().textContent()).toContain("onerror");
    await nothingRan();
    await screenshot(page, SUITE, "03-tables");
    await page.locator('[data-tab="tests"]').click();
    await page.getByRole("button", { name: "Run all cases" }).click();
    await expect.poll(() => page.locator(".cases .summary").textContent(), { timeout: 20_000 }).toBe("0 passed, 1 failed");
    expect(await page.locator(".cases").textContent()).toContain("onerror");
    await nothingRan();
    await screenshot(page, SUITE, "04-tests");
  });
});
