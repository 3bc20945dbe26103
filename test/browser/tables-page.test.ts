// What a newcomer meets first on the page `pdm serve` serves: it opens on a sample that checks, the
// browser's icon request is answered, each mistake of the broken sample is listed once and marked
// on the table cell (or rule, or table) it is about, a wide `# why` column leaves the run column in
// sight, and the FEEL highlighter does not take the `and` or `of` inside a name for a keyword.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSamples } from "../../bench/load-samples.js";
import { checkModel } from "../../src/compiler/index.js";
import { ROOT } from "../server/spawn.js";
import { HAVE_CHROMIUM, launch, screenshot, serve, type Served } from "./browser.js";

const SUITE = "tables-page";

describe.skipIf(!HAVE_CHROMIUM)("the playground's tables and findings (pdm serve, Chromium)", () => {
  let served: Served;
  let browser: Browser;
  let page: Page;
  let key: string;

  beforeAll(async () => {
    const { DATABASE_URL: _d, REDIS_URL: _r, PDM_DB: _p, ...env } = process.env;
    const db = join(mkdtempSync(join(tmpdir(), "pdm-tables-page-")), "pdm.db");
    served = await serve(["serve", "--port", "0", "--db", db, "--log-level", "silent", "--samples", join(ROOT, "samples")], env);
    key = /^(pdm_\S+)$/m.exec(served.output)![1]!;
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await page.goto(`${served.url}/`);
    await page.locator("#findings-summary:not(:empty)").waitFor();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  const pick = async (name: string) => {
    await page.locator("#model-picker").selectOption({ label: name });
    await page.locator("#findings-summary:not(:empty)").waitFor();
  };

  it("opens on the first sample that checks, not on the broken one", async () => {
    const first = loadSamples()
      .map((s) => s.name)
      .sort()
      .find((name) => checkModel(loadSamples().find((s) => s.name === name)!.model).valid);
    expect(await page.locator("#model-picker option:checked").textContent()).toBe(first);
    expect(await page.locator("#findings-summary").textContent()).toBe("✓ the model checks");
    await screenshot(page, SUITE, "01-opened");
  });

  it("answers the browser's icon request", async () => {
    const res = await fetch(`${served.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toMatch(/^<svg /);
  });

  it("lists each mistake of the broken sample once, and marks it on the cell, rule or table it addresses", async () => {
    await pick("broken");
    const items = await page.locator("#findings li").allTextContents();
    expect(items.length).toBeGreaterThan(5);
    expect(new Set(items).size).toBe(items.length);
    // the missing desc: the schema and the compiler both see it, the list says it once
    expect(items.filter((t) => t.includes("requested limit") && t.includes("desc"))).toHaveLength(1);
    await page.locator('[data-tab="tables"]').click();
    // a cell: "senior" cannot match a number column
    const cell = page.locator('table[data-decision="age check"] tr[data-rule="2"] td.mark-error');
    expect(await cell.count()).toBe(1);
    expect(await cell.locator("input").inputValue()).toBe('"senior"');
    expect(await cell.getAttribute("title")).toContain("cannot match a number");
    // a rule as a whole: no else row
    const rule = page.locator('table[data-decision="limit band"] tr[data-rule="2"] td.rule-number');
    expect(await rule.getAttribute("class")).toContain("mark-error");
    expect(await rule.getAttribute("title")).toContain("else row");
    // the table: its hit policy
    expect(await page.locator('table[data-decision="segment"] caption .caption-mark').textContent()).toContain("FIRST");
    // every finding about a rule is shown on its table
    const marked = await page.locator("table.decision-table [data-diagnostics]").count();
    expect(marked).toBeGreaterThanOrEqual(4);
    await screenshot(page, SUITE, "02-broken-tables");
  });

  it("keeps the run column in sight when a `# why` column is wide", async () => {
    await page.locator("#api-key").fill(key);
    await page.locator("#api-key").press("Tab");
    const sample = loadSamples().find((s) => JSON.stringify(s.model).includes("# why") && s.cases.length > 0)!;
    await pick(sample.name);
    await page.locator('[data-tab="run"]').click();
    await page.locator('input[name="state-mode"][value="json"]').check();
    await page.locator("#state-json").fill(JSON.stringify(sample.cases[0]!.state));
    await page.locator("#run").click();
    await page.locator(".verdict.ok").waitFor();
    await page.locator('[data-tab="tables"]').click();
    // a long `# why`, typed into the table itself: the cell edit goes into the model text
    const why = page.locator("td.annotation input.cell").first();
    const long = `${"a reason written at length, ".repeat(12)}end`;
    await why.fill(long);
    await why.press("Enter");
    await expect.poll(() => page.locator(".cm-content").textContent()).toContain(long);
    await page.locator("td.status").first().waitFor();
    const viewport = page.viewportSize()!;
    const tables = page.locator(".table-scroll");
    expect(await tables.count()).toBeGreaterThan(0);
    // the tables are drawn again once the edited model is checked: measured when they have settled,
    // every table's run column within its box and the window
    const misplaced = async (): Promise<string[]> => {
      const out: string[] = [];
      for (let i = 0; i < (await tables.count()); i++) {
        const box = await tables.nth(i).boundingBox();
        const at = await tables.nth(i).locator("td.status").first().boundingBox();
        if (!box || !at) out.push(`table ${i}: not drawn`);
        else if (at.x < box.x || at.x + at.width > box.x + box.width + 1 || at.x + at.width > viewport.width)
          out.push(`table ${i}: run column at ${at.x}..${at.x + at.width}, table ${box.x}..${box.x + box.width}`);
      }
      return out;
    };
    await expect.poll(misplaced, { timeout: 10_000 }).toEqual([]);
    await screenshot(page, SUITE, "03-run-column");
  });

  it("does not colour the keywords inside a name of several words", async () => {
    const model = {
      content: {
        name: "ages",
        inputs: { "date of birth": { type: "date", desc: "When was the applicant born?" } },
        decisions: {
          age: 'years and months duration(date of birth, date("2026-01-01")).years',
          band: 'if age >= 18 and age < 65 then "adult" else "other"',
        },
      },
    };
    await page.locator(".cm-content").click();
    await page.keyboard.press("Control+A");
    await page.keyboard.insertText(JSON.stringify(model, null, 2));
    // the page has taken the new text in (it has no tables)
    await expect.poll(() => page.locator("#tables").textContent()).toBe("This model has no decision tables.");
    const keywords = await page.locator(".cm-line .feel-keyword").allTextContents();
    // `if`, `and`, `then`, `else` of the band decision are keywords; nothing of the names is
    expect(keywords.sort()).toEqual(["and", "else", "if", "then"]);
    await screenshot(page, SUITE, "04-highlight");
  });
});
