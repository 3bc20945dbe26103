// README.md of a generated package, from the IR: what it is, how to call it, its inputs,
// decisions, questions and every decision table with its `# why` column.
import type { CompiledModel } from "../5-load/compiled-model.js";
import { typeToString } from "../2-analyse/expressions/compat.js";
import type { QuestionIR } from "../../ir/ir.js";
import type { NumberMode } from "./standalone.js";
import { code, table, text } from "./markdown.js";
import { tableMarkdown, tableSites } from "./readme-tables.js";
import { visibleJson } from "../../ir/visible-text.js";

const NUMBERS: Record<NumberMode, string> = {
  decimal: "Numbers are FEEL decimals: 34 significant digits with half-even rounding, as DMN 1.5 specifies (0.1 + 0.2 is exactly 0.3).",
  double:
    "**Numbers are JS doubles (binary floating point). This is outside FEEL's semantics**, which calls for decimals: " +
    "0.1 + 0.2 is 0.30000000000000004 here, so a table cell `<= 0.3` does not match it, and results may differ from the " +
    "pdm service in the last digits or, at such boundaries, in the rule that fires. Rounding functions such as " +
    "`decimal(x, 2)` round the shortest decimal form of the double (the digits JavaScript prints). Compiled with `--numbers double`.",
};

const options = (o: Record<string, string> | string[] | undefined): string =>
  !o
    ? ""
    : Array.isArray(o)
      ? o.map(code).join(", ")
      : Object.entries(o)
          .map(([k, v]) => `${code(k)}: ${text(v)}`)
          .join("<br>");

const questionOptions = (q: QuestionIR): string => {
  if (q.type === "score") return (q.levels ?? []).map(code).join(" < ");
  if (q.type === "noul") return options(q.criteria);
  if (q.type === "number" && q.range) return `range ${q.range.min ?? "…"} to ${q.range.max ?? "…"}`;
  return options(q.options);
};

function usage(name: string, model: CompiledModel): string {
  const q = model.ir.questions[0];
  return [
    "```js",
    `import { evaluate, answers, InvalidStateError } from ${JSON.stringify(name)};`,
    `// CommonJS: const { evaluate, answers, InvalidStateError } = require(${JSON.stringify(name)});`,
    "",
    "try {",
    "  const decisions = evaluate(state);",
    q ? `  const answer = answers(state)[${visibleJson(q.id)}];` : "  const all = answers(state);",
    "} catch (e) {",
    "  // the state does not match the inputs: one issue per offending input",
    '  if (e instanceof InvalidStateError) console.error(e.issues.map((i) => `${i.address}: ${i.message}`).join("\\n"));',
    "  else throw e;",
    "}",
    "```",
  ].join("\n");
}

const CHECKS = "Throws `InvalidStateError` when the state does not match the inputs";

const API = table(
  ["export", "what it does"],
  [
    [
      code("evaluate(state, { exactDecimals? })"),
      `every decision's value as JSON (dates \`YYYY-MM-DD\`, durations ISO 8601); with \`exactDecimals: true\`, numbers as exact decimal strings. ${CHECKS}`,
    ],
    [
      code("evaluateTraced(state, { exactDecimals? })"),
      `\`{ decisions, trace }\`: the trace names the rule(s) that fired in each table (1-based) and each decision's \`let\` values. ${CHECKS}`,
    ],
    [
      code("explain(state, { exactDecimals? })"),
      `\`{ decisions, explanation }\`: for each decision its value, the rules tried with the first cell that failed and the value it saw, \`let\`, call and \`if\` steps, and why a null is null; addressed like the model (\`decisions.<name>.rule[<n>]\`). ${CHECKS}`,
    ],
    [
      code("answers(state)"),
      `evaluates the state, then shapes one answer per question. Unlike the compiler's \`answers(decisions)\`, it takes the **state**. ${CHECKS}`,
    ],
    [
      code("validate(state)"),
      "checks a state against the input schema: `{ ok: true }` or `{ ok: false, errors: [{ address, code, message }] }`",
    ],
    [
      code("evaluateUnchecked(state, { exactDecimals? })"),
      "`evaluate` without the check, for states validated already (by `validate` or the schema): a state that does not match gives nulls",
    ],
    [
      code("InvalidStateError"),
      "the error the checked entries throw: `issues` holds `{ input, address, code, message }` for each offending input (`input` is null when the state is not an object), with the messages of `validate`",
    ],
    [
      code("DeclaredResultError"),
      "the error every evaluating entry throws when the state makes a decision fall outside its declared type or constraint (`number >= 0`): `address` (`decisions.<name>`), `declaredType` and a message with the value; no decision is returned",
    ],
    [code("inputSchema"), "the input JSON Schema 2020-12 (also `schema.json`, exported as `<package>/schema.json`)"],
    [code("contentHash"), "sha256 of the model's canonical JSON: which model this package is"],
    [code("numbers"), '`"decimal"` or `"double"`: how this package computes numbers'],
  ],
);

export function readme(model: CompiledModel, name: string, numbers: NumberMode): string {
  const { ir } = model;
  const inputs = table(
    ["input", "type", "required", "description", "options"],
    ir.inputs.map((i) => [
      code(i.name),
      code(typeToString(i.type)),
      i.blank ? "no (may be null)" : "yes",
      text(i.desc),
      options(i.options),
    ]),
  );
  const decisions = table(
    ["decision", "type", "question", "description"],
    ir.decisions.map((d) => [code(d.name), code(typeToString(d.type)), d.question ? "yes" : "", text(d.desc ?? "")]),
  );
  const questions = table(
    ["question", "type", "instructions", "options"],
    ir.questions.map((q) => [code(q.id), q.type, text(q.instructions), questionOptions(q)]),
  );
  const tables = tableSites(ir, model.check.content).map(tableMarkdown);
  return [
    `# ${name}`,
    "",
    `${text(ir.name)}: a decision model compiled by pdm into a self-contained package. It has no dependencies and runs in Node 20+ (ES module and CommonJS) and other JavaScript runtimes.`,
    "",
    `- content hash: ${code(model.hash)}`,
    `- ${NUMBERS[numbers]}`,
    "",
    "## Usage",
    "",
    usage(name, model),
    "",
    "## API",
    "",
    API,
    "",
    "Type declarations (`index.d.ts`) give `Input`, `Decisions` and `Answers` for this model.",
    "",
    "## Inputs",
    "",
    inputs,
    "",
    "## Decisions",
    "",
    decisions,
    ...(ir.questions.length ? ["", "## Questions", "", questions] : []),
    ...(tables.length ? ["", "## Tables", "", tables.join("\n\n")] : []),
    "",
  ].join("\n");
}
