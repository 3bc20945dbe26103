// A diagnostic's model address found in the file the user edits, whatever the file's layout.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkWithPositions } from "../../src/cli/format.js";
import { locateValues, positionOf } from "../../src/cli/model-positions.js";
import { checkModel } from "../../src/compiler/index.js";

const offsetOf = (text: string, p: { line: number; column: number }) =>
  text
    .split("\n")
    .slice(0, p.line - 1)
    .reduce((n, l) => n + l.length + 1, 0) +
  p.column -
  1;

/** Every value's address, spelt as the model addresses are: keys joined by dots, rows as [n]. */
function addresses(value: unknown, prefix = ""): [string, unknown][] {
  const out: [string, unknown][] = prefix ? [[prefix, value]] : [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...addresses(v, `${prefix}[${i}]`)));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) out.push(...addresses(v, prefix ? `${prefix}.${k}` : k));
  return out;
}

const key = fc.stringMatching(/^[a-z][a-z _]{0,8}$/).filter((k) => k !== "content" && k !== "questions" && !k.endsWith(" "));
const tree = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small" },
    fc.integer(),
    fc.string(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("node"), { maxLength: 3 }),
    fc.dictionary(key, tie("node"), { maxKeys: 4 }),
  ),
})).node;

describe("model positions", () => {
  it("every address of a JSON document points at its value, however the file is laid out", () => {
    fc.assert(
      fc.property(fc.dictionary(key, tree, { minKeys: 1, maxKeys: 5 }), fc.constantFrom(0, 1, 2, 4), fc.boolean(), (doc, indent, wrap) => {
        const text = JSON.stringify(wrap ? { content: doc, questions: {} } : doc, null, indent);
        const root = locateValues(text)!;
        for (const [address, value] of addresses(doc)) {
          const offset = offsetOf(text, positionOf(text, root, address));
          const rest = text.slice(offset);
          const literal = JSON.stringify(value, null, indent);
          // the value's own text starts there (its first line, for a multi-line value)
          expect(rest.startsWith(literal.split("\n")[0]!)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a text that is not JSON gives no positions", () => {
    expect(locateValues('{"a": ')).toBeNull();
  });

  it("the broken sample's diagnostics point at the lines that hold what they name", () => {
    const file = join(import.meta.dirname, "../../samples/broken/model.json");
    const text = readFileSync(file, "utf8");
    const check = checkWithPositions(checkModel(JSON.parse(text)), { name: file, text });
    const lines = text.split("\n");
    const diagnostics = check.stages.flatMap((s) => s.diagnostics) as { address?: string; line?: number }[];
    expect(diagnostics.length).toBeGreaterThan(5);
    for (const d of diagnostics) {
      expect(d.line, d.address).toBeGreaterThan(1);
      const last = d
        .address!.split(".")
        .at(-1)!
        .replace(/^rule\[\d+\]$/, "");
      if (last && !/\[/.test(last)) expect(lines[d.line! - 1], d.address).toContain(last);
    }
  });
});
