// The diagnostic catalogue is the one source of every code: each entry is complete and used, and
// no source file makes a diagnostic any other way than through `diagnostic(code, ...)`.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AnyEntry, CATALOGUE, CHECK_STAGES, type DiagnosticCode, STAGES } from "../../src/ir/diagnostic-catalogue/index.js";
import { diagnostic, type Diagnostic } from "../../src/ir/diagnostics.js";
import { stageOf, toStages } from "../../src/compiler/2-analyse/stages.js";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));
const CATALOGUE_FOLDER = "ir/diagnostic-catalogue/";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** Comments removed (they may quote codes); `//` only after a line start or a space, so URLs stay. */
const withoutComments = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");

const SOURCES = sourceFiles(SRC)
  .map((path) => ({ file: relative(SRC, path), text: withoutComments(readFileSync(path, "utf8")) }))
  .filter((s) => !s.file.startsWith(CATALOGUE_FOLDER));

const CODES = Object.keys(CATALOGUE) as DiagnosticCode[];
const entryOf = (code: DiagnosticCode): AnyEntry => CATALOGUE[code] as AnyEntry;
const exampleMessage = (code: DiagnosticCode): string => (entryOf(code).message as (p: unknown) => string)(entryOf(code).example);
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const FAMILIES = [...new Set(CODES.map((c) => c.split(".")[0]!))];

describe("the diagnostic catalogue", () => {
  it.each(CODES)("%s is complete: a stage that exists, a severity, an explanation, an example message", (code) => {
    const e = entryOf(code);
    expect(Object.keys(STAGES)).toContain(e.stage);
    expect(["error", "warning", "strict-error"]).toContain(e.severity);
    expect(e.explain.trim()).not.toBe("");
    const message = exampleMessage(code);
    expect(message.trim()).not.toBe("");
    expect(message).not.toMatch(/undefined|\[object Object\]|NaN/);
  });

  it("names codes `family.name` in lower case, and gives each family one stage", () => {
    for (const code of CODES) expect(code).toMatch(/^[a-z]+(\.[a-z0-9-]+)+$/);
    const stagesOfFamily = new Map<string, Set<string>>();
    for (const code of CODES) {
      const family = code.split(".")[0]!;
      stagesOfFamily.set(family, (stagesOfFamily.get(family) ?? new Set()).add(entryOf(code).stage));
    }
    for (const [family, stages] of stagesOfFamily) expect([family, [...stages]]).toEqual([family, [...stages].slice(0, 1)]);
  });

  it.each(CODES)("%s is made somewhere in src through diagnostic()", (code) => {
    const use = new RegExp(`\\bdiagnostic\\(\\s*"${escape(code)}"`);
    expect(SOURCES.filter((s) => use.test(s.text)).map((s) => s.file)).not.toEqual([]);
  });
});

describe("no diagnostic code outside the catalogue", () => {
  // Codes of the service's problem entries that are not diagnostics, and an example address.
  const NOT_DIAGNOSTICS = new Set([
    "service/run.ts decision.null",
    "runtime/declared.ts decision.outside-type",
    "compiler/6-package/dts.ts decision.outside-type",
    "service/read-evidence.ts input.not_established",
    "service/schemas/receipt.ts content.name",
  ]);
  const literal = new RegExp(`(["'\`])((?:${FAMILIES.join("|")})\\.[a-z0-9._-]+)\\1`, "g");
  /** The two places a code may be written: the code of a new diagnostic, and the code a diagnostic is tested for. */
  const allowedBefore = /(\bdiagnostic\(\s*|\bhasCode\([^()]*,\s*)$/;

  it("finds codes written as bare string literals", () => {
    const strays: string[] = [];
    for (const { file, text } of SOURCES)
      for (const m of text.matchAll(literal)) {
        if (allowedBefore.test(text.slice(Math.max(0, m.index - 200), m.index))) continue;
        if (!NOT_DIAGNOSTICS.has(`${file} ${m[2]}`)) strays.push(`${file}: ${m[0]}`);
      }
    expect(strays).toEqual([]);
  });

  it("finds no diagnostic built by hand", () => {
    const byHand = SOURCES.filter((s) => s.file !== "ir/diagnostics.ts" && /\bseverity:\s*["'`]/.test(s.text)).map((s) => s.file);
    expect(byHand).toEqual([]);
  });

  it("the scans see the code they look for", () => {
    // a check on the checks: each would have caught the way diagnostics were made before the catalogue
    const before = 'err(sink, "tables.empty", "a table needs rules", address); sink.push({ severity: "error", code: "names.unknown" });';
    expect([...before.matchAll(literal)].map((m) => m[2])).toEqual(["tables.empty", "names.unknown"]);
    expect(/\bseverity:\s*["'`]/.test(before)).toBe(true);
    expect(allowedBefore.test("sink.push(diagnostic(")).toBe(true);
    expect(allowedBefore.test("d.code === ")).toBe(false);
  });
});

describe("diagnostic()", () => {
  const span = fc.record({ start: fc.nat(1000), end: fc.nat(1000) });
  const place = fc.record(
    { address: fc.string({ maxLength: 20 }), span, source: fc.string({ maxLength: 20 }), strict: fc.boolean() },
    { requiredKeys: ["strict"] },
  );
  const make = (code: DiagnosticCode, where: object): Diagnostic =>
    (diagnostic as (c: DiagnosticCode, p: unknown, w: object) => Diagnostic)(code, entryOf(code).example, where);

  it("takes its severity and message from the catalogue and keeps where it points", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CODES), place, (code, where) => {
        const d = make(code, where);
        const { severity } = entryOf(code);
        expect(d.severity).toBe(severity === "strict-error" ? (where.strict ? "error" : "warning") : severity);
        expect(d.code).toBe(code);
        expect(d.message).toBe(exampleMessage(code));
        expect({ address: d.address, span: d.span, source: d.source }).toEqual({
          address: where.address,
          span: where.span,
          source: where.source,
        });
        expect(Object.keys(d)).toEqual([
          "severity",
          "code",
          "message",
          ...(["address", "span", "source"] as const).filter((k) => where[k] !== undefined),
        ]);
      }),
    );
  });

  it("sorts diagnostics into the Check stage of their code, in order", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...CODES), place), { maxLength: 30 }), (made) => {
        const ds = made.map(([code, where]) => make(code, where));
        const stages = toStages(ds);
        expect(stages.map((s) => s.name)).toEqual([...CHECK_STAGES]);
        for (const s of stages) {
          const mine = ds.filter((d) => {
            const stage = entryOf(d.code as DiagnosticCode).stage;
            return stage === s.name || (s.name === "parse" && !(CHECK_STAGES as readonly string[]).includes(stage));
          });
          expect(s.diagnostics).toEqual(mine);
          expect(s.ok).toBe(!mine.some((d) => d.severity === "error"));
        }
      }),
    );
  });

  it("names the Check stage of every Check code", () => {
    for (const code of CODES) {
      const stage = entryOf(code).stage;
      if ((CHECK_STAGES as readonly string[]).includes(stage)) expect(stageOf(code)).toBe(stage);
    }
  });
});
