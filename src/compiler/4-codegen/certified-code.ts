// A rounding the optimiser marked `certified` (optimise/certify.ts) as straight JS over doubles
// (runtime/certified.ts): a local for each value and one for its error bound, a `for` statement for
// each `sum(for ...)`, and a runtime helper for each step's arithmetic and bound. The code is one
// function, hoisted to module scope with the memos of its powers; names and lists are its
// arguments, evaluated where the rounding is.
import type { Compare, Expr } from "../../ir/feel-ast.js";
import { aggregateOf, builtinCalled, isLoopVariable } from "../3-optimise/certify.js";
import { walk as walkExpr } from "../3-optimise/walk.js";
import { CERT_COMPARISONS, certLiteralError } from "../../runtime/certified.js";
import type { Emitter } from "./emitter.js";

const STEPS = { "+": "certAdd", "-": "certSub", "*": "certMul", "/": "certDiv", "**": "certPow" } as const;

/** The built-ins of numbers the code holds (optimise/certify.ts decides which calls). */
const NUMBER_STEPS = new Set(["abs", "floor", "ceiling", "modulo", "min", "max"]);

/**
 * A literal a double holds as it is written, or one whose error a double's half ulp bounds (not an
 * integer's text that rounds to another integer, nor one beyond the doubles' range: those are read
 * as arguments, and decline there).
 */
const asDouble = (text: string): number | undefined => {
  const x = Number(text);
  return Number.isFinite(x) && (!Number.isInteger(x) || /^\d+$/.test(text)) ? x : undefined;
};

/** Whether e reads the loop variable `name` (or holds a loop of its own, left where it is). */
function dependsOn(e: Expr, name: string): boolean {
  let found = false;
  walkExpr(e, (n) => (found ||= (n.kind === "name" && n.name === name && n.ref?.kind === "local") || n.kind === "for"));
  return found;
}

/** The parts of a value whose pieces a loop's body may work out before the loop. */
function piecesOf(e: Expr): Expr[] | undefined {
  if (e.kind === "negate") return [e.operand];
  if (e.kind === "arith") return [e.left, e.right];
  if (e.kind === "call" && NUMBER_STEPS.has(builtinCalled(e) ?? "")) return e.args;
  if (e.kind === "if") return [e.then, e.else];
  return undefined;
}

/**
 * The largest pieces of arithmetic in a loop's body that do not read its variable (`1 + r` in
 * `l[i] / (1 + r) ** i`): the same operations on the same values before the loop as in every pass.
 */
function invariantParts(body: Expr, name: string): Expr[] {
  const pieces = piecesOf(body);
  if (!pieces) return [];
  if (!dependsOn(body, name)) return [body];
  return pieces.flatMap((p) => invariantParts(p, name));
}

/** A value in the code: JS expressions for the double and for its bound. */
interface Pair {
  v: string;
  e: string;
}

/**
 * `decimal(x, places)` in `mode` (decimal.js numbering) of x as a call of the hoisted function, its
 * arguments emitted by `operand` (each name once): a Decimal, or undefined when the exact path must
 * decide.
 */
export const certifiedCode = (x: Expr, places: number, mode: number, operand: (e: Expr) => string, em: Emitter): string =>
  certifiedFunction([x], ([r], ticks) => `rt.certRound(${r!.v}, ${r!.e}, ${places}, ${mode}, ${ticks})`, operand, em);

/** `left op right` as a call of the hoisted function: true or false, or undefined when the exact path must decide. */
export const certifiedComparison = (op: Compare["op"], left: Expr, right: Expr, operand: (e: Expr) => string, em: Emitter): string =>
  certifiedFunction(
    [left, right],
    ([a, b], ticks) => `rt.certCompare(${a!.v}, ${a!.e}, ${b!.v}, ${b!.e}, ${CERT_COMPARISONS.indexOf(op)}, ${ticks})`,
    operand,
    em,
  );

/**
 * The hoisted function that works out `roots` in doubles with their bounds, and answers what
 * `finish` makes of their pairs and the JS id of the count of its loops' passes.
 */
