// Decisions (spec 2.5) as written: a string, a table array, or an object with `type`, `desc`,
// `let`, exactly one of `expr`/`table`, `hit`, `requires` (and lenient `default`).
import type { Diagnostic } from "../../../ir/diagnostics.js";
import { err, warn } from "../diagnostic-sink.js";
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

const KNOWN_KEYS = ["type", "desc", "let", "expr", "table", "hit", "requires", "default"];

export function readDecision(name: string, raw: unknown, strict: boolean, sink: Diagnostic[]): DecisionSpec {
  const address = `decisions.${name}`;
  const spec: DecisionSpec = { name, address, lets: [], body: null, requires: [] };
  if (typeof raw === "string") return { ...spec, body: { kind: "expr", text: raw, address } };
  if (Array.isArray(raw)) return { ...spec, body: { kind: "table", rows: raw, address } };
  if (raw === null || typeof raw !== "object") {
    err(sink, "decision.shape", `decision \`${name}\` must be an expression string, a table array or an object`, address);
    return spec;
  }
  const obj = raw as Record<string, unknown>;
  for (const key of Object.keys(obj))
    if (!KNOWN_KEYS.includes(key)) warn(sink, "decision.unknown-key", `unknown key \`${key}\` is ignored${didYouMean(key, KNOWN_KEYS)}`, `${address}.${key}`);
  if (obj.type !== undefined) spec.typeSpec = obj.type;
  if (obj.desc !== undefined) {
    if (typeof obj.desc === "string") spec.desc = obj.desc;
    else err(sink, "decision.desc-invalid", "`desc` must be a string", `${address}.desc`);
  }
  spec.lets = readLets(obj.let, address, strict, sink);
  spec.requires = readRequires(obj.requires, address, sink);
  spec.body = readDecisionBody(obj, name, address, strict, sink);
  return spec;
}

function readDecisionBody(obj: Record<string, unknown>, name: string, address: string, strict: boolean, sink: Diagnostic[]): BodySource | null {
  const hasExpr = obj.expr !== undefined;
  const hasTable = obj.table !== undefined;
  if (hasExpr === hasTable) {
    err(sink, hasExpr ? "decision.body-conflict" : "decision.body-missing", `decision \`${name}\` needs exactly one of \`expr\` and \`table\``, address);
    return null;
  }
  if (strict && obj.default !== undefined)
    err(sink, "decision.default-lenient", "`default` is allowed only in lenient (imported) models", `${address}.default`);
  if (hasExpr) {
    for (const key of ["hit", "default"])
      if (obj[key] !== undefined) warn(sink, "decision.table-key-unused", `\`${key}\` applies only to a table and is ignored`, `${address}.${key}`);
    if (typeof obj.expr === "string") return { kind: "expr", text: obj.expr, address };
    err(sink, "decision.body-shape", "`expr` must be an expression string", `${address}.expr`);
    return null;
  }
  if (!Array.isArray(obj.table)) {
    err(sink, "decision.table-shape", "`table` must be an array of rows", `${address}.table`);
    return null;
  }
  return { kind: "table", rows: obj.table, hit: obj.hit, default: obj.default, address };
}

function readLets(raw: unknown, address: string, strict: boolean, sink: Diagnostic[]): LetSpec[] {
  if (raw === undefined) return [];
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    err(sink, "decision.let-shape", "`let` must be an object mapping names to expressions, in order", `${address}.let`);
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
    err(sink, "decision.requires-shape", "`requires` must be an array of input or decision names", `${address}.requires`);
    return [];
  }
  return raw as string[];
}
