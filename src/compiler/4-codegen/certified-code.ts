// A rounding the optimiser marked `certified` (optimise/certify.ts) as straight JS over doubles
// (runtime/certified.ts): a local for each value and one for its error bound, a `for` statement for
// each `sum(for ...)`, and a runtime helper for each step's arithmetic and bound. The code is one
// function, hoisted to module scope with the memos of its powers; names and lists are its
// arguments, evaluated where the rounding is.
import type { Compare, Expr } from "../../ir/feel-ast.js";
import { aggregateOf, builtinCalled, holdsLoop, innerPlaces, isLoopVariable, isNot } from "../3-optimise/certify.js";
import { ROUNDING_MODES } from "../../runtime/builtins/number.js";
import { CERT_COMPARISONS, certLiteralError } from "../../runtime/certified.js";
import type { Emitter } from "./emitter.js";
import { rawListParams, rawPasses, type RawListRead } from "./raw-items.js";
import { rawLocalEntry } from "./raw-locals.js";
import { fixedParts } from "./certified-invariants.js";

/** How the doubles with a bound read a list's raw items (runtime/certified-items.ts). */
const CERT_READERS = { item: "certReadItem", value: "certRead", field: "certReadField" };

const STEPS = { "+": "certAdd", "-": "certSub", "*": "certMul", "/": "certDiv", "**": "certPow" } as const;

/** The built-ins of numbers the code holds (optimise/certify.ts decides which calls). */
const NUMBER_STEPS = new Set(["abs", "floor", "ceiling", "modulo", "min", "max", "sqrt"]);

/**
 * A literal a double holds as it is written, or one whose error a double's half ulp bounds (not an
 * integer's text that rounds to another integer, nor one beyond the doubles' range: those are read
 * as arguments, and decline there).
 */
const asDouble = (text: string): number | undefined => {
  const x = Number(text);
  return Number.isFinite(x) && (!Number.isInteger(x) || /^\d+$/.test(text)) ? x : undefined;
};

/** The parts of a value whose pieces a loop's body may work out before the loop. */
function piecesOf(e: Expr): Expr[] | undefined {
  if (e.kind === "negate") return [e.operand];
  if (e.kind === "arith") return [e.left, e.right];
  if (e.kind === "call" && NUMBER_STEPS.has(builtinCalled(e) ?? "")) return e.args;
  if (e.kind === "if") return [e.then, e.else];
  return undefined;
}

/** A value in the code: JS expressions for the double and for its bound. */
interface Pair {
  v: string;
  e: string;
}

/** A variable of one of the code's loops: its value, and for a loop over a list the JS of the pass's item (its entries read from it). */
interface Loop {
  name: string;
  /** the variable as a number, read (into the loop's head) where the body first uses it */
  p: () => Pair;
  item?: string;
  /** over an input's raw items: JS reading an entry of the pass's item raw, where one is read so */
  entry?: (member: string) => string | undefined;
}

/** How the code reads a list and the operands it names (codegen/expr.ts `certifiedOperand`, `certifiedList`). */
export interface CertifiedReads {
  operand: (e: Expr) => string;
  /** a loop's list read item by item from its raw JSON, when it is an input's */
  list: (e: Expr) => RawListRead | undefined;
}

/**
 * `decimal(x, places)` in `mode` (decimal.js numbering) of x as a call of the hoisted function, its
 * arguments emitted by `operand` (each name once): a Decimal, or undefined when the exact path must
 * decide. `steps` are charged to the budget first (the inlined calls the form stands for), given
 * back with the loops' when the exact path decides.
 */
export const certifiedCode = (x: Expr, places: number, mode: number, reads: CertifiedReads, em: Emitter, steps = 0): string =>
  certifiedFunction([x], ([r], ticks) => `rt.certRound(${r!.v}, ${r!.e}, ${places}, ${mode}, ${ticks})`, reads, em, false, steps);

/** `left op right` as a call of the hoisted function: true or false, or undefined when the exact path must decide. */
export const certifiedComparison = (op: Compare["op"], left: Expr, right: Expr, reads: CertifiedReads, em: Emitter): string =>
  certifiedFunction(
    [left, right],
    ([a, b], ticks) => `rt.certCompare(${a!.v}, ${a!.e}, ${b!.v}, ${b!.e}, ${CERT_COMPARISONS.indexOf(op)}, ${ticks})`,
    reads,
    em,
  );

/**
 * A connective (`a / 3 < b and flag`) as a call of the hoisted function: true or false, or
 * undefined when it is null or the exact path must decide.
 */
