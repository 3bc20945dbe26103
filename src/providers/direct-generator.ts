// The embedded generator for questions-only calls: no language model. Each question becomes one
// input typed from the question and a decision that is exactly that input, so the reader answers
// every question straight from the evidence. The input is named after the question with a suffix
// (inputs and decisions share one namespace) and points the reader at the question's id (`from`).
import { questionType } from "./question-types.js";
import { NO_USAGE, ProviderError, type GeneratedModel, type GenerateRequest, type Generator } from "./types.js";
import { namedRecord } from "../runtime/json.js";

export const DIRECT = "direct";

/** The input that carries question `id`'s answer. */
export const directInputName = (id: string): string => `observed ${id}`;

function describe(q: Record<string, unknown>): string {
  const text = typeof q.instructions === "string" ? q.instructions : "";
  const criteria = q.criteria && typeof q.criteria === "object" ? (q.criteria as Record<string, unknown>) : {};
  const parts = [text];
  for (const outcome of ["true", "false"]) {
    if (typeof criteria[outcome] === "string") parts.push(`${outcome}: ${criteria[outcome]}`);
  }
  return parts.filter((p) => p !== "").join("; ") || "the answer to this question";
}

/** What each option means, when the question gives meanings (choice options as an object). */
function meanings(q: Record<string, unknown>): Record<string, string> | undefined {
  if (q.type !== "choice" || !q.options || typeof q.options !== "object" || Array.isArray(q.options)) return undefined;
  const out = Object.fromEntries(Object.entries(q.options).filter(([, v]) => typeof v === "string")) as Record<string, string>;
  return Object.keys(out).length > 0 ? out : undefined;
}

export function directModel(
  questions: Record<string, unknown>,
  name = "Questions",
): { content: Record<string, unknown>; questions: Record<string, unknown> } {
  const inputs = namedRecord<unknown>();
  const decisions = namedRecord<unknown>();
  for (const [id, raw] of Object.entries(questions)) {
    const q = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    // An unknown question type gets no definition: the Check then reports the question itself.
    const type = questionType(q);
    if (type === undefined) continue;
    const input = directInputName(id);
    const options = meanings(q);
    inputs[input] = { type, desc: describe(q), from: id, ...(options ? { options } : {}) };
    decisions[id] = { type, desc: `the answer to question ${id}`, expr: input };
  }
  return { content: { name, inputs, decisions }, questions };
}

export const directGenerator: Generator = {
  name: DIRECT,
  async generate(request: GenerateRequest): Promise<GeneratedModel> {
    if (!request.questions) {
      throw new ProviderError("unavailable", "the Direct generator builds models for questions only; a prompt needs a language model");
    }
    return { ...directModel(request.questions, request.name), usage: NO_USAGE };
  },
};
