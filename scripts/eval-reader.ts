// Measures the embedded readers on the labelled evidence in test/fixtures/evidence: text states
// go to the text reader, JSON states to the JSON reader, through the reading pipeline. A value
// counts when it equals the label after normalisation (numbers within 0.5%). Run with
// `npm run eval:reader`; writes bench/READER-EVAL.md.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileModel, type CompiledModel } from "../src/compiler/index.js";
import { readState } from "../src/providers/read-state.js";
import { jsonReader } from "../src/providers/readers/json-reader.js";
import { textReader } from "../src/providers/readers/text-reader.js";
import type { Reader, ReadValue } from "../src/providers/types.js";

const ROOT = join(fileURLToPath(import.meta.url), "..", "..");
export const FIXTURES = join(ROOT, "test", "fixtures", "evidence");

export interface Fixture {
  file: string;
  sample: string;
  /** "holdout": written after the readers were tuned, never tuned on */
  split?: "dev" | "holdout";
  state: unknown;
  reference_date?: string;
  expected: Record<string, unknown>;
}

export interface Check {
  file: string;
  split: "dev" | "holdout";
  reader: "text" | "json";
  input: string;
  kind: string;
  expected: unknown;
  got: unknown;
  confidence?: number;
  ok: boolean;
}

export function loadFixtures(dir = FIXTURES): Fixture[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(join(dir, file), "utf8")) as Omit<Fixture, "file">) }));
}

const models = new Map<string, CompiledModel>();
function modelOf(sample: string): CompiledModel {
  let m = models.get(sample);
  if (!m) {
    const r = compileModel(JSON.parse(readFileSync(join(ROOT, "samples", sample, "model.json"), "utf8")));
    if (!r.ok) throw new Error(`sample ${sample} does not compile`);
    models.set(sample, (m = r.model));
  }
  return m;
}

/** Equal after normalisation: numbers within 0.5% (exact for 0), strings ignoring case, structures deeply. */
export function sameValue(expected: unknown, got: unknown): boolean {
  if (typeof expected === "number" && typeof got === "number")
    return expected === 0 ? Math.abs(got) < 1e-9 : Math.abs(got - expected) <= 0.005 * Math.abs(expected);
  if (typeof expected === "string" && typeof got === "string") return expected.trim().toLowerCase() === got.trim().toLowerCase();
  if (Array.isArray(expected)) return Array.isArray(got) && got.length === expected.length && expected.every((e, i) => sameValue(e, got[i]));
  if (expected && typeof expected === "object")
    return !!got && typeof got === "object" && !Array.isArray(got) &&
      Object.keys(expected).every((k) => sameValue((expected as Record<string, unknown>)[k], (got as Record<string, unknown>)[k]));
  return expected === got;
}

/** The reference date reaches the text reader the only way the contract allows: stated in the text. */
export const withReference = (text: string, reference?: string): string => (reference ? `Today is ${reference}. ${text}` : text);

export async function evaluateFixtures(fixtures = loadFixtures()): Promise<Check[]> {
  const checks: Check[] = [];
  for (const fx of fixtures) {
    const model = modelOf(fx.sample);
    const text = typeof fx.state === "string";
    const inner: Reader = text ? textReader : jsonReader;
    let raw: Record<string, ReadValue> = {};
    const recording: Reader = { name: inner.name, read: async (req) => { const r = await inner.read(req); raw = r.values; return r; } };
    const state = text ? withReference(fx.state as string, fx.reference_date) : fx.state;
    const outcome = await readState(model, state, recording, "fast");
    for (const [input, expected] of Object.entries(fx.expected)) {
      const ir = model.ir.inputs.find((i) => i.name === input);
      if (!ir) throw new Error(`${fx.file}: ${fx.sample} has no input ${input}`);
      const got = input in outcome.given ? outcome.given[input] : raw[input]?.value;
      const confidence = input in outcome.given ? 1 : raw[input]?.confidence;
      checks.push({ file: fx.file, split: fx.split ?? "dev", reader: text ? "text" : "json", input, kind: ir.type.kind, expected, got, confidence, ok: got !== undefined && sameValue(expected, got) });
    }
  }
  return checks;
}

const pct = (ok: number, n: number): string => (n === 0 ? "–" : `${((100 * ok) / n).toFixed(1)}%`);

function table(title: string, checks: Check[], by: (c: Check) => string): string[] {
  const groups = new Map<string, Check[]>();
  for (const c of checks) groups.set(by(c), [...(groups.get(by(c)) ?? []), c]);
  const rows = [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([g, cs]) => {
    const ok = cs.filter((c) => c.ok).length;
    return `| ${g} | ${cs.length} | ${ok} | ${pct(ok, cs.length)} |`;
  });
  return [`| ${title} | values | correct | accuracy |`, "|---|---:|---:|---:|", ...rows];
}

const mean = (xs: number[]): string => (xs.length === 0 ? "–" : (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(3));

export function report(checks: Check[], fixtures: number): string {
  const ok = checks.filter((c) => c.ok).length;
  const wrong = checks.filter((c) => !c.ok);
  return [
    "# Embedded reader evaluation",
    "",
    "Generated by `npm run eval:reader` (`scripts/eval-reader.ts`) over the labelled cases in",
    "`test/fixtures/evidence/`: text states read by the text reader, JSON states that do not match",
    "the input schema read by the JSON reader, both through `readState`. A value counts when it",
    "equals the label after normalisation (numbers within 0.5%, strings ignoring case).",
    "",
    `**Overall: ${ok} / ${checks.length} values correct (${pct(ok, checks.length)}) over ${fixtures} cases.**`,
    "",
    ...table("split", checks, (c) => c.split),
    "",
    "`dev` cases were written with the readers and used to tune them; `holdout` cases were written",
    "after the readers were frozen and were not tuned on: their accuracy is the honest estimate.",
    "",
    ...table("reader", checks, (c) => c.reader),
    "",
    ...table("input type", checks, (c) => c.kind),
    "",
    ...table("reader × type", checks, (c) => `${c.reader} ${c.kind}`),
    "",
    "## Confidence",
    "",
    `Mean confidence of correct values: ${mean(checks.filter((c) => c.ok && c.confidence !== undefined).map((c) => c.confidence!))}; ` +
      `of wrong values: ${mean(wrong.filter((c) => c.confidence !== undefined).map((c) => c.confidence!))}; ` +
      `values not found: ${wrong.filter((c) => c.got === undefined).length}.`,
    "",
    "## Misses",
    "",
    ...(wrong.length === 0
      ? ["None."]
      : ["| case | input | expected | got | confidence |", "|---|---|---|---|---:|",
         ...wrong.map((c) => `| ${c.file} | ${c.input} | ${JSON.stringify(c.expected)} | ${c.got === undefined ? "not found" : JSON.stringify(c.got)} | ${c.confidence ?? "–"} |`)]),
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const fixtures = loadFixtures();
  const checks = await evaluateFixtures(fixtures);
  const md = report(checks, fixtures.length);
  writeFileSync(join(ROOT, "bench", "READER-EVAL.md"), md);
  console.log(md);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
