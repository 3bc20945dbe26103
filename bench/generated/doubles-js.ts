// The generated-models benchmark's baseline: a model of test/support/generate/typed-models.ts
// written as straight JS on doubles, the program a person would write by hand with no FEEL
// runtime: plain operators, Math functions, loops over the raw JSON items, `if` chains for
// tables (every hit policy: matches pushed on an array, summed or ranked as they come). The `checked` form (not timed) computes the same values and also says where doubles and
// FEEL's decimals may legitimately part: a comparison, rounding or modulo within a hair of its
// edge, and an aggregate of an empty list (null in FEEL, which the plain form does not model).
import type { Bool, Cell, Column, Decision, Num, Ref, Table, TypedModel } from "../../test/support/generate/typed-models.js";

type Env = Map<string, string>;

/** why the checked form says a state's answers may differ from FEEL's */
export interface Flags {
  /** a comparison, rounding or modulo close to its edge, or a sum that cancels: doubles and decimals may part there */
  nearEdge: boolean;
  /** an aggregate of an empty list (FEEL gives null) */
  empty: boolean;
}

const NEAR = 1e-9;
const near = (a: number, b: number) => Math.abs(a - b) <= NEAR * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * How far apart two runs of the checked form may come before the state counts as ill-conditioned:
 * a quarter of the tolerance, so that rounding errors which the nudged runs only estimate stay
 * well inside it.
 */
const CONDITIONED = NEAR / 4;
/** the relative nudge given to each rounded result in a nudged run: about nine units in the last place */
const NUDGE = 1e-15;

/**
 * The nudge of the checked form's arithmetic: off, or on with a sign per operation from a small
 * generator reset each run, so that the two operands of a cancelling sum are moved apart as
 * independent rounding errors would move them.
 */
interface Nudge {
  on: boolean;
  seed: number;
}

/** the helpers the checked form calls */
function checkHelpers(flags: Flags, nudge: Nudge) {
  const edge = (x: number) => {
    if (near(x, Math.round(x))) flags.nearEdge = true;
  };
  /** a rounded result as it is, or moved by NUDGE either way in a nudged run */
  const rounded = (r: number) => {
    if (!nudge.on) return r;
    nudge.seed = (nudge.seed * 1103515245 + 12345) & 0x7fffffff;
    return r * (1 + ((nudge.seed >> 16) & 1 ? NUDGE : -NUDGE));
  };
  return {
    cmp(op: string, a: number, b: number): boolean {
      if (near(a, b)) flags.nearEdge = true;
      return op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : op === ">=" ? a >= b : op === "===" ? a === b : a !== b;
    },
    /** a sum or difference that cancels most of its digits leaves the operands' rounding errors large beside it */
    add(a: number, b: number, sign: 1 | -1): number {
      const r = a + sign * b;
      if (Math.abs(r) < 1e-6 * Math.max(Math.abs(a), Math.abs(b))) flags.nearEdge = true;
      return rounded(r);
    },
    mul: (a: number, b: number) => rounded(a * b),
    div: (a: number, b: number) => rounded(a / b),
    pow: (a: number, n: number) => rounded(a ** n),
    sqrt: (a: number) => rounded(Math.sqrt(Math.abs(a))),
    floor: (x: number) => (edge(x), Math.floor(x)),
    ceil: (x: number) => (edge(x), Math.ceil(x)),
    // the dividend's rounding error stays in the remainder: past 1e5 it can exceed the tolerance
    // (an error the dividend carries from before is found by the nudged runs: doublesChecked)
    mod: (a: number, b: number) => (edge(a / b), Math.abs(a) > 1e5 && (flags.nearEdge = true), rounded(a - b * Math.floor(a / b))),
    round: (x: number, scale: number) => (edge(x * scale - 0.5), halfEven(x, scale)),
    empty(): void {
      flags.empty = true;
    },
  };
}