function certifiedFunction(
  roots: Expr[],
  finish: (results: Pair[], ticks: string) => string,
  operand: (e: Expr) => string,
  em: Emitter,
): string {
  const err = em.hoist("ce", "rt.certifiedError");
  const args: string[] = [];
  const params: string[] = [];
  const memos: string[] = [];
  /** reads of the arguments as numbers, once each, at the top */
  const reads: string[] = [];
  const read = new Map<number, Pair>();
  const ticks = em.fresh("tk");
  let out: string[] = [];
  /** parts of loop bodies worked out before their loop */
  const before = new Map<Expr, Pair>();

  const param = (e: Expr): string => {
    const code = operand(e);
    const seen = args.indexOf(code);
    if (seen >= 0) return params[seen]!;
    args.push(code);
    return params[params.push(em.fresh("o")) - 1]!;
  };
  /** `const v = step, e = its bound;` in the current block */
  const step = (call: string, into = out): Pair => {
    const p = { v: em.fresh("v"), e: em.fresh("e") };
    into.push(`const ${p.v} = ${call}, ${p.e} = ${err}[0];`);
    return p;
  };
  const argument = (e: Expr): Pair => {
    const o = param(e);
    const k = params.indexOf(o);
    if (!read.has(k)) read.set(k, step(`rt.certRead(${o})`, reads));
    return read.get(k)!;
  };

  const walk = (e: Expr, loops: { name: string; p: Pair }[]): Pair => {
    const known = before.get(e);
    if (known) return known;
    if (e.kind === "number" && asDouble(e.value) !== undefined) {
      const value = asDouble(e.value)!;
      return { v: String(value), e: String(certLiteralError(value)) };
    }
    const names = loops.map((l) => l.name);
    if (isLoopVariable(e, names)) return loops[names.lastIndexOf((e as { name: string }).name)]!.p;
    if (e.kind === "negate") {
      const a = walk(e.operand, loops);
      const v = em.fresh("v");
      out.push(`const ${v} = -${a.v};`);
      return { v, e: a.e };
    }
    if (e.kind === "arith") {
      const [a, b] = [walk(e.left, loops), walk(e.right, loops)];
      if (e.op !== "**") return step(`rt.${STEPS[e.op]}(${a.v}, ${a.e}, ${b.v}, ${b.e})`);
      const memo = em.fresh("pm");
      memos.push(`const ${memo} = rt.certPowerMemo();`);
      return step(`rt.certPow(${memo}, ${a.v}, ${a.e}, ${b.v}, ${b.e})`);
    }
    if (e.kind === "filter") {
      const p = walk(e.filter, loops);
      return step(`rt.certItem(${param(e.base)}, ${p.v}, ${p.e})`);
    }
    if (e.kind === "call" && aggregateOf(e) !== undefined) return aggregate(aggregateOf(e)!, e.args[0]!, loops);
    if (e.kind === "if") {
      // both branches worked out (neither holds a loop), the condition's branch chosen
      const c = condition(e.cond, loops);
      const [t, f] = [walk(e.then, loops), walk(e.else, loops)];
      return step(`rt.certIf(${c}, ${t.v}, ${t.e}, ${f.v}, ${f.e})`);
    }
    const fn = builtinCalled(e);
    if (fn !== undefined && NUMBER_STEPS.has(fn)) return builtin(fn, (e as { args: Expr[] }).args, loops);
    return argument(e);
  };

  /** An `if`'s condition: 1 (then), 0 (else) or NaN (undecided), as a JS expression. */
  const condition = (c: Expr, loops: { name: string; p: Pair }[]): string => {
    if (c.kind !== "compare") return `rt.certTruth(${param(c)})`;
    const [a, b] = [walk(c.left, loops), walk(c.right, loops)];
    const k = em.fresh("c");
    out.push(`const ${k} = rt.certTest(${a.v}, ${a.e}, ${b.v}, ${b.e}, ${CERT_COMPARISONS.indexOf(c.op)});`);
    return k;
  };

  const builtin = (fn: string, args: Expr[], loops: { name: string; p: Pair }[]): Pair => {
    const [a, ...rest] = args.map((x) => walk(x, loops));
    if (fn === "abs") return step(`rt.certAbs(${a!.v}, ${a!.e})`);
    if (fn === "floor" || fn === "ceiling") return step(`rt.certWhole(${a!.v}, ${a!.e}, ${fn === "ceiling"})`);
    if (fn === "modulo") return step(`rt.certModulo(${a!.v}, ${a!.e}, ${rest[0]!.v}, ${rest[0]!.e})`);
    // min and max of two or more, pair by pair
    return rest.reduce((acc, b) => step(`rt.certExtreme(${acc.v}, ${acc.e}, ${b.v}, ${b.e}, ${fn === "max"})`), a!);
  };

  const aggregate = (name: "sum" | "count", list: Expr, loops: { name: string; p: Pair }[]): Pair => {
    if (list.kind !== "for") return step(`rt.${name === "sum" ? "certSum" : "certCount"}(${param(list)})`);
    const it = list.iterations[0]!;
    for (const part of invariantParts(list.body, it.name)) before.set(part, walk(part, loops));
    const [passes, j, sum] = [em.fresh("n"), em.fresh("j"), { v: em.fresh("s"), e: em.fresh("t") }];
    let variable: Pair;
    const head: string[] = [];
    if (it.to) {
      const [a, b] = [walk(it.source, loops), walk(it.to, loops)];
      out.push(`const ${passes} = rt.certPasses(${a.v}, ${a.e}, ${b.v}, ${b.e});`);
      variable = { v: em.fresh("i"), e: "0" };
      head.push(`const ${variable.v} = rt.certNth(${a.v}, ${b.v}, ${j});`);
    } else {
      const l = param(it.source);
      out.push(`const ${passes} = rt.certLength(${l});`);
      variable = step(`rt.certRead(${l}[${j}])`, head);
    }
    out.push(`let ${sum.v} = 0, ${sum.e} = rt.certNone();`);
    const outer = out;
    out = head;
    const body = walk(list.body, [...loops, { name: it.name, p: variable }]);
    out = outer;
    // every pass is a budget step, as in the exact loop; the first pass's value is the sum so far
    out.push(
      `for (let ${j} = 0; ${j} < ${passes}; ${j}++) { rt.tick(); ${ticks}++; ${head.join(" ")} ` +
        `if (${j} === 0) { ${sum.v} = ${body.v}; ${sum.e} = ${body.e}; } ` +
        `else { ${sum.v} = rt.certAdd(${sum.v}, ${sum.e}, ${body.v}, ${body.e}); ${sum.e} = ${err}[0]; } }`,
    );
    return sum;
  };

  const results = roots.map((x) => walk(x, []));
  const body = [`let ${ticks} = 0;`, ...reads, ...out, `return ${finish(results, ticks)};`];
  const fn = em.hoist("cf", `(() => { ${memos.join(" ")} return (${params.join(", ")}) => { ${body.join(" ")} }; })()`);
  return `${fn}(${args.join(", ")})`;
}
