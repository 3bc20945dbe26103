// Functions (spec 2.6): `params` (name → type, in order), `returns`, `body`.
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import { didYouMean } from "../suggest.js";
import { type BodySource, readBody } from "./body.js";

export interface FunctionSpec {
  name: string;
  address: string;
  params: [string, unknown][];
  returnsSpec?: unknown;
  body: BodySource | null;
}

const KNOWN_KEYS = ["params", "returns", "body", "desc", "unmapped"];

export function readFunction(name: string, raw: unknown, strict: boolean, sink: Diagnostic[]): FunctionSpec {
  const address = `functions.${name}`;
  const spec: FunctionSpec = { name, address, params: [], body: null };
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    sink.push(diagnostic("function.shape", { name }, { address }));
    return spec;
  }
  const obj = raw as Record<string, unknown>;
  for (const key of Object.keys(obj))
    if (!KNOWN_KEYS.includes(key))
      sink.push(diagnostic("function.unknown-key", { key, didYouMean: didYouMean(key, KNOWN_KEYS) }, { address: `${address}.${key}` }));
  if (obj.params !== undefined) {
    if (obj.params !== null && typeof obj.params === "object" && !Array.isArray(obj.params)) spec.params = Object.entries(obj.params);
    else sink.push(diagnostic("function.params-shape", {}, { address: `${address}.params` }));
  }
  if (obj.returns !== undefined) spec.returnsSpec = obj.returns;
  // an import's placeholder: never a body, always an error
  if (obj.unmapped !== undefined)
    sink.push(diagnostic("function.unmapped", { name, reason: String(obj.unmapped) }, { address: `${address}.unmapped` }));
  else if (obj.body === undefined) sink.push(diagnostic("function.body-missing", { name }, { address }));
  else spec.body = readBody(obj.body, address, `the body of function \`${name}\``, { allowTable: true, allowTableObject: !strict }, sink);
  return spec;
}
