// A module or package carries only the runtime its model calls (docs/packages.md): a model with no
// regular expressions, temporal values or string formats holds none of that code, one that calls
// matches() holds the engine and answers as the compiler does; every output parses at the language
// level docs/packages.md promises, runs in a bare V8 context and in a worker without `process`;
// `--runtime import` modules run against the shared runtime, and `--minify` ones as the others.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { runInNewContext } from "node:vm";
import { Worker } from "node:worker_threads";
import { parse } from "acorn";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { compileModel, type CompiledModel } from "../../../src/compiler/index.js";
import { standaloneModule } from "../../../src/compiler/6-package/bundle.js";
import { ECMA_VERSION, RUNTIME_PACKAGE } from "../../../src/compiler/6-package/standalone.js";
import { compileSample, expected, root, states, tempDir } from "./helpers.js";

/** Strings only the code of each part has: its names survive bundling (not minifying). */
const MARKERS = {
  re2js: "RE2JS",
  ajvFormats: "fullFormats",
  temporalParser: "parseDateTime",
  temporal: "clockOrder",
  // the diagnostic catalogue's table of stages, which no generated module reads
  checkStages: "TCK runner",
  // the cutting of a diagnostic's source into an excerpt: a state's problems quote no source
  excerpt: "SOURCE_BEFORE_SPAN",
};

/** The comments of a module but esbuild's marks of where each file begins and its `@__PURE__` annotations. */
function prose(text: string): string[] {
  const comments: string[] = [];
  parse(text, { ecmaVersion: "latest", sourceType: "module", onComment: (_block, t) => void comments.push(t) });
  return comments.filter((t) => !/^ [\w./:-]+$/.test(t) && !/[@#]__PURE__/.test(t));
}

const compile = (model: Record<string, unknown>): CompiledModel => {
  const r = compileModel(model);
  if (!r.ok) throw new Error("the model does not compile");
  return r.model;
};

/** A model whose one decision tests its input against a pattern with matches(). */
const matchesModel = {
  content: {
    name: "codes",
    inputs: { code: { type: "string", desc: "What is the product code?" } },
    decisions: { "well formed": 'matches(code, "^[A-Z]{2}[0-9]{3}$")' },
  },
  questions: {},
};

/** Imports a module's text written to a temporary file. */
async function load(text: string, name = "model.mjs"): Promise<Record<string, (...args: unknown[]) => unknown>> {
  const file = join(tempDir("pdm-shaking-"), name);
  writeFileSync(file, text);
  return import(pathToFileURL(file).href);
}

describe("a bundled module carries only what its model calls", () => {
  let lending: CompiledModel;
  let lendingModule: string;
  beforeAll(async () => {
    lending = compileSample("lending");
    lendingModule = await standaloneModule(lending);
  });

  it("holds no regular-expression engine, ajv-formats, temporal code or the Check's stage table for a model with none", () => {
    for (const marker of Object.values(MARKERS)) expect(lendingModule).not.toContain(marker);
    expect(lendingModule.length).toBeLessThan(200_000);
  });

  it("holds none of the runtime's comments (doc comments are no part of what it runs)", async () => {
    expect(prose(lendingModule)).toEqual([]);
    expect(prose(await standaloneModule(compileSample("claims-triage")))).toEqual([]);
  });

  it("answers every sample state as the compiler does", async () => {
    const mod = await load(lendingModule);
    for (const [file, state] of Object.entries(states("lending")))
      expect(mod.evaluate!(state)).toEqual(expected("lending", file).decisions);
  });

  it("holds the engine for a model that calls matches(), and answers as the compiler's module on any string", async () => {
    const model = compile(matchesModel);
    const text = await standaloneModule(model);
    expect(text).toContain(MARKERS.re2js);
    expect(text).not.toContain(MARKERS.temporalParser);
    const mod = await load(text);
    const inProcess = model.evaluate;
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[A-Z]{2}[0-9]{3}$/)), (code) => {
        expect(mod.evaluate!({ code })).toEqual(inProcess({ code }));
      }),
      { numRuns: 200 },
    );
    expect(mod.evaluate!({ code: "AB123" })).toEqual({ "well formed": true });
    expect(mod.evaluate!({ code: "ab123" })).toEqual({ "well formed": false });
  });

  it("holds the temporal parser for a model with temporal inputs, and answers its samples", async () => {
    const text = await standaloneModule(compileSample("claims-triage"));
    expect(text).toContain(MARKERS.temporalParser);
    expect(text).toContain(MARKERS.temporal);
    const mod = await load(text);
    for (const [file, state] of Object.entries(states("claims-triage")))
      expect(mod.evaluate!(state)).toEqual(expected("claims-triage", file).decisions);
  });
});