/** half-even rounding to a power of ten, as a careful author writes it for doubles */
function halfEven(x: number, scale: number): number {
  const y = x * scale;
  const r = Math.round(y);
  return (Math.abs(y % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r) / scale;
}

const ident = (name: string) => `n_${name.replace(/[^A-Za-z0-9]/g, "_")}`;

class Emitter {
  private next = 0;
  constructor(readonly checked: boolean) {}

  fresh(base: string): string {
    return `${base}${this.next++}`;
  }

  ref(r: Ref, env: Env): string {
    if (r.of === null) return `it.${r.name}`;
    if (r.of !== undefined) return `${env.get(r.of)!}.${r.name}`;
    const id = env.get(r.name);
    if (id === undefined) throw new Error(`the emitter has no name ${r.name}`);
    return id;
  }

  cmp(op: string, a: string, b: string): string {
    const js = op === "=" ? "===" : op === "!=" ? "!==" : op;
    return this.checked ? `K.cmp(${JSON.stringify(js)}, ${a}, ${b})` : `(${a} ${js} ${b})`;
  }

  /** `for (const item of list)` over the items passing `where`, with `step` run for each */
  loop(list: string, where: Bool | null, env: Env, item: string, step: string): string {
    const test = where ? `if (!${this.bool(where, env)}) continue; ` : "";
    return `for (let k = 0; k < ${list}.length; k++) { const ${item} = ${list}[k]; ${test}${step} }`;
  }

  num(e: Num, env: Env): string {
    switch (e.k) {
      case "lit":
        return e.text;
      case "ref":
        return this.ref(e.ref, env);
      case "arith":
        if (this.checked && e.op === "*") return `K.mul(${this.num(e.a, env)}, ${this.num(e.b, env)})`;
        if (this.checked) return `K.add(${this.num(e.a, env)}, ${this.num(e.b, env)}, ${e.op === "+" ? 1 : -1})`;
        return `(${this.num(e.a, env)} ${e.op} ${this.num(e.b, env)})`;
      case "div":
        return this.checked ? `K.div(${this.num(e.a, env)}, ${this.num(e.b, env)})` : `(${this.num(e.a, env)} / ${this.num(e.b, env)})`;
      case "pow":
        return this.checked ? `K.pow(${this.num(e.a, env)}, ${e.n})` : `(${this.num(e.a, env)} ** ${e.n})`;
      case "neg":
        return `(-${this.num(e.a, env)})`;
      case "if":
        return `(${this.bool(e.c, env)} ? ${this.num(e.a, env)} : ${this.num(e.b, env)})`;
      case "builtin": {
        const args = e.args.map((a) => this.num(a, env));
        switch (e.fn) {
          case "abs":
            return `Math.abs(${args[0]})`;
          case "sqrt":
            return this.checked ? `K.sqrt(${args[0]})` : `Math.sqrt(Math.abs(${args[0]}))`;
          case "floor":
            return this.checked ? `K.floor(${args[0]})` : `Math.floor(${args[0]})`;
          case "ceiling":
            return this.checked ? `K.ceil(${args[0]})` : `Math.ceil(${args[0]})`;
          case "min":
          case "max":
            return `Math.${e.fn}(${args.join(", ")})`;
          case "modulo":
            return this.checked ? `K.mod(${args[0]}, ${args[1]})` : `((a, b) => a - b * Math.floor(a / b))(${args[0]}, ${args[1]})`;
          case "decimal": {
            const scale = 10 ** Number(args[1]);
            return this.checked ? `K.round(${args[0]}, ${scale})` : `halfEven(${args[0]}, ${scale})`;
          }
        }
        break;
      }
      case "call":
        return `${ident(e.fn)}(${e.args.map((a) => this.num(a, env)).join(", ")})`;
      case "count": {
        if (!e.where) return `${this.ref({ name: e.list }, env)}.length`;
        const list = this.ref({ name: e.list }, env);
        return `(() => { let n = 0; ${this.loop(list, e.where, env, "it", "n++;")} return n; })()`;
      }
      case "agg": {
        const list = this.ref({ name: e.list }, env);
        const value = `it.${e.field}`;
        const step = e.fn === "sum" || e.fn === "mean" ? `s += ${value}; n++;` : `s = n === 0 ? ${value} : Math.${e.fn}(s, ${value}); n++;`;
        const result = e.fn === "mean" ? "s / n" : "s";
        const empty = this.checked ? "if (n === 0) K.empty(); " : "";
        return `(() => { let s = 0, n = 0; ${this.loop(list, e.where, env, "it", step)} ${empty}return ${result}; })()`;
      }
      case "for": {
        const v = this.fresh("x");
        const inner = new Map(env).set(e.v, v);
        const body = this.num(e.body, inner);
        const step = e.fn === "sum" ? `s += ${body};` : `{ const t = ${body}; s = n === 0 ? t : Math.${e.fn}(s, t); } n++;`;
        if ("list" in e.over) {
          const list = this.ref({ name: e.over.list }, env);
          return `(() => { let s = 0, n = 0; ${this.loop(list, null, env, v, step)} return s; })()`;
        }
        return `(() => { let s = 0, n = 0; for (let ${v} = ${e.over.from}; ${v} <= ${e.over.to}; ${v}++) { ${step} } return s; })()`;
      }
      case "context": {
        const inner = new Map(env);
        const lines = e.entries.map(([name, value]) => {
          const id = this.fresh(ident(name));
          const line = `const ${id} = ${this.num(value, inner)};`;
          inner.set(name, id);
          return line;
        });
        return `(() => { ${lines.join(" ")} return ${inner.get(e.entries.at(-1)![0])!}; })()`;
      }
    }
    throw new Error("unreachable");
  }

  bool(e: Bool, env: Env): string {
    switch (e.k) {
      case "cmp":
        return this.cmp(e.op, this.num(e.a, env), this.num(e.b, env));
      case "and":
        return `(${this.bool(e.a, env)} && ${this.bool(e.b, env)})`;
      case "or":
        return `(${this.bool(e.a, env)} || ${this.bool(e.b, env)})`;
      case "not":
        return `(!${this.bool(e.a, env)})`;
      case "between": {
        const v = this.fresh("b");
        return `((${v}) => ${this.cmp(">=", v, this.num(e.lo, env))} && ${this.cmp("<=", v, this.num(e.hi, env))})(${this.num(e.v, env)})`;
      }
      case "ref":
        return this.ref(e.ref, env);
      case "text": {
        const r = this.ref(e.ref, env);
        const test = e.values.map((v) => `${r} === ${JSON.stringify(v)}`).join(" || ");
        return e.negate ? `!(${test})` : `(${test})`;
      }
      case "date":
        return `(${this.ref(e.ref, env)} ${e.op} ${JSON.stringify(e.date)})`;
      case "quant": {
        const v = this.fresh("q");
        const inner = new Map(env).set(e.v, v);
        const cond = this.bool(e.cond, inner);
        const list = this.ref({ name: e.list }, env);
        return e.q === "some"
          ? `(() => { ${this.loop(list, null, env, v, `if (${cond}) return true;`)} return false; })()`
          : `(() => { ${this.loop(list, null, env, v, `if (!${cond}) return false;`)} return true; })()`;
      }
    }
  }

  cell(c: Cell, value: string, kind: Column["kind"]): string {
    const lit = (v: string) => (kind === "number" ? v : JSON.stringify(v));
    const compare = (op: string, v: string) =>
      kind === "number" ? this.cmp(op, value, v) : `(${value} ${op === "=" ? "===" : op === "!=" ? "!==" : op} ${lit(v)})`;
    switch (c.k) {
      case "any":
        return "true";
      case "cmp":
        return compare(c.op, c.value);
      case "eq":
        return kind === "boolean" ? `(${value} === ${c.value})` : compare("=", c.value);
      case "range":
        return `(${compare(c.loIn ? ">=" : ">", c.lo)} && ${compare(c.hiIn ? "<=" : "<", c.hi)})`;
      case "or":
        return `(${c.cells.map((x) => this.cell(x, value, kind)).join(" || ")})`;
      case "not":
        return `!(${c.cells.map((x) => this.cell(x, value, kind)).join(" || ")})`;
    }
  }

  table(t: Table, target: string, env: Env): string {
    const columns = t.columns.map((c) => {
      const id = this.fresh("c");
      return { id, line: `const ${id} = ${"k" in c.heading ? this.num(c.heading, env) : this.ref(c.heading, env)};` };
    });
    const out = t.output;
    const value = (i: number) =>
      out.type === "number" ? this.num(out.cells[i]!, env) : out.type === "boolean" ? String(out.cells[i]) : JSON.stringify(out.cells[i]);
    const tests = t.rules.map((row) => row.map((c, j) => this.cell(c, columns[j]!.id, t.columns[j]!.kind)).filter((x) => x !== "true"));
    const when = (i: number, step: string) => (tests[i]!.length === 0 ? step : `if (${tests[i]!.join(" && ")}) { ${step} }`);
    const lines = columns.map((c) => c.line).join(" ");
    if (t.hit === "FIRST") return `{ ${lines} ${t.rules.map((_, i) => when(i, `${target} = ${value(i)};`)).join("\n else ")} }`;
    const { start, step, end } = this.hit(t, target);
    return `{ ${lines} ${start} ${t.rules.map((_, i) => when(i, step(value(i), i))).join("\n")} ${end} }`;
  }

  /** a multi-hit table as a person writes it on doubles: what runs before the rules, for each matched rule, and after */
  hit(t: Table, target: string): { start: string; step: (value: string, rule: number) => string; end: string } {
    const [m, n] = [this.fresh("m"), this.fresh("n")];
    const rank = (i: number) => (t.output.type === "choice" ? t.output.values.indexOf(t.output.cells[i]!) : 0);
    const listed = { start: `const ${m} = [];`, step: (v: string) => `${m}.push(${v});` };
    const fold = (next: string) => ({
      start: `let ${m} = 0, ${n} = 0;`,
      step: (v: string) => `{ const t = ${v}; ${m} = ${next}; ${n}++; }`,
      end: `${target} = ${n} === 0 ? null : ${m};`,
    });
    switch (t.hit) {
      case "UNIQUE":
        return { ...listed, end: `${target} = ${m}.length === 1 ? ${m}[0] : null;` };
      case "ANY":
        return { ...listed, end: `${target} = ${m}.length > 0 && ${m}.every((v) => v === ${m}[0]) ? ${m}[0] : null;` };
      case "PRIORITY":
        // the rank of each rule's output is known as the code is written: keep the best so far
        return {
          start: `let ${m} = Infinity; ${target} = null;`,
          step: (v, i) => `if (${rank(i)} < ${m}) { ${m} = ${rank(i)}; ${target} = ${v}; }`,
          end: "",
        };
      case "OUTPUT ORDER": {
        const order = JSON.stringify(t.output.type === "choice" ? t.output.values : []);
        return { ...listed, end: `${target} = ${m}.sort((a, b) => ${order}.indexOf(a) - ${order}.indexOf(b));` };
      }
      case "RULE ORDER":
      case "COLLECT":
        return { ...listed, end: `${target} = ${m};` };
      case "COLLECT SUM":
        return fold(this.checked ? `K.add(${m}, t, 1)` : `${m} + t`);
      case "COLLECT MIN":
        return fold(`${n} === 0 ? t : Math.min(${m}, t)`);
      case "COLLECT MAX":
        return fold(`${n} === 0 ? t : Math.max(${m}, t)`);
      case "COLLECT COUNT":
        return { start: `${target} = 0;`, step: () => `${target}++;`, end: "" };
    }
    throw new Error(`no baseline for hit policy ${t.hit}`);
  }

  decision(d: Decision, env: Env): string {
    const id = ident(d.name);
    if (d.type === "table") {
      const body = this.table(d.table, id, env);
      env.set(d.name, id);
      return `let ${id};\n${body}`;
    }
    const inner = new Map(env);
    const lets = d.lets.map(([name, value]) => {
      const local = this.fresh(`${ident(name)}_`);
      const line = `const ${local} = ${this.num(value, inner)};`;
      inner.set(name, local);
      return line;
    });
    env.set(d.name, id);
    const expr = d.type === "number" ? this.num(d.expr, inner) : this.bool(d.expr, inner);
    return lets.length === 0 ? `const ${id} = ${expr};` : `let ${id};\n{ ${lets.join(" ")} ${id} = ${expr}; }`;
  }
}

/** the JS source of `evaluate(state)`, returning every decision by name */
function doublesSource(m: TypedModel, checked: boolean): string {
  const e = new Emitter(checked);
  const functions = m.functions.map((f) => {
    const env: Env = new Map(f.params.map((p) => [p, ident(p)]));
    return `function ${ident(f.name)}(${f.params.map(ident).join(", ")}) { return ${e.num(f.body, env)}; }`;
  });
  const env: Env = new Map();
  const inputs = m.inputs.map((i) => {
    env.set(i.name, ident(i.name));
    return `const ${ident(i.name)} = state[${JSON.stringify(i.name)}];`;
  });
  const decisions = m.decisions.map((d) => e.decision(d, env));
  const result = m.decisions.map((d) => `${JSON.stringify(d.name)}: ${ident(d.name)}`).join(", ");
  return [...functions, "return function evaluate(state) {", ...inputs, ...decisions, `return { ${result} };`, "};"].join("\n");
}

export type Evaluate = (state: Record<string, unknown>) => Record<string, unknown>;

/** the plain baseline, ready to run */
export function doublesBaseline(m: TypedModel): Evaluate {
  return new Function("halfEven", doublesSource(m, false))(halfEven) as Evaluate;
}

/** two answers of a model apart by more than rounding errors should move them */
const unsettled = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.entries(a).some(([name, x]) => {
    const y = b[name];
    if (typeof x === "number" && typeof y === "number") return Math.abs(x - y) > CONDITIONED * Math.max(1, Math.abs(x), Math.abs(y));
    return x !== y;
  });

/** nudged runs of the checked form a state gets, each with its own signs */
const NUDGED_RUNS = [1, 2];

/**
 * The checked form: the same answers and the flags of the last call. Besides the edges its
 * helpers see, a state is near an edge when the answers of runs with every rounded result nudged
 * (NUDGE) part from the plain answers by more than CONDITIONED: an error carried into a modulo or
 * a cancelling sum and grown there, which no single operation's test sees (seed 954: a modulo of
 * a product left a remainder of 1.26 from 36,240, whose error a second modulo, of its square by
 * 442, grew past the tolerance).
 */
export function doublesChecked(m: TypedModel): { evaluate: Evaluate; flags: Flags } {
  const flags: Flags = { nearEdge: false, empty: false };
  const nudge: Nudge = { on: false, seed: 0 };
  const evaluate = new Function("K", doublesSource(m, true))(checkHelpers(flags, nudge)) as Evaluate;
  return {
    flags,
    evaluate: (state) => {
      flags.nearEdge = false;
      flags.empty = false;
      nudge.on = false;
      const answers = evaluate(state);
      const seen = { ...flags };
      nudge.on = true;
      const moved = NUDGED_RUNS.some((seed) => {
        nudge.seed = seed;
        return unsettled(answers, evaluate(state));
      });
      nudge.on = false;
      Object.assign(flags, seen);
      if (moved) flags.nearEdge = true;
      return answers;
    },
  };
}
