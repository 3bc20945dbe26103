// Execution on evidence that needs reading (a text state, or JSON that does not match the input
// schema): the configured reader extracts the inputs, an input it cannot establish (not found,
// or read below its `threshold`) fails with one `errors` entry per input, and the answers are the
// distributions that the readers' uncertainty implies (providers/uncertainty.ts).
import type { CompiledModel } from "../compiler/index.js";
import { readState } from "../providers/read-state.js";
import { evidenceOverLimit, type EvidenceSize } from "../providers/readers/limits.js";
import type { ServiceDeps } from "./deps.js";
import type { ProviderSpend } from "./failed-work.js";
import { guardProvider } from "./provider-problems.js";
import { failure, problem, success, type Outcome, type Problem } from "./problems.js";
import type { PortableModel } from "./resolve-model.js";
import { evaluateOffLoop } from "./evaluation.js";
import { inputNames, type Run } from "./run.js";
import { unknownStateKeys, type UnknownKey } from "./state-keys.js";

/** The code of an `errors` entry naming an input the evidence does not establish. */
export const NOT_ESTABLISHED = "input.not_established";

/** 422 evidence_too_large: the readers' limit and the size received, in the detail and one entry. */
function tooLargeProblem(size: EvidenceSize): Problem {
  const n = (x: number) => x.toLocaleString("en-US");
  const message = `${n(size.size)} ${size.measure}; the embedded readers take at most ${n(size.limit)}`;
  return problem("evidence_too_large", `the evidence is too large to read: ${message}`, [
    { address: "body.state", code: "evidence.too_large", message },
  ]);
}

/**
 * A text state over the reader's limit, refused before any money is reserved: a text state is
 * always read, and its size is known from the request. A JSON state needs reading only when it
 * does not match the input schema, so readState refuses it later (and nothing is charged).
 */
export function textTooLarge(state: unknown, deps: ServiceDeps): Problem | undefined {
  if (typeof state !== "string") return undefined;
  const limits = deps.providers.reader(state).limits;
  const over = limits && evidenceOverLimit(state, limits);
  return over ? tooLargeProblem(over) : undefined;
}

/**
 * 422 value_not_established, one entry per input; a key of the state that misspells a missing input
 * (`credit scroe`) is named first, as the likely cause.
 */
function notEstablished(missing: readonly { input: string; address: string; reason: string }[], unknown: readonly UnknownKey[]): Problem {
  const names = missing.map((m) => m.input);
  const misspelt = unknown.filter((k) => k.input !== undefined && names.includes(k.input));
  const others = names.filter((name) => !misspelt.some((k) => k.input === name)).length;
  const advice =
    others === 0
      ? []
      : [
          `state ${others === 1 ? "it" : "them"} in the evidence, or send a JSON state with ${others === 1 ? "that input" : "those inputs"} by name`,
        ];
  const how = [...misspelt.map((k) => k.entry.message), ...advice].join("; ");
  return problem("value_not_established", `the evidence does not establish ${names.join(", ")}: ${how}`, [
    ...misspelt.map((k) => k.entry),
    ...missing.map((m) => ({ address: m.address, code: NOT_ESTABLISHED, message: m.reason })),
  ]);
}

export async function runOnEvidence(
  model: PortableModel,
  compiled: CompiledModel,
  state: unknown,
  { mode, explain }: { mode: "fast" | "thinking"; explain: boolean },
  deps: ServiceDeps,
  spend: ProviderSpend,
): Promise<Outcome<Run>> {
  const reader = deps.providers.reader(state);
  const reading = await guardProvider(() => readState(compiled, state, reader, mode), spend);
  if (!reading.ok) return reading;
  if ("usage" in reading.value) spend.add(reading.value.usage);
  if ("tooLarge" in reading.value) return failure(tooLargeProblem(reading.value.tooLarge));
  const { given, read, missing, usage } = reading.value;
  if (missing.length > 0) return failure(notEstablished(missing, unknownStateKeys(state, inputNames(model))));
  const evaluated = await evaluateOffLoop({ model, state, reading: { given, read, mode }, explain }, compiled, deps);
  if (!evaluated.ok) return evaluated;
  return success({
    model,
    compiled,
    providerUsage: usage,
    read: true,
    receipt: evaluated.value,
  });
}
