// The dependency rules (.dependency-cruiser.cjs) run against a small tree written for them: every
// file imports one thing, and the rules it breaks are exactly the ones expected. `npm run deps`
// shows the real tree passes; this shows a rule would notice if it did not.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
// The phases as the configuration reads them: the numbered folders of src/compiler.
const phases = readdirSync(join(root, "src/compiler"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && /^\d+-/.test(entry.name))
  .map((entry) => entry.name);
const builtOnCompiler = ["service", "server", "batch", "providers", "ledger", "tck", "dmn", "cli"];

/** A fixture file: what it imports and the rules that import breaks (none if omitted). */
interface Case {
  file: string;
  source: string;
  breaks?: string[];
}

// A cycle is reported once, from one of its files (which one is the cruiser's choice).
const cycleRule = "no-cycle-across-folders";
const crossFolderCycles = [
  ["src/two/a.ts", "src/three/b.ts"],
  ["src/four/a.ts", "src/four/sub/b.ts"],
];

/** `from` importing the code of `to` (both paths from the fixture's root). */
const valueImport = (from: string, to: string): string => `import { value } from "${specifier(from, to)}";\nexport const use = value;\n`;
/** `from` importing only a type of `to`. */
const typeImport = (from: string, to: string): string => `import type { Shape } from "${specifier(from, to)}";\nexport type Use = Shape;\n`;
const specifier = (from: string, to: string): string => {
  const path = posix.relative(posix.dirname(from), to).replace(/\.ts$/, ".js");
  return path.startsWith(".") ? path : `./${path}`;
};

// Targets every case may import; `value` is code, `Shape` a type.
const targets = [
  "src/ir/target.ts",
  "src/runtime/target.ts",
  "src/compiler/index.ts",
  ...phases.map((phase) => `src/compiler/${phase}/target.ts`),
  ...builtOnCompiler.map((folder) => `src/${folder}/target.ts`),
];

const phaseOrder = (phase: string): number => Number.parseInt(phase, 10);
// A phase imports itself and earlier phases; two phases of one number are sibling backends (4-codegen,
// 4-sql) and import neither the other.
const phaseMayImport = (from: string, to: string): boolean =>
  from === "5-load" ? to === from : to === from || phaseOrder(to) < phaseOrder(from);

const cases: Case[] = [
  // Every ordered pair of phases: later phases never, 5-load nothing but itself.
  ...phases.flatMap((from) =>
    phases.map((to) => ({
      file: `src/compiler/${from}/to-${to}.ts`,
      source: valueImport(`src/compiler/${from}/to-${to}.ts`, `src/compiler/${to}/target.ts`),
      breaks: phaseMayImport(from, to) ? [] : [`phase-${from}-imports-only-earlier-phases`],
    })),
  ),
  ...phases.map((from) => ({
    file: `src/compiler/${from}/to-api.ts`,
    source: valueImport(`src/compiler/${from}/to-api.ts`, "src/compiler/index.ts"),
    breaks: [`phase-${from}-imports-only-earlier-phases`],
  })),
  ...phases.map((to) => ({
    file: `src/compiler/api-to-${to}.ts`,
    source: valueImport(`src/compiler/api-to-${to}.ts`, `src/compiler/${to}/target.ts`),
  })),
  ...["ir", "runtime"].flatMap((to) =>
    ["src/compiler/2-analyse", "src/compiler"].map((dir) => ({
      file: `${dir}/to-${to}.ts`,
      source: valueImport(`${dir}/to-${to}.ts`, `src/${to}/target.ts`),
    })),
  ),
  // What is built on the compiler is never imported by it; cli and server have their own rules too.
  ...builtOnCompiler.map((to) => ({
    file: `src/compiler/to-${to}.ts`,
    source: valueImport(`src/compiler/to-${to}.ts`, `src/${to}/target.ts`),
    breaks: [
      "compiler-imports-only-compiler-ir-runtime",
      ...(to === "cli" ? ["only-cli-imports-cli"] : []),
      ...(to === "server" ? ["only-cli-imports-server"] : []),
    ],
  })),
  { file: "src/ir/to-ir.ts", source: valueImport("src/ir/to-ir.ts", "src/ir/target.ts") },
  { file: "src/ir/to-runtime.ts", source: valueImport("src/ir/to-runtime.ts", "src/runtime/target.ts"), breaks: ["ir-imports-only-ir"] },
  {
    file: "src/ir/to-compiler.ts",
    source: typeImport("src/ir/to-compiler.ts", "src/compiler/index.ts"),
    breaks: ["ir-imports-only-ir"],
  },
  { file: "src/runtime/to-runtime.ts", source: valueImport("src/runtime/to-runtime.ts", "src/runtime/target.ts") },
  {
    file: "src/runtime/to-ir-value.ts",
    source: valueImport("src/runtime/to-ir-value.ts", "src/ir/target.ts"),
    breaks: ["runtime-imports-ir-types-only"],
  },
  { file: "src/runtime/to-ir-type.ts", source: typeImport("src/runtime/to-ir-type.ts", "src/ir/target.ts") },
  {
    file: "src/runtime/to-ir-inline-type.ts",
    source: `import { type Shape } from "../ir/target.js";\nexport type Use = Shape;\n`,
  },
  {
    file: "src/runtime/to-compiler.ts",
    source: valueImport("src/runtime/to-compiler.ts", "src/compiler/1-parse/target.ts"),
    breaks: ["runtime-imports-only-runtime"],
  },
  {
    file: "src/runtime/to-compiler-type.ts",
    source: typeImport("src/runtime/to-compiler-type.ts", "src/compiler/index.ts"),
    breaks: ["runtime-imports-only-runtime"],
  },
  { file: "src/runtime/to-package.ts", source: `import Decimal from "decimal.js";\nexport const one = new Decimal(1);\n` },
  { file: "src/service/to-cli.ts", source: valueImport("src/service/to-cli.ts", "src/cli/target.ts"), breaks: ["only-cli-imports-cli"] },
  { file: "src/server/to-cli.ts", source: valueImport("src/server/to-cli.ts", "src/cli/target.ts"), breaks: ["only-cli-imports-cli"] },
  { file: "src/cli/to-cli.ts", source: valueImport("src/cli/to-cli.ts", "src/cli/target.ts") },
  {
    file: "src/service/to-server.ts",
    source: valueImport("src/service/to-server.ts", "src/server/target.ts"),
    breaks: ["only-cli-imports-server"],
  },
  { file: "src/cli/to-server.ts", source: valueImport("src/cli/to-server.ts", "src/server/target.ts") },
  { file: "src/server/to-server.ts", source: valueImport("src/server/to-server.ts", "src/server/target.ts") },
  { file: "test/to-cli.ts", source: valueImport("test/to-cli.ts", "src/cli/target.ts") },
  {
    file: "src/service/to-missing.ts",
    source: `import { value } from "./missing.js";\nexport const use = value;\n`,
    breaks: ["not-to-unresolvable"],
  },
  // acorn is installed but not declared in the fixture's package.json.
  {
    file: "src/service/to-undeclared.ts",
    source: `import { parse } from "acorn";\nexport const use = parse;\n`,
    breaks: ["no-extraneous-packages"],
  },
  { file: "src/service/to-dependency.ts", source: `import Decimal from "decimal.js";\nexport const one = new Decimal(1);\n` },
  {
    file: "src/service/to-dev-dependency.ts",
    source: `import fc from "fast-check";\nexport const use = fc.nat();\n`,
    breaks: ["production-imports-no-dev-dependency"],
  },
  { file: "src/service/to-dev-types.ts", source: `import type { Arbitrary } from "fast-check";\nexport type Use = Arbitrary<number>;\n` },
  { file: "test/to-dev-dependency.ts", source: `import fc from "fast-check";\nexport const use = fc.nat();\n` },
  // The page bundles only what runs in a browser; of the rest it may use types.
  ...["src/ir/target.ts", "src/runtime/target.ts", "src/compiler/1-parse/target.ts", "src/compiler/2-analyse/target.ts"].map((to) => ({
    file: `web/to-${to.split("/").slice(1, -1).join("-")}.ts`,
    source: valueImport(`web/to-${to.split("/").slice(1, -1).join("-")}.ts`, to),
  })),
  ...[
    "src/compiler/index.ts",
    "src/compiler/4-codegen/target.ts",
    "src/server/target.ts",
    "src/service/target.ts",
    "src/cli/target.ts",
  ].map((to) => ({
    file: `web/value-${to.split("/").slice(1, -1).join("-") || "api"}.ts`,
    source: valueImport(`web/value-${to.split("/").slice(1, -1).join("-") || "api"}.ts`, to),
    breaks: ["web-imports-only-what-runs-in-a-browser"],
  })),
  { file: "web/type-server.ts", source: typeImport("web/type-server.ts", "src/server/target.ts") },
  // Cycles: inside one folder fine; through two folders (a subfolder counts as another) not.
  { file: "src/one/a.ts", source: `import { b } from "./b.js";\nexport const a = (): number => b();\n` },
  { file: "src/one/b.ts", source: `import { a } from "./a.js";\nexport const b = (): number => a();\n` },
  {
    file: "src/two/a.ts",
    source: `import { b } from "../three/b.js";\nexport const a = (): number => b();\n`,
  },
  {
    file: "src/three/b.ts",
    source: `import { a } from "../two/a.js";\nexport const b = (): number => a();\n`,
  },
  {
    file: "src/four/a.ts",
    source: `import { b } from "./sub/b.js";\nexport const a = (): number => b();\n`,
  },
  {
    file: "src/four/sub/b.ts",
    source: `import { a } from "../a.js";\nexport const b = (): number => a();\n`,
  },
];

interface Violation {
  from: string;
  rule: { name: string };
}

let fixture: string;
let violations: Violation[];

beforeAll(() => {
  fixture = mkdtempSync(join(tmpdir(), "dependency-rules-"));
  const write = (file: string, text: string): void => {
    mkdirSync(dirname(join(fixture, file)), { recursive: true });
    writeFileSync(join(fixture, file), text);
  };
  write(
    "package.json",
    JSON.stringify({ name: "fixture", type: "module", dependencies: { "decimal.js": "*" }, devDependencies: { "fast-check": "*" } }),
  );
  write("tsconfig.json", JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true } }));
  symlinkSync(join(root, "node_modules"), join(fixture, "node_modules"), "dir");
  for (const target of targets) write(target, "export const value = 1;\nexport type Shape = number;\n");
  for (const c of cases) write(c.file, c.source);
  const run = spawnSync(
    process.execPath,
    [
      join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs"),
      "--config",
      join(root, ".dependency-cruiser.cjs"),
      "--output-type",
      "json",
      "src",
      "test",
      "web",
    ],
    { cwd: fixture, encoding: "utf8" },
  );
  expect(run.stdout, run.stderr).not.toBe("");
  violations = (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}, 60_000);

