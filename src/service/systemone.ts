// POST /v1/systemone without HTTP: validate the request, reserve funds (for a deterministic run,
// atomically with the settlement), find the model (complete,
// or generated for questions), run it on the state (deterministically when a JSON state matches
// the input schema, else through the reader), settle, sign the receipt. Any failure after the
// reservation releases it.
import type { ServiceCall, ServiceDeps } from "./deps.js";
import { billFailedWork, ProviderSpend } from "./failed-work.js";
import { deferredHold, InsufficientBalance, reserveFunds, type Hold, type LedgerWaits } from "./metering.js";
import { serviceReservation, systemOneReservation } from "./pricing.js";
import { failure, invalidRequest, problem, success, type Outcome, type Problem, type ProblemEntry } from "./problems.js";
import { modelForQuestions } from "./questions-model.js";
import { withoutLanguageModel } from "./questions-advice.js";
import { runOnEvidence, textTooLarge } from "./read-evidence.js";
import { respond, type RunContext } from "./respond.js";
import { resolveModel, tooLarge, type ModelSource, type PortableModel } from "./resolve-model.js";
import { compileUnits } from "./compile-estimate.js";
import { evaluateOffLoop } from "./evaluation.js";
import { compileOrProblem, inputNames, type Run } from "./run.js";
import { SystemOneRequest } from "./schemas/systemone.js";
import { requestValidator, unknownFields } from "./schemas/validate.js";
import { unknownStateKeys, unknownStateKeysInTurns } from "./state-keys.js";
import { canonicalHashYielding } from "./state-hash.js";
import { nextTurn } from "./next-turn.js";
import type { CompiledModel } from "../compiler/index.js";
import { hasCode } from "../ir/diagnostics.js";
import { NO_USAGE } from "../providers/types.js";

type Mode = "fast" | "thinking";

/** The input tokens (about 64 KB of JSON) from which a call's work on its state is spread over turns of the event loop. */
const LARGE_CALL_TOKENS = 16_384;

const checkRequest = requestValidator(SystemOneRequest);

export async function systemOne(call: ServiceCall, deps: ServiceDeps): Promise<Outcome<Record<string, unknown>>> {
  const shape = call.bodyChecked ? [] : checkRequest(call.body);
  if (shape.length > 0) return failure(invalidRequest(shape));
  const body = call.body as Record<string, unknown>;
  const source = resolveModel(body, deps.limits.modelBytes);
  if (!source.ok) return source;
  const src = source.value;
  if (src.kind === "complete" && src.bytes > deps.limits.modelBytes) return failure(tooLarge(src.bytes, deps.limits.modelBytes));
  const oversize = textTooLarge(body.state, deps);
  if (oversize) return failure(oversize);
  const mode: Mode = body.mode === "thinking" ? "thinking" : "fast";
  // A JSON state with a complete model will most likely run deterministically: reserve at System
  // One rates and move to the service reservation only if the state turns out to need reading.
  const likelyDeterministic = src.kind === "complete" && typeof body.state !== "string";
  let hold: Hold | undefined;
  // the call's waits for the ledger, across its holds, have one limit (metering.ts)
  const waits: LedgerWaits = { ms: 0 };
  const reserve = async (service: boolean): Promise<Outcome<Hold>> => {
    // a questions-only call may generate a model and read; any other service-rate call reads evidence
    const uses = src.kind === "questions" ? (["questions", "reader"] as const) : (["reader"] as const);
    const work = uses.flatMap((use) => deps.providers.languageModelWork(use, mode) ?? []);
    const amount = service ? serviceReservation(call.inputTokens, deps.rates, work) : systemOneReservation(call.inputTokens, deps.rates);
    const r = await reserveFunds(deps, call.accountId, amount, waits);
    if (!r.ok) return r;
    hold = r.hold;
    return success(r.hold);
  };
  // A deterministic run of a small or already compiled model is local and quick: its reservation is
  // checked atomically with the settlement (one ledger step instead of two). A large model not yet
  // compiled, and work that may call a provider, reserve first: a key that cannot pay gets 402
  // before any of that work is done.
  const quick = likelyDeterministic && !compileNeedsPrepay(src, deps);
  if (quick) hold = deferredHold(deps, call.accountId, systemOneReservation(call.inputTokens, deps.rates), waits);
  const first = quick ? success(hold!) : await reserve(!likelyDeterministic);
  if (!first.ok) return first;
  const spend = new ProviderSpend();
  try {
    const options = { mode, explain: body.explain === true, ignored: unknownFields(SystemOneRequest, body), spend };
    const out = await execute(src, body.state, options, call, deps, async () => {
      if (!likelyDeterministic) return success(hold!);
      await hold!.release();
      return reserve(true);
    });
    if (!out.ok) {
      if (spend.any) return await billFailedWork(out.problem, spend.usage, deps, hold!, "systemone failed provider work");
      await hold!.release();
      return out;
    }
    return success(await respond(call, deps, hold!, out.value.run, out.value.ctx));
  } catch (e) {
    await hold!.release();
    if (e instanceof InsufficientBalance) return failure(e.problem);
    throw e;
  }
}

