// `npm run bench:certify-coverage`: how much of the number work of the generated models
// (test/support/generate/typed-models.ts, as bench/generated.ts draws them) codegen writes on the
// certified doubles (optimise/certify.ts, optimise/certify-output.ts, docs/numbers.md). Every
// operation node of the optimised IR that makes a number (+ - × ÷ **, negation, the number
// built-ins, aggregates, a number-valued `if`) or compares numbers (comparisons, `between`) in the
// code each call runs — decisions' bodies and lets, table headings and outputs, with each inlined
// call's body where it is called — counted by kind and by where it stands (a decision's value, a
// let, an inlined function's body, a `for`'s body, a filter's condition, an `if`'s condition),
// and counted certified when it lies in a marked comparison, connective or rounding or in a
// marked decision's value: code that tries the doubles first (the decimals still decide where
// the bounds do not).
//   CERTIFY_COVERAGE_MODELS (300) models from CERTIFY_COVERAGE_SEED (1).
import type { Expr } from "../src/ir/feel-ast.js";
import type { BodyIR } from "../src/ir/ir.js";
import { compileToSource } from "../src/compiler/index.js";
import { builtinCalled } from "../src/compiler/3-optimise/certify.js";
import { compileOptionsOf, contentOf, typedModel } from "../test/support/generate/typed-models.js";
import { exprChildren } from "./generated/expr-children.js";

const MODELS = Number(process.env.CERTIFY_COVERAGE_MODELS ?? 300);
const FIRST = Number(process.env.CERTIFY_COVERAGE_SEED ?? 1);

const isNumber = (e: Expr | undefined): boolean => e?.type?.kind === "number";

/** The kind an operation is counted under, or undefined for one that neither makes nor compares a number. */
function kindOf(e: Expr): string | undefined {
  switch (e.kind) {
    case "arith":
      return isNumber(e) ? `${e.op}` : undefined;
    case "negate":
      return isNumber(e) ? "negation" : undefined;
    case "compare":
      return isNumber(e.left) || isNumber(e.right) ? "comparison" : undefined;
    case "between":
      return isNumber(e.value) ? "between" : undefined;
    case "if":
      return isNumber(e) ? "if (a number)" : undefined;
    case "call": {
      if (!isNumber(e)) return undefined;
      if (e.inlined) return undefined;
      const fn = builtinCalled(e);
      return fn === undefined ? "a function's call" : `${fn}()`;
    }
    default:
      return undefined;
  }
}

type Place = string;
const rows = new Map<string, { n: number; certified: number }>();
const add = (key: string, certified: boolean) => {
  const r = rows.get(key) ?? { n: 0, certified: 0 };
  r.n++;
  if (certified) r.certified++;
  rows.set(key, r);
};

function visit(e: Expr, place: Place, certified: boolean): void {
  const marked = certified || ((e.kind === "compare" || e.kind === "logical" || e.kind === "call") && e.certified === true);
  const kind = kindOf(e);
  if (kind !== undefined) {
    add(`kind\t${kind}`, marked);
    add(`place\t${place}`, marked);
    add("all\tall", marked);
  }
  for (const [c, where] of exprChildren(e, place)) visit(c, where, marked);
}

function visitBody(b: BodyIR, place: Place, certified: boolean): void {
  if (b.kind === "expr") return visit(b.expr, place, certified);
  for (const column of b.table.inputs) visit(column.expr, "a table's heading", false);
  for (const rule of b.table.rules) for (const output of rule.outputs) visit(output, "a table's output", false);
}

let models = 0;
for (let seed = FIRST; seed < FIRST + MODELS; seed++) {
  const m = typedModel(seed);
  const result = compileToSource(contentOf(m) as never, { optimise: true, ...compileOptionsOf(m) });
  if (!result.ok) continue;
  models++;
  for (const d of result.ir.decisions) {
    for (const l of d.lets) visitBody(l.body, "a let", false);
    visitBody(d.body, "a decision's value", d.certifiedOutput !== undefined);
  }
}

const share = (r: { n: number; certified: number }) => `${((100 * r.certified) / r.n).toFixed(1)} %`;
console.log(`seeds ${FIRST}-${FIRST + MODELS - 1}: ${models} models compiled`);
for (const [group, title] of [
  ["kind", "kind"],
  ["place", "where it stands (innermost)"],
  ["all", "all"],
] as const) {
  const list = [...rows.entries()].filter(([k]) => k.startsWith(`${group}\t`)).sort((a, b) => b[1].n - a[1].n);
  console.log(`\n| ${title} | nodes | certified | share certified |\n|---|---:|---:|---:|`);
  for (const [k, r] of list) console.log(`| ${k.slice(group.length + 1)} | ${r.n} | ${r.certified} | ${share(r)} |`);
}
