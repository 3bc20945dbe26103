// A number decision's JSON output the optimiser marked (optimise/certify-output.ts) as straight JS
// over double-doubles (runtime/certified-dd.ts): three locals for each value (its high and low
// parts and its bound), a runtime helper for each step. The code is one function hoisted to module
// scope, called with the names it reads; it answers the double `toJson` would give FEEL's decimal,
// or undefined when the exact path must decide. A decision other decisions read answers its
// double-double instead (hi, with lo and the bound left in `rt.ddState`), which its readers take
// in place of reading its decimal.
import type { Call, Compare, Expr } from "../../ir/feel-ast.js";
import type { FirstLet } from "../../ir/ir.js";
import { aggregateOf, builtinCalled, listExtremeOf } from "../3-optimise/certify.js";
import { ddRounding, smallPower, stringTest, sumLoop } from "../3-optimise/certify-output.js";
import { walk as visitAll } from "../3-optimise/walk.js";
import { ddRead, ddState } from "../../runtime/certified-dd.js";
import { dec } from "../../runtime/decimal.js";
import type { Emitter } from "./emitter.js";
import { rawListParams, rawPasses, type RawListRead } from "./raw-items.js";
import { fixedParts } from "./certified-invariants.js";

/** How the double-doubles read a list's raw items (runtime/certified-items.ts). */
const DD_READERS = { item: "ddReadItem", value: "ddRead", field: "ddReadField" };

const STEPS = { "+": "ddAdd", "-": "ddSub", "*": "ddMul", "/": "ddDiv" } as const;

/** What each comparison answers of two equal values. */
const SAME: Readonly<Record<string, boolean>> = { "=": true, "!=": false, "<": false, "<=": true, ">": false, ">=": true };

/** A value in the code: JS expressions of its high part, low part and bound. */
export interface Triple {
  h: string;
  l: string;
  e: string;
}

/** A number literal as a double-double, worked out here by the runtime's own reading. */
function literal(text: string): Triple {
  const h = ddRead(dec(text));
  return { h: String(h), l: String(ddState[0]), e: String(ddState[1]) };
}

/** A number literal's (or a negated one's) double-double worked out here; undefined for any other form. */
export function literalTriple(e: Expr): Triple | undefined {
  if (e.kind === "number") return literal(e.value);
  return e.kind === "negate" && e.operand.kind === "number" ? literal(`-${e.operand.value}`) : undefined;
}

/**
 * What the hoisted function answers: the JSON output or undefined (`nearest`); the value's hi, its
 * lo, bound and its loops' passes left in `rt.ddState` (`triple`); or a table column's double against the literals whose set `column` names, or
 * undefined (`rt.ddColumn`; `rt.ddColumnAnswer` where loops were walked, their passes given back
 * when it is undefined).
 */
export type DdAnswer = "nearest" | "triple" | { column: () => string };

/**
 * The call of the hoisted function for `x`, its names emitted by `operand` (each once), the lists
 * its loops walk read raw where `list` reads them so, the decisions in `decided` taken as their
 * double-doubles, answering as `answer` says. The lets `first` (those FEEL works out that x does
 * not read on every evaluation, and those x reads by name, optimise/certify.ts `letsForm`) are
 * worked out before x, in order, each name then read as its let's double-double; and x's bound is
 * NaN (declined) where one of theirs is.
 */
