// A Draft (spec 4.1): a prompt and/or documents (and, to revise, the complete current content
// with its output questions) go to a language-model generator; the compiler checks each draft
// and its diagnostics go back for repair, a bounded number of times. Billed at the service rates
// on the API tokens and the provider's actual tokens.
import { draftModel } from "../providers/drafting.js";
import { DocumentError, type Document, type FileIn } from "../providers/documents.js";
import { ProviderError, type Generator, type Usage } from "../providers/types.js";
import type { ServiceCall, ServiceDeps } from "./deps.js";
import type { PortableModel } from "../ir/model.js";
import { draftExamples } from "./examples.js";
import { finished } from "./finished.js";
import { sendable, type Hold } from "./metering.js";
import { billFailedWork } from "./failed-work.js";
import { serviceCharge } from "./pricing.js";
import { providerProblem } from "./provider-problems.js";
import { failure, invalidRequest, problem, ProblemError, success, type Outcome, type Problem, type ProblemEntry } from "./problems.js";
import { diagnosticEntries } from "./run.js";
import { countOutputTokens } from "./tokens.js";

async function readDocuments(files: FileIn[], deps: ServiceDeps): Promise<Outcome<Document[]>> {
  const out: Document[] = [];
  for (const [i, f] of files.entries()) {
    const address = `body.files[${i}].data`;
    try {
      out.push(await deps.providers.readDocument(f, i));
    } catch (e) {
      // a document past the reading worker's time or memory: its problem, naming the file
      if (e instanceof ProblemError)
        return failure({ ...e.problem, errors: [{ address, code: `file.${e.problem.code}`, message: e.problem.detail }] });
      if (!(e instanceof DocumentError)) throw e;
      return failure(invalidRequest([{ address, code: e.code, message: e.message }]));
    }
  }
  return success(out);
}

/** A draft that failed after the provider worked: its rounds are billed (failed-work.ts). */
const billFailure = (p: Problem, usage: Usage, deps: ServiceDeps, hold: Hold) =>
  billFailedWork(p, usage, deps, hold, "systemtwo failed draft");

/**
 * A draft is compiled only within the model size limit a sent model has: a larger one (a provider
 * that wrote megabytes) is the provider's failure, before the compiler, the examples and the
 * answer's token count walk it on the event loop and the caller pays for its size.
 */
function compileDraft(model: PortableModel, generator: string, deps: ServiceDeps) {
  const size = JSON.stringify(model).length;
  if (size > deps.limits.modelBytes) {
    throw new ProviderError("failed", `${generator} drafted a model of ${size} characters; the model limit is ${deps.limits.modelBytes}`);
  }
  return deps.compiler.compile(model);
}

/** Everything after the reservation; the caller releases the hold on failure. */
export async function draft(
  call: ServiceCall,
  deps: ServiceDeps,
  body: Record<string, unknown>,
  generator: Generator,
  hold: Hold,
  ignored: ProblemEntry[],
): Promise<Outcome<Record<string, unknown>>> {
  const docs = await readDocuments((body.files as FileIn[] | undefined) ?? [], deps);
  if (!docs.ok) return docs;
  const current =
    body.content !== undefined
      ? { content: body.content as Record<string, unknown>, output: (body.output as Record<string, unknown> | undefined) ?? {} }
      : undefined;
  const request = {
    prompt: typeof body.prompt === "string" ? body.prompt : "Create a decision model from the attached documents.",
    files: docs.value,
    current,
    name: typeof body.name === "string" ? body.name : undefined,
    mode: body.mode === "thinking" ? ("thinking" as const) : ("fast" as const),
  };
  let d;
  try {
    d = await draftModel(generator, request, (m) => compileDraft(m, generator.name, deps), deps.providers.maxAttempts);
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    return billFailure(providerProblem(e), e.usage, deps, hold);
  }
  if (!d.ok) {
    const failed = problem(
      "generation_failed",
      `the generated model still failed the Check after ${d.attempts} attempt(s); see errors`,
      diagnosticEntries(d.diagnostics),
    );
    return billFailure(failed, d.usage, deps, hold);
  }
  const response: Record<string, unknown> = {
    model: d.model,
    content: d.model.content,
    output: d.model.questions,
    input: d.compiled.inputSchema,
    examples: draftExamples(d.compiled, deps, body.state),
    provider_usage: d.usage,
    warnings: ignored,
  };
  const outputTokens = countOutputTokens(response);
  const items = serviceCharge(
    { input: call.inputTokens, output: outputTokens },
    { input: d.usage.input_tokens, output: d.usage.output_tokens },
    deps.rates,
  );
  response.usage = { input_tokens: call.inputTokens, output_tokens: outputTokens };
  if (call.audit) call.audit.model_hash = d.compiled.hash;
  return success(await hold.settle(items, `systemtwo draft ${d.compiled.hash}`, (billing) => finished(sendable({ ...response, billing }))));
}
