// `pdm demo` runs every sample on the cases kept beside it and says which match: N/M per sample,
// a diff for a case whose expectation differs, exit 1 then.
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSamples } from "../../bench/load-samples.js";
import { run } from "../../src/cli/commands/demo.js";

const root = join(import.meta.dirname, "../..");
const samples = loadSamples();

async function demo(args: string[]): Promise<{ status: number; out: string }> {
  let out = "";
  const sink = { write: (t: string) => (out += t) } as unknown as NodeJS.WritableStream;
  const status = await run(args, { stdout: sink, stderr: sink });
  return { status, out };
}

describe("pdm demo", () => {
  it("reports every sample's cases matched, N/N per sample and in all", async () => {
    const r = await demo([]);
    expect(r.status).toBe(0);
    for (const s of samples) expect(r.out).toContain(`  ${s.name}: ${s.cases.length}/${s.cases.length} cases matched`);
    const total = samples.reduce((n, s) => n + s.cases.length, 0);
    expect(r.out).toContain(`samples: ${total}/${total} cases matched`);
    expect(r.out).not.toContain("differs");
  });

  it("shows a diff and exits 1 when a case expects something else", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pdm-demo-"));
    cpSync(join(root, "samples"), dir, { recursive: true });
    const lending = samples.find((s) => s.name === "lending")!;
    const casesDir = join(dir, "lending", "cases");
    const file = readdirSync(casesDir).sort()[0]!;
    const c = JSON.parse(readFileSync(join(casesDir, file), "utf8"));
    const risk = c.expect.decisions.risk;
    const wrong = risk === "low" ? "high" : "low";
    c.expect.decisions.risk = wrong;
    writeFileSync(join(casesDir, file), JSON.stringify(c));
    const r = await demo([dir]);
    expect(r.status).toBe(1);
    expect(r.out).toContain(`✗ differs  ${file}`);
    expect(r.out).toContain(`      - expected ${JSON.stringify(wrong)}`);
    expect(r.out).toContain(`      + actual   ${JSON.stringify(risk)}`);
    expect(r.out).toContain(`  lending: ${lending.cases.length - 1}/${lending.cases.length} cases matched`);
  });
});