describe("every output parses at the promised language level", () => {
  it(`parses as ES${ECMA_VERSION}: ES module and CommonJS, bundled, minified and importing the runtime`, async () => {
    for (const model of [compileSample("lending"), compileSample("claims-triage"), compile(matchesModel)]) {
      for (const options of [{}, { minify: true }, { runtime: "import" as const }]) {
        for (const format of ["esm", "cjs"] as const) {
          const text = await standaloneModule(model, format, options);
          const sourceType = format === "esm" ? "module" : "script";
          expect(() => parse(text, { ecmaVersion: ECMA_VERSION, sourceType })).not.toThrow();
        }
      }
    }
  });

  it("would refuse a later language level (the check can fail)", () => {
    expect(() =>
      parse("const a = [1]; const b = a?.[0] ?? Object.groupBy(a, (x) => x); using c = b;", {
        ecmaVersion: ECMA_VERSION,
        sourceType: "module",
      }),
    ).toThrow();
  });
});

describe("a shaken module runs outside Node's globals", () => {
  let cjs: string;
  let esm: string;
  beforeAll(async () => {
    const model = compileSample("lending");
    [cjs, esm] = await Promise.all([standaloneModule(model, "cjs"), standaloneModule(model, "esm", { minify: true })]);
  });

  it("in a bare V8 context (node:vm): no process, require, Buffer or timers", () => {
    const module = { exports: {} as Record<string, (state: unknown) => unknown> };
    const context = { module, exports: module.exports };
    runInNewContext(`"use strict";\n${cjs}`, context);
    expect(runInNewContext("typeof process + typeof require + typeof Buffer + typeof setTimeout", {})).toBe(
      "undefinedundefinedundefinedundefined",
    );
    for (const [file, state] of Object.entries(states("lending"))) {
      // values made in the other context: compared as JSON
      expect(JSON.parse(JSON.stringify(module.exports.evaluate!(state)))).toEqual(expected("lending", file).decisions);
    }
  });

  it("in a worker without `process`, the minified module", async () => {
    const dir = tempDir("pdm-worker-");
    writeFileSync(join(dir, "model.mjs"), esm);
    writeFileSync(join(dir, "state.json"), JSON.stringify(states("lending")));
    const script = `
import { parentPort } from "node:worker_threads";
import { readFileSync } from "node:fs";
const states = JSON.parse(readFileSync(${JSON.stringify(join(dir, "state.json"))}, "utf8"));
Object.defineProperty(globalThis, "process", { value: undefined, configurable: true });
const mod = await import(${JSON.stringify(pathToFileURL(join(dir, "model.mjs")).href)});
parentPort.postMessage({ process: typeof globalThis.process, answers: Object.fromEntries(Object.entries(states).map(([f, s]) => [f, mod.evaluate(s)])) });
`;
    writeFileSync(join(dir, "worker.mjs"), script);
    const message = await new Promise<{ process: string; answers: Record<string, unknown> }>((resolve, reject) => {
      const worker = new Worker(join(dir, "worker.mjs"));
      worker.once("message", (m) => {
        resolve(m);
        void worker.terminate();
      });
      worker.once("error", reject);
    });
    expect(message.process).toBe("undefined");
    for (const file of Object.keys(states("lending"))) expect(message.answers[file]).toEqual(expected("lending", file).decisions);
  });
});

