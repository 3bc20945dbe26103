// pdm run: decisions and answers for one state. A JSON state that matches the model's inputs runs
// deterministically; a text state, or JSON that does not match, is read by the embedded readers
// first (offline, as the service does without a language model) and what was read is shown.
import { readFileSync } from "node:fs";
import type { CompiledModel } from "../../compiler/index.js";
import { modelText } from "../../compiler/model-text.js";
import { visibleLine, visibleLines } from "../../ir/visible-text.js";
import type { Explanation } from "../../ir/explanation.js";
import { explanationLines } from "../../model-tests/explain-text.js";
import { readState, type ReadOutcome } from "../../providers/read-state.js";
import { embeddedReader } from "../../providers/readers/embedded.js";
import { answersUnderUncertainty } from "../../providers/uncertainty.js";
import { unknownStateKeys } from "../../service/state-keys.js";
import { command, flag, str, type CommandSpec } from "../command.js";
import { checkedJson, EXIT, print, readJson, readStdin, UserError, type Io } from "../io.js";
import { compileFile, LENIENT, MODEL_ARGUMENT } from "../load-model.js";

export const spec: CommandSpec = {
  name: "run",
  summary: "evaluate a model on one state: JSON that matches its inputs, other JSON, or text evidence",
  positionals: [MODEL_ARGUMENT],
  options: {
    state: {
      type: "string",
      short: "s",
      value: "FILE",
      description: "the state: a JSON file, a text file (.txt, .md, .eml or any file that is not JSON), or - for standard input",
    },
    text: { type: "boolean", description: "read the state as text evidence even if it parses as JSON" },
    json: { type: "boolean", description: "print {decisions, answers} (and trace, given, read) as JSON" },
    trace: { type: "boolean", description: "show the rule that fired in each table and the let values" },
    explain: {
      type: "boolean",
      description:
        "show what each decision did: every rule tried with the first cell that failed and the value it saw, let, call and if steps, why a value is null (with --json: the explanation as data, docs/explanations.md)",
    },
    exact: { type: "boolean", description: "numbers as exact decimal strings instead of JSON numbers" },
    lenient: LENIENT,
  },
  details: `A JSON state whose keys are the model's inputs with valid values is evaluated as it is. Anything
else is evidence: the embedded JSON reader looks for the inputs in other JSON (nested, renamed,
strings for numbers), the embedded text reader in text. What was read is printed with its
confidence; an input that cannot be established (not found, or below its threshold) is named and
the command exits 1.`,
  examples: [
    "jq .state samples/lending/cases/prime-salaried.json | pdm run samples/lending/model.json --state -",
    "pdm run model.json --state state.json --json --trace",
    "jq .state samples/lending/cases/high-dti.json | pdm run samples/lending/model.json --state - --explain",
    "echo 'The applicant, 34, earns 5,200 a month and asks for 18,000.' | pdm run model.json --state -",
  ],
  exits: {
    0: "evaluated",
    1: "the model is invalid, the state cannot establish its inputs, or it makes a decision fall outside its declared type",
    2: "a file cannot be read, or the arguments are wrong",
  },
};

const JSON_FILE = /\.json$/i;

