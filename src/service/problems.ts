// Every error the service answers, as data: RFC 9457 problem details with a stable `code`.
// The catalogue drives the HTTP status, the documentation (docs/service.md), GET /problems/:code
// and the OpenAPI document, so a code cannot exist without its status and explanation.
import { EMBEDDED_LIMITS } from "../providers/readers/limits.js";
import { MAX_JSON_DEPTH, type JsonFault } from "./json-limits.js";

export interface ProblemEntry {
  /** model or request address: "decisions.risk.rule[3]", "state.age", "body.content" */
  address: string;
  code: string;
  message: string;
}

export interface Problem {
  status: number;
  code: ProblemCode;
  title: string;
  detail: string;
  errors: ProblemEntry[];
  /** extra response headers, e.g. Retry-After on 429 */
  headers?: Record<string, string>;
  /** members of the body beyond RFC 9457's: the provider work a failed call was billed for */
  extra?: { provider_usage: unknown; billing: unknown };
}

const n = (x: number): string => x.toLocaleString("en-US");

export const CATALOGUE = {
  malformed_json: { status: 400, title: "Malformed request body", when: "the body is not valid JSON" },
  unsupported_media_type: { status: 400, title: "Unsupported media type", when: "the body is not application/json" },
  body_too_large: { status: 400, title: "Request body too large", when: "the body exceeds the configured byte limit" },
  json_too_deep: {
    status: 400,
    title: "JSON nested too deeply",
    when: `the body nests arrays and objects more than ${n(MAX_JSON_DEPTH)} levels deep; the entry's address is the JSON path where it passes the limit`,
  },
  invalid_text: {
    status: 400,
    title: "Invalid text",
    when: "the body is not valid UTF-8, or a string or key in it holds a lone UTF-16 surrogate (an escape such as `\\ud800` without its partner), which is no character; the entry's address is the JSON path",
  },
  malformed_http: {
    status: 400,
    title: "Malformed HTTP request",
    when: "the request is not valid HTTP/1.1 (a chunk size that is not hexadecimal, both Content-Length and Transfer-Encoding, a NUL or control character in a header); the connection is closed after the answer",
  },
  invalid_request: {
    status: 400,
    title: "Invalid request",
    when: "a field has the wrong type, a required field is missing, or fields conflict (e.g. model and content together)",
  },
  missing_api_key: { status: 401, title: "Missing API key", when: "no `Authorization: Bearer <key>` header" },
  invalid_api_key: { status: 401, title: "Invalid API key", when: "the bearer token is not a known key" },
  insufficient_balance: {
    status: 402,
    title: "Insufficient balance",
    when: "available_usd cannot cover the reservation for this request",
  },
  api_key_revoked: { status: 403, title: "API key revoked", when: "the key exists but was revoked" },
  account_disabled: { status: 403, title: "Account disabled", when: "the key's account is disabled" },
  not_found: { status: 404, title: "Not found", when: "no such route" },
  method_not_allowed: { status: 405, title: "Method not allowed", when: "the route exists for other methods; the Allow header lists them" },
  request_timeout: {
    status: 408,
    title: "Request timeout",
    when: "the request's headers or body did not arrive within the server's limits (`--headers-timeout`, `--request-timeout`); the connection is closed after the answer; nothing is charged",
  },
  expectation_failed: {
    status: 417,
    title: "Expectation failed",
    when: "the request's `Expect` header asks for something other than `100-continue`, the only expectation the server meets; nothing is charged",
  },
  headers_too_large: {
    status: 431,
    title: "Request headers too large",
    when: "the request line and headers exceed the server's limit (`--max-header-size`); the connection is closed after the answer",
  },
  invalid_model: {
    status: 422,
    title: "Invalid model",
    when: "the model fails the Check (2.12); `errors` lists the diagnostics with model addresses",
  },
  model_too_large: {
    status: 422,
    title: "Model too large",
    when: "the model exceeds the configured size limit, or the code generated for it exceeds the compile's limit",
  },
  compile_timeout: {
    status: 422,
    title: "Compile time limit exceeded",
    when: "compiling or checking the model took longer than the compile time limit (`--compile-timeout`); the detail names the limit; the model is remembered as too slow, so sending it again is refused at once; nothing is charged",
  },
  compile_memory_exceeded: {
    status: 422,
    title: "Compile memory limit exceeded",
    when: "compiling or checking the model, or evaluating it in a compile worker (an evaluation past the event loop's slice), needed more than a compile worker's heap (`--compile-memory`) or stack (expressions nested too deeply); the detail names the limit; nothing is charged",
  },
  invalid_state: {
    status: 422,
    title: "Invalid state",
    when: "a JSON state names the model's inputs but a value is outside its input's type or constraint; `errors` names each input and what it must be (such a state is not sent to a reader)",
  },
  evidence_too_large: {
    status: 422,
    title: "Evidence too large",
    when: `the state must be read by an embedded reader and exceeds its size limit (${n(EMBEDDED_LIMITS.textChars)} characters of text, or ${n(EMBEDDED_LIMITS.textCharsTimesInputs)} characters times the inputs to read; ${n(EMBEDDED_LIMITS.jsonValues)} values or ${n(EMBEDDED_LIMITS.jsonTextChars)} characters of strings in JSON, or ${n(EMBEDDED_LIMITS.jsonValuesTimesInputs)} JSON values times the inputs to read); the detail names the limit and the size received; a text state is refused before anything is reserved, and nothing is charged`,
  },
  value_not_established: {
    status: 422,
    title: "Value not established",
    when: "the evidence does not establish a required value: an input the reader could not find or read below its threshold (one entry per input), or a question's decision that evaluates to null",
  },
  generation_failed: {
    status: 422,
    title: "Model not generated",
    when: "the generator's drafts still failed the Check after the allowed repair attempts; `errors` holds the last draft's diagnostics; the provider tokens of the attempts are billed as items of their own, shown in the body's `provider_usage` and `billing`",
  },
  decision_outside_type: {
    status: 422,
    title: "Decision outside its declared type",
    when: "the state makes a decision's value fall outside its declared type or constraint (its `type`, its table's output heading, or its question's range, e.g. `number >= 0`); the entry's address names the decision (`decisions.<name>`) and its message the constraint and the value; no answer is given",
  },
  evaluation_budget_exceeded: {
    status: 422,
    title: "Evaluation budget exceeded",
    when: "evaluating the model passed one of its limits: steps (a huge `for` loop or filter), items and characters built (lists and strings that double), or nested calls (runaway recursion); the detail and the entry's code (`budget.steps`, `budget.size`, `budget.depth`) name the limit",
  },
  answer_too_large: {
    status: 422,
    title: "Answer too large",
    when: "the receipt's answers and decisions, written as JSON, would pass the answer limit (`--answer-limit`, in characters); the detail names the limit; a decision holding a huge or widely shared structure is stopped sooner, as it is converted, by the evaluation's size limit (`evaluation_budget_exceeded`, `budget.size`); nothing is charged",
  },
  explanation_too_large: {
    status: 422,
    title: "Explanation too large",
    when: "the explanation (`explain: true`), written as JSON, would pass the answer limit (`--answer-limit`, in characters), although it lists at most 1,000 steps; the detail names the limit; ask without `explain` or explain a smaller state; nothing is charged",
  },
  rate_limited: { status: 429, title: "Too many requests", when: "the key exceeded its request rate; see Retry-After" },
  compile_queue_full: {
    status: 429,
    title: "Compile queue full",
    when: "every compile worker is busy and the queue of models waiting for one is full (16 per worker, `--compile-workers`), or the key (the client address without a ledger) already holds its share of the compile work (`--compile-share`; its compiled models are still answered); retry after Retry-After; nothing is charged",
  },
  too_many_pipelined: {
    status: 429,
    title: "Too many pipelined requests",
    when: "more than 128 requests sent on one connection wait for their answers (pipelined without reading the answers); the connection is closed after this answer; nothing is charged",
  },
  internal_error: { status: 500, title: "Internal error", when: "an unexpected failure inside the service" },
  compile_worker_lost: {
    status: 503,
    title: "Compile worker lost",
    when: "the compile worker doing the request's work (compiling, checking, reading evidence or evaluating) was killed by a signal from outside the service (the system's out-of-memory killer, an operator); it has been replaced; the model is not remembered as failing; nothing is charged; send the request again after Retry-After",
  },
  ledger_busy: {
    status: 503,
    title: "Ledger busy",
    when: "the ledger did not take the request's reservation or charge within 5 s (one limit on all of a request's waits for the ledger, not one a step): another process holds the SQLite file's write lock, or another session a lock on the PostgreSQL ledger's rows, or a statement passed PostgreSQL's statement timeout; the request is not charged, and what it reserved is released once the ledger answers (at the latest by the sweep of stale reservations); retry after Retry-After",
  },
  ledger_unwritable: {
    status: 503,
    title: "Ledger unwritable",
    when: "the ledger could not write the request's reservation or charge: the disk holding the SQLite file or PostgreSQL's data is full, or reports an I/O error; the ledger's transaction rolled back, so the request is not charged, and what it reserved before is released once the ledger can write again (at the latest by the sweep of stale reservations); retry after Retry-After",
  },
  not_ready: { status: 503, title: "Not ready", when: "GET /readyz: the ledger or Redis cannot be reached; the detail names which" },
  shutting_down: { status: 503, title: "Shutting down", when: "the instance is stopping; retry on another instance" },
  provider_unavailable: {
    status: 502,
    title: "Provider unavailable",
    when: "the request needs a language model (a prompt or files) and none is configured on this server; the detail says how to configure one",
  },
  provider_error: {
    status: 502,
    title: "Provider error",
    when: "the language model provider failed: an HTTP error, a refused request, an answer that is not the requested JSON, an answer of more than 2 MiB or nested more than 128 deep (read no further), or a drafted model past the model size limit",
  },
  provider_timeout: { status: 504, title: "Provider timeout", when: "the language model provider did not answer in time" },
} as const satisfies Record<string, { status: number; title: string; when: string }>;

