// Why the generated models' arithmetic still runs on decimals: every decimal operation the
// generated code does at run time (+ − × ÷ **, negation, a number built-in not certified) counted
// where it runs, over the benchmark's states, each site classed by why certification did not take
// it (where it stands and what holds its decision off the double-doubles, certify-output.ts
// `ddBlocking`). Needs codegen's probe (expr.ts `decimalProbe`) to count the sites.
// Printed as markdown tables: operations a call summed over the models, their share, and the mean
// of each model's own share.
//   DECIMAL_REASONS_SEEDS: the seeds (comma-separated; seeds 1–100 when unset); DECIMAL_REASONS_JSON:
//   a file for each site's count.
import { writeFileSync } from "node:fs";
import type { Expr } from "../src/ir/feel-ast.js";
import type { DecisionIR, ModelIR } from "../src/ir/ir.js";
import { analyseModel } from "../src/compiler/2-analyse/index.js";
import { optimise } from "../src/compiler/3-optimise/index.js";
import { emitModule } from "../src/compiler/4-codegen/module.js";
import { decimalProbe } from "../src/compiler/4-codegen/expr.js";
import { builtinCalled, expand, plainNumber } from "../src/compiler/3-optimise/certify.js";
import { ddBlocking, pays } from "../src/compiler/3-optimise/certify-output.js";
import * as runtime from "../src/runtime/generated-api.js";
import { entryPoints, type GeneratedModule } from "../src/runtime/entry.js";
import { ddLabel } from "./generated/dd-label.js";
import { exprChildren } from "./generated/expr-children.js";
import { compileOptionsOf, contentOf, typedModel, typedStates } from "../test/support/generate/typed-models.js";
import { doublesChecked } from "./generated/doubles-js.js";

const SEEDS = process.env.DECIMAL_REASONS_SEEDS?.split(",").map(Number) ?? Array.from({ length: 100 }, (_, i) => i + 1);

/** Each node's class: where it stands, why its decision is off the doubles, and the place inside. */
interface Class {
  reason: string;
  detail: string;
  inner: string;
}

function classify(ir: ModelIR): Map<Expr, Class> {
  const out = new Map<Expr, Class>();
  const visit = (e: Expr, reason: string, detail: string, inner: string, certified: boolean): void => {
    const isCert = certified || ((e.kind === "compare" || e.kind === "logical" || e.kind === "call") && e.certified === true);
    if (!out.has(e))
      out.set(
        e,
        isCert && !certified
          ? { reason, detail, inner }
          : isCert
            ? { reason: "a certified comparison or rounding declined", detail: reason, inner }
            : { reason, detail, inner },
      );
    for (const [c, where] of exprChildren(e, inner, `${inner === "-" ? "" : inner + " > "}an inlined body`))
      visit(c, reason, detail, where, isCert);
  };
  for (const d of ir.decisions) {
    const [reason, detail] = decisionReason(d);
    for (const l of d.lets) bodyVisit(l.body, "a let", `of ${d.certifiedOutput ? "a marked decision" : reason}; the let ${letReason(l)}`);
    if (d.body.kind === "expr") visit(d.body.expr, reason, detail, "-", false);
    else {
      for (const c of d.body.table.inputs) visit(c.expr, "a table's heading", "-", "-", false);
      for (const r of d.body.table.rules) for (const o of r.outputs) visit(o, "a table's output", "-", "-", false);
    }
  }
  for (const f of ir.functions) bodyVisit(f.body, "a function's body (called)", "-");
  return out;
  function bodyVisit(b: DecisionIR["body"], reason: string, detail: string) {
    if (b.kind === "expr") return visit(b.expr, reason, detail, "-", false);
    for (const c of b.table.inputs) visit(c.expr, reason + ": a table's heading", detail, "-", false);
    for (const r of b.table.rules) for (const o of r.outputs) visit(o, reason + ": a table's output", detail, "-", false);
  }
}

/** What the let's own value is to the double-doubles. */
function letReason(l: DecisionIR["lets"][number]): string {
  if (l.body.kind !== "expr") return "is a table";
  if (!plainNumber(l.body.expr.type ?? { kind: "any" })) return `is a ${l.body.expr.type?.kind}`;
  const form = expand(l.body.expr, true) ?? l.body.expr;
  const labels = [...new Set(ddBlocking(form, undefined, true).map(ddLabel))];
  if (labels.length > 0) return `held back by ${labels.sort().join(" + ")}`;
  return pays(form) ? "held, pays" : "held, does not pay";
}

