// Inputs (spec 2.4): observations with a type and the question a reader must answer.
import { diagnostic, type Diagnostic } from "../../ir/diagnostics.js";
import type { InputIR } from "../../ir/ir.js";
import type { Type } from "../../ir/types.js";
import { didYouMean } from "../1-parse/suggest.js";
import { parseTypeSpec, type TypeEnv } from "./types/parse-type.js";

const KNOWN_KEYS = new Set(["type", "desc", "options", "from", "threshold", "blank"]);

type FieldCheck = (v: unknown, address: string) => Diagnostic | undefined;
const FIELD_CHECKS: Record<string, FieldCheck> = {
  desc: (v, address) => (typeof v === "string" ? undefined : diagnostic("input.desc-invalid", {}, { address })),
  from: (v, address) => (typeof v === "string" ? undefined : diagnostic("input.from-invalid", {}, { address })),
  threshold: (v, address) =>
    typeof v === "number" && v >= 0 && v <= 1 ? undefined : diagnostic("input.threshold-invalid", {}, { address }),
  blank: (v, address) => (typeof v === "boolean" ? undefined : diagnostic("input.blank-invalid", {}, { address })),
};

export function readInput(name: string, raw: unknown, env: TypeEnv): InputIR {
  const address = `inputs.${name}`;
  const sink = env.sink;
  // lenient: an input may be given as its bare type; strict reports the shape once and reads the type
  const bare = raw === null || typeof raw !== "object" || Array.isArray(raw);
  const spec: Record<string, unknown> = bare ? { type: raw } : (raw as Record<string, unknown>);
  if (bare && env.strict) sink.push(diagnostic("input.shape", { name }, { address }));
  let type: Type = { kind: "any" };
  if (spec.type === undefined) sink.push(diagnostic("input.type-missing", { name }, { address }));
  else type = parseTypeSpec(spec.type, `${address}.type`, env);
  if (spec.desc === undefined && env.strict && !bare) sink.push(diagnostic("input.desc-missing", { name }, { address }));
  for (const [key, check] of Object.entries(FIELD_CHECKS)) {
    const problem = spec[key] === undefined ? undefined : check(spec[key], `${address}.${key}`);
    if (problem) sink.push(problem);
  }
  for (const key of Object.keys(spec))
    if (!KNOWN_KEYS.has(key))
      sink.push(diagnostic("input.unknown-key", { key, didYouMean: didYouMean(key, KNOWN_KEYS) }, { address: `${address}.${key}` }));
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
    env.sink.push(diagnostic("input.options-invalid", { variant: "shape" }, { address }));
    return undefined;
  }
  const options = raw as Record<string, string>;
  if (type.kind !== "choice" && type.kind !== "levels") {
    if (type.kind !== "any") env.sink.push(diagnostic("input.options-invalid", { variant: "type", kind: type.kind }, { address }));
    return options;
  }
  for (const key of Object.keys(options))
    if (!type.values.includes(key))
      env.sink.push(
        diagnostic(
          "input.option-unknown",
          { option: key, values: type.values, didYouMean: didYouMean(key, type.values) },
          { address: `${address}.${key}` },
        ),
      );
  return options;
}