export function certifiedOutputCode(
  x: Expr,
  operand: (e: Expr) => string,
  list: (e: Expr) => RawListRead | undefined,
  em: Emitter,
  decided: ReadonlyMap<string, Triple>,
  answer: DdAnswer,
  first: readonly FirstLet[] = [],
): string {
  const state = em.hoist("dd", "rt.ddState");
  const args: string[] = [];
  const params: string[] = [];
  const reads: string[] = [];
  const read = new Map<string, Triple>();
  let out: string[] = [];
  /**
   * the variables of the loops around the code being written: the JS of the pass's item (a range's:
   * none), the value, and the entries of a raw item read raw (`RawListRead.fields`)
   */
  const loops = new Map<string, Variable>();
  /** the count of the loops' passes, each a budget step (declared when the code holds a loop) */
  let ticks: string | undefined;

  const step = (call: string, into = out): Triple => {
    const t = { h: em.fresh("h"), l: em.fresh("l"), e: em.fresh("e") };
    into.push(`const ${t.h} = ${call}, ${t.l} = ${state}[0], ${t.e} = ${state}[1];`);
    return t;
  };
  /** the lets worked out first, by name */
  const lets = new Map<string, Triple>();
  const name = (e: Expr): Triple => {
    const ownLet = e.kind === "name" && e.ref?.kind === "let" ? lets.get(e.ref.name) : undefined;
    if (ownLet) return ownLet;
    const other = e.kind === "name" && e.ref?.kind === "decision" ? decided.get(e.ref.name) : undefined;
    // FEEL's value of the decision read is within 2E of its double-double (E bounds the distance
    // of both from the exact result), so the reader takes 2E as the bound of its operand
    const code = other ? `${other.h}, ${other.l}, 2 * ${other.e}` : operand(e);
    let t = read.get(code);
    if (!t) {
      if (other) {
        t = { h: em.fresh("o"), l: em.fresh("o"), e: em.fresh("o") };
        args.push(code);
        params.push(t.h, t.l, t.e);
      } else {
        args.push(code);
        params.push(em.fresh("o"));
        // a FEEL value, or a number input's raw double where the state holds one (codegen/raw-inputs.ts)
        t = step(`rt.ddReadInput(${params.at(-1)!})`, reads);
      }
      read.set(code, t);
    }
    return t;
  };
  /** A value read as it is (a condition's name): a parameter of the function, each once. */
  const plain = new Map<string, string>();
  const passed = (e: Expr): string => {
    const loop = loopOf(e);
    // a loop's variable as a condition: the pass's item as it is (a range's number is no boolean)
    return loop ? (loop.item ?? "0") : param(operand(e));
  };
  const param = (code: string): string => {
    let p = plain.get(code);
    if (p === undefined) {
      p = em.fresh("o");
      args.push(code);
      params.push(p);
      plain.set(code, p);
    }
    return p;
  };
  const loopOf = (e: Expr) => (e.kind === "name" && e.ref?.kind === "local" ? loops.get(e.name) : undefined);
  /** `v.field` of a loop's variable: read from the pass's item (a range's number has no entries: null in FEEL, declined) */
  const entry = (e: Expr & { kind: "path" }): Triple => {
    const loop = loopOf(e.base);
    const item = loop?.item;
    if (item === undefined) return { h: "0", l: "0", e: "rt.certNone()" };
    const raw = loop!.entry?.(e.member);
    if (raw !== undefined) return step(raw);
    const t = e.base.type;
    const slot = t?.kind === "struct" ? t.fields.findIndex(([f]) => f === e.member) : -1;
    return step(`rt.ddRead(rt.certMember(${item}, ${slot}, ${em.lit(e.member)}))`);
  };

  /**
   * `sum(l.p)`, `min(l.p)` or `max(l.p)` of a named list of structs, read item by item
   * (`ddFieldAggregate`: an input's raw JSON items where the state holds them, else the FEEL
   * list's): the projected list is not made, whose steps FEEL charges only where it walks the path.
   */
  const fieldAggregate = (x: Expr & { kind: "path" }, how: "sum" | "min" | "max"): Triple => {
    const raw = list(x.base);
    const [r, f] = raw ? rawListParams(raw, param) : ["null", passed(x.base)];
    const t = x.base.type;
    const slot = t?.kind === "list" && t.element.kind === "struct" ? t.element.fields.findIndex(([n]) => n === x.member) : -1;
    return step(`rt.ddFieldAggregate(${r}, ${f}, ${em.lit(x.member)}, ${slot}, ${raw ? raw.item : "null"}, ${em.lit(how)})`);
  };

  /**
   * `sum(x)`, `min(x)` or `max(x)`: of a named list (`ddSum`, `ddExtremeOf`), of a path of one (`fieldAggregate`), or
   * of a `for` as a JS loop whose every pass is a budget step, the passes' values added by `ddAdd`
   * (the bound growing with each term) or the least or greatest kept by `ddExtreme` (the bound of
   * the one kept, or the larger of the two), stopped at the first bound NaN (an item no number, or
   * an empty list: null in FEEL, declined).
   */
  const aggregate = (x: Expr, how: "sum" | "min" | "max"): Triple => {
    const loop = sumLoop(x);
    if (!loop && x.kind === "path") return fieldAggregate(x, how);
    if (!loop) return step(how === "sum" ? `rt.ddSum(${passed(x)})` : `rt.ddExtremeOf(${passed(x)}, ${how === "max"})`);
    const it = loop.iterations[0]!;
    ticks ??= em.fresh("tk");
    const [passes, j] = [em.fresh("n"), em.fresh("j")];
    const total = { h: em.fresh("s"), l: em.fresh("s"), e: em.fresh("s") };
    const head: string[] = [];
    let variable: Variable;
    const raw = it.to ? undefined : list(it.source);
    if (raw) {
      // the raw JSON items where the state holds them, else the FEEL list's
      const pass = rawPasses(raw, param, j, (x) => em.lit(x), DD_READERS);
      out.push(`const ${passes} = rt.certLength(${pass.count});`);
      let read: Triple | undefined;
      variable = { item: pass.item, value: () => (read ??= step(pass.value, head)), entry: pass.entry };
    } else if (it.to) {
      const [a, b] = [walk(it.source), walk(it.to)];
      out.push(`const ${passes} = rt.ddPasses(${a.h}, ${a.l}, ${a.e}, ${b.h}, ${b.l}, ${b.e});`);
      const nth = { h: em.fresh("i"), l: "0", e: "0" };
      head.push(`const ${nth.h} = rt.certNth(${a.h}, ${b.h}, ${j});`);
      variable = { value: () => nth };
    } else {
      const l = passed(it.source);
      out.push(`const ${passes} = rt.certLength(${l});`);
      const item = `${l}[${j}]`;
      let read: Triple | undefined;
      variable = { item, value: () => (read ??= step(`rt.ddRead(${item})`, head)) };
    }
    // the body's parts the same in every pass, worked out once before the loop and found there by their shape
    const kept = new Map(fixedParts(loop.body, it.name, piecesOf).map((p) => [shapeOf(p), walk(p)] as const));
    out.push(`let ${total.h} = 0, ${total.l} = 0, ${total.e} = rt.certNone();`);
    const [outer, shadowed] = [out, loops.get(it.name)];
    out = head;
    worked.set(head, kept);
    loops.set(it.name, variable);
    const body = walk(loop.body);
    if (shadowed) loops.set(it.name, shadowed);
    else loops.delete(it.name);
    out = outer;
    const [both, extreme] = [
      `${total.h}, ${total.l}, ${total.e}, ${body.h}, ${body.l}, ${body.e}`,
      how === "sum" ? "" : `, ${how === "max"}`,
    ];
    out.push(
      `for (let ${j} = 0; ${j} < ${passes}; ${j}++) { rt.tick(); ${ticks}++; ${head.join(" ")} ` +
        `if (${j} === 0) { ${total.h} = ${body.h}; ${total.l} = ${body.l}; ${total.e} = ${body.e}; } ` +
        `else { ${total.h} = rt.${how === "sum" ? "ddAdd" : "ddExtreme"}(${both}${extreme}); ${total.l} = ${state}[0]; ${total.e} = ${state}[1]; } ` +
        `if (${total.e} !== ${total.e}) break; }`,
    );
    return total;
  };

  /** `count(l)` of a named list (`ddCount`): an input's raw JSON array where the state holds one, else the FEEL list. */
  const counted = (l: Expr): Triple => {
    const raw = list(l);
    return step(`rt.ddCount(${raw ? rawListParams(raw, param).join(" ?? ") : passed(l)})`);
  };

  /**
   * The values worked out, by the code they are written into and the expression's shape: an
   * expression met again (a let put in place of each of its names, optimise/certify.ts
   * `letsForm`, or a chain of them) is the same double-double, worked out once. FEEL's value of
   * it is one decimal too, so a comparison of it with itself is decided (`condition`). An
   * expression holding a loop is worked out each time (each pass a budget step, as the decimals
   * charge it).
   */
  const worked = new Map<string[], Map<string, Triple>>();
  const walk = (e: Expr): Triple => {
    if (e.kind === "number" || e.kind === "name" || holdsLoop(e)) return work(e);
    const key = shapeOf(e);
    let done = worked.get(out);
    if (!done) worked.set(out, (done = new Map()));
    let t = done.get(key);
    if (!t) done.set(key, (t = work(e)));
    return t;
  };
  const work = (e: Expr): Triple => {
    if (e.kind === "number") return literal(e.value);
    const loop = loopOf(e);
    if (loop) return loop.value();
    if (e.kind === "path") return entry(e);
    if (e.kind === "call" && aggregateOf(e) === "sum") return aggregate(e.args[0]!, "sum");
    if (e.kind === "call" && aggregateOf(e) === "count") return counted(e.args[0]!);
    const extreme = listExtremeOf(e);
    if (extreme) return aggregate((e as Call).args[0]!, extreme);
    if (e.kind === "negate") {
      const a = walk(e.operand);
      const t = { h: em.fresh("h"), l: em.fresh("l"), e: a.e };
      out.push(`const ${t.h} = -(${a.h}), ${t.l} = -(${a.l});`);
      return t;
    }
    if (e.kind === "arith" && e.op === "**") {
      // x^|n| by squaring (x³ = x² × x, x¹² = x⁸ × x⁴), a negative n its reciprocal: FEEL rounds
      // the exact power (or its exact reciprocal) once; each product's bound covers it
      const times = (a: Triple, b: Triple) => step(`rt.ddMul(${a.h}, ${a.l}, ${a.e}, ${b.h}, ${b.l}, ${b.e})`);
      const n = smallPower(e.right)!;
      let square = walk(e.left);
      let power: Triple | undefined;
      for (let k = Math.abs(n); ; square = times(square, square)) {
        if (k % 2 === 1) power = power ? times(power, square) : square;
        k = Math.floor(k / 2);
        if (k === 0) break;
      }
      return n > 0 ? power! : step(`rt.ddDiv(1, 0, 0, ${power!.h}, ${power!.l}, ${power!.e})`);
    }
    if (e.kind === "arith" && e.op !== "**") {
      const [a, b] = [walk(e.left), walk(e.right)];
      return step(`rt.${STEPS[e.op]}(${a.h}, ${a.l}, ${a.e}, ${b.h}, ${b.l}, ${b.e})`);
    }
    const rounding = ddRounding(e);
    if (rounding) {
      // decided from the interval where it holds no edge of the rounding, the result read as a decimal k / 10^places
      const a = walk((e as Call).args[0]!);
      return step(`rt.ddRounded(${a.h}, ${a.l}, ${a.e}, ${rounding.places}, ${rounding.mode})`);
    }
    if (e.kind === "if" && (holdsLoop(e.then) || holdsLoop(e.else))) return branched(e);
    if (e.kind === "if") {
      // both branches worked out (neither has effects), the condition picks one or declines
      const [c, t, f] = [condition(e.cond), walk(e.then), walk(e.else)];
      return step(`rt.ddIf(${c}, ${t.h}, ${t.l}, ${t.e}, ${f.h}, ${f.l}, ${f.e})`);
    }
    const fn = builtinCalled(e);
    if (fn === "modulo") {
      const [a, b] = (e as Call).args.map(walk) as [Triple, Triple];
      return step(`rt.ddModulo(${a.h}, ${a.l}, ${a.e}, ${b.h}, ${b.l}, ${b.e})`);
    }
    if (fn === "sqrt") {
      const a = walk((e as Call).args[0]!);
      return step(`rt.ddSqrt(${a.h}, ${a.l}, ${a.e})`);
    }
    if (fn === "abs" || fn === "min" || fn === "max") {
      const [a, ...rest] = (e as { args: Expr[] }).args.map(walk);
      if (fn === "abs") return step(`rt.ddAbs(${a!.h}, ${a!.l}, ${a!.e})`);
      return rest.reduce((acc, b) => step(`rt.ddExtreme(${acc.h}, ${acc.l}, ${acc.e}, ${b.h}, ${b.l}, ${b.e}, ${fn === "max"})`), a!);
    }
    return name(e);
  };

  /**
   * `if c then t else f` whose branches hold a loop: only the branch FEEL takes is worked out (JS
   * `if` blocks), so only its loops' passes are walked and charged, as the decimals walk them; the
   * bound NaN (declined, no branch walked) where the condition is undecided. 1 takes t; 0 (false)
   * and −1 (null) take f, as `ddIf` does.
   */
  const branched = (e: Expr & { kind: "if" }): Triple => {
    const c = condition(e.cond);
    const t = { h: em.fresh("h"), l: em.fresh("l"), e: em.fresh("e") };
    out.push(`let ${t.h} = 0, ${t.l} = 0, ${t.e} = rt.certNone();`);
    const branch = (x: Expr, when: string) => {
      const outer = out;
      out = [];
      const v = walk(x);
      const code = out;
      out = outer;
      out.push(`if (${when}) { ${code.join(" ")} ${t.h} = ${v.h}; ${t.l} = ${v.l}; ${t.e} = ${v.e}; }`);
    };
    branch(e.then, `${c} === 1`);
    branch(e.else, `${c} === 0 || ${c} === -1`);
    return t;
  };

  /**
   * The conditions worked out, by the code they are written into and their shape, as `worked`
   * keeps values: a condition met again (`if c then 1 else if not(c) then 2 else 3`, the form of a
   * boolean decision, optimise/certify-condition.ts) is the same local. One holding a loop is
   * worked out each time.
   */
  const tested = new Map<string[], Map<string, string>>();
  const condition = (c: Expr): string => {
    if (holdsLoop(c)) return conditionCode(c);
    const key = shapeOf(c);
    let done = tested.get(out);
    if (!done) tested.set(out, (done = new Map()));
    let k = done.get(key);
    if (k === undefined) done.set(key, (k = conditionCode(c)));
    return k;
  };
  /** A local holding a condition (optimise/certify-output.ts `conditionParts`): 1, 0, −1 (null) or NaN; a name's or string's read once more. */
  const conditionCode = (c: Expr): string => {
    const k = em.fresh("c");
    // one name read on both sides is one decimal in FEEL: equal, whatever its bound, when it is a
    // number (the bound NaN, or infinite: maybe null, whose comparison is null, left to the decimals)
    const test = (p: Triple, op: string, q: Triple) =>
      p === q ? `${SAME[op] ? "1 - " : ""}${p.e} * 0` : `rt.ddTest(${p.h}, ${p.l}, ${p.e}, ${q.h}, ${q.l}, ${q.e}, ${em.lit(op)})`;
    const same = stringTest(c);
    if (same) out.push(`const ${k} = rt.ddSameString(${passed(same.x)}, ${em.lit(same.s)}, ${same.eq});`);
    else if (c.kind === "name") out.push(`const ${k} = rt.ddTruth(${passed(c)});`);
    else if (c.kind === "compare") out.push(`const ${k} = ${test(walk(c.left), c.op, walk(c.right))};`);
    else if (c.kind === "between") {
      // FEEL's `v between a and b` is `a <= v and v <= b`
      const [v, low, high] = [walk(c.value), walk(c.low), walk(c.high)];
      out.push(`const ${k} = rt.certAnd(${test(low, "<=", v)}, ${test(v, "<=", high)});`);
    } else if (c.kind === "logical") {
      const [a, b] = [condition(c.left), condition(c.right)];
      out.push(`const ${k} = rt.${c.op === "and" ? "certAnd" : "certOr"}(${a}, ${b});`);
    } else out.push(`const ${k} = rt.certNot(${condition((c as Call).args[0]!)});`);
    return k;
  };

  const before = first.map((l) => {
    const t = walk(l.form);
    lets.set(l.name, t);
    return t;
  });
  const value = walk(x);
  const declined = before.map((t) => `${t.e} !== ${t.e}`).join(" || ");
  const r = declined ? { ...value, e: `(${declined} ? rt.certNone() : ${value.e})` } : value;
  const result = em.fresh("v");
  const nearest = ticks ? `rt.ddAnswer(${r.h}, ${r.l}, ${r.e}, ${ticks})` : `rt.ddNearest(${r.h}, ${r.l}, ${r.e})`;
  // a column without loops: the triple, its double taken by `rt.ddColumn` where the function is called
  const looped = typeof answer === "object" && ticks !== undefined;
  const answered =
    answer === "nearest"
      ? [`const ${result} = ${nearest};`, `return ${result} === ${result} ? ${result} : undefined;`]
      : looped
        ? [`return rt.ddColumnAnswer(${r.h}, ${r.l}, ${r.e}, ${answer.column()}, ${ticks});`]
        : // a decision read by others: its loops' passes in ddState[2], given back if its decimal is made (codegen/module.ts `readCertified`)
          [`${state}[0] = ${r.l}; ${state}[1] = ${r.e};${ticks ? ` ${state}[2] = ${ticks};` : ""}`, `return ${r.h};`];
  const body = [...(ticks ? [`let ${ticks} = 0;`] : []), ...reads, ...out, ...answered];
  const fn = em.hoist("cd", `(${params.join(", ")}) => { ${body.join(" ")} }`);
  const call = `${fn}(${args.join(", ")})`;
  return typeof answer === "object" && !looped ? `rt.ddColumn(${call}, ${state}[0], ${state}[1], ${answer.column()})` : call;
}

