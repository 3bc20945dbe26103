// The two parts of a model as submitted: `{content, questions}`, or bare content (no questions).
import type { ModelInput } from "../../../ir/model.js";

export function splitModel(model: ModelInput): { content: Record<string, unknown>; questions: Record<string, unknown> | undefined } {
  const m = model as Record<string, unknown>;
  if (m !== null && typeof m === "object" && m.content !== null && typeof m.content === "object" && !Array.isArray(m.content))
    return { content: m.content as Record<string, unknown>, questions: m.questions as Record<string, unknown> | undefined };
  return { content: model as Record<string, unknown>, questions: undefined };
}