/** Why a decision's value is not on the double-doubles. */
function decisionReason(d: DecisionIR): [string, string] {
  if (d.body.kind !== "expr") return ["a table", "-"];
  if (d.certifiedOutput)
    return [d.certifiedOutput.condition ? "a marked condition: exact path ran" : "a marked number decision: exact path ran", "-"];
  if (!plainNumber(d.type)) return [`a decision of ${d.type.kind}`, "-"];
  const form = expand(d.body.expr, true) ?? d.body.expr;
  const labels = [...new Set(ddBlocking(form, undefined, true).map(ddLabel))];
  if (labels.length === 0) return ["a number decision held, not marked (not worth it)", "-"];
  return [`a number decision held back by ${labels.length === 1 ? "one operation" : "several"}`, labels.sort().join(" + ")];
}

interface SiteCount {
  seed: number;
  kind: string;
  reason: string;
  detail: string;
  inner: string;
  perCall: number;
}
const rows: SiteCount[] = [];
for (const seed of SEEDS) {
  const m = typedModel(seed);
  const { strict } = compileOptionsOf(m);
  const analysed = analyseModel(contentOf(m) as never, { strict });
  if (!analysed.ir) continue;
  const ir = analysed.ir;
  const decisions = optimise(ir);
  const classes = classify(ir);
  decimalProbe.sites = [];
  const { source } = emitModule(ir, { decisions, strict });
  const sites = decimalProbe.sites;
  decimalProbe.sites = undefined;
  const counts = new Float64Array(sites.length);
  const rt = { ...runtime, probe: (i: number, v: unknown) => (counts[i]++, v) };
  const module = new Function("rt", source)(rt) as GeneratedModule;
  const entry = entryPoints({ ...module, explain: () => ({}) as never });
  const checked = doublesChecked(m);
  let states = 0;
  for (const state of typedStates(m, 64, seed).map((s) => JSON.parse(JSON.stringify(s)) as Record<string, unknown>)) {
    checked.evaluate(state as never);
    if (checked.flags.empty) continue;
    states++;
    entry.evaluate(state);
  }
  if (states === 0) continue;
  sites.forEach((node, i) => {
    if (counts[i] === 0) return;
    const c = classes.get(node) ?? { reason: "not found", detail: "-", inner: "-" };
    const kind = node.kind === "arith" ? node.op : node.kind === "negate" ? "neg" : `${builtinCalled(node) ?? "?"}()`;
    rows.push({ seed, kind, ...c, perCall: counts[i]! / states });
  });
}
if (process.env.DECIMAL_REASONS_JSON) writeFileSync(process.env.DECIMAL_REASONS_JSON, JSON.stringify(rows));

const models = new Set(rows.map((r) => r.seed)).size;
const perModel = new Map<number, number>();
for (const r of rows) perModel.set(r.seed, (perModel.get(r.seed) ?? 0) + r.perCall);
function table(title: string, key: (r: SiteCount) => string) {
  const total = new Map<string, number>();
  const share = new Map<string, number>();
  for (const r of rows) {
    total.set(key(r), (total.get(key(r)) ?? 0) + r.perCall);
    share.set(key(r), (share.get(key(r)) ?? 0) + r.perCall / perModel.get(r.seed)! / models);
  }
  const all = [...total.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${title}\n| class | operations a call (all models) | share of all | mean share a model |\n|---|---:|---:|---:|`);
  for (const [k, n] of [...total.entries()].sort((a, b) => b[1] - a[1]))
    console.log(`| ${k} | ${n.toFixed(1)} | ${((100 * n) / all).toFixed(1)} % | ${(100 * share.get(k)!).toFixed(1)} % |`);
}
console.log(`seeds ${SEEDS.join(",")}: ${models} models with decimal operations`);
table("By reason", (r) => r.reason);
table("By reason and what holds the decision back", (r) => `${r.reason} — ${r.detail}`);
table("By place inside", (r) => r.inner);
table("By operation", (r) => r.kind);
