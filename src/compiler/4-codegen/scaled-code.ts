// A decision the optimiser marked `scaledOutput` (optimise/certify-scaled.ts) as straight JS on
// scaled integers (runtime/certified-scaled.ts): two locals for each value (its integer and its
// scale), a runtime step for each operation. The code is one function hoisted to module scope;
// its names are its arguments, each read once. It answers the JSON number, or undefined where a
// step is not exact (the decimals then work the decision out).
import type { Call, Expr } from "../../ir/feel-ast.js";
import { parseScaled } from "../../runtime/decimal-scaled.js";
import { builtinCalled } from "../3-optimise/certify.js";
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
      case "arith":
        return step(`rt.${STEPS[e.op as keyof typeof STEPS]}(${pair(walk(e.left), walk(e.right))})`);
      case "call": {
        const [a, ...rest] = (e as Call).args.map(walk);
        if (builtinCalled(e) === "abs") return step(`rt.scAbs(${a!.m}, ${a!.k})`);
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
  const value = walk(form);
  const fn = em.hoist("sd", `(${params.join(", ")}) => { ${out.join(" ")} return rt.scAnswer(${value.m}, ${value.k}); }`);
  return `${fn}(${args.join(", ")})`;
}
