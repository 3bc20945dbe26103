// A questions-only call with no language model: the Direct generator's model reads each answer
// straight from the evidence (docs/providers.md), so a state that gives other facts instead
// ("credit score", "income" for "approved") cannot be answered. The 422 then says so, and says
// what the caller can do: send the key the state would need, configure a language model that
// builds a model working the answer out of those facts, or send a complete model.
import type { Outcome } from "./problems.js";
import { NOT_ESTABLISHED } from "./read-evidence.js";
import type { PortableModel } from "./resolve-model.js";

const HOW_TO_CONFIGURE =
  "configure a language model to build a model for the questions (PDM_QUESTIONS_GENERATOR=<alias>, " +
  "the alias openai with PDM_OPENAI_BASE_URL or PDM_OPENAI_API_KEY, anthropic with PDM_ANTHROPIC_API_KEY, " +
  "or one of PDM_GENERATORS; docs/providers.md)";

/** The question each missing input stands for: the Direct generator's input reads `from` its question id. */
function questionsOf(model: PortableModel, addresses: string[]): string[] {
  const inputs = (model.content.inputs ?? {}) as Record<string, { from?: unknown }>;
  return addresses.flatMap((a) => {
    const name = a.startsWith("inputs.") ? a.slice("inputs.".length) : undefined;
    const from = name !== undefined && Object.hasOwn(inputs, name) ? inputs[name]!.from : undefined;
    return typeof from === "string" ? [from] : [];
  });
}

export function withoutLanguageModel<T>(run: Outcome<T>, model: PortableModel, state: unknown): Outcome<T> {
  if (run.ok || run.problem.code !== "value_not_established") return run;
  const questions = questionsOf(
    model,
    run.problem.errors.filter((e) => e.code === NOT_ESTABLISHED).map((e) => e.address),
  );
  if (questions.length === 0) return run;
  const keys = state && typeof state === "object" && !Array.isArray(state) ? Object.keys(state) : [];
  const quoted = questions.map((q) => JSON.stringify(q)).join(", ");
  const has = keys.length > 0 ? ` (the state gives ${keys.join(", ")})` : "";
  const send =
    typeof state === "string"
      ? `state ${questions.join(", ")} in the evidence, or send a JSON state with the key${questions.length === 1 ? "" : "s"} ${quoted}`
      : `send the state with the key${questions.length === 1 ? "" : "s"} ${quoted}`;
  const detail =
    `the evidence does not establish ${questions.join(", ")}: no language model is configured, so a questions-only call ` +
    `answers a question only from a value the evidence gives for it, and the service cannot work the answer out of other facts${has}. ` +
    `To answer: ${send}; or ${HOW_TO_CONFIGURE}; or send a complete model with the request.`;
  return { ok: false, problem: { ...run.problem, detail } };
}