afterAll(() => {
  if (fixture) rmSync(fixture, { recursive: true, force: true });
});

describe("dependency rules", () => {
  it("each fixture file breaks exactly the rules expected of it", () => {
    const files = [...new Set([...cases.map((c) => c.file), ...targets])];
    const broken = (file: string): string[] =>
      [...new Set(violations.filter((v) => v.from === file && v.rule.name !== cycleRule).map((v) => v.rule.name))].sort();
    const expected = Object.fromEntries(files.map((file) => [file, [...(cases.find((c) => c.file === file)?.breaks ?? [])].sort()]));
    const actual = Object.fromEntries(files.map((file) => [file, broken(file)]));
    expect(actual).toEqual(expected);
    expect(violations.filter((v) => !files.includes(v.from))).toEqual([]);
  });

  it("a cycle through two folders is reported, a cycle inside one is not", () => {
    const reportedFrom = violations.filter((v) => v.rule.name === cycleRule).map((v) => v.from);
    for (const cycle of crossFolderCycles) expect(reportedFrom.filter((file) => cycle.includes(file))).not.toEqual([]);
    expect(reportedFrom.filter((file) => !crossFolderCycles.flat().includes(file))).toEqual([]);
  });

  it("every rule in the configuration is exercised by a fixture", async () => {
    const config = (await import(join(root, ".dependency-cruiser.cjs"))) as { default: { forbidden: { name: string }[] } };
    const fired = new Set(violations.map((v) => v.rule.name));
    expect(config.default.forbidden.map((rule) => rule.name).filter((name) => !fired.has(name))).toEqual([]);
  });
});
