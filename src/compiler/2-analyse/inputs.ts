// Inputs (spec 2.4): observations with a type and the question a reader must answer.
import type { InputIR } from "../../ir/ir.js";
import type { Type } from "../../ir/types.js";
import { didYouMean } from "./expressions/suggest.js";
import { err, warn } from "./stages.js";
import { parseTypeSpec, type TypeEnv } from "./types/parse-type.js";

const KNOWN_KEYS = new Set(["type", "desc", "options", "from", "threshold", "blank"]);

type FieldCheck = (v: unknown) => string | undefined;
const FIELD_CHECKS: Record<string, FieldCheck> = {
  desc: (v) => (typeof v === "string" ? undefined : "`desc` must be a string"),
  from: (v) => (typeof v === "string" ? undefined : "`from` must be a string"),
  threshold: (v) => (typeof v === "number" && v >= 0 && v <= 1 ? undefined : "`threshold` must be a number from 0 to 1"),
  blank: (v) => (typeof v === "boolean" ? undefined : "`blank` must be true or false"),
};

export function readInput(name: string, raw: unknown, env: TypeEnv): InputIR {
  const address = `inputs.${name}`;
  const sink = env.sink;
  // lenient: an input may be given as its bare type
  const spec: Record<string, unknown> =
    raw !== null && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : env.strict ? {} : { type: raw };
  if (spec !== raw && env.strict) err(sink, "input.shape", `input \`${name}\` must be an object with \`type\` and \`desc\``, address);
  let type: Type = { kind: "any" };
  if (spec.type === undefined) err(sink, "input.type-missing", `input \`${name}\` needs a \`type\``, address);
  else type = parseTypeSpec(spec.type, `${address}.type`, env);
  if (spec.desc === undefined && env.strict)
    err(sink, "input.desc-missing", `input \`${name}\` needs a \`desc\`: the question a reader must answer`, address);
  for (const [key, check] of Object.entries(FIELD_CHECKS)) {
    const problem = spec[key] === undefined ? undefined : check(spec[key]);
    if (problem) err(sink, `input.${key}-invalid`, problem, `${address}.${key}`);
  }
  for (const key of Object.keys(spec))
    if (!KNOWN_KEYS.has(key)) warn(sink, "input.unknown-key", `unknown key \`${key}\` is ignored${didYouMean(key, KNOWN_KEYS)}`, `${address}.${key}`);
  const input: InputIR = {
    name,
    address,
    type,
    desc: typeof spec.desc === "string" ? spec.desc : "",
    blank: spec.blank === true,
  };
  const options = readOptions(spec.options, type, `${address}.options`, env);
  if (options) input.options = options;
  if (typeof spec.from === "string") input.from = spec.from;
  if (typeof spec.threshold === "number" && spec.threshold >= 0 && spec.threshold <= 1) input.threshold = spec.threshold;
  return input;
}

/** `options` explain the values of a choice or levels type; every key must be one of them. */
function readOptions(raw: unknown, type: Type, address: string, env: TypeEnv): Record<string, string> | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || typeof raw !== "object" || Array.isArray(raw) || !Object.values(raw).every((v) => typeof v === "string")) {
    err(env.sink, "input.options-invalid", "`options` must be an object mapping each value to its meaning (a string)", address);
    return undefined;
  }
  const options = raw as Record<string, string>;
  if (type.kind !== "choice" && type.kind !== "levels") {
    if (type.kind !== "any") err(env.sink, "input.options-invalid", `\`options\` need a choice or levels type, not ${type.kind}`, address);
    return options;
  }
  for (const key of Object.keys(options))
    if (!type.values.includes(key))
      err(env.sink, "input.option-unknown", `option \`${key}\` is not a value of the type (${type.values.join(", ")})${didYouMean(key, type.values)}`, `${address}.${key}`);
  return options;
}
