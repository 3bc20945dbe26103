// A number decision's JSON output the optimiser marked (optimise/certify-output.ts) as straight JS
// over double-doubles (runtime/certified-dd.ts): three locals for each value (its high and low
// parts and its bound), a runtime helper for each step. The code is one function hoisted to module
// scope, called with the names it reads; it answers the double `toJson` would give FEEL's decimal,
// or undefined when the exact path must decide.
import type { Expr } from "../../ir/feel-ast.js";
import { builtinCalled } from "../3-optimise/certify.js";
import { smallPower } from "../3-optimise/certify-output.js";
import { ddRead, ddState } from "../../runtime/certified-dd.js";
import { dec } from "../../runtime/decimal.js";
import type { Emitter } from "./emitter.js";

const STEPS = { "+": "ddAdd", "-": "ddSub", "*": "ddMul", "/": "ddDiv" } as const;

/** A value in the code: JS expressions of its high part, low part and bound. */
interface Triple {
  h: string;
  l: string;
  e: string;
}

/** A number literal as a double-double, worked out here by the runtime's own reading. */
function literal(text: string): Triple {
  const h = ddRead(dec(text));
  return { h: String(h), l: String(ddState[0]), e: String(ddState[1]) };
}

/** The call of the hoisted function for `x`, its names emitted by `operand` (each once). */
export function certifiedOutputCode(x: Expr, operand: (e: Expr) => string, em: Emitter): string {
  const state = em.hoist("dd", "rt.ddState");
  const args: string[] = [];
  const params: string[] = [];
  const reads: string[] = [];
  const read = new Map<string, Triple>();
  const out: string[] = [];

  const step = (call: string, into = out): Triple => {
    const t = { h: em.fresh("h"), l: em.fresh("l"), e: em.fresh("e") };
    into.push(`const ${t.h} = ${call}, ${t.l} = ${state}[0], ${t.e} = ${state}[1];`);
    return t;
  };
  const name = (e: Expr): Triple => {
    const code = operand(e);
    let t = read.get(code);
    if (!t) {
      args.push(code);
      params.push(em.fresh("o"));
      read.set(code, (t = step(`rt.ddRead(${params.at(-1)!})`, reads)));
    }
    return t;
  };
  const walk = (e: Expr): Triple => {
    if (e.kind === "number") return literal(e.value);
    if (e.kind === "negate") {
      const a = walk(e.operand);
      const t = { h: em.fresh("h"), l: em.fresh("l"), e: a.e };
      out.push(`const ${t.h} = -(${a.h}), ${t.l} = -(${a.l});`);
      return t;
    }
    if (e.kind === "arith" && e.op === "**") {
      // x², x³ = x² × x, x⁴ = x² × x² (FEEL rounds the exact power once; each product's bound covers it)
      const x = walk(e.left);
      const times = (a: Triple, b: Triple) => step(`rt.ddMul(${a.h}, ${a.l}, ${a.e}, ${b.h}, ${b.l}, ${b.e})`);
      const square = times(x, x);
      const n = smallPower(e.right)!;
      return n === 2 ? square : times(square, n === 3 ? x : square);
    }
    if (e.kind === "arith" && e.op !== "**") {
      const [a, b] = [walk(e.left), walk(e.right)];
      return step(`rt.${STEPS[e.op]}(${a.h}, ${a.l}, ${a.e}, ${b.h}, ${b.l}, ${b.e})`);
    }
    const fn = builtinCalled(e);
    if (fn === "abs" || fn === "min" || fn === "max") {
      const [a, ...rest] = (e as { args: Expr[] }).args.map(walk);
      if (fn === "abs") return step(`rt.ddAbs(${a!.h}, ${a!.l}, ${a!.e})`);
      return rest.reduce((acc, b) => step(`rt.ddExtreme(${acc.h}, ${acc.l}, ${acc.e}, ${b.h}, ${b.l}, ${b.e}, ${fn === "max"})`), a!);
    }
    return name(e);
  };

  const r = walk(x);
  const result = em.fresh("v");
  const body = [
    ...reads,
    ...out,
    `const ${result} = rt.ddNearest(${r.h}, ${r.l}, ${r.e});`,
    `return ${result} === ${result} ? ${result} : undefined;`,
  ];
  const fn = em.hoist("cd", `(${params.join(", ")}) => { ${body.join(" ")} }`);
  return `${fn}(${args.join(", ")})`;
}
