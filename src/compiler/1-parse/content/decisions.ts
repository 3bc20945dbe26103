// Decisions (spec 2.5) as written: a string, a table array, or an object with `type`, `desc`,
// `let`, exactly one of `expr`/`table`, `hit`, `requires` (and lenient `default`, `priorities`).
import { diagnostic, type Diagnostic } from "../../../ir/diagnostics.js";
import { didYouMean } from "../suggest.js";
import { type BodySource, readBody } from "./body.js";

interface LetSpec {
  name: string;
  address: string;
  body: BodySource;
}

export interface DecisionSpec {
  name: string;
  address: string;
  typeSpec?: unknown;
  desc?: string;
  lets: LetSpec[];
  body: BodySource | null;
  requires: string[];
}

const KNOWN_KEYS = ["type", "desc", "let", "expr", "table", "hit", "requires", "default", "priorities", "unmapped"];

export function readDecision(name: string, raw: unknown, strict: boolean, sink: Diagnostic[]): DecisionSpec {
  const address = `decisions.${name}`;
  const spec: DecisionSpec = { name, address, lets: [], body: null, requires: [] };
  if (typeof raw === "string") return { ...spec, body: { kind: "expr", text: raw, address } };
  if (Array.isArray(raw)) return { ...spec, body: { kind: "table", rows: raw, address } };
  if (raw === null || typeof raw !== "object") {
    sink.push(diagnostic("decision.shape", { name }, { address }));
    return spec;
  }
  const obj = raw as Record<string, unknown>;
  for (const key of Object.keys(obj))
    if (!KNOWN_KEYS.includes(key))
      sink.push(diagnostic("decision.unknown-key", { key, didYouMean: didYouMean(key, KNOWN_KEYS) }, { address: `${address}.${key}` }));
  if (obj.type !== undefined) spec.typeSpec = obj.type;
  if (obj.desc !== undefined) {
    if (typeof obj.desc === "string") spec.desc = obj.desc;
    else sink.push(diagnostic("decision.desc-invalid", {}, { address: `${address}.desc` }));
  }
  spec.lets = readLets(obj.let, address, strict, sink);
  spec.requires = readRequires(obj.requires, address, sink);
  // an import's placeholder: never a body, always an error
  if (obj.unmapped !== undefined) {
    sink.push(diagnostic("decision.unmapped", { name, reason: String(obj.unmapped) }, { address: `${address}.unmapped` }));
    return spec;
  }
  spec.body = readDecisionBody(obj, name, address, strict, sink);
  return spec;
}

function readDecisionBody(
  obj: Record<string, unknown>,
  name: string,
  address: string,
  strict: boolean,
  sink: Diagnostic[],
): BodySource | null {
  const hasExpr = obj.expr !== undefined;
  const hasTable = obj.table !== undefined;
  if (hasExpr === hasTable) {
    sink.push(
      hasExpr ? diagnostic("decision.body-conflict", { name }, { address }) : diagnostic("decision.body-missing", { name }, { address }),
    );
    return null;
  }
  if (strict && obj.default !== undefined) sink.push(diagnostic("decision.default-lenient", {}, { address: `${address}.default` }));
  if (hasExpr) {
    for (const key of ["hit", "default", "priorities"])
      if (obj[key] !== undefined) sink.push(diagnostic("decision.table-key-unused", { key }, { address: `${address}.${key}` }));
    if (typeof obj.expr === "string") return { kind: "expr", text: obj.expr, address };
    sink.push(diagnostic("decision.body-shape", { variant: "expr" }, { address: `${address}.expr` }));
    return null;
  }
  if (!Array.isArray(obj.table)) {
    sink.push(diagnostic("decision.table-shape", { variant: "decision" }, { address: `${address}.table` }));
    return null;
  }
  return { kind: "table", rows: obj.table, hit: obj.hit, default: obj.default, priorities: obj.priorities, address };
}

function readLets(raw: unknown, address: string, strict: boolean, sink: Diagnostic[]): LetSpec[] {
  if (raw === undefined) return [];
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    sink.push(diagnostic("decision.let-shape", {}, { address: `${address}.let` }));
    return [];
  }
  const lets: LetSpec[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const at = `${address}.let.${name}`;
    const body = readBody(value, at, `let entry \`${name}\``, { allowTable: !strict, allowTableObject: !strict }, sink);
    if (body) lets.push({ name, address: at, body });
  }
  return lets;
}

function readRequires(raw: unknown, address: string, sink: Diagnostic[]): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || !raw.every((r) => typeof r === "string")) {
    sink.push(diagnostic("decision.requires-shape", {}, { address: `${address}.requires` }));
    return [];
  }
  return raw as string[];
}
