// index.d.ts against real consumers: a TypeScript file that uses a package as documented
// type-checks with the project's tsc (ESM through `import`, CommonJS through index.d.cts), and
// wrongly typed calls fail, each at its own line.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { compileSample, installPackage, root, tempDir } from "./helpers.js";

const tsc = join(root, "node_modules/.bin/tsc");

const GOOD = `
import { answers, contentHash, evaluate, evaluateTraced, inputSchema, numbers, validate, type Decisions, type Input } from "kyc";
import * as elig from "elig";

const state: Input = { "customer type": "trust", "country risk": "high", "product risk": "low", pep: false, "monthly volume": 1200 };
const withBlank: Input = { ...state, "adverse media": null };
const d: Decisions = evaluate(withBlank);
const risk: "low" | "medium" | "high" | null = d["customer risk"];
const review: boolean | null = d["manual review"];
const profileRisk = d.profile?.risk;
const exact = evaluate(state, { exactDecimals: true });
const score: string | null = exact["risk score"];
const traced = evaluateTraced(state);
const rule: number | number[] | undefined = traced.trace.profile?.rule;
const a = answers(state);
const p: number | null = a["manual review"].probability;
const high: number = a["customer risk"].distribution.high;
const diligence: "simplified" | "standard" | "enhanced" | null = a["due diligence"].value;
const v = validate(JSON.parse("{}") as unknown);
const firstAddress: string | undefined = v.ok ? undefined : v.errors[0]?.address;
const hash: string = contentHash;
const mode: "decimal" = numbers;
const schema: Record<string, unknown> = inputSchema;

const person: elig.Person = { name: "Ann", age: 40, income: 1200.5, disabled: false };
const household: elig.Input = { applicant: person, members: [{ ...person, age: 9 }] };
const benefit: number | null = elig.evaluate(household)["monthly benefit"];
const members = elig.evaluate(household).household;
const firstAge: number | null | undefined = members?.[0]?.age;

export { risk, review, profileRisk, score, rule, p, high, diligence, firstAddress, hash, mode, schema, benefit, firstAge };
`;

// each line is one wrongly typed use; every one must be reported at its own line
const BAD_LINES = [
  `evaluate({ ...state, "monthly volume": "lots" });`,
  `evaluate({ ...state, "customer type": "robot" });`,
  `evaluate({ "customer type": "trust" });`,
  `const r: number = evaluate(state)["customer risk"];`,
  `const s: number | null = evaluate(state, { exactDecimals: true })["risk score"];`,
  `answers(state)["no such question"];`,
  `const m: "double" = numbers;`,
  `elig.evaluate({ applicant: { name: "Ann", age: "forty", income: 1, disabled: false }, members: [] });`,
];
const BAD = [
  `import { answers, evaluate, numbers, type Input } from "kyc";`,
  `import * as elig from "elig";`,
  `const state: Input = { "customer type": "trust", "country risk": "high", "product risk": "low", pep: false, "monthly volume": 1200 };`,
  ...BAD_LINES,
].join("\n");

const CJS_GOOD = `import kyc = require("kyc");\nconst d: boolean | null = kyc.evaluate({ "customer type": "trust", "country risk": "high", "product risk": "low", pep: false, "monthly volume": 1 })["manual review"];\nexport = d;\n`;
const CJS_BAD = `import kyc = require("kyc");\nkyc.evaluate({ "customer type": 3 });\n`;

function typeCheck(dir: string, file: string, text: string): { status: number | null; errorLines: number[]; output: string } {
  writeFileSync(join(dir, file), text);
  const config = {
    compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", noEmit: true, types: [] },
    files: [file],
  };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config));
  const r = spawnSync(tsc, ["-p", join(dir, "tsconfig.json")], { cwd: dir, encoding: "utf8" });
  const output = r.stdout + r.stderr;
  const errorLines = [...output.matchAll(new RegExp(`${file.replace(".", "\\.")}\\((\\d+),\\d+\\): error`, "g"))].map((m) => Number(m[1]));
  return { status: r.status, errorLines, output };
}

describe("index.d.ts", () => {
  let dir = "";
  beforeAll(async () => {
    dir = tempDir("pdm-types-");
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    await installPackage(compileSample("kyc-risk"), dir, { name: "kyc" });
    await installPackage(compileSample("eligibility"), dir, { name: "elig" });
  });

  it("lets a consumer that uses the package as documented compile", () => {
    const r = typeCheck(dir, "good.ts", GOOD);
    expect(r.output).toBe("");
    expect(r.status).toBe(0);
  });

  it("rejects every wrongly typed call, each at its line", () => {
    const r = typeCheck(dir, "bad.ts", BAD);
    expect(r.status).not.toBe(0);
    const first = BAD.split("\n").length - BAD_LINES.length + 1;
    expect([...new Set(r.errorLines)].sort((a, b) => a - b)).toEqual(BAD_LINES.map((_, i) => first + i));
  });

  it("types CommonJS consumers through index.d.cts", () => {
    expect(typeCheck(dir, "good.cts", CJS_GOOD).status).toBe(0);
    const bad = typeCheck(dir, "bad.cts", CJS_BAD);
    expect(bad.status).not.toBe(0);
    expect(bad.errorLines).toContain(2);
  });
});
