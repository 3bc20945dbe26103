// The JSONL screen's fast path for a line whose keys are the line before's, in order (jsonl-screen.ts,
// sameShape: each key compared four bytes at a time, its last four over the words' end), against
// the screen of each line alone (no line before it, so every key is hashed and looked up):
// property-tested on files of one shape whose lines have their own values and some a key replaced
// by one of its length a byte apart (first, middle, within the last four, the very last), keys of
// every length from 0 to 9, now and then a repeated key or a value declined, whitespace, two shapes in turn. The whole file is taken exactly when every line alone is, and then each read key's
// type, digits and the id's null are those of its lines together.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { screenJsonl, type ScreenKey } from "../../src/batch/duckdb/jsonl-screen.js";

const dir = mkdtempSync(join(tmpdir(), "pdm-jsonl-shape-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// near-alike keys, each group one length (0 to 9) and its keys one byte apart: at the start, the
// middle, inside the last four, at the end
const GROUPS = [
  [""],
  ["a", "b"],
  ["ab", "xb"],
  ["abc", "abd"],
  ["abcd", "abce", "xbcd"],
  ["abcde", "abcdf", "abcxe"],
  ["abcdefgh", "abcdefgi", "abcdefg\u00e9"],
  ["abcdefghi", "zbcdefghi", "abcdxfghi"],
];
const KEYS = GROUPS.flat();
// the read keys (the rest are extra keys the screen only checks), the id last
const READ: ScreenKey[] = [
  { name: "abcd", kind: "number" },
  { name: "abcde", kind: "number" },
  { name: "abcdefgh", kind: "string" },
  { name: "ab", kind: "number" },
  { name: "abcdefghi", kind: "number" },
  { name: "id", kind: "string" },
];
// mostly values the screen takes; now and then one it declines
const value = fc.oneof(
  { weight: 30, arbitrary: fc.constantFrom("1", "12.5", "-3.25", "100000", "0.001", '"x"', '"abcd"', "true", "null") },
  { weight: 1, arbitrary: fc.constantFrom("1e400", "12345678901234567") },
);
const sibling = (key: string, pick: number) => {
  const group = GROUPS.find((g) => g.includes(key))!;
  return group[pick % group.length]!;
};

/**
 * Files of one shape (a list of distinct keys) whose lines each have their own
 * values, whitespace and id, and some a key replaced by a near-alike one of its length.
 */
const file = fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 8 }).chain((keys) =>
  fc
    .array(
      fc.tuple(
        fc.array(value, { minLength: keys.length, maxLength: keys.length }),
        // a key replaced (a repeated key when its near-alike is in the line too)
        fc.option(fc.tuple(fc.nat(), fc.nat()), { freq: 2, nil: undefined }),
        fc.option(fc.constantFrom('"R-1"', "null", "7"), { nil: undefined }),
        fc.constantFrom("", "", "", " "),
      ),
      { minLength: 1, maxLength: 20 },
    )
    .map((lines) =>
      lines.map(([values, change, id, space]) => {
        const own = [...keys];
        if (change && own.length > 0) own[change[0] % own.length] = sibling(own[change[0] % own.length]!, change[1]);
        const texts = own.map((k, i) => `${JSON.stringify(k)}:${space}${values[i]}`);
        if (id !== undefined) texts.push(`"id":${id}`);
        return `{${texts.join(",")}}`;
      }),
    ),
);

let n = 0;
async function screen(lines: string[]) {
  const path = join(dir, `f${n++}.jsonl`);
  writeFileSync(path, lines.join("\n") + "\n");
  return screenJsonl(path, READ, READ.length - 1);
}

describe("the JSONL screen's same-shape path", () => {
  it("takes and reads a file as it takes and reads each of its lines alone", async () => {
    let taken = 0;
    let declined = 0;
    await fc.assert(
      fc.asyncProperty(file, file, async (one, other) => {
        const lines = [...one, ...other, ...one];
        const whole = await screen(lines);
        const alone = await Promise.all(lines.map((l) => screen([l])));
        const firstBad = alone.findIndex((s) => !s.clean);
        expect(whole.clean).toBe(firstBad < 0);
        if (!whole.clean) {
          declined++;
          const bad = alone[firstBad]!;
          expect(whole.line).toBe(firstBad + 1);
          if (!bad.clean) expect(whole.reason).toBe(bad.reason);
          return;
        }
        taken++;
        const clean = alone.flatMap((s) => (s.clean ? [s] : []));
        expect(whole.typed).toEqual(READ.map((_, k) => clean.every((s) => s.typed[k])));
        expect(whole.idNull).toBe(clean.some((s) => s.idNull));
        const digits: Record<string, { int: number; scale: number }> = {};
        for (const s of clean)
          for (const [k, d] of Object.entries(s.digits)) {
            const into = (digits[k] ??= { ...d });
            into.int = Math.max(into.int, d.int);
            into.scale = Math.max(into.scale, d.scale);
          }
        expect(whole.digits).toEqual(digits);
      }),
      { numRuns: 150 },
    );
    // both verdicts were reached
    expect(taken).toBeGreaterThan(10);
    expect(declined).toBeGreaterThan(10);
  });
});
