// A generated package, copied outside the repository with no dependencies, imported from plain
// Node as an ES module and as CommonJS: every sample state gives the compiler's (the service's)
// decisions, traces, explanations and answers, and validation gives the compiler's state errors.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "acorn";
import { beforeAll, describe, expect, it } from "vitest";
import type { CompiledModel } from "../../../src/compiler/index.js";
import { compileSample, expected, installPackage, runNode, SAMPLES, states, tempDir } from "./helpers.js";

/** The source with its comments blanked out. */
function code(source: string, sourceType: "module" | "script"): string {
  let out = source;
  parse(source, {
    ecmaVersion: "latest",
    sourceType,
    onComment: (_block, _text, start, end) => {
      out = out.slice(0, start) + " ".repeat(end - start) + out.slice(end);
    },
  });
  return out;
}

/** States that break the schema one input at a time: wrong type, null, absent, out of range. */
function badStates(model: CompiledModel, good: Record<string, unknown>): unknown[] {
  const props = (model.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const out: unknown[] = [null, [], "text", {}];
  for (const name of Object.keys(props)) {
    const without = { ...good };
    delete without[name];
    out.push(without, { ...good, [name]: null }, { ...good, [name]: typeof good[name] === "number" ? "many" : 12345 });
    out.push({ ...good, [name]: typeof good[name] === "number" ? -1e9 : "not-an-option" });
    out.push({ ...good, [name]: { nested: [1] } });
  }
  return out;
}

const probe = (load: string) => `${load}
const { readFileSync } = await import("node:fs");
const { states, bad } = JSON.parse(readFileSync("./inputs.json", "utf8"));
const thrown = (f) => { try { f(); return null; } catch (e) { return e instanceof pkg.InvalidStateError ? { name: e.name, issues: e.issues } : String(e); } };
const out = { meta: { contentHash: pkg.contentHash, numbers: pkg.numbers, inputSchema: pkg.inputSchema }, states: {}, bad: bad.map((s) => pkg.validate(s)), notObject: [null, [], "x"].map((s) => thrown(() => pkg.evaluate(s))) };
for (const [file, s] of Object.entries(states))
  out.states[file] = { decisions: pkg.evaluate(s), exact: pkg.evaluate(s, { exactDecimals: true }), traced: pkg.evaluateTraced(s), explained: pkg.explain(s), answers: pkg.answers(s), validate: pkg.validate(s) };
console.log(JSON.stringify(out));
`;

const ESM = (name: string) => probe(`import * as pkg from ${JSON.stringify(name)};`);
// CommonJS scripts have no top-level await: wrap the same probe in an async function
const CJS = (name: string) => `const pkg = require(${JSON.stringify(name)});\n(async () => {\n${probe("")}\n})();`;

describe.each(SAMPLES)("the package of %s", (sample) => {
  const model = compileSample(sample);
  const name = `pdm-sample-${sample}`;
  const inputs = states(sample);
  const bad = badStates(model, Object.values(inputs)[0]!);
  let dir = "";
  let folder = "";

  beforeAll(async () => {
    dir = tempDir("pdm-package-");
    folder = await installPackage(model, dir, { name });
    writeFileSync(join(dir, "inputs.json"), JSON.stringify({ states: inputs, bad }));
  });

  it("holds the promised files, no dependencies and no imports left", () => {
    expect(readdirSync(folder).sort()).toEqual([
      "README.md",
      "index.cjs",
      "index.d.cts",
      "index.d.ts",
      "index.js",
      "package.json",
      "schema.json",
    ]);
    const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
    expect(manifest.name).toBe(name);
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.exports["."].import.default).toBe("./index.js");
    expect(manifest.exports["."].require.default).toBe("./index.cjs");
    expect(JSON.parse(readFileSync(join(folder, "schema.json"), "utf8"))).toEqual(model.inputSchema);
    const esm = readFileSync(join(folder, "index.js"), "utf8");
    const cjs = readFileSync(join(folder, "index.cjs"), "utf8");
    // comments aside: bundled libraries' doc comments may mention `import('./x.js')` types
    expect(code(esm, "module")).not.toMatch(/^\s*import\s[^(]|\bimport\(["']/m);
    expect(code(esm, "module")).not.toMatch(/\brequire\(["']/);
    expect(code(cjs, "script")).not.toMatch(/\brequire\(["']/);
  });

  for (const [format, script] of [
    ["ES module", ESM],
    ["CommonJS", CJS],
  ] as const) {
    it(`evaluates every state like the compiler when loaded as ${format}`, () => {
      const out = runNode(dir, format === "CommonJS" ? "probe.cjs" : "probe.mjs", script(name)) as {
        meta: Record<string, unknown>;
        states: Record<string, Record<string, unknown>>;
        bad: unknown[];
        notObject: unknown[];
      };
      for (const [i, s] of [null, [], "x"].entries()) {
        const errors = model.validate(s);
        if (errors.ok) throw new Error("a state that is not an object validates");
        expect(out.notObject[i]).toEqual({ name: "InvalidStateError", issues: errors.errors.map((e) => ({ input: null, ...e })) });
      }
      expect(out.meta).toEqual({ contentHash: model.hash, numbers: "decimal", inputSchema: model.inputSchema });
      for (const [file, state] of Object.entries(inputs)) {
        const decisions = model.evaluate(state);
        const got = out.states[file]!;
        expect(got.decisions).toEqual(decisions);
        expect({ decisions: got.decisions, answers: got.answers }).toEqual(expected(sample, file));
        expect(got.answers).toEqual(model.answers(decisions));
        expect(got.exact).toEqual(model.evaluate(state, { exactDecimals: true }));
        expect(got.traced).toEqual(model.evaluateTraced(state));
        // the same explanation as the compiler's, which the service returns
        expect(got.explained).toEqual(JSON.parse(JSON.stringify(model.explain(state))));
        expect(got.validate).toEqual({ ok: true });
      }
      expect(out.bad).toEqual(bad.map((s) => model.validate(s)));
      expect(out.bad.filter((r) => (r as { ok: boolean }).ok === false).length).toBeGreaterThan(bad.length / 2);
    });
  }
});
