// Every example in docs/authoring.md is a model the compiler checks, so the guide cannot drift
// from what the checker accepts. The info string of a fenced block says what it shows:
//
//   json model [lenient] [invalid CODE... | warning CODE...]
//       a complete model ({content, questions} or bare content). Plain: valid with no diagnostic
//       at all (and it compiles). `invalid`: its errors have exactly these codes. `warning`: valid,
//       and its warnings have exactly these codes. `lenient`: checked as an import is, and rejected
//       by the strict check (otherwise it would not need the lenient mode).
//   json model+state [lenient]
//       {model, state, expect[, answers]}: the model compiles without a diagnostic, the state is
//       valid for it, and evaluating it gives at least the decisions in `expect` (and the answers).
//   json case
//       a test case file {state, expect: {decisions, answers}} (docs/authoring.md section 15) for
//       the last valid model block before it: `pdm test` reads it and it passes.
//   text diagnostics
//       right after a model block: each line is one of that model's diagnostics as
//       `<severity> <address>: <message> [<code>]` (for a lenient block, of the strict check).
//
// Every other JSON block is refused, so no JSON example goes untested.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkModel, compileModel, type CheckResult, type ModelInput } from "../../src/compiler/index.js";
import { loadCases } from "../../src/model-tests/cases.js";
import { runCase } from "../../src/model-tests/run-cases.js";

type Expectation = { kind: "valid" } | { kind: "invalid" | "warning"; codes: string[] };

interface ModelBlock {
  kind: "model";
  line: number;
  info: string;
  lenient: boolean;
  expectation: Expectation;
  model: ModelInput;
  /** the lines of the `text diagnostics` block that follows, if any */
  diagnostics?: string[];
}

interface RunBlock {
  kind: "run";
  line: number;
  info: string;
  lenient: boolean;
  model: ModelInput;
  state: Record<string, unknown>;
  expect: Record<string, unknown>;
  answers?: Record<string, unknown>;
}

interface CaseBlock {
  kind: "case";
  line: number;
  info: string;
  model: ModelInput;
  body: string;
}

type Block = ModelBlock | RunBlock | CaseBlock;

interface Fence {
  /** 1-based line of the opening fence */
  line: number;
  info: string;
  body: string;
}

const CODE = /^[a-z]+(\.[a-z-]+)+$/;
const RUN_KEYS = new Set(["model", "state", "expect", "answers"]);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** The fenced blocks of a Markdown text (backtick fences at the start of a line). */
function readFences(markdown: string): { fences: Fence[]; problems: string[] } {
  const lines = markdown.split("\n");
  const fences: Fence[] = [];
  const problems: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const close = lines.findIndex((l, j) => j > i && l.trimEnd() === open[1]);
    if (close < 0) {
      problems.push(`line ${i + 1}: the fence is never closed`);
      break;
    }
    fences.push({ line: i + 1, info: open[2]!.trim(), body: lines.slice(i + 1, close).join("\n") });
    i = close;
  }
  return { fences, problems };
}

function parseJson(fence: Fence, problems: string[]): unknown {
  try {
    return JSON.parse(fence.body);
  } catch (e) {
    problems.push(`line ${fence.line}: the JSON does not parse: ${(e as Error).message}`);
    return undefined;
  }
}

/** `[lenient] [invalid|warning CODE...]` after `json model`, or `[lenient]` after `json model+state`. */
function readFlags(words: string[], run: boolean): { lenient: boolean; expectation: Expectation } | string {
  const lenient = words[0] === "lenient";
  const rest = lenient ? words.slice(1) : words;
  if (rest.length === 0) return { lenient, expectation: { kind: "valid" } };
  if (run) return `unexpected \`${rest.join(" ")}\` after json model+state`;
  const [kind, ...codes] = rest;
  if (kind !== "invalid" && kind !== "warning") return `expected \`invalid\` or \`warning\`, found \`${kind}\``;
  if (codes.length === 0) return `\`${kind}\` needs at least one diagnostic code`;
  const bad = codes.find((c) => !CODE.test(c));
  if (bad !== undefined) return `\`${bad}\` is not a diagnostic code`;
  return { lenient, expectation: { kind, codes } };
}

