// docs/builtins.md, the FEEL built-in reference, rendered from the catalogue in src/runtime/builtins.
// `npx tsx scripts/docs/builtins.ts` prints it; with `--write` it writes the file, which
// test/docs/builtins.test.ts keeps equal to render().
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { BUILTINS } from "../../src/runtime/builtins/index.js";
import { BUILTIN_KINDS, RESULT_RULES, requiredCount, type BuiltinDef, type Signature } from "../../src/runtime/builtins/def.js";
import { typeName } from "../../src/runtime/types.js";
import { COST_RULES, costRule, type CostRule } from "../../src/runtime/builtins/costs.js";

export const OUTPUT = fileURLToPath(new URL("../../docs/builtins.md", import.meta.url));

const code = (s: string) => `\`${s}\``;
const cell = (s: string) => s.replace(/\|/g, "\\|");

/** `name(a, b?)`, `name(list, item...)`: optional parameters marked `?`, the variadic one `...`. */
function signature(name: string, s: Signature): string {
  const fixed = s.variadic ? s.params.length - 1 : s.params.length;
  const params = s.params.map((p, i) => (i >= fixed ? `${p}...` : i >= requiredCount(s) ? `${p}?` : p));
  const text = code(`${name}(${params.join(", ")})`);
  return requiredCount(s) > fixed ? `${text} (at least ${requiredCount(s)} arguments)` : text;
}

/** Each form once: a positional-only overload shares its parameter names with a named one. */
function signatures(d: BuiltinDef): string {
  const forms = d.signatures.map((s) => signature(d.name, s));
  return [...new Set(forms)].join("<br>");
}

const result = (d: BuiltinDef): string => (typeof d.result === "string" ? RESULT_RULES[d.result] : code(typeName(d.result)));

function section(kind: keyof typeof BUILTIN_KINDS): string {
  const defs = BUILTINS.filter((d) => d.kind === kind).sort((a, b) => a.name.localeCompare(b.name));
  const rows = defs.map((d) => `| ${signatures(d)} | ${cell(result(d))} | ${cell(d.description)} | ${code(costRule(d))} |`);
  return [`## ${BUILTIN_KINDS[kind]}`, "", "| function | returns | description | cost |", "|---|---|---|---|", ...rows].join("\n");
}

/** What each cost rule charges (src/runtime/builtins/costs.ts). */
function costs(): string {
  const rules = (Object.keys(COST_RULES) as CostRule[]).map((r) => `| ${code(r)} | ${cell(COST_RULES[r])} |`);
  return [
    "## What a call costs",
    "",
    "Every call is charged against the evaluation's budget (steps, and the size of the lists and strings",
    "it builds; docs/service.md, Limits) by the rule in its row's `cost` column. The *expanded size* of a",
    "list counts every item of its nested lists, a list it holds several times each time: a list holding",
    "the same 1,000-item list 1,000 times has an expanded size of 1,000,000. Comparing lists or contexts",
    "with `=` (as `list contains`, `index of` and the tables do) costs a step per item or entry compared.",
    "",
    "| cost | what a call is charged |",
    "|---|---|",
    ...rules,
  ].join("\n");
}

export function render(): string {
  const kinds = Object.keys(BUILTIN_KINDS) as (keyof typeof BUILTIN_KINDS)[];
  return [
    "# FEEL built-in functions",
    "",
    `The ${BUILTINS.length} built-in functions of FEEL (DMN 1.5, chapter 10.3.4) that models may call, generated from`,
    "the catalogue in `src/runtime/builtins` by `npx tsx scripts/docs/builtins.ts --write`; edit the catalogue, not this file.",
    "",
    "- `p?` may be left out; `p...` stands for any number of further arguments.",
    "- Arguments may be given by name with the parameter names shown (`substring(string: s, start position: 2)`),",
    "  except in a form with `p...`. A name no form has is an error of the strict check.",
    "- Every function answers null, with a problem in the trace, when its arguments are not what it takes.",
    '- Where a function takes a single value, a one-item list stands for its item (`upper case(["a"])` is `"A"`).',
    "- The result is what the type checker assumes and what the function returns (or null); where it depends on",
    "  the arguments, the rule is given in words.",
    "- The cost is what a call is charged against the evaluation budget: see [What a call costs](#what-a-call-costs).",
    "",
    ...kinds.flatMap((k) => [section(k), ""]),
    costs(),
    "",
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--write")) writeFileSync(OUTPUT, render());
  else process.stdout.write(render());
}
