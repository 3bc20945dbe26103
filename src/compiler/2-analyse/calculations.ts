// Decisions and functions, analysed on demand: reading a decision's type analyses it first, so
// tables see the types of the columns they test whatever the declaration order. A decision being
// analysed (a cycle, reported by the graph stage) reads as its declared type or `any`.
import type { NameRef } from "../../ir/feel-ast.js";
import type { DecisionIR, FunctionIR, InputIR, LetIR } from "../../ir/ir.js";
import type { Type } from "../../ir/types.js";
import { type Binding, childScope, fixed, rootScope, type Scope } from "./expressions/scope.js";
import { analyseBody, type ModelEnv } from "./body.js";
import type { DecisionSpec } from "../1-parse/content/decisions.js";
import type { FunctionSpec } from "../1-parse/content/functions.js";
import { parseTypeSpec } from "./types/parse-type.js";

interface Lazy<T> {
  result?: T;
  busy: boolean;
}

export interface Calculations {
  decision(name: string): DecisionIR;
  fn(name: string): FunctionIR;
}

export function calculations(env: ModelEnv, inputs: InputIR[], decisions: DecisionSpec[], functions: FunctionSpec[]): Calculations {
  const decisionSpecs = new Map(decisions.map((d) => [d.name, d]));
  const functionSpecs = new Map(functions.map((f) => [f.name, f]));
  const declared = new Map(
    decisions.map((d) => [d.name, d.typeSpec === undefined ? undefined : parseTypeSpec(d.typeSpec, `${d.address}.type`, env.typeEnv)]),
  );
  const signatures = new Map(
    functions.map((f) => [
      f.name,
      {
        params: f.params.map(([p, t]): [string, Type] => [p, parseTypeSpec(t, `${f.address}.params.${p}`, env.typeEnv)]),
        returns: f.returnsSpec === undefined ? undefined : parseTypeSpec(f.returnsSpec, `${f.address}.returns`, env.typeEnv),
      },
    ]),
  );
  const decisionState = new Map<string, Lazy<DecisionIR>>();
  const functionState = new Map<string, Lazy<FunctionIR>>();

  const decisionType = (name: string): Type => {
    const s = decisionState.get(name);
    if (s?.busy) return declared.get(name) ?? { kind: "any" };
    return decision(name).type;
  };
  const functionType = (name: string): Type => {
    const sig = signatures.get(name)!;
    const s = functionState.get(name);
    const result = sig.returns ?? (s?.busy ? { kind: "any" as const } : fn(name).returns);
    return { kind: "function", params: sig.params.map(([, t]) => t), result };
  };

  const functionFrame = new Map<string, Binding>(
    functions.map((f) => [f.name, { ref: { kind: "function", name: f.name }, type: () => functionType(f.name) }]),
  );
  const globalFrame = new Map<string, Binding>([
    ...inputs.map((i): [string, Binding] => [i.name, fixed({ kind: "input", name: i.name }, i.type)]),
    ...decisions.map((d): [string, Binding] => [d.name, { ref: { kind: "decision", name: d.name }, type: () => decisionType(d.name) }]),
    ...functionFrame,
  ]);
  const forbidden = new Map<string, "input" | "decision">([
    ...inputs.map((i): [string, "input"] => [i.name, "input"]),
    ...decisions.map((d): [string, "decision"] => [d.name, "decision"]),
  ]);

  function decision(name: string): DecisionIR {
    const state = decisionState.get(name) ?? { busy: false };
    if (state.result) return state.result;
    state.busy = true;
    decisionState.set(name, state);
    state.result = analyseDecision(decisionSpecs.get(name)!, declared.get(name));
    state.busy = false;
    return state.result;
  }

  function analyseDecision(spec: DecisionSpec, type: Type | undefined): DecisionIR {
    const refs: NameRef[] = [];
    // one frame that grows entry by entry (each sees the ones before it), and each name's last
    // place: reading an outer name, or asking whether a name is a later entry, costs the same
    // however many entries there are (a frame each, and a list of the later names each, cost n²)
    const frame = new Map<string, Binding>();
    const scope: Scope = childScope(rootScope(globalFrame), frame);
    const lastAt = new Map(spec.lets.map((l, i) => [l.name, i]));
    const lets: LetIR[] = [];
    for (const [i, entry] of spec.lets.entries()) {
      const later = (name: string) => (lastAt.get(name) ?? -1) > i;
      const site = { address: entry.address, owner: entry.name, what: `let entry \`${entry.name}\``, scope, refs, later };
      const r = analyseBody(entry.body, env, site);
      lets.push({ name: entry.name, address: entry.address, body: r.body });
      frame.set(entry.name, fixed({ kind: "let", name: entry.name }, r.type));
    }
    const r = analyseBody(spec.body, env, {
      address: spec.address,
      owner: spec.name,
      what: `decision \`${spec.name}\``,
      declared: type,
      scope,
      refs,
    });
    const read = (kind: NameRef["kind"]): string[] => [...new Set(refs.filter((x) => x.kind === kind).map((x) => x.name))];
    const ir: DecisionIR = {
      name: spec.name,
      address: spec.address,
      type: r.type,
      lets,
      body: r.body,
      deps: [...new Set([...read("input"), ...read("decision")])],
      calls: read("function"),
    };
    if (type === undefined && r.body.kind === "expr") ir.inferred = true;
    if (spec.desc !== undefined) ir.desc = spec.desc;
    return ir;
  }

  function fn(name: string): FunctionIR {
    const state = functionState.get(name) ?? { busy: false };
    if (state.result) return state.result;
    state.busy = true;
    functionState.set(name, state);
    const spec = functionSpecs.get(name)!;
    const sig = signatures.get(name)!;
    const refs: NameRef[] = [];
    const params = new Map(sig.params.map(([p, t]): [string, Binding] => [p, fixed({ kind: "param", name: p }, t)]));
    const scope = childScope(rootScope(functionFrame), params);
    const r = analyseBody(spec.body, env, {
      address: spec.address,
      owner: name,
      what: `function \`${name}\``,
      ...(sig.returns ? { declared: sig.returns } : {}),
      scope,
      refs,
      forbidden,
      ownerLabel: `function \`${name}\``,
      localNames: sig.params.map(([p]) => p),
    });
    state.result = {
      name,
      address: spec.address,
      params: sig.params.map(([p, type]) => ({ name: p, type })),
      returns: r.type,
      body: r.body,
      calls: [...new Set(refs.filter((x) => x.kind === "function").map((x) => x.name))],
    };
    state.busy = false;
    return state.result;
  }

  return { decision, fn };
}
