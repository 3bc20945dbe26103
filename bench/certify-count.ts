// `npm run bench:certify-count`: what keeps the number decisions of the generated models
// (test/support/generate/typed-models.ts, as bench/generated.ts draws them) off the certified
// double-doubles (optimise/certify-output.ts, docs/numbers.md). For each number decision of the
// optimised IR (a number type with no condition, a FEEL expression): marked, or the operations of
// its form the double-doubles do not hold (`ddBlocking`), counted per operation as the only one
// holding the decision back ("alone") or beside others; and for each marked decision other
// decisions read whose decimal is still made on every call (codegen/certified-readers.ts
// `decimalFree`), the readers that need it.
//   CERTIFY_COUNT_MODELS (300) models from CERTIFY_COUNT_SEED (1).
import type { Expr } from "../src/ir/feel-ast.js";
import type { DecisionIR, ModelIR } from "../src/ir/ir.js";
import { compileToSource } from "../src/compiler/index.js";
import { expand, plainNumber } from "../src/compiler/3-optimise/certify.js";
import { ddBlocking } from "../src/compiler/3-optimise/certify-output.js";
import { decimalFree } from "../src/compiler/4-codegen/certified-readers.js";
import { Emitter } from "../src/compiler/4-codegen/emitter.js";
import { walk, walkBody } from "../src/compiler/3-optimise/walk.js";
import { ddLabel } from "./generated/dd-label.js";
import { compileOptionsOf, contentOf, typedModel } from "../test/support/generate/typed-models.js";

const MODELS = Number(process.env.CERTIFY_COUNT_MODELS ?? 300);
const FIRST = Number(process.env.CERTIFY_COUNT_SEED ?? 1);

/** What a condition is made of. */
const CONDITION = new Set(["compare", "logical", "between", "in", "not()"]);

/** A quotient or a power in e: the decimals make a 34-digit value. */
const costly = (e: Expr): boolean => {
  let found = false;
  walk(e, (n) => (found ||= n.kind === "arith" && (n.op === "/" || n.op === "**")));
  return found;
};

interface Tally {
  alone: Map<string, number>;
  withOthers: Map<string, number>;
}
const tally = (): Tally => ({ alone: new Map(), withOthers: new Map() });
const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
function count(t: Tally, labels: Set<string>): void {
  for (const l of labels) add(labels.size === 1 ? t.alone : t.withOthers, l);
}

const numberDecisions = (ir: ModelIR) => ir.decisions.filter((d) => d.body.kind === "expr" && plainNumber(d.type));

/** Where decision `name` is read by `r` in a way that needs its decimal, as labels. */
function readsOf(name: string, r: DecisionIR, handed: Set<string>): string[] {
  const of = (e: Expr) => e.kind === "name" && e.ref?.kind === "decision" && e.ref.name === name;
  const found: string[] = [];
  const within = (e: Expr, where: string) => {
    walk(e, (n) => {
      for (const c of childrenOf(n)) if (of(c)) found.push(where);
    });
    if (of(e)) found.push(where);
  };
  for (const l of r.lets) walkBody(l.body, (e) => within(e, "a let"));
  if (r.body.kind === "expr") {
    if (r.certifiedOutput && (!r.certifiedOutput.read || handed.has(r.name))) return [];
    within(r.body.expr, r.certifiedOutput ? "a marked reader keeping its decimal" : "an unmarked decision");
  } else {
    const table = r.body.table;
    table.inputs.forEach((c) => within(c.expr, "a table column heading"));
    if (JSON.stringify(table.rules.map((rule) => rule.conditions)).includes(`"name":${JSON.stringify(name)}`)) found.push("a table cell");
  }
  return found;
}

/** The expressions directly below e. */
function childrenOf(e: Expr): Expr[] {
  const below: Expr[] = [];
  for (const [key, child] of Object.entries(e)) {
    if (key === "type" || key === "span" || key === "ref" || key === "tests" || key === "of") continue;
    for (const c of Array.isArray(child) ? child : [child]) {
      if (c && typeof c === "object" && typeof (c as Expr).kind === "string" && "span" in c) below.push(c as Expr);
      else if (c && typeof c === "object")
        for (const v of Object.values(c as object)) if (v && typeof v === "object" && "span" in v) below.push(v as Expr);
    }
  }
  return below;
}

const [all, paying] = [tally(), tally()];
const held = tally();
let [decisions, marked, read, handedOn, free, notPaying, models] = [0, 0, 0, 0, 0, 0, 0];
for (let seed = FIRST; seed < FIRST + MODELS; seed++) {
  const m = typedModel(seed);
  const result = compileToSource(contentOf(m) as never, { optimise: true, ...compileOptionsOf(m) });
  if (!result.ok) continue;
  models++;
  const ir = result.ir;
  for (const d of numberDecisions(ir)) {
    if (d.body.kind !== "expr") continue;
    decisions++;
    if (d.certifiedOutput) {
      marked++;
      continue;
    }
    const form = expand(d.body.expr, true) ?? d.body.expr;
    // the comparisons and connectives of an \`if\`'s condition are counted as the \`if\`
    const conditions = new Set<Expr>();
    walk(form, (n) => {
      if (n.kind === "if") walk(n.cond, (c) => (CONDITION.has(ddLabel(c)) ? conditions.add(c) : undefined));
    });
    const labels = new Set(
      ddBlocking(form, undefined, true)
        .filter((n) => !conditions.has(n))
        .map(ddLabel),
    );
    if (labels.size === 0) {
      free++;
      continue;
    }
    count(all, labels);
    if (costly(form)) count(paying, labels);
    else notPaying++;
  }
  const handed = decimalFree(ir.decisions, { em: new Emitter(), where: "", types: ir.types });
  for (const d of ir.decisions) {
    if (!d.certifiedOutput?.read) continue;
    read++;
    if (handed.has(d.name)) {
      handedOn++;
      continue;
    }
    const why = new Set(d.lets.length > 0 && !d.certifiedOutput.lets ? ["lets of its own"] : []);
    for (const r of ir.decisions) if (r.deps.includes(d.name)) for (const w of readsOf(d.name, r, handed)) why.add(w);
    count(held, why);
  }
}

const table = (title: string, t: Tally) => {
  const keys = [...new Set([...t.alone.keys(), ...t.withOthers.keys()])];
  keys.sort((a, b) => (t.alone.get(b) ?? 0) - (t.alone.get(a) ?? 0) || (t.withOthers.get(b) ?? 0) - (t.withOthers.get(a) ?? 0));
  console.log(`\n${title}\n| operation | alone | with others |\n|---|---:|---:|`);
  for (const k of keys) console.log(`| ${k} | ${t.alone.get(k) ?? 0} | ${t.withOthers.get(k) ?? 0} |`);
};
console.log(`seeds ${FIRST}-${FIRST + MODELS - 1}: ${models} models compiled, ${decisions} number decisions (FEEL expressions)`);
console.log(
  `marked ${marked}; held back by an operation ${decisions - marked - free} (of them ${notPaying} without a quotient or power); all operations held but not marked ${free}`,
);
table("Operations the double-doubles do not hold, every unmarked number decision", all);
table("The same, decisions holding a quotient or a power (where the decimals make 34 digits)", paying);
console.log(`\nmarked decisions read by others: ${read}, handing their double-double on ${handedOn}`);
table("Reads that keep a marked decision's decimal (made on every call)", held);
