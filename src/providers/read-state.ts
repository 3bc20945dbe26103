// The reading pipeline: which inputs a state gives directly, which a reader must supply, and
// which stay missing. A JSON state's keys that are input names with valid values are `given`;
// the rest are asked of the reader. A read value below the input's `threshold`, or not valid for
// its type, counts as missing; `blank` inputs may be missing (they become null). Evidence over the
// reader's size limit is not read at all.
import type { CompiledModel } from "../compiler/index.js";
import type { InputIR } from "../ir/ir.js";
import { holdsString } from "../ir/types.js";
import { createStateValidator } from "../compiler/5-load/validate-state.js";
import { evidenceOverLimit, type EvidenceSize } from "./readers/limits.js";
import { NO_USAGE, type ReadValue, type Reader, type Usage } from "./types.js";
import { namedRecord } from "../runtime/json.js";

export interface ReadOutcome {
  /** values taken directly from a JSON state that matched exactly (key = input name, valid type) */
  given: Record<string, unknown>;
  /** values the reader supplied */
  read: Record<string, ReadValue>;
  /** required inputs not established (after threshold) */
  missing: { input: string; address: string; reason: string }[];
  usage: Usage;
}

/** The evidence is over the reader's size limit (readers/limits.ts): nothing was read. */
export interface EvidenceTooLarge {
  tooLarge: EvidenceSize;
}

export const isTextState = (state: unknown): boolean => typeof state === "string";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** One validator per compiled model for single values: the input schema with nothing required. */
const valueValidators = new WeakMap<CompiledModel, (state: unknown) => { address: string; message: string }[]>();

function valueErrors(compiled: CompiledModel, name: string, value: unknown): string[] {
  let validate = valueValidators.get(compiled);
  if (!validate) {
    const { required: _required, ...schema } = compiled.inputSchema as Record<string, unknown>;
    validate = createStateValidator(schema);
    valueValidators.set(compiled, validate);
  }
  return validate({ [name]: value }).map((e) => e.message);
}

/**
 * No reader answers a free-text `string` from text (spec 2.3): not a `string` input, nor a record
 * or list with a string field at any depth (a person's name). From a JSON state they are read.
 */
const stringInput = (input: InputIR): boolean => holdsString(input.type);

export async function readState(
  compiled: CompiledModel,
  state: unknown,
  reader: Reader,
  mode: "fast" | "thinking",
  signal?: AbortSignal,
): Promise<ReadOutcome | EvidenceTooLarge> {
  const inputs = compiled.ir.inputs;
  const given = namedRecord<unknown>();
  if (isRecord(state)) {
    for (const input of inputs) {
      if (!Object.hasOwn(state, input.name)) continue;
      const value = state[input.name];
      if (value === null ? input.blank : valueErrors(compiled, input.name, value).length === 0) given[input.name] = value;
    }
  }
  const text = isTextState(state);
  const missing: ReadOutcome["missing"] = [];
  const unreadable = (input: InputIR) => text && stringInput(input);
  const asked = inputs.filter((i) => !Object.hasOwn(given, i.name) && !unreadable(i));
  const over = asked.length > 0 && reader.limits ? evidenceOverLimit(state, reader.limits, asked.length) : undefined;
  if (over) return { tooLarge: over };
  const result =
    asked.length > 0
      ? await reader.read({ inputs: asked, schema: compiled.inputSchema, state, mode }, signal)
      : { values: {}, usage: NO_USAGE };
  const read = namedRecord<ReadValue>();
  for (const input of inputs) {
    if (Object.hasOwn(given, input.name)) continue;
    const value = unreadable(input) ? undefined : result.values[input.name];
    const reason = whyNot(compiled, input, value, text);
    if (reason === undefined) read[input.name] = value!;
    else if (!input.blank) missing.push({ input: input.name, address: `inputs.${input.name}`, reason });
  }
  return { given, read, missing, usage: result.usage };
}

/** Why a read value does not establish the input, or undefined when it does. */
function whyNot(compiled: CompiledModel, input: InputIR, value: ReadValue | undefined, text: boolean): string | undefined {
  if (text && stringInput(input)) return "a string input cannot be read from text";
  if (!value || value.value === null || value.value === undefined) return "not found in the evidence";
  if (input.threshold !== undefined && value.confidence < input.threshold)
    return `confidence ${round(value.confidence)} below threshold ${input.threshold}`;
  const errors = valueErrors(compiled, input.name, value.value);
  return errors.length > 0 ? `the value read is not valid: ${errors[0]}` : undefined;
}

const round = (x: number): number => Math.round(x * 100) / 100;