export type ProblemCode = keyof typeof CATALOGUE;

export function problem(code: ProblemCode, detail: string, errors: ProblemEntry[] = []): Problem {
  const { status, title } = CATALOGUE[code];
  return { status, code, title, detail, errors };
}

/** 400 invalid_request: the detail joins the entries' messages. */
export function invalidRequest(errors: ProblemEntry[]): Problem {
  return problem("invalid_request", errors.map((e) => e.message).join("; "), errors);
}

/** The problem of each fault of JSON past its limits. */
const JSON_FAULT_CODES = {
  depth: "json_too_deep",
  surrogate: "invalid_text",
  underflow: "invalid_request",
  overflow: "invalid_request",
} as const satisfies Record<JsonFault["kind"], ProblemCode>;

/** 400 for JSON past its limits (json-limits.ts): too deep, text that is not well-formed, or a number a double does not hold. */
export function jsonFaultProblem(fault: JsonFault): Problem {
  return problem(JSON_FAULT_CODES[fault.kind], fault.message, [
    { address: fault.path, code: `request.${fault.kind}`, message: fault.message },
  ]);
}

/** The `type` URI of a problem; GET on it answers the catalogue entry. */
const problemType = (code: string): string => `/problems/${code}`;

/** The body of a problem response; `requestId` is the request's id, also in the x-request-id header. */
export function problemBody(p: Problem, requestId?: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    type: problemType(p.code),
    title: p.title,
    status: p.status,
    code: p.code,
    detail: p.detail,
    errors: p.errors,
  };
  if (p.extra) Object.assign(body, p.extra);
  if (requestId !== undefined) body.request_id = requestId;
  return body;
}

export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
    this.name = "ProblemError";
  }
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: Problem };
export const success = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const failure = (p: Problem): { ok: false; problem: Problem } => ({ ok: false, problem: p });