export const certifiedCondition = (c: Expr, reads: CertifiedReads, em: Emitter): string =>
  certifiedFunction([c], ([r], ticks) => `rt.certDecide(${r!.v}, ${ticks})`, reads, em, true);

/**
 * The hoisted function that works out `roots` in doubles with their bounds (or as conditions, their
 * three values in `v`), and answers what `finish` makes of their pairs and the JS id of the count
 * of its loops' passes.
 */
function certifiedFunction(
  roots: Expr[],
  finish: (results: Pair[], ticks: string) => string,
  reads: CertifiedReads,
  em: Emitter,
  conditions = false,
  steps = 0,
): string {
  // the function's own names numbered in it, so that the same site written again (in `explain`) is one function
  const outside = { operand: (e: Expr) => em.outside(() => reads.operand(e)), list: (e: Expr) => em.outside(() => reads.list(e)) };
  return em.scoped(() => writeCertified(roots, finish, outside, em, conditions, steps));
}

function writeCertified(
  roots: Expr[],
  finish: (results: Pair[], ticks: string) => string,
  { operand, list: rawList }: CertifiedReads,
  em: Emitter,
  conditions: boolean,
  steps: number,
): string {
  const err = em.hoist("ce", "rt.certifiedError");
  const args: string[] = [];
  const params: string[] = [];
  const memos: string[] = [];
  /** reads of the arguments as numbers, once each, at the top */
  const reads: string[] = [];
  const read = new Map<number, Pair>();
  /** entries of operands read at the top, by their JS */
  const entries = new Map<string, Pair>();
  const ticks = em.fresh("tk");
  let out: string[] = [];
  /** parts of loop bodies worked out before their loop */
  const before = new Map<Expr, Pair>();

  const param = (e: Expr): string => paramOf(operand(e));
  const paramOf = (code: string): string => {
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
    // a FEEL value, or a number input's raw double where the state holds one (codegen/raw-inputs.ts):
    // the same function whichever its caller passes (`run` and the explain function share it)
    if (!read.has(k)) read.set(k, step(`rt.certReadEntry(${o})`, reads));
    return read.get(k)!;
  };

  /** `applicant.income` or a loop's `v.amount`: the entry read as a number, where its base is (an operand's once, at the top). */
  const entry = (e: Expr & { kind: "path" }, loops: Loop[]): Pair => {
    const chain: { slot: number; member: string }[] = [];
    let base: Expr = e;
    while (base.kind === "path") {
      const [t, member] = [base.base.type, base.member];
      chain.unshift({ slot: t?.kind === "struct" ? t.fields.findIndex(([f]) => f === member) : -1, member });
      base = base.base;
    }
    const names = loops.map((l) => l.name);
    const loop = isLoopVariable(base, names) ? loops[names.lastIndexOf((base as { name: string }).name)]! : undefined;
    // a range's variable is a number: FEEL's entry of one is null, which the doubles leave to the exact path
    if (loop && loop.item === undefined) return { v: "NaN", e: "NaN" };
    const rawEntry = chain.length === 1 ? loop?.entry?.(chain[0]!.member) : undefined;
    if (rawEntry !== undefined) return step(rawEntry);
    // an entry of a variable over an input's raw items: read raw (codegen/raw-items.ts), the item not converted
    const b = loop ? undefined : operand(base);
    const name = em.lit(chain[0]!.member);
    const raw =
      b && chain.length === 1
        ? rawLocalEntry(
            em,
            b,
            chain[0]!.member,
            (slot) => `rt.certMember(${b}, ${slot}, ${name})`,
            (o) => `rt.rawDouble(${o}, ${name})`,
          )
        : undefined;
    if (raw !== undefined) {
      // the raw double itself, or the entry's FEEL value where the raw item holds no finite number
      const o = paramOf(raw);
      if (!entries.has(o)) entries.set(o, step(`rt.certReadEntry(${o})`, reads));
      return entries.get(o)!;
    }
    const code = chain.reduce((c, m) => `rt.certMember(${c}, ${m.slot}, ${em.lit(m.member)})`, loop ? loop.item! : param(base));
    if (loop) return step(`rt.certRead(${code})`);
    if (!entries.has(code)) entries.set(code, step(`rt.certRead(${code})`, reads));
    return entries.get(code)!;
  };

  const walk = (e: Expr, loops: Loop[]): Pair => {
    const known = before.get(e);
    if (known) return known;
    if (e.kind === "number" && asDouble(e.value) !== undefined) {
      const value = asDouble(e.value)!;
      return { v: String(value), e: String(certLiteralError(value)) };
    }
    const names = loops.map((l) => l.name);
    if (isLoopVariable(e, names)) return loops[names.lastIndexOf((e as { name: string }).name)]!.p();
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
    if (e.kind === "path") return entry(e, loops);
    if (e.kind === "filter") {
      const p = walk(e.filter, loops);
      // `l[i]` of an input's list: the raw item where the state holds the array
      const raw = rawList(e.base);
      if (!raw) return step(`rt.certItem(${param(e.base)}, ${p.v}, ${p.e})`);
      const [r, f] = rawListParams(raw, paramOf);
      return step(`rt.certItemOf(${r}, ${f}, ${p.v}, ${p.e}, ${raw.item})`);
    }
    if (e.kind === "call" && aggregateOf(e) !== undefined) return aggregate(aggregateOf(e)!, e.args[0]!, loops);
    if (e.kind === "if") {
      const c = condition(e.cond, loops);
      if (holdsLoop(e.then) || holdsLoop(e.else)) return lazyIf(c, e.then, e.else, loops);
      // both branches worked out (neither holds a loop), the condition's branch chosen
      const [t, f] = [walk(e.then, loops), walk(e.else, loops)];
      return step(`rt.certIf(${c}, ${t.v}, ${t.e}, ${f.v}, ${f.e})`);
    }
    const fn = builtinCalled(e);
    const places = innerPlaces(e);
    if (places !== undefined) {
      // a rounding inside the value: its result, or NaN when the bound reaches an edge
      const x = walk((e as { args: Expr[] }).args[0]!, loops);
      return step(`rt.certRounded(${x.v}, ${x.e}, ${places}, ${ROUNDING_MODES[fn!]})`);
    }
    if (fn !== undefined && NUMBER_STEPS.has(fn)) return builtin(fn, (e as { args: Expr[] }).args, loops);
    return argument(e);
  };

  /**
   * `if c then t else f` with a loop in a branch: only the condition's branch worked out (FEEL
   * walks no other, and every pass is a budget step), in a block of its own; no bound (declined)
   * when the condition is undecided.
   */
  const lazyIf = (c: string, then: Expr, other: Expr, loops: Loop[]): Pair => {
    const r = { v: em.fresh("v"), e: em.fresh("e") };
    const outer = out;
    const branch = (x: Expr): string => {
      // parts worked out before a loop inside the block are local to it
      const known = new Map(before);
      out = [];
      const p = walk(x, loops);
      const code = [...out, `${r.v} = ${p.v}; ${r.e} = ${p.e};`].join(" ");
      before.clear();
      known.forEach((v, k) => before.set(k, v));
      return code;
    };
    const [t, f] = [branch(then), branch(other)];
    out = outer;
    out.push(`let ${r.v} = 0, ${r.e} = rt.certNone();`, `if (${c} === 1) { ${t} } else if (${c} === 0 || ${c} === -1) { ${f} }`);
    return r;
  };

  /** `a op b` as a condition's JS local: 1, 0, or NaN (undecided). */
  const test = (op: Compare["op"], a: Pair, b: Pair): string => {
    const k = em.fresh("c");
    out.push(`const ${k} = rt.certTest(${a.v}, ${a.e}, ${b.v}, ${b.e}, ${CERT_COMPARISONS.indexOf(op)});`);
    return k;
  };

  /** A condition: 1 (true), 0 (false), -1 (null) or NaN (undecided), as a JS expression (runtime/certified.ts). */
  const condition = (c: Expr, loops: Loop[]): string => {
    if (c.kind === "compare") return test(c.op, walk(c.left, loops), walk(c.right, loops));
    if (c.kind === "boolean") return c.value ? "1" : "0";
    const k = em.fresh("c");
    if (c.kind === "between") {
      // FEEL's `v between a and b` is `v >= a and v <= b`
      const [x, a, b] = [walk(c.value, loops), walk(c.low, loops), walk(c.high, loops)];
      const [low, high] = [test(">=", x, a), test("<=", x, b)];
      out.push(`const ${k} = rt.certAnd(${low}, ${high});`);
    } else if (c.kind === "logical") {
      const [a, b] = [condition(c.left, loops), condition(c.right, loops)];
      out.push(`const ${k} = rt.${c.op === "and" ? "certAnd" : "certOr"}(${a}, ${b});`);
    } else if (isNot(c)) out.push(`const ${k} = rt.certNot(${condition(c.args[0]!, loops)});`);
    else return `rt.certTruth(${param(c)})`;
    return k;
  };

  const builtin = (fn: string, args: Expr[], loops: Loop[]): Pair => {
    const [a, ...rest] = args.map((x) => walk(x, loops));
    if (fn === "abs") return step(`rt.certAbs(${a!.v}, ${a!.e})`);
    if (fn === "sqrt") return step(`rt.certSqrt(${a!.v}, ${a!.e})`);
    if (fn === "floor" || fn === "ceiling") return step(`rt.certWhole(${a!.v}, ${a!.e}, ${fn === "ceiling"})`);
    if (fn === "modulo") return step(`rt.certModulo(${a!.v}, ${a!.e}, ${rest[0]!.v}, ${rest[0]!.e})`);
    // min and max of two or more, pair by pair
    return rest.reduce((acc, b) => step(`rt.certExtreme(${acc.v}, ${acc.e}, ${b.v}, ${b.e}, ${fn === "max"})`), a!);
  };

  const aggregate = (name: "sum" | "count", list: Expr, loops: Loop[]): Pair => {
    if (list.kind !== "for") {
      // a count of an input's list: the raw array's length where the state holds one (each item converts to one)
      const raw = name === "count" ? rawList(list) : undefined;
      const counted = raw ? rawListParams(raw, paramOf).join(" ?? ") : param(list);
      return step(`rt.${name === "sum" ? "certSum" : "certCount"}(${counted})`);
    }
    const it = list.iterations[0]!;
    for (const part of fixedParts(list.body, it.name, piecesOf)) before.set(part, walk(part, loops));
    const [passes, j, sum] = [em.fresh("n"), em.fresh("j"), { v: em.fresh("s"), e: em.fresh("t") }];
    let variable: () => Pair;
    let item: string | undefined;
    let entry: Loop["entry"];
    const head: string[] = [];
    const raw = it.to ? undefined : rawList(it.source);
    if (it.to) {
      const [a, b] = [walk(it.source, loops), walk(it.to, loops)];
      out.push(`const ${passes} = rt.certPasses(${a.v}, ${a.e}, ${b.v}, ${b.e});`);
      const nth = { v: em.fresh("i"), e: "0" };
      head.push(`const ${nth.v} = rt.certNth(${a.v}, ${b.v}, ${j});`);
      variable = () => nth;
    } else if (raw) {
      // the raw JSON items where the state holds them, else the FEEL list's
      const pass = rawPasses(raw, paramOf, j, (x) => em.lit(x), CERT_READERS);
      out.push(`const ${passes} = rt.certLength(${pass.count});`);
      item = pass.item;
      let read: Pair | undefined;
      variable = () => (read ??= step(pass.value, head));
      entry = pass.entry;
    } else {
      const l = param(it.source);
      out.push(`const ${passes} = rt.certLength(${l});`);
      item = `${l}[${j}]`;
      let read: Pair | undefined;
      variable = () => (read ??= step(`rt.certRead(${item})`, head));
    }
    out.push(`let ${sum.v} = 0, ${sum.e} = rt.certNone();`);
    const outer = out;
    out = head;
    const body = walk(list.body, [...loops, { name: it.name, p: variable, item, entry }]);
    out = outer;
    // every pass is a budget step, as in the exact loop; the first pass's value is the sum so far
    out.push(
      `for (let ${j} = 0; ${j} < ${passes}; ${j}++) { rt.tick(); ${ticks}++; ${head.join(" ")} ` +
        `if (${j} === 0) { ${sum.v} = ${body.v}; ${sum.e} = ${body.e}; } ` +
        `else { ${sum.v} = rt.certAdd(${sum.v}, ${sum.e}, ${body.v}, ${body.e}); ${sum.e} = ${err}[0]; } }`,
    );
    return sum;
  };

  const results = roots.map((x) => (conditions ? { v: condition(x, []), e: "0" } : walk(x, [])));
  const charged = steps === 0 ? [`let ${ticks} = 0;`] : [`rt.tick(${steps});`, `let ${ticks} = ${steps};`];
  const body = [...charged, ...reads, ...out, `return ${finish(results, ticks)};`];
  const fn = em.hoist("cf", `(() => { ${memos.join(" ")} return (${params.join(", ")}) => { ${body.join(" ")} }; })()`);
  return `${fn}(${args.join(", ")})`;
}
