// A decision the optimiser marked `scaledOutput` (optimise/certify-scaled.ts) as straight JS on
// scaled integers (runtime/certified-scaled.ts): two locals for each value (its integer and its
// scale), a runtime step for each operation. The code is one function hoisted to module scope;
// its names are its arguments, each read once (a name first read in a branch of an `if`, once
// there and again after it). It answers the JSON number, or undefined where a step is not exact
// (the decimals then work the decision out).
import type { Call, Expr } from "../../ir/feel-ast.js";
import { parseScaled } from "../../runtime/decimal-scaled.js";
import { builtinCalled, isNot } from "../3-optimise/certify.js";
import { isFlag, scaledPlaces, scaledPower } from "../3-optimise/certify-scaled.js";
import { ROUNDING_MODES } from "../../runtime/builtins/number.js";
import { SC_TESTS } from "../../runtime/certified-scaled.js";
import type { Emitter } from "./emitter.js";

/** A value in the code: the JS of its integer and of its scale. */
interface Scaled {
  m: string;
  k: string;
}

const STEPS = { "+": "scAdd", "-": "scSub", "*": "scMul" } as const;

/**
 * The call of the hoisted function that answers `form`'s JSON number, its names' JS from `operand`.
 * Its literals are arguments too, and its locals are named within it (`Emitter.scoped`): forms of
 * one shape (`n + 1`, `n + 2`) share one function.
 */
export function scaledCode(form: Expr, operand: (e: Expr) => string, em: Emitter): string {
  return em.scoped(() => written(form, (e) => em.outside(() => operand(e)), em));
}

function written(form: Expr, operand: (e: Expr) => string, em: Emitter): string {
  const state = em.hoist("sc", "rt.scState");
  const [args, params, out] = [[] as string[], [] as string[], [] as string[]];
  const read = new Map<string, Scaled>();
  const step = (call: string): Scaled => {
    const v = { m: em.fresh("m"), k: em.fresh("k") };
    out.push(`const ${v.m} = ${call}, ${v.k} = ${state}[0];`);
    return v;
  };
  const pair = (a: Scaled, b: Scaled) => `${a.m}, ${a.k}, ${b.m}, ${b.k}`;
  const walk = (e: Expr): Scaled => {
    switch (e.kind) {
      case "number": {
        // a literal's integer and scale: two parameters, each literal once
        const [m, k] = parseScaled(e.value)!;
        const key = `${m} ${k}`;
        let v = read.get(key);
        if (!v) {
          v = { m: em.fresh("o"), k: em.fresh("o") };
          args.push(String(m), String(k));
          params.push(v.m, v.k);
          read.set(key, v);
        }
        return v;
      }
      case "negate": {
        const a = walk(e.operand);
        const m = em.fresh("m");
        out.push(`const ${m} = -(${a.m});`);
        return { m, k: a.k };
      }
      case "arith": {
        const power = scaledPower(e);
        if (power === undefined) return step(`rt.${STEPS[e.op as keyof typeof STEPS]}(${pair(walk(e.left), walk(e.right))})`);
        const base = walk(e.left);
        let v = base;
        for (let i = 1; i < power; i++) v = step(`rt.scMul(${pair(v, base)})`);
        return v;
      }
      case "if": {
        // the branch the test picks worked out alone, as the decimals do; NaN (the test's) where it picks none
        const c = test(e.cond);
        const v = { m: em.fresh("m"), k: em.fresh("k") };
        out.push(`let ${v.m} = ${c}, ${v.k} = 0;`);
        const branch = (x: Expr, when: number, opening: string) => {
          // names first read inside the branch are its own locals: read again after it
          const before = new Map(read);
          out.push(`${opening} (${c} === ${when}) {`);
          const r = walk(x);
          out.push(`${v.m} = ${r.m}; ${v.k} = ${r.k}; }`);
          read.clear();
          for (const [key, value] of before) read.set(key, value);
        };
        branch(e.then, 1, "if");
        branch(e.else, 0, "else if");
        return v;
      }
      case "call": {
        const places = scaledPlaces(e);
        if (places !== undefined) {
          const a = walk(e.args[0]!);
          return step(`rt.scRound(${a.m}, ${a.k}, ${places}, ${ROUNDING_MODES[builtinCalled(e)!]})`);
        }
        const [a, ...rest] = (e as Call).args.map(walk);
        if (builtinCalled(e) === "abs") return step(`rt.scAbs(${a!.m}, ${a!.k})`);
        if (builtinCalled(e) === "modulo") return step(`rt.scModulo(${pair(a!, rest[0]!)})`);
        const max = builtinCalled(e) === "max";
        return rest.reduce((acc, b) => step(`rt.scExtreme(${pair(acc, b)}, ${max})`), a!);
      }
      default: {
        // a name: a parameter, read once
        const code = operand(e);
        let v = read.get(code);
        if (!v) {
          const p = em.fresh("o");
          args.push(code);
          params.push(p);
          read.set(code, (v = step(`rt.scRead(${p})`)));
        }
        return v;
      }
    }
  };
  // a condition as 1 (true), 0 (false) or NaN (a step declined): `and`, `or` and `not` by
  // arithmetic on them, so that NaN carries through each
  const test = (c: Expr): string => {
    const t = em.fresh("t");
    if (c.kind === "compare") {
      const [a, b] = [walk(c.left), walk(c.right)];
      out.push(`const ${t} = rt.scTest(${pair(a, b)}, ${SC_TESTS.indexOf(c.op)});`);
    } else if (c.kind === "logical") {
      const [a, b] = [test(c.left), test(c.right)];
      out.push(`const ${t} = ${c.op === "and" ? `${a} * ${b}` : `1 - (1 - ${a}) * (1 - ${b})`};`);
    } else if (isFlag(c)) {
      // a boolean name: a parameter as a number's is
      const p = em.fresh("o");
      args.push(operand(c));
      params.push(p);
      out.push(`const ${t} = rt.scFlag(${p});`);
    } else if (isNot(c)) out.push(`const ${t} = 1 - ${test(c.args[0]!)};`);
    else throw new Error(`scaled code: a condition it does not take (${c.kind})`);
    return t;
  };
  const value = walk(form);
  const fn = em.hoist("sd", `(${params.join(", ")}) => { ${out.join(" ")} return rt.scAnswer(${value.m}, ${value.k}); }`);
  return `${fn}(${args.join(", ")})`;
}