/** The state as the user gave it: parsed JSON, or the text itself. */
async function loadState(path: string, asText: boolean, io: Io): Promise<unknown> {
  if (!asText && (path === "-" ? false : JSON_FILE.test(path))) return readJson(path, io, "state");
  let text: string;
  try {
    text = path === "-" ? await readStdin(io.stdin) : readFileSync(path, "utf8");
  } catch (e) {
    throw new UserError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (asText) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  return checkedJson(parsed, path, "state");
}

export const run = command(spec, async (args, io) => {
  const file = args.positionals[0]!;
  const statePath = str(args, "state");
  if (statePath === undefined)
    throw new UserError(`pdm run: --state is required\nRun \`pdm help run\` for the options and examples.`, EXIT.unreadable);
  const model = await compileFile(file, io, { strict: !flag(args, "lenient") });
  const state = await loadState(statePath, flag(args, "text"), io);
  const options = { exactDecimals: flag(args, "exact") };
  const matches = state !== null && typeof state === "object" && !Array.isArray(state) && model.validate(state).ok;
  const explained = (s: Record<string, unknown>) => (flag(args, "explain") ? { explanation: model.explain(s, options).explanation } : {});
  const unknownKeys = unknownStateKeys(
    state,
    model.ir.inputs.map((i) => i.name),
  );
  if (matches) {
    // keys that name no input are ignored: said on stderr, so a misspelt one is never lost without notice
    for (const { entry } of unknownKeys) print(io.stderr, visibleLine(`warning: ${entry.address}: ${entry.message}`));
    const { decisions, trace } = model.evaluateTraced(state as Record<string, unknown>, options);
    const result = {
      decisions,
      answers: model.answers(decisions),
      ...(flag(args, "trace") ? { trace } : {}),
      ...explained(state as Record<string, unknown>),
    };
    print(io.stdout, flag(args, "json") ? JSON.stringify(result, null, 2) : formatResult(result, model));
    return EXIT.ok;
  }
  const reader = embeddedReader(state);
  const how =
    reader.name === "text"
      ? "text evidence, read by the embedded text reader"
      : typeof state === "string"
        ? "text that is one JSON document, read by the embedded JSON reader"
        : "JSON that does not match the model's inputs, read by the embedded JSON reader";
  const reading = await readState(model, state, reader, "fast");
  if ("tooLarge" in reading) {
    const { measure, size, limit } = reading.tooLarge;
    throw new UserError(
      `${statePath}: the evidence is too large for the embedded reader: ${size} ${measure}, the limit is ${limit}`,
      EXIT.invalid,
    );
  }
  if (reading.missing.length > 0) {
    const missing = new Set(reading.missing.map((m) => m.input));
    const misspelt = unknownKeys
      .filter((k) => k.input !== undefined && missing.has(k.input))
      .map((k) => `  ${k.entry.address}: ${k.entry.message}`);
    const lines = [...misspelt, ...reading.missing.map((m) => `  ${m.address}: ${m.reason}`)];
    const mismatch = state !== null && typeof state === "object" && !Array.isArray(state) ? mismatchLines(model, state) : [];
    print(io.stderr, `${statePath}: ${how}; the state does not establish every input\n${visibleLines([...mismatch, ...lines])}`);
    return EXIT.invalid;
  }
  const result = answersUnderUncertainty(model, reading.given, reading.read);
  const out = {
    decisions: result.decisions,
    answers: result.answers,
    given: reading.given,
    read: reading.read,
    ...(flag(args, "trace") ? { trace: result.trace } : {}),
    // what was evaluated: the values given and the most likely of those read
    ...explained({ ...Object.fromEntries(Object.entries(reading.read).map(([n, r]) => [n, r.value])), ...reading.given }),
  };
  if (flag(args, "json")) print(io.stdout, JSON.stringify(out, null, 2));
  else print(io.stdout, `state: ${how}\n${formatReading(reading)}\n${formatResult(out, model)}`);
  return EXIT.ok;
});

/** Why a JSON state did not match, for the user who meant it to. */
function mismatchLines(model: CompiledModel, state: object): string[] {
  const valid = model.validate(state);
  return valid.ok ? [] : valid.errors.map((e) => `  ${e.address}: ${e.message} [${e.code}]`);
}

function formatReading(reading: ReadOutcome): string {
  const lines = ["inputs:"];
  for (const [name, value] of Object.entries(reading.given)) lines.push(`  ${name}: ${JSON.stringify(value)}   (given)`);
  for (const [name, r] of Object.entries(reading.read))
    lines.push(`  ${name}: ${JSON.stringify(r.value)}   (read, confidence ${r.confidence.toFixed(2)})`);
  return visibleLines(lines);
}

function formatResult(
  result: {
    decisions: Record<string, unknown>;
    answers: Record<string, unknown>;
    trace?: Record<string, unknown>;
    explanation?: Explanation;
  },
  model: CompiledModel,
): string {
  const lines = ["decisions:"];
  for (const [name, value] of Object.entries(result.decisions)) {
    const t = result.trace?.[name] as { rule?: unknown; lets?: unknown } | undefined;
    const rule = t?.rule !== undefined ? `   (rule ${JSON.stringify(t.rule)})` : "";
    lines.push(`  ${name}: ${JSON.stringify(value)}${rule}`);
    if (t?.lets) lines.push(`    let ${JSON.stringify(t.lets)}`);
  }
  if (Object.keys(result.answers).length > 0) {
    lines.push("answers:");
    for (const [id, answer] of Object.entries(result.answers)) lines.push(`  ${id}: ${JSON.stringify(answer)}`);
  }
  if (result.explanation) lines.push("explanation:", ...explanationLines(result.explanation, modelText(model)));
  return visibleLines(lines);
}
