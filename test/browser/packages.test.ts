// A generated module runs unchanged in Chromium (docs/packages.md, "Requirements"): the samples, a
// few corpus models and random models of the typed generator, each as the bundled module `pdm
// compile -o` writes, minified, and importing the shared runtime through an import map, are served
// from a loopback server to one page, which evaluates random states, the same states with exact
// decimals and unchecked, and a state the check refuses. Every answer and every refusal must equal
// what the same module gives in Node; a module that reaches for `process`, a Node built-in or syntax
// Chromium cannot load fails to load or answers differently there.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORPUS } from "../../bench/corpus/index.js";
import { seeded } from "../../src/providers/seeded-random.js";
import { compileModel, type CompiledModel } from "../../src/compiler/index.js";
import { standaloneModule, type ModuleOptions } from "../../src/compiler/6-package/bundle.js";
import { arbitraryFor } from "../support/arbitrary-state.js";
import { compileOptionsOf, contentOf, typedModel, typedStates } from "../support/generate/typed-models.js";
import { SAMPLES, compileSample, states, tempDir } from "../compiler/6-package/helpers.js";
import { ROOT } from "../server/spawn.js";
import { HAVE_CHROMIUM, launch } from "./browser.js";

/** Random states per model, besides a sample's own cases. */
const STATES = 6;
const CORPUS_MODELS = ["insurance-rating", "kyc-screen", "sla", "amortisation"];
/** Random models of the typed generator: their seeds are drawn anew each run and named in every failure. */
const GENERATED = fc.sample(fc.integer({ min: 1, max: 2 ** 31 - 1 }), 3);

const VARIANTS: Record<string, ModuleOptions> = { bundled: {}, minified: { minify: true }, "runtime-import": { runtime: "import" } };

interface Subject {
  name: string;
  model: CompiledModel;
  states: unknown[];
}

const compile = (
  name: string,
  source: { content: Record<string, unknown>; questions: Record<string, unknown> },
  options = { strict: true },
): CompiledModel => {
  const r = compileModel(source, options);
  if (!r.ok) throw new Error(`${name} does not compile`);
  return r.model;
};

function subjects(): Subject[] {
  const randomStates = (model: CompiledModel, seed: number) =>
    fc.sample(arbitraryFor(model.inputSchema as Record<string, unknown>), { numRuns: STATES, seed });
  const samples = SAMPLES.map((sample) => {
    const model = compileSample(sample);
    return { name: `sample ${sample}`, model, states: [...Object.values(states(sample)), ...randomStates(model, 42)] };
  });
  const corpus = CORPUS.filter((c) => CORPUS_MODELS.includes(c.name)).map((c) => {
    const rnd = seeded(7);
    return { name: `corpus ${c.name}`, model: compile(c.name, c.model), states: Array.from({ length: STATES }, () => c.state(rnd)) };
  });
  const generated = GENERATED.map((seed) => {
    const typed = typedModel(seed);
    return {
      name: `generated seed ${seed}`,
      model: compile(`generated ${seed}`, contentOf(typed), compileOptionsOf(typed)),
      states: typedStates(typed, STATES, seed),
    };
  });
  return [...samples, ...corpus, ...generated];
}

/** A state every input of the model refuses: each input a list holding an empty list. */
const refusedState = (model: CompiledModel): Record<string, unknown> =>
  Object.fromEntries(Object.keys((model.inputSchema as { properties: Record<string, unknown> }).properties).map((n) => [n, [[]]]));

interface Job {
  name: string;
  url: string;
  states: unknown[];
  refused: unknown;
}

/**
 * The runner, the same text in Node and in the page: imports each module and records, per state,
 * what every entry returns or throws (as JSON), so values made in either place compare equal.
 */
const RUNNER = `
const settle = (f) => {
  try {
    return { value: JSON.parse(JSON.stringify(f() ?? null)) };
  } catch (e) {
    return { threw: { name: String(e && e.name), message: String(e && e.message), code: (e && e.code) ?? null,
      issues: e && e.issues ? JSON.parse(JSON.stringify(e.issues)) : null } };
  }
};
export async function run(jobs) {
  const out = {};
  for (const job of jobs) {
    let mod;
    try {
      mod = await import(job.url);
    } catch (e) {
      out[job.name] = { load: String(e) };
      continue;
    }
    out[job.name] = {
      states: job.states.map((s) => ({
        evaluate: settle(() => mod.evaluate(s)),
        exact: settle(() => mod.evaluate(s, { exactDecimals: true })),
        traced: settle(() => mod.evaluateTraced(s)),
        unchecked: settle(() => mod.evaluateUnchecked(s)),
      })),
      refused: {
        validate: settle(() => mod.validate(job.refused)),
        evaluate: settle(() => mod.evaluate(job.refused)),
        unchecked: settle(() => mod.evaluateUnchecked(job.refused)),
        notObject: settle(() => mod.evaluate(null)),
      },
    };
  }
  return out;
}
`;

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".json": "application/json",
};