/** The least a call can reserve: its input at System One rates, or at the service rates without a language model, whichever is less. */
export const systemOneFloor = (_body: unknown, inputTokens: number, deps: ServiceDeps): number =>
  Math.min(systemOneReservation(inputTokens, deps.rates), serviceReservation(inputTokens, deps.rates));

/**
 * The refusal of a call whose client holds its share of the compile work already (the pool's
 * --compile-share) and whose model is not compiled: known from the parsed body and the model's
 * identity, before the call's tokens are counted, its balance read or its estimate made. A call of a
 * compiled model (or of one compiling now) is never refused by it, whatever its client compiles.
 */
export function systemOneAdmission(body: unknown, client: string | undefined, deps: ServiceDeps): Problem | null {
  const refused = client === undefined ? null : deps.compiler.shareFull(client);
  if (!refused) return null;
  const source = resolveModel(body as Record<string, unknown>, deps.limits.modelBytes);
  if (!source.ok || source.value.kind !== "complete") return null;
  return deps.compiler.compiled(source.value.model, source.value.identity) ? null : refused.problem;
}

/** A complete model not in the compile cache whose estimated compile work is over the limit. */
function compileNeedsPrepay(src: ModelSource, deps: ServiceDeps): boolean {
  if (src.kind !== "complete" || deps.compiler.compiled(src.model, src.identity)) return false;
  return compileUnits(src.model, src.bytes) > deps.limits.prepayAboveUnits;
}

