// Counts the closed non-literal expressions (no name read from the state, a parameter, a loop
// variable or a let; only local names bound inside them) of the optimised IR of the generated models.
import type { Expr } from "../src/ir/feel-ast.js";
import type { BodyIR } from "../src/ir/ir.js";
import { compileToSource } from "../src/compiler/index.js";
import { compileOptionsOf, contentOf, typedModel } from "../test/support/generate/typed-models.js";

const MODELS = Number(process.env.CLOSED_COUNT_MODELS ?? 300);
const SKIPPED = new Set(["type", "span", "ref", "tests", "of", "certifiedForm", "certifiedSides", "inlined"]);
const isExpr = (x: unknown): x is Expr => !!x && typeof x === "object" && typeof (x as Expr).kind === "string" && "span" in x;
const LITERAL = new Set(["number", "string", "boolean", "null", "temporal"]);

function kids(e: Expr): Expr[] {
  const out: Expr[] = [];
  for (const [key, child] of Object.entries(e)) {
    if (SKIPPED.has(key)) continue;
    for (const c of Array.isArray(child) ? child : [child]) {
      if (isExpr(c)) out.push(c);
      else if (c && typeof c === "object") for (const [k, v] of Object.entries(c as object)) if (k !== "type" && isExpr(v)) out.push(v);
    }
  }
  return out;
}
/** free names of e (locals not bound inside count as free) */
function free(e: Expr, bound: Set<string>, out: Set<string>, shadow = false): void {
  if (e.kind === "name") {
    const r = e.ref;
    if (!r) {
      out.add(`?${e.name}`);
      return;
    }
    if ((r.kind === "builtin" || r.kind === "function") && !shadow) return;
    if (r.kind === "local" && bound.has(r.name)) return;
    out.add(`${r.kind}:${r.name}`);
    return;
  }
  if (e.kind === "for" || e.kind === "quantified") {
    const b = new Set(bound);
    for (const it of e.iterations) {
      free(it.source, b, out, shadow);
      if (it.to) free(it.to, b, out, shadow);
      b.add(it.name);
    }
    free(e.kind === "for" ? e.body : e.satisfies, b, out, shadow);
    return;
  }
  if (e.kind === "context") {
    const b = new Set(bound);
    for (const en of e.entries) {
      free(en.value, b, out, shadow);
      b.add(en.key);
    }
    return;
  }
  if (e.kind === "filter") {
    free(e.base, bound, out, shadow);
    const b = new Set(bound);
    b.add("item");
    free(e.filter, b, out, true);
    return;
  }
  if (e.kind === "input-value") {
    out.add("?");
    return;
  }
  if (e.kind === "function") {
    out.add("lambda");
    return;
  }
  for (const c of kids(e)) free(c, bound, out, shadow);
}
const rows = new Map<string, number>();
const seeds = new Map<number, number>();
const samples: string[] = [];
const add = (k: string) => rows.set(k, (rows.get(k) ?? 0) + 1);
let seedNow = 0;

function visit(e: Expr, place: string, inFor: boolean, shadow = false): void {
  const f = new Set<string>();
  free(e, new Set(), f, shadow);
  if (f.size === 0 && !LITERAL.has(e.kind) && e.kind !== "name") {
    add(`place\t${place}${inFor ? " (in a for's body)" : ""}`);
    add(
      `kind\t${e.kind === "call" && e.callee.kind === "name" ? `${e.callee.name}()` : e.kind === "path" && e.base.kind === "context" ? "{..}.entry" : e.kind}`,
    );
    add("all\tall");
    seeds.set(seedNow, (seeds.get(seedNow) ?? 0) + 1);
    if (samples.length < 40)
      samples.push(`${seedNow} ${place}: ${JSON.stringify(e, (k, v) => (k === "type" || k === "span" ? undefined : v)).slice(0, 200)}`);
    return;
  }
  if (e.kind === "filter") {
    visit(e.base, place, inFor, shadow);
    visit(e.filter, place, inFor, true);
    return;
  }
  if (e.kind === "for") {
    for (const it of e.iterations) {
      visit(it.source, place, inFor, shadow);
      if (it.to) visit(it.to, place, inFor, shadow);
    }
    visit(e.body, place, true, shadow);
    return;
  }
  for (const c of kids(e)) visit(c, place, inFor, shadow);
}
function visitBody(b: BodyIR, place: string): void {
  if (b.kind === "expr") return visit(b.expr, place, false);
  for (const column of b.table.inputs) visit(column.expr, "a table's heading", false);
  for (const rule of b.table.rules) for (const output of rule.outputs) visit(output, "a table's output", false);
}
let models = 0;
for (let seed = 1; seed <= MODELS; seed++) {
  const m = typedModel(seed);
  const result = compileToSource(contentOf(m) as never, { optimise: true, ...compileOptionsOf(m) });
  if (!result.ok) continue;
  models++;
  seedNow = seed;
  for (const f of result.ir.functions) visitBody(f.body, "a function's body");
  for (const d of result.ir.decisions) {
    for (const l of d.lets) visitBody(l.body, "a let");
    visitBody(d.body, "a decision's value");
  }
}
console.log(`${models} models`);
for (const [k, n] of [...rows.entries()].sort()) console.log(`${k}\t${n}`);
console.log(`models with any: ${seeds.size}: ${[...seeds.entries()].map(([s, n]) => `${s}:${n}`).join(",")}`);
console.log(samples.join("\n"));
