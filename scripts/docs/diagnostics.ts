// Renders docs/diagnostics.md from the diagnostic catalogue: the prose below is fixed, every
// table is generated. `npx tsx scripts/docs/diagnostics.ts --write` rewrites the file;
// test/docs/diagnostics.test.ts fails when the file and `render()` differ.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type AnyEntry, CATALOGUE, CHECK_STAGES, codesOf, type StageName, STAGES } from "../../src/ir/diagnostic-catalogue/index.js";
import { code, ownMarkdown, table } from "../../src/compiler/6-package/markdown.js";

export const DOC_PATH = fileURLToPath(new URL("../../docs/diagnostics.md", import.meta.url));

const SEVERITY_TEXT = { error: "error", warning: "warning", "strict-error": "strict error" } as const;

const HEADER = `# Diagnostics of the model check

<!-- Generated from src/ir/diagnostic-catalogue/ by \`npx tsx scripts/docs/diagnostics.ts --write\`: edit the catalogue, not this file. -->

Checking a model (\`POST /v1/systemtwo/models\` with \`content\`, \`pdm check\`) runs six stages, in
this order, and always runs all of them so that one check shows every problem:`;

const AFTER_STAGES = `A stage is \`ok\` when it has no error. The model is valid when every stage is ok. Warnings never
make a model invalid; they are also listed in the Check's \`warnings\`, each prefixed with its
address (\`\`inputs.shoe: input \`shoe\` is not used by any decision\`\`).

Every diagnostic has a \`severity\` (\`error\` or \`warning\`), a stable \`code\`, a \`message\`, an
\`address\` in the form of spec 2.13 (\`decisions.risk.rule[3]\`, \`decisions.d.let.base\`,
\`functions.f\`, \`inputs.age.type\`, \`types.Person\`, \`questions.eligible\`) and, when it points into
FEEL text, a \`span\` (character offsets) and the \`source\` text the span points into (the
expression, the cell or the type).

**Strict and lenient.** The public API checks strictly. Imports (DMN) are checked leniently
(\`lenient-extensions.md\`). In lenient mode the codes marked *strict error* below are warnings,
because FEEL evaluates those expressions to null rather than rejecting them, and DMN models
(the TCK among them) rely on that.

Each code below has an example of its message; the parts that name the model (names, types,
values) change with it.

How many of the mistakes people make the check catches, kind by kind, is measured on the sample
models by the mistake corpus: [mistakes.md](mistakes.md).`;

/** Prose that belongs after a stage's table. */
const NOTES: Partial<Record<StageName, string>> = {
  types: `Inference never rejects an expression because it is unsure: a value whose type cannot be known
has the type \`any\`, and only two *certain* types that can never agree are reported. A singleton
list and its item are compatible (FEEL converts between them).`,
};

/** A table cell: `<element>` outside code spans is text, not HTML (DMN messages name elements). */
const cell = (s: string): string =>
  ownMarkdown(s)
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/</g, "&lt;")))
    .join("");

function row(c: keyof typeof CATALOGUE): string[] {
  const e = CATALOGUE[c] as AnyEntry;
  const example = (e.message as (p: unknown) => string)(e.example);
  return [code(c), SEVERITY_TEXT[e.severity], cell(e.explain), cell(example)];
}

function section(stage: StageName): string {
  const { title, about } = STAGES[stage];
  const isCheckStage = (CHECK_STAGES as readonly string[]).includes(stage);
  const parts = [`## ${title}`];
  if (!isCheckStage) parts.push(about);
  parts.push(table(["Code", "Severity", "Meaning", "Example message"], codesOf(stage).map(row)));
  const note = NOTES[stage];
  if (note) parts.push(note);
  return parts.join("\n\n");
}

export function render(): string {
  const stageTable = table(
    ["Stage", "What it checks"],
    CHECK_STAGES.map((s) => [code(s), STAGES[s].about]),
  );
  const stages = Object.keys(STAGES) as StageName[];
  return [HEADER, stageTable, AFTER_STAGES, ...stages.map(section)].join("\n\n") + "\n";
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes("--write")) {
  writeFileSync(DOC_PATH, render());
  console.log(`wrote ${DOC_PATH}`);
}