/** A loop's variable: the JS of the pass's item (a range's: none), its value, and JS of an entry read raw (undefined: read from the item). */
interface Variable {
  item?: string;
  value: () => Triple;
  entry?: (member: string) => string | undefined;
}

/** The values whose pieces a loop's body may work out before the loop (certified-invariants.ts): the steps `work` takes apart. */
function piecesOf(e: Expr): readonly Expr[] | undefined {
  if (e.kind === "negate") return [e.operand];
  if (e.kind === "arith") return e.op === "**" ? [e.left] : [e.left, e.right];
  if (e.kind === "if") return [e.then, e.else];
  const fn = builtinCalled(e);
  const args = (e as Call).args;
  if (fn === "modulo" || fn === "sqrt" || fn === "abs" || ((fn === "min" || fn === "max") && args.length > 1)) return args;
  return ddRounding(e) ? [args[0]!] : undefined;
}

/** An expression's shape: its nodes and the names it reads, without places and types. */
const shapeOf = (e: Expr): string => JSON.stringify(e, (k, v: unknown) => (k === "span" || k === "type" ? undefined : v));

const holdsLoop = (e: Expr): boolean => {
  let found = false;
  visitAll(e, (n) => (found ||= n.kind === "for"));
  return found;
};

/** The operator of `b op a` that says what `a op b` says. */
const MIRRORED = { "=": "=", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<=" } as const;

/** JS of a value read without effects: a local, or a hoisted constant (a literal's decimal). */
const PLAIN = /^[A-Za-z_$][\w$]*(\[\d+\])?$/;

/**
 * A comparison of a certified decision's double-double (`decided`) with a number literal or a
 * value read without effects (an input, a let, another decision's decimal), decided from the
 * double-double where the bounds keep the two apart (runtime/certified-dd.ts `ddOrder`): the JS of
 * the answer or undefined (the decimals decide), or undefined when the comparison is not of that
 * shape.
 */
export function decidedComparison(
  n: Compare,
  decided: ReadonlyMap<string, Triple>,
  operand: (e: Expr) => string,
  em: Emitter,
): string | undefined {
  const triple = (e: Expr) => (e.kind === "name" && e.ref?.kind === "decision" ? decided.get(e.ref.name) : undefined);
  const [left, right] = [triple(n.left), triple(n.right)];
  const [a, other, op] = left ? [left, n.right, n.op] : right ? [right, n.left, MIRRORED[n.op]] : [];
  if (!a || !other || triple(other)) return undefined;
  const b = operand(other);
  if (!PLAIN.test(b)) return undefined;
  return `rt.ddOrder(${a.h}, ${a.l}, 2 * ${a.e}, ${b}, ${em.lit(op!)})`;
}
