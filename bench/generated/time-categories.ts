// Where an evaluation's time goes, by kind of work: the self time of a V8 CPU profile's samples
// grouped by the runtime source file (and for a few conversions, the function) they fell in. The
// built runtime is bundled into chunks; esbuild writes a `// src/...` comment where each source
// file begins, which maps a sample's chunk line back to its file. A model's `-o` module
// (bench/generated/module-side.ts) is bundled from the built runtime's files (`// runtime/....js`),
// its generated code last (`// model.mjs`).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MODULE_FOLDER } from "./module-side.js";

/** What a V8 CPU profile (`Profiler.stop`) holds, the parts read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
}

/** Functions that turn doubles into decimals or back, outside the state reader and the certified code (which have categories of their own). */
const CONVERSIONS = new Set(["scaleOfDouble", "toNumber", "readNumber", "nearestDouble", "columnDouble"]);
const RESULT_CONVERSIONS = new Set(["toJson", "numberJson", "jsonOutputs"]);
const ROUNDINGS = new Set(["toDecimalPlaces", "roundPlaces", "roundAt", "roundQuotient", "roundWide"]);

/** The categories, first match wins: a sample's function name and source file (or a pseudo-file in parentheses). */
const RULES: [category: string, test: (fn: string, src: string) => boolean][] = [
  ["garbage collection", (_, src) => src === "(gc)"],
  ["generated code (with the runtime V8 inlined into it)", (_, src) => src === "(generated)"],
  ["result conversion to JSON", (fn, src) => src.endsWith("json.ts") && RESULT_CONVERSIONS.has(fn)],
  ["reading the state (JSON to FEEL values)", (_, src) => src.endsWith("json.ts")],
  ["certified doubles", (_, src) => src.endsWith("certified.ts")],
  ["certified double-doubles (and both forms' raw item reads)", (_, src) => /certified-dd\.ts|certified-items\.ts/.test(src)],
  ["conversions between doubles and decimals", (fn) => CONVERSIONS.has(fn)],
  ["roundings to places", (fn, src) => src.includes("decimal") && ROUNDINGS.has(fn)],
  ["decimal arithmetic (34 digits)", (_, src) => /decimal|arithmetic\.ts|compare\.ts|builtins\/number/.test(src)],
  ["lists (items, fields, filters, aggregates)", (_, src) => /raw-items|access\.ts|aggregate|filter/.test(src)],
  ["tables", (_, src) => /table|column-double|unary-tests|ranges|hit-polic|rule/.test(src)],
  ["dates", (_, src) => /temporal/.test(src)],
  ["built-in call wrappers", (_, src) => /builtins\//.test(src)],
  [
    "frame: budget, calls, declared results, kinds",
    (_, src) => /budget|functions|declared|kinds|types|values|entry|generated-api|logic|equality/.test(src),
  ],
];

const sourceLines = new Map<string, string[]>();

/** The source file a bundle's file comment names: a chunk's `// src/x.ts`, a module's `// runtime/x.js` or its generated code. */
function named(comment: string): string | undefined {
  if (comment.startsWith("// src/")) return comment.slice(3);
  if (comment === "// model.mjs") return "(generated)";
  if (/^\/\/ (runtime|compiler|ir)\/\S+\.js$/.test(comment)) return `src/${comment.slice(3, -3)}.ts`;
  return undefined;
}

/** The source file of a line of a built chunk or module: the last file comment above it. */
function sourceOf(url: string, line: number): string {
  let files = sourceLines.get(url);
  if (!files) {
    let current = "(chunk)";
    files = readFileSync(fileURLToPath(url), "utf8")
      .split("\n")
      .map((l) => (current = named(l) ?? current));
    sourceLines.set(url, files);
  }
  return files[line] ?? "(chunk)";
}

/**
 * The share of a profile's samples in each category, among the samples in the model's evaluation
 * (the harness's own frames, idle time and the profiler left out). `harness` is the URL of the
 * timing loop's module.
 */
export function timeByCategory(profile: CpuProfile, harness: string): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const counts = new Map<string, number>();
  let total = 0;
  for (const id of profile.samples) {
    const { functionName: fn, url, lineNumber } = byId.get(id)!;
    if (url === harness || fn === "(program)" || fn === "(idle)" || url.startsWith("node:")) continue;
    const src =
      fn === "(garbage collector)"
        ? "(gc)"
        : url === ""
          ? "(generated)"
          : url.includes("/chunks/") || url.includes(MODULE_FOLDER)
            ? sourceOf(url, lineNumber)
            : url;
    const category = RULES.find(([, test]) => test(fn, src))?.[0] ?? "other";
    counts.set(category, (counts.get(category) ?? 0) + 1);
    total++;
  }
  return new Map([...counts].map(([c, n]) => [c, n / total]));
}
