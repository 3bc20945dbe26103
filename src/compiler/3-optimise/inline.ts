// Inlining: a call of one of the model's functions that is small, not recursive and has an
// expression for its body gets a copy of that body (`Call.inlined`), the references to its
// parameters renamed to names of their own that codegen binds to the arguments, each evaluated
// once and in order (codegen/inlined.ts). The other passes then see the body where it is used: a
// rounding of a function's arithmetic is certified at the call site (optimise/certify.ts). Calls
// inside function bodies are inlined first, so a copy carries its own inlined calls.
import type { Expr, Name } from "../../ir/feel-ast.js";
import type { FunctionIR, ModelIR } from "../../ir/ir.js";
import { walkBody } from "./walk.js";

/** Nodes a body may hold, its own inlined calls included, to be copied to each call site. */
export const INLINE_LIMIT = 60;

/** The functions that reach themselves through the functions they name. */
function recursive(ir: ModelIR): Set<string> {
  const byName = new Map(ir.functions.map((f) => [f.name, f]));
  const reaches = (from: string, target: string, seen: Set<string>): boolean =>
    (byName.get(from)?.calls ?? []).some((c) => c === target || (!seen.has(c) && (seen.add(c), reaches(c, target, seen))));
  return new Set(ir.functions.filter((f) => reaches(f.name, f.name, new Set())).map((f) => f.name));
}

/** Every node of `x` (expressions, unary tests and the bodies of inlined calls), counted. */
function size(x: unknown): number {
  if (Array.isArray(x)) return x.reduce((n: number, y) => n + size(y), 0);
  if (!x || typeof x !== "object") return 0;
  let n = "span" in x ? 1 : 0;
  for (const [k, v] of Object.entries(x)) if (k !== "type" && k !== "span" && k !== "ref" && k !== "of") n += size(v);
  return n;
}

/** Whether `?` (the value under test of a unary test) appears anywhere in `x`. */
function readsInputValue(x: unknown): boolean {
  if (Array.isArray(x)) return x.some(readsInputValue);
  if (!x || typeof x !== "object") return false;
  if ((x as Expr).kind === "input-value" && "span" in x) return true;
  return Object.entries(x).some(([k, v]) => k !== "type" && k !== "span" && k !== "ref" && readsInputValue(v));
}

/**
 * A copy of `x` whose references to parameters are renamed by `locals`; types, spans and type
 * expressions are shared with the original (nothing changes them).
 */
function copy<T>(x: T, locals: ReadonlyMap<string, string>): T {
  if (Array.isArray(x)) return x.map((y: unknown) => copy(y, locals)) as T;
  if (!x || typeof x !== "object") return x;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) out[k] = k === "type" || k === "span" || k === "of" ? v : copy(v, locals);
  const name = out as unknown as Name;
  if (name.kind === "name" && "span" in name && name.ref?.kind === "param" && locals.has(name.ref.name)) {
    // the name as written stays: inside a filter of the body, an item's entry of that name comes first
    name.ref = { kind: "param", name: locals.get(name.ref.name)! };
  }
  return out as T;
}

export function inlineCalls(ir: ModelIR): void {
  const loops = recursive(ir);
  const byName = new Map(ir.functions.map((f) => [f.name, f]));
  const prepared = new Set<string>();
  let sites = 0;

  /** The calls in f's body inlined, once (none reaches back to f when f is not recursive). */
  const prepare = (f: FunctionIR): void => {
    if (prepared.has(f.name)) return;
    prepared.add(f.name);
    walkBody(f.body, visit);
  };

  /** The body to copy, with the calls inside it inlined; null when calls of f stay calls. */
  const template = (f: FunctionIR): Expr | null => {
    if (loops.has(f.name) || f.body.kind !== "expr" || readsInputValue(f.body.expr)) return null;
    prepare(f);
    return size(f.body.expr) <= INLINE_LIMIT ? f.body.expr : null;
  };

  function visit(e: Expr): void {
    if (e.kind !== "call" || e.inlined || e.named) return;
    const ref = e.callee.kind === "name" ? e.callee.ref : undefined;
    const f = ref?.kind === "function" ? byName.get(ref.name) : undefined;
    const body = f && e.args.length === f.params.length ? template(f) : null;
    if (!f || !body) return;
    sites++;
    const locals = new Map(f.params.map((p) => [p.name, `\u0001${f.name}\u0001${p.name}\u0001${sites}`]));
    e.inlined = {
      function: f.name,
      params: f.params.map((p) => ({ id: locals.get(p.name)!, type: p.type })),
      body: copy(body, locals),
      type: f.returns,
    };
  }

  ir.functions.forEach(prepare);
  for (const d of ir.decisions) for (const b of [...d.lets.map((l) => l.body), d.body]) walkBody(b, visit);
}