async function execute(
  src: ModelSource,
  state: unknown,
  { mode, explain, ignored, spend }: { mode: Mode; explain: boolean; ignored: ProblemEntry[]; spend: ProviderSpend },
  call: ServiceCall,
  deps: ServiceDeps,
  toServiceRates: () => Promise<Outcome<Hold>>,
): Promise<Outcome<{ run: Run; ctx: RunContext }>> {
  let model: PortableModel;
  let compiled: CompiledModel;
  let ctx: RunContext;
  if (src.kind === "questions") {
    const generated = await modelForQuestions(src.questions, mode, call.accountId, deps, spend, state);
    if (!generated.ok) return generated;
    ({ model, compiled } = generated.value);
    ctx = { cacheHit: generated.value.cacheHit, generationUsage: generated.value.usage, serviceRates: true, warnings: [] };
  } else {
    const c = await compileOrProblem(src.model, deps, src.identity, call.client);
    if (!c.ok) return c;
    model = src.model;
    compiled = c.value;
    ctx = { cacheHit: false, generationUsage: NO_USAGE, serviceRates: false, modelText: src.identity.text, warnings: [] };
  }
  // a large body's state is validated, looked over for unknown keys, hashed and evaluated each in
  // its own turns of the event loop (a state of 90,000 keys took them 150–300 ms in one)
  const large = call.inputTokens >= LARGE_CALL_TOKENS;
  const turn = () => (large ? nextTurn() : undefined);
  await turn();
  // the input schema is an object: a text, a list or a scalar is read, never validated (a list of
  // 200,000 items was walked for its out-of-range numbers, 40 ms, before the reader refused its size).
  // The model's state check is made in a turn of its own, on its first call (5,000 inputs: 50 ms, and
  // then as long again to list a refused state's errors).
  if (isObject(state) && compiled.prepareValidation()) await nextTurn();
  const verdict = isObject(state) ? compiled.validate(state) : null;
  await turn();
  if (verdict && !verdict.ok && meantAsInputs(state, verdict.errors)) {
    const errors = verdict.errors.map((e) => ({
      address: e.address,
      code: e.code,
      message: `${e.message}; send a value of the input's type`,
    }));
    return failure(
      problem(
        "invalid_state",
        `the state gives every input by name, but ${errors.length === 1 ? "one value does" : `${errors.length} values do`} not fit: ${verdict.errors.map((e) => e.message).join("; ")}`,
        errors,
      ),
    );
  }
  // what the run ignores: request fields, keys of the content, and (when the state runs as it is) state keys
  const unknown = !verdict?.ok
    ? []
    : large
      ? await unknownStateKeysInTurns(state, inputNames(model))
      : unknownStateKeys(state, inputNames(model));
  const stateWarnings = unknown.map((k) => k.entry);
  ctx.warnings = [...ignored, ...ignoredKeys(compiled), ...stateWarnings];
  await turn();
  // the receipt's size was measured where it was evaluated (evaluation.ts)
  const finish = (run: Outcome<Run>): Outcome<{ run: Run; ctx: RunContext }> => (run.ok ? success({ run: run.value, ctx }) : run);
  if (verdict?.ok) {
    // a JSON state that matches the input schema: no reader, point-mass answers
    const stateSha = large ? await canonicalHashYielding(state) : undefined;
    const receipt = await evaluateOffLoop({ model, state, explain, stateSha }, compiled, deps, call.client);
    return finish(receipt.ok ? success({ model, compiled, receipt: receipt.value, providerUsage: NO_USAGE, read: false }) : receipt);
  }
  const upgraded = await toServiceRates();
  if (!upgraded.ok) return upgraded;
  const run = await runOnEvidence(model, compiled, state, { mode, explain }, deps, spend);
  const generatorUsed = deps.providers.languageModelWork("questions", mode) !== null;
  return finish(src.kind === "questions" && !generatorUsed ? withoutLanguageModel(run, model, state) : run);
}

/** ignoredKeys' answer for each compiled model: it depends on the model alone, so it is made once, not per call */
const ignoredByModel = new WeakMap<CompiledModel, readonly ProblemEntry[]>();

/** The compiler's warnings about keys of the model it ignored (`inputs.age.descr`: unknown key). */
function ignoredKeys(compiled: CompiledModel): readonly ProblemEntry[] {
  let ignored = ignoredByModel.get(compiled);
  if (ignored === undefined) {
    ignored = compiled.check.stages
      .flatMap((s) => s.diagnostics)
      .filter((d) => d.code.endsWith(".unknown-key"))
      .map((d) => Object.freeze({ address: d.address ?? "", code: d.code, message: d.message }));
    ignoredByModel.set(compiled, ignored);
  }
  return ignored;
}

/**
 * A JSON object that gives every required input by its name, with only values that do not fit
 * (a string for a number, 900 for `number [300..850]`): the caller meant the inputs themselves,
 * and a reader guessing from them would hide the mistake, so it is answered as one.
 */
const isObject = (state: unknown): state is object => state !== null && typeof state === "object" && !Array.isArray(state);

function meantAsInputs(state: unknown, errors: readonly { code: string }[]): boolean {
  return isObject(state) && errors.every((e) => !hasCode(e, "state.missing"));
}