/** The checked blocks of the guide, and everything malformed about them. */
function readBlocks(markdown: string): { blocks: Block[]; problems: string[] } {
  const { fences, problems } = readFences(markdown);
  const blocks: Block[] = [];
  let previous: Fence | undefined;
  for (const fence of fences) {
    const words = fence.info.split(/\s+/).filter((w) => w !== "");
    const [lang, what, ...flagWords] = words;
    const after = previous;
    previous = fence;
    if (lang === "text" && what === "diagnostics") {
      const owner = blocks.at(-1);
      if (!owner || owner.kind !== "model" || owner.line !== after?.line || flagWords.length > 0) {
        problems.push(`line ${fence.line}: a \`text diagnostics\` block follows a json model block directly`);
        continue;
      }
      owner.diagnostics = fence.body.split("\n").filter((l) => l.trim() !== "");
      if (owner.diagnostics.length === 0) problems.push(`line ${fence.line}: the diagnostics block is empty`);
      continue;
    }
    if (lang === undefined || !lang.startsWith("json")) continue;
    if (lang === "json" && what === "case") {
      const owner = [...blocks].reverse().find((b): b is ModelBlock => b.kind === "model" && b.expectation.kind === "valid" && !b.lenient);
      if (!owner || flagWords.length > 0 || parseJson(fence, problems) === undefined) {
        problems.push(`line ${fence.line}: a \`json case\` block follows a valid json model block and parses`);
        continue;
      }
      blocks.push({ kind: "case", line: fence.line, info: fence.info, model: owner.model, body: fence.body });
      continue;
    }
    if (lang !== "json" || (what !== "model" && what !== "model+state")) {
      problems.push(`line ${fence.line}: \`${fence.info}\`: every JSON example is a checked \`json model\` or \`json model+state\` block`);
      continue;
    }
    const flags = readFlags(flagWords, what === "model+state");
    if (typeof flags === "string") {
      problems.push(`line ${fence.line}: ${flags}`);
      continue;
    }
    const value = parseJson(fence, problems);
    if (value === undefined) continue;
    if (!isObject(value)) {
      problems.push(`line ${fence.line}: a model is a JSON object`);
      continue;
    }
    if (what === "model") {
      blocks.push({ kind: "model", line: fence.line, info: fence.info, ...flags, model: value });
      continue;
    }
    const extra = Object.keys(value).filter((k) => !RUN_KEYS.has(k));
    const { model, state, expect: expected, answers } = value;
    if (
      extra.length > 0 ||
      !isObject(model) ||
      !isObject(state) ||
      !isObject(expected) ||
      Object.keys(expected).length === 0 ||
      (answers !== undefined && !isObject(answers))
    ) {
      problems.push(
        `line ${fence.line}: a json model+state block is {model, state, expect[, answers]} with objects, and \`expect\` names at least one decision`,
      );
      continue;
    }
    blocks.push({
      kind: "run",
      line: fence.line,
      info: fence.info,
      lenient: flags.lenient,
      model,
      state,
      expect: expected,
      ...(answers !== undefined ? { answers: answers as Record<string, unknown> } : {}),
    });
  }
  return { blocks, problems };
}

const diagnosticsOf = (check: CheckResult) => check.stages.flatMap((s) => s.diagnostics);
const render = (check: CheckResult): string[] => diagnosticsOf(check).map((d) => `${d.severity} ${d.address}: ${d.message} [${d.code}]`);
const codesOf = (check: CheckResult, severity: "error" | "warning"): string[] =>
  [
    ...new Set(
      diagnosticsOf(check)
        .filter((d) => d.severity === severity)
        .map((d) => d.code),
    ),
  ].sort();
const pick = (from: Record<string, unknown>, keys: string[]): Record<string, unknown> =>
  Object.fromEntries(keys.filter((k) => k in from).map((k) => [k, from[k]]));

const guide = readFileSync(new URL("../../docs/authoring.md", import.meta.url), "utf8");
const { blocks, problems } = readBlocks(guide);
const modelBlocks = blocks.filter((b): b is ModelBlock => b.kind === "model");
const runBlocks = blocks.filter((b): b is RunBlock => b.kind === "run");
const caseBlocks = blocks.filter((b): b is CaseBlock => b.kind === "case");

