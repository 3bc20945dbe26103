import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writeKeepingStops } from "../../bench/stop-sections.js";

const dir = mkdtempSync(join(tmpdir(), "stop-sections-"));
const line = fc.stringMatching(/^[a-z0-9 |.]{0,20}$/);

describe("a results file rewritten by its benchmark", () => {
  it("replaces the tables and keeps every stop's section after them, in order", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 4 }),
        fc.array(line, { maxLength: 4 }),
        fc.array(fc.array(line, { maxLength: 3 }), { maxLength: 4 }),
        (oldTables, newTables, stops) => {
          const path = join(dir, "RESULTS.md");
          const sections = stops.map((body, i) => `## Stop ${i + 1}\n\n${body.join("\n")}\n`).join("\n");
          writeFileSync(path, `# Results\n\n${oldTables.join("\n")}\n\n## Generated section\n\nold\n\n${sections}`);
          const report = `# Results\n\n${newTables.join("\n")}\n\n## Generated section\n\nnew\n`;
          writeKeepingStops(path, report);
          const after = readFileSync(path, "utf8");
          expect(after.startsWith(report.trimEnd())).toBe(true);
          expect(after.includes("\nold\n")).toBe(false);
          if (stops.length > 0) expect(after).toBe(`${report.trimEnd()}\n\n${sections}`);
          else expect(after).toBe(report);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("writes the report alone where there was no file", () => {
    const path = join(dir, "new.md");
    writeKeepingStops(path, "# Results\n");
    expect(readFileSync(path, "utf8")).toBe("# Results\n");
  });
});