/** Serves `/` from `dir`, `/lib/` from the project's built runtime and `/re2js/` from its one dependency. */
function serveFolder(dir: string): Promise<{ server: Server; url: string }> {
  const roots: [string, string][] = [
    ["/lib/", join(ROOT, "dist/lib")],
    ["/re2js/", join(ROOT, "node_modules/re2js/build")],
    ["/", dir],
  ];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const [prefix, base] = roots.find(([p]) => path.startsWith(p))!;
    const file = normalize(join(base, path.slice(prefix.length) || "index.html"));
    try {
      if (!file.startsWith(base)) throw new Error("outside");
      const body = readFileSync(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

const IMPORT_MAP = {
  imports: { "portable-decision-models/runtime": "/lib/compiler/6-package/runtime/index.js", re2js: "/re2js/index.js" },
};

describe.skipIf(!HAVE_CHROMIUM)("generated modules in Chromium answer as in Node", () => {
  let browser: Browser;
  let page: Page;
  let server: Server;
  let jobs: Job[];
  let inNode: Record<string, unknown>;
  let inChromium: Record<string, unknown>;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const dir = tempDir("pdm-browser-packages-");
    mkdirSync(join(dir, "m"));
    mkdirSync(join(dir, "node_modules"));
    // in Node the runtime-import modules find the project as an installed package
    symlinkSync(ROOT, join(dir, "node_modules", "portable-decision-models"), "dir");
    const all = subjects();
    const built = await Promise.all(
      all.flatMap((s, i) =>
        Object.entries(VARIANTS).map(async ([variant, options]) => {
          const file = `m/${i}-${variant}.mjs`;
          writeFileSync(join(dir, file), await standaloneModule(s.model, "esm", options));
          return { name: `${s.name} (${variant})`, file, states: s.states, refused: refusedState(s.model) };
        }),
      ),
    );
    writeFileSync(join(dir, "runner.mjs"), RUNNER);
    writeFileSync(
      join(dir, "index.html"),
      `<!doctype html><html><head><script type="importmap">${JSON.stringify(IMPORT_MAP)}</script></head><body></body></html>`,
    );
    let url: string;
    ({ server, url } = await serveFolder(dir));
    jobs = built.map(({ file, ...j }) => ({ ...j, url: pathToFileURL(join(dir, file)).href }));
    const pageJobs = built.map(({ file, ...j }) => ({ ...j, url: `${url}/${file}` }));
    const runner = (await import(pathToFileURL(join(dir, "runner.mjs")).href)) as { run(j: Job[]): Promise<Record<string, unknown>> };
    inNode = await runner.run(jobs);
    browser = await launch();
    page = await browser.newPage();
    page.on("pageerror", (e) => void pageErrors.push(String(e)));
    await page.goto(`${url}/`);
    // a string, so the test runner's transform leaves its import() alone
    inChromium = (await page.evaluate(`import("/runner.mjs").then((r) => r.run(${JSON.stringify(pageJobs)}))`)) as Record<string, unknown>;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
  });

  it("loads every module in Node and in Chromium, without an error on the page", () => {
    expect(jobs.length).toBe((SAMPLES.length + CORPUS_MODELS.length + GENERATED.length) * Object.keys(VARIANTS).length);
    for (const { name } of jobs) {
      expect(inNode[name], `${name} in Node`).not.toHaveProperty("load");
      expect(inChromium[name], `${name} in Chromium`).not.toHaveProperty("load");
    }
    expect(pageErrors).toEqual([]);
  });

  it("answers every state, checked, exact, traced and unchecked, as in Node", () => {
    for (const { name } of jobs) {
      // the states are the model's own: most evaluate to decisions (a few may leave a declared type)
      const answered = (inNode[name] as { states: { evaluate: { value?: unknown } }[] }).states.filter((s) => "value" in s.evaluate);
      expect(answered.length, name).toBeGreaterThan(0);
      expect(inChromium[name], name).toEqual(inNode[name]);
    }
  });

  it("refuses the broken state as in Node: validate lists problems and evaluate throws InvalidStateError", () => {
    for (const { name } of jobs) {
      const refused = (inNode[name] as { refused: Record<string, { value?: { ok: boolean }; threw?: { issues: unknown[] } }> }).refused;
      expect(refused.validate!.value!.ok, name).toBe(false);
      expect(refused.evaluate!.threw!.issues.length, name).toBeGreaterThan(0);
      expect(refused.notObject!.threw, name).toBeDefined();
      expect((inChromium[name] as { refused: unknown }).refused, name).toEqual(refused);
    }
  });
});