describe("--runtime import and --minify", () => {
  it(`two models import the runtime from ${RUNTIME_PACKAGE} and run when it is importable`, async () => {
    const dir = tempDir("pdm-shared-runtime-");
    mkdirSync(join(dir, "node_modules"));
    // the project as an installed package: its "exports" name the runtime (dist/lib, scripts/build.mjs)
    symlinkSync(root, join(dir, "node_modules", "portable-decision-models"), "dir");
    const samples = ["lending", "claims-triage"];
    for (const sample of samples) {
      const text = await standaloneModule(compileSample(sample), "esm", { runtime: "import" });
      expect(text).toContain(`from "${RUNTIME_PACKAGE}"`);
      expect(text).not.toContain("class Decimal");
      expect(text.length).toBeLessThan(40_000);
      writeFileSync(join(dir, `${sample}.mjs`), text);
    }
    writeFileSync(join(dir, "states.json"), JSON.stringify(Object.fromEntries(samples.map((s) => [s, states(s)]))));
    writeFileSync(
      join(dir, "run.mjs"),
      `import { readFileSync } from "node:fs";
const all = JSON.parse(readFileSync("./states.json", "utf8"));
const out = {};
for (const [sample, byFile] of Object.entries(all)) {
  const mod = await import("./" + sample + ".mjs");
  out[sample] = Object.fromEntries(Object.entries(byFile).map(([f, s]) => [f, mod.evaluate(s)]));
}
console.log(JSON.stringify(out));`,
    );
    const out = JSON.parse(execFileSync(process.execPath, [join(dir, "run.mjs")], { cwd: dir, encoding: "utf8" })) as Record<
      string,
      Record<string, unknown>
    >;
    for (const sample of samples)
      for (const file of Object.keys(states(sample))) expect(out[sample]![file]).toEqual(expected(sample, file).decisions);
  });

  it("minifies to less than two thirds of the bundled module, answering the same", async () => {
    const model = compileSample("pricing");
    const [plain, small] = await Promise.all([standaloneModule(model), standaloneModule(model, "esm", { minify: true })]);
    expect(small.length).toBeLessThan((plain.length * 2) / 3);
    const [a, b] = await Promise.all([load(plain, "plain.mjs"), load(small, "small.mjs")]);
    for (const state of Object.values(states("pricing"))) expect(b.evaluate!(state)).toEqual(a.evaluate!(state));
  });
});

it("the CLI writes a minified module and a shared-runtime package (--minify, --runtime import)", () => {
  const dir = tempDir("pdm-cli-shake-");
  const lending = join(root, "samples/lending/model.json");
  const cli = join(root, "bin/pdm.mjs");
  execFileSync(process.execPath, [cli, "compile", lending, "-o", join(dir, "small.mjs"), "--minify"], { stdio: "pipe" });
  execFileSync(process.execPath, [cli, "compile", lending, "--package", join(dir, "pkg"), "--runtime", "import"], { stdio: "pipe" });
  expect(readFileSync(join(dir, "small.mjs"), "utf8").length).toBeLessThan(120_000);
  const manifest = JSON.parse(readFileSync(join(dir, "pkg/package.json"), "utf8"));
  expect(manifest.peerDependencies).toEqual({ "portable-decision-models": "*" });
  expect(readFileSync(join(dir, "pkg/index.cjs"), "utf8")).toContain(`require("${RUNTIME_PACKAGE}")`);
  const refused = (() => {
    try {
      execFileSync(process.execPath, [cli, "compile", lending, "-o", join(dir, "x.mjs"), "--runtime", "import", "--numbers", "double"], {
        stdio: "pipe",
      });
      return 0;
    } catch (e) {
      return (e as { status: number }).status;
    }
  })();
  expect(refused).toBe(2);
});
