// POST /v1/systemtwo/models without HTTP. `content` alone (or a portable model as `model`) is the
// free Check (2.12); a prompt or files ask a language-model generator for a Draft (draft.ts),
// chosen by the `model` alias.
// Nothing is ever saved, whatever dry_run says.
import type { ServiceCall, ServiceDeps } from "./deps.js";
import { draft } from "./draft.js";
import { InsufficientBalance, reserveFunds } from "./metering.js";
import { draftReservation } from "./pricing.js";
import { DRAFT_OUTPUT_TOKENS } from "../providers/llm-generator.js";
import { noLanguageModel } from "./provider-problems.js";
import { failure, invalidRequest, ProblemError, success, type Outcome } from "./problems.js";
import { tooLarge } from "./resolve-model.js";
import { ModelsRequest } from "./schemas/models.js";
import { requestValidator, unknownFields } from "./schemas/validate.js";

const checkRequest = requestValidator(ModelsRequest);

/**
 * `model` is a generator alias when it is a string; an object is a portable model, taken as its
 * `content` and `questions` sent as `content` and `output` (people send the model they have).
 */
function sentModel(body: Record<string, unknown>): Outcome<Record<string, unknown>> {
  const model = body.model;
  if (typeof model !== "object" || model === null) return success(body);
  const both = ["content", "output"].filter((f) => body[f] !== undefined);
  if (both.length > 0) {
    return failure(
      invalidRequest([
        {
          address: "body.model",
          code: "request.conflict",
          message: `a portable model as model conflicts with ${both.join(" and ")}: send one or the other`,
        },
      ]),
    );
  }
  const { content, questions } = model as Record<string, unknown>;
  const rest = Object.fromEntries(Object.entries(body).filter(([k]) => k !== "model"));
  return success({ ...rest, content, ...(questions !== undefined ? { output: questions } : {}) });
}

/** The least a call can reserve: a draft's reservation when it sends a prompt or files; the Check is free. */
export function modelsFloor(body: unknown, inputTokens: number, deps: ServiceDeps): number {
  const b = body as { prompt?: unknown; files?: unknown[] };
  return b.prompt !== undefined || (b.files?.length ?? 0) > 0 ? draftHold(body, inputTokens, deps) : 0;
}

/** What a draft reserves: the worst case of its repair rounds in its mode. */
const draftHold = (body: unknown, inputTokens: number, deps: ServiceDeps): number =>
  draftReservation(inputTokens, deps.rates, {
    rounds: deps.providers.maxAttempts,
    outputPerRound: DRAFT_OUTPUT_TOKENS[(body as { mode?: unknown }).mode === "thinking" ? "thinking" : "fast"],
  });

export async function systemTwoModels(call: ServiceCall, deps: ServiceDeps): Promise<Outcome<Record<string, unknown>>> {
  const shape = call.bodyChecked ? [] : checkRequest(call.body);
  if (shape.length > 0) return failure(invalidRequest(shape));
  // fields the request does not define are ignored: said in the answer's warnings
  const ignored = unknownFields(ModelsRequest, call.body);
  const sent = sentModel(call.body as Record<string, unknown>);
  if (!sent.ok) return sent;
  const body = sent.value;
  const files = (body.files as unknown[] | undefined) ?? [];

  if (body.prompt !== undefined || files.length > 0) {
    const choice = deps.providers.generator(body.model as string | undefined);
    if (!choice.ok && choice.reason === "unknown") {
      return failure(
        invalidRequest([
          {
            address: "body.model",
            code: "request.enum",
            message: `no generator "${String(body.model)}" on this server; known: ${choice.known.join(", ")}`,
          },
        ]),
      );
    }
    const reserved = await reserveFunds(deps, call.accountId, draftHold(body, call.inputTokens, deps));
    if (!reserved.ok) return reserved;
    const { hold } = reserved;
    if (!choice.ok) {
      await hold.release();
      return failure(noLanguageModel("creating a model from a prompt or files needs a language model"));
    }
    try {
      const out = await draft(call, deps, body, choice.generator, hold, ignored);
      if (!out.ok) await hold.release();
      return out;
    } catch (e) {
      await hold.release();
      if (e instanceof InsufficientBalance) return failure(e.problem);
      throw e;
    }
  }
  if (body.content === undefined) {
    return failure(
      invalidRequest([
        {
          address: "body.content",
          code: "request.missing",
          message: "send content (with output) or model {content, questions} to check, or a prompt or files to create a model",
        },
      ]),
    );
  }
  const model = {
    content: body.content as Record<string, unknown>,
    ...(body.output ? { questions: body.output as Record<string, unknown> } : {}),
  };
  const size = JSON.stringify(model).length;
  if (size > deps.limits.modelBytes) return failure(tooLarge(size, deps.limits.modelBytes));
  let checked;
  try {
    checked = await deps.compiler.check(model, call.client);
  } catch (e) {
    if (e instanceof ProblemError) return failure(e.problem);
    throw e;
  }
  const { valid, stages, warnings, content, input } = checked;
  return success({ valid, stages, warnings: [...ignored.map((e) => `${e.address}: ${e.message}`), ...warnings], content, input });
}