describe("docs/authoring.md", () => {
  it("has only well-formed example blocks", () => {
    expect(problems).toEqual([]);
  });

  it("checks at least 25 examples, of every kind", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(25);
    const kinds = new Set(modelBlocks.map((b) => b.expectation.kind));
    expect([...kinds].sort()).toEqual(["invalid", "valid", "warning"]);
    expect(runBlocks.length).toBeGreaterThan(0);
    expect(caseBlocks.length).toBeGreaterThan(0);
    expect(blocks.some((b) => b.kind !== "case" && b.lenient)).toBe(true);
    expect(modelBlocks.some((b) => b.diagnostics !== undefined)).toBe(true);
  });

  describe.each(modelBlocks)("line $line: $info", (block) => {
    it("is checked as the info string says", () => {
      const mode = { strict: !block.lenient };
      const check = checkModel(block.model, mode);
      const { expectation } = block;
      if (expectation.kind === "valid") {
        expect(render(check)).toEqual([]);
        expect(check.valid).toBe(true);
        expect(compileModel(block.model, mode).ok).toBe(true);
      } else if (expectation.kind === "invalid") {
        expect(check.valid).toBe(false);
        expect(codesOf(check, "error")).toEqual([...new Set(expectation.codes)].sort());
      } else {
        expect(codesOf(check, "error")).toEqual([]);
        expect(check.valid).toBe(true);
        expect(codesOf(check, "warning")).toEqual([...new Set(expectation.codes)].sort());
      }
      if (block.lenient) expect(checkModel(block.model).valid).toBe(false);
    });

    const quoted = block.diagnostics;
    if (quoted)
      it("quotes diagnostics the checker gives", () => {
        // a lenient block quotes the strict check: the errors that make it need the lenient mode
        const given = render(checkModel(block.model));
        for (const line of quoted) expect(given).toContain(line);
      });
  });

  describe.each(caseBlocks)("line $line: $info", (block) => {
    it("is a case file pdm test reads, and it passes against the model before it", () => {
      const compiled = compileModel(block.model);
      if (!compiled.ok) expect.fail("the model does not compile");
      const dir = mkdtempSync(join(tmpdir(), "authoring-case-"));
      writeFileSync(join(dir, "case.json"), block.body);
      const cases = loadCases([dir], compiled.model.inputSchema);
      expect(cases).toHaveLength(1);
      const outcome = runCase(compiled.model, cases[0]!);
      expect(outcome.mismatches).toEqual([]);
      expect(outcome.ok).toBe(true);
    });
  });

  describe.each(runBlocks)("line $line: $info", (block) => {
    it("evaluates its state to the decisions it expects", () => {
      const mode = { strict: !block.lenient };
      const compiled = compileModel(block.model, mode);
      if (!compiled.ok) expect.fail(`the model does not compile:\n${render(compiled.check).join("\n")}`);
      const { model } = compiled;
      expect(model.check.warnings).toEqual([]);
      expect(model.validate(block.state)).toEqual({ ok: true });
      const decisions = model.evaluate(block.state);
      for (const name of Object.keys(block.expect)) expect(model.decisions).toContain(name);
      expect(pick(decisions, Object.keys(block.expect))).toEqual(block.expect);
      if (block.answers) {
        const answers = model.answers(decisions) as Record<string, unknown>;
        expect(Object.keys(answers)).toEqual(expect.arrayContaining(Object.keys(block.answers)));
        expect(pick(answers, Object.keys(block.answers))).toEqual(block.answers);
      }
      if (block.lenient) expect(checkModel(block.model).valid).toBe(false);
    });
  });

  it("names only diagnostic codes that docs/diagnostics.md documents", () => {
    const catalogue = readFileSync(new URL("../../docs/diagnostics.md", import.meta.url), "utf8");
    const codes = modelBlocks.flatMap((b) => (b.expectation.kind === "valid" ? [] : b.expectation.codes));
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) expect(catalogue).toContain(`\`${code}\``);
  });

  it("links only to headings it has", () => {
    // GitHub's heading ids: lower case, punctuation dropped, spaces as hyphens
    const slug = (heading: string): string =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-");
    const headings = new Set([...guide.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
    const anchors = [...guide.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
    expect(anchors.length).toBeGreaterThan(0);
    expect(anchors.filter((a) => !headings.has(a))).toEqual([]);
  });

  it("links the built-in reference and the diagnostics catalogue, and the README links the guide", () => {
    expect(guide).toContain("](builtins.md)");
    expect(guide).toContain("](diagnostics.md)");
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    expect(readme).toContain("](docs/authoring.md)");
  });
});

describe("the example reader", () => {
  const fence = (info: string, body: string): string => `\`\`\`${info}\n${body}\n\`\`\`\n`;
  const model = { name: "m", inputs: {}, decisions: { d: "1" } };

  it("refuses malformed blocks", () => {
    const cases: [string, RegExp][] = [
      [fence("json model", "{ not json"), /does not parse/],
      [fence("json", JSON.stringify(model)), /every JSON example/],
      [fence("jsonc model", JSON.stringify(model)), /every JSON example/],
      [fence("json model invalid", JSON.stringify(model)), /at least one diagnostic code/],
      [fence("json model invalid Not_A_Code", JSON.stringify(model)), /not a diagnostic code/],
      [fence("json model maybe", JSON.stringify(model)), /expected `invalid` or `warning`/],
      [fence("json model+state", JSON.stringify({ model, state: {} })), /model\+state block is/],
      [fence("json model+state", JSON.stringify({ model, state: {}, expect: {} })), /model\+state block is/],
      [fence("json model+state", JSON.stringify({ model, state: {}, expect: { d: 1 }, extra: 1 })), /model\+state block is/],
      [fence("json model+state warning types.unknown", JSON.stringify({ model, state: {}, expect: { d: 1 } })), /unexpected/],
      [fence("json model", "[1, 2]"), /a model is a JSON object/],
      [fence("text diagnostics", "error x: y [a.b]"), /follows a json model block/],
      [
        fence("json model", JSON.stringify(model)) + fence("sh", "ls") + fence("text diagnostics", "error x: y [a.b]"),
        /follows a json model block/,
      ],
      [fence("json model", JSON.stringify(model)) + fence("text diagnostics", ""), /empty/],
      ["```json model\n{}\n", /never closed/],
    ];
    for (const [markdown, problem] of cases) {
      const read = readBlocks(markdown);
      expect(read.problems.join("\n"), markdown).toMatch(problem);
    }
  });

  it("reads back every block it is given, with its flags and JSON", () => {
    const flagged = fc.record({
      lenient: fc.boolean(),
      expectation: fc.oneof(
        fc.constant<Expectation>({ kind: "valid" }),
        fc.record({
          kind: fc.constantFrom("invalid" as const, "warning" as const),
          codes: fc.array(fc.stringMatching(/^[a-z]{1,6}\.[a-z]{1,6}(-[a-z]{1,4})?$/), { minLength: 1, maxLength: 3 }),
        }),
      ),
      model: fc.dictionary(fc.string(), fc.jsonValue()).map((m) => JSON.parse(JSON.stringify(m)) as Record<string, unknown>),
      prose: fc.array(fc.stringMatching(/^[^`\n]{0,20}$/), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(flagged, { maxLength: 6 }), (specs) => {
        const markdown = specs
          .map((s) => {
            const info = [
              "json model",
              s.lenient ? "lenient" : "",
              s.expectation.kind === "valid" ? "" : `${s.expectation.kind} ${s.expectation.codes.join(" ")}`,
            ];
            return `${s.prose.join("\n")}\n${fence(info.filter((w) => w !== "").join(" "), JSON.stringify(s.model, null, 2))}`;
          })
          .join("\n");
        const read = readBlocks(markdown);
        expect(read.problems).toEqual([]);
        expect(
          read.blocks.map((b) => (b.kind === "model" ? { lenient: b.lenient, expectation: b.expectation, model: b.model } : b)),
        ).toEqual(specs.map((s) => ({ lenient: s.lenient, expectation: s.expectation, model: s.model })));
      }),
    );
  });
});
