// ModelIR → the body of one specialised JS module: `(rt) => { ...; return { run, functions } }`.
// Inputs, decisions, lets and functions become JS locals with generated names; model names only
// ever appear as string literals.
import type { BodyIR, DecisionIR, FunctionIR, InputIR, ModelIR } from "../ir/ir.js";
import type { Type } from "../ir/types.js";
import { bodyConforms } from "./conformance.js";
import { Emitter } from "./emitter.js";
import { emitExpr, type ExprContext } from "./expr.js";
import type { ColumnPlan } from "./fast-tests.js";
import { Scope } from "./scope.js";
import { emitTable } from "./table.js";

export interface EmitOptions {
  /** the decisions to compute, in dependency order (default: all) */
  decisions?: DecisionIR[];
}

interface InputSlot {
  input: InputIR;
  feel: string;
  raw: string;
  guard: string;
  plan?: ColumnPlan;
}

/** Types that need no run-time conversion of a decision's value. */
const needsCoercion = (t: Type): boolean => t.kind !== "any";

export function emitModule(ir: ModelIR, options: EmitOptions = {}): string {
  const em = new Emitter();
  const root = new Scope();
  const cx = (where: string): ExprContext => ({ em, where, types: ir.types });

  const functionIds = new Map(ir.functions.map((f, i) => [f.name, { fn: `fn${i}`, value: `F${i}` }]));
  for (const [name, ids] of functionIds) root.bind("function", name, ids.value);

  const functionCode = ir.functions.map((f) => emitFunction(f, functionIds.get(f.name)!.fn, root, cx(f.address)));

  const slots = new Map<string, InputSlot>(
    ir.inputs.map((input, i) => [input.name, { input, feel: `i${i}`, raw: `r${i}`, guard: `g${i}` }]),
  );
  const runScope = root.child();
  for (const slot of slots.values()) runScope.bind("input", slot.input.name, slot.feel);

  const decisions = options.decisions ?? ir.decisions;
  const decisionIds = new Map(decisions.map((d, i) => [d.name, `d${i}`]));
  const decisionCode = decisions.map((d) => {
    const code = emitDecision(d, decisionIds.get(d.name)!, runScope, cx(d.address), slots);
    runScope.bind("decision", d.name, decisionIds.get(d.name)!);
    return code;
  });
  const body = decisionCode.join("\n");

  const prologue = [...slots.values()].map((slot) => inputPrologue(slot, body, em)).filter(Boolean);
  const result = decisions.map((d) => `[${em.lit(d.name)}]: ${decisionIds.get(d.name)}`).join(", ");
  const jsonResult = decisions.map((d) => `[${em.lit(d.name)}]: rt.jsonFast(${decisionIds.get(d.name)})`).join(", ");
  const functions = ir.functions.map((f) => `[${em.lit(f.name)}]: ${functionIds.get(f.name)!.value}`).join(", ");

  return [
    '"use strict";',
    em.prelude(),
    ...functionCode,
    ...ir.functions.map(
      (f) =>
        `const ${functionIds.get(f.name)!.value} = rt.fn(${em.lit(f.name)}, [${f.params.map((p) => em.lit(p.name)).join(", ")}], ${functionIds.get(f.name)!.fn});`,
    ),
    // J: return JSON-ready values directly (the common `evaluate` path).
    "function run(I, S, TR, J) {",
    ...prologue,
    body,
    `return J ? { ${jsonResult} } : { ${result} };`,
    "}",
    `return { run, functions: { ${functions} } };`,
  ].join("\n");
}

/** Reads one input: from FEEL values (I) or the raw JSON state (S). */
function inputPrologue(slot: InputSlot, body: string, em: Emitter): string {
  const count = (id: string) => (body.match(new RegExp(`\\b${id}\\b`, "g")) ?? []).length;
  const key = em.lit(slot.input.name);
  const type = em.data("T", slot.input.type);
  const feelUses = count(slot.feel);
  const lines = [];
  if (slot.plan) {
    lines.push(`const ${slot.raw} = S === null ? undefined : S[${key}];`);
    lines.push(`const ${slot.guard} = typeof ${slot.raw} === ${em.lit(slot.plan.kind)};`);
    // Converted only when a test cannot use the raw value, or when FEEL code reads the input.
    const convert = feelUses > slot.plan.fallbackUses ? `rt.fromJson(${slot.raw}, ${type})` : `(${slot.guard} ? null : rt.fromJson(${slot.raw}, ${type}))`;
    lines.push(`const ${slot.feel} = S === null ? (I[${key}] ?? null) : ${convert};`);
  } else if (feelUses > 0) {
    lines.push(`const ${slot.feel} = S === null ? (I[${key}] ?? null) : rt.fromJson(S[${key}], ${type});`);
  }
  return lines.join(" ");
}

function emitBody(body: BodyIR, target: string, trace: string, scope: Scope, cx: ExprContext, slots?: Map<string, InputSlot>): string {
  if (body.kind === "expr") return `${target} = ${emitExpr(body.expr, scope, cx)};`;
  const table = body.table;
  const plans = table.inputs.map((column) => {
    if (!column.specialised || !slots || column.expr.kind !== "name" || column.expr.ref?.kind !== "input") return undefined;
    const slot = slots.get(column.expr.ref.name);
    if (!slot) return undefined;
    slot.plan ??= { kind: column.specialised, feel: slot.feel, raw: slot.raw, guard: slot.guard, fallbackUses: 0 };
    return slot.plan;
  });
  return emitTable(table, { target, trace }, scope, cx, plans);
}

function emitDecision(d: DecisionIR, id: string, runScope: Scope, cx: ExprContext, slots: Map<string, InputSlot>): string {
  const em = cx.em;
  const scope = runScope.child();
  const tr = em.fresh("tr");
  const lines = [`let ${id} = null;`, `{ const ${tr} = TR === null ? null : (TR[${em.lit(d.name)}] = { lets: {} });`];
  for (const l of d.lets) {
    const lid = em.fresh("l");
    lines.push(`let ${lid} = null;`, emitBody(l.body, lid, "null", scope, { ...cx, where: l.address }, slots));
    lines.push(`if (${tr} !== null) ${tr}.lets[${em.lit(l.name)}] = ${lid};`);
    scope.bind("let", l.name, lid);
  }
  lines.push(emitBody(d.body, id, tr, scope, cx, slots));
  if (needsCoercion(d.type) && !bodyConforms(d.body, d.type)) lines.push(`${id} = rt.coerce(${id}, ${em.data("T", d.type)});`);
  lines.push("}");
  return lines.join("\n");
}

function emitFunction(f: FunctionIR, id: string, root: Scope, cx: ExprContext): string {
  const scope = root.child();
  const params = f.params.map((p, i) => {
    scope.bind("param", p.name, `a${i}`);
    return `a${i}`;
  });
  // An argument that does not conform to its parameter's type makes the invocation null.
  const coerce = f.params.flatMap((p, i) =>
    needsCoercion(p.type) ? [`{ const c = rt.coerce(a${i}, ${cx.em.data("T", p.type)}); if (c === null && a${i} !== null) return null; a${i} = c; }`] : [],
  );
  const result = needsCoercion(f.returns) ? `rt.coerce(r, ${cx.em.data("T", f.returns)})` : "r";
  return [
    `function ${id}(${params.join(", ")}) {`,
    "rt.tick();",
    ...coerce,
    "let r = null;",
    emitBody(f.body, "r", "null", scope, cx),
    `return ${result};`,
    "}",
  ].join("\n");
}
