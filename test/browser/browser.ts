// Shared by the browser tests: Debian's Chromium driven by playwright-core (skipped, with a notice,
// where it is not installed), a `pdm playground` or `pdm serve` child process, and the screenshots
// each step writes to test-artifacts/.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { pdmBin, ROOT } from "../server/spawn.js";

const CHROMIUM = "/usr/bin/chromium";
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM) console.warn(`NOTICE: ${CHROMIUM} is not installed; the browser tests are skipped (.ci/run installs it with apt-get).`);

const ARTIFACTS = join(ROOT, "test-artifacts");

export const launch = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });

export interface Served {
  url: string;
  /** the lines the command printed */
  output: string;
  stop(): Promise<void>;
}

/** Starts `pdm <args>` and waits for the line naming its http://127.0.0.1 address. */
export function serve(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Served> {
  const child: ChildProcess = spawn(process.execPath, [pdmBin(), ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`pdm ${args[0]} did not start: ${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off("data", read);
      resolve({
        url: m[1]!,
        output,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
    child.once("exit", (code) => reject(new Error(`pdm ${args[0]} exited with ${code}: ${output}`)));
  });
}

/** Writes the page as it looks now to test-artifacts/<suite>/<name>.png. */
export async function screenshot(page: Page, suite: string, name: string): Promise<void> {
  mkdirSync(join(ARTIFACTS, suite), { recursive: true });
  // from the top: the editor and the tabs stick to the top of the window, wherever it was scrolled
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ARTIFACTS, suite, `${name}.png`), fullPage: true });
}

/** Every request the page makes, to assert it asks nothing of any origin but the one that served it. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => void urls.push(r.url()));
  return urls;
}
