// POST /v1/systemone without HTTP: validate the request, reserve funds, run the compiled model
// on a matching JSON state, settle, sign the receipt. Anything that needs a language model (a
// text state, a JSON state that does not match, questions without a model) goes to the reader
// or generator, which is not configured yet: those calls answer 502 provider_unavailable.
import { randomUUID } from "node:crypto";
import { BudgetExceeded, withBudget } from "../runtime/budget.js";
import { collectProblems } from "../runtime/problems.js";
import type { CompiledModel, CheckResult } from "../compiler.js";
import type { ServiceCall, ServiceDeps } from "./deps.js";
import { reserveFunds } from "./metering.js";
import { serviceReservation, systemOneCharge, systemOneReservation } from "./pricing.js";
import { failure, problem, success, type Outcome, type Problem, type ProblemEntry } from "./problems.js";
import { decisionRecords, givenInputs, provenance, type ReceiptBody } from "./receipt.js";
import { checkFields, invalidRequest, SYSTEMONE_FIELDS } from "./request-shape.js";
import { resolveModel, type PortableModel } from "./resolve-model.js";
import { countOutputTokens } from "./tokens.js";

export async function systemOne(call: ServiceCall, deps: ServiceDeps): Promise<Outcome<Record<string, unknown>>> {
  const shape = checkFields(call.body, SYSTEMONE_FIELDS, "body");
  if (shape.length > 0) return failure(invalidRequest(shape));
  const body = call.body as Record<string, unknown>;
  const source = resolveModel(body);
  if (!source.ok) return source;
  const src = source.value;
  if (src.kind === "complete" && src.bytes > deps.limits.modelBytes) {
    return failure(problem("model_too_large", `the model has ${src.bytes} characters; the limit is ${deps.limits.modelBytes}`));
  }
  const deterministic = src.kind === "complete" && typeof body.state !== "string";
  const amount = deterministic
    ? systemOneReservation(call.inputTokens, deps.rates)
    : serviceReservation(call.inputTokens, deps.rates);
  const reserved = await reserveFunds(deps, call.accountId, amount);
  if (!reserved.ok) return reserved;
  const { hold } = reserved;
  try {
    if (src.kind === "questions") {
      await hold.release();
      return failure(needsProvider("questions without a model need the model generator"));
    }
    const run = execute(src.model, body.state, deps);
    if (!run.ok) {
      await hold.release();
      return run;
    }
    const { compiled, receipt } = run.value;
    receipt.latency_ms = Math.max(0, Math.round(performance.now() - call.startedAt));
    const response: Record<string, unknown> = {
      model: src.model,
      input: compiled.inputSchema,
      answers: receipt.answers,
      receipt,
      cache_hit: false,
      provider_usage: { input_tokens: 0, output_tokens: 0 },
    };
    const outputTokens = countOutputTokens(response);
    const billing = await hold.settle(systemOneCharge(call.inputTokens, outputTokens, deps.rates), `systemone ${compiled.hash}`);
    const signed = { ...receipt, billing };
    // Sign exactly what the client will parse back from the JSON response.
    const payload = JSON.parse(JSON.stringify(signed)) as Record<string, unknown>;
    const signature = await deps.signer.sign(payload, {
      rid: randomUUID(),
      iat: Math.floor(Date.now() / 1000),
      model_hash: compiled.hash,
    });
    response.receipt = { receipt: signature, ...payload };
    response.usage = { input_tokens: call.inputTokens, output_tokens: outputTokens };
    response.billing = billing;
    return success(response);
  } catch (e) {
    await hold.release();
    throw e;
  }
}

const needsProvider = (why: string, errors: ProblemEntry[] = []): Problem =>
  problem("provider_unavailable", `${why}, and no language model provider is configured on this server`, errors);

export function checkErrors(check: CheckResult): ProblemEntry[] {
  return check.stages.flatMap((s) =>
    s.diagnostics
      .filter((d) => d.severity === "error")
      .map((d) => ({ address: d.address ?? "", code: d.code, message: d.message })),
  );
}

/** Compile (cached), check the state, evaluate within the budget; pure apart from the cache. */
function execute(
  model: PortableModel,
  state: unknown,
  deps: ServiceDeps,
): Outcome<{ compiled: CompiledModel; receipt: ReceiptBody }> {
  const result = deps.cache.get(model);
  if (!result.ok) {
    const errors = checkErrors(result.check);
    return failure(problem("invalid_model", `the model is not valid: ${errors.length} error(s); see errors`, errors));
  }
  const compiled = result.model;
  if (typeof state === "string") return failure(needsProvider("a text state needs the reader"));
  const valid = compiled.validate(state);
  if (!valid.ok) {
    return failure(needsProvider("the JSON state does not match the model's input schema, so it needs the reader", valid.errors));
  }
  const inputs = state as Record<string, unknown>;
  let traced: ReturnType<CompiledModel["evaluateTraced"]>;
  let messages: string[];
  try {
    ({ result: traced, problems: messages } = withBudget(deps.limits.evaluationSteps, () =>
      collectProblems(() => compiled.evaluateTraced(inputs)),
    ));
  } catch (e) {
    if (e instanceof BudgetExceeded) {
      return failure(
        problem("evaluation_budget_exceeded", `evaluation stopped after ${e.limit} steps; simplify the model's loops or recursion`),
      );
    }
    throw e;
  }
  const { decisions, trace } = traced;
  const missing = Object.keys(model.questions).filter((q) => decisions[q] === null || decisions[q] === undefined);
  if (missing.length > 0) {
    const why = messages.length > 0 ? messages.join("; ") : "the decision evaluated to null";
    return failure(
      problem(
        "value_not_established",
        `the evidence does not establish ${missing.join(", ")}`,
        missing.map((q) => ({ address: `decisions.${q}`, code: "decision.null", message: why })),
      ),
    );
  }
  const inputNames = Object.keys((model.content.inputs as Record<string, unknown> | undefined) ?? {});
  const given = givenInputs(state, inputNames);
  return success({
    compiled,
    receipt: {
      model: typeof model.content.name === "string" ? model.content.name : "",
      given,
      read: {},
      decisions: decisionRecords(decisions, trace),
      answers: compiled.answers(decisions) as Record<string, unknown>,
      state: provenance(state, inputNames, given),
      latency_ms: 0,
    },
  });
}
