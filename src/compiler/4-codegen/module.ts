// ModelIR → the body of one specialised JS module: `(rt) => { ...; return { run, functions } }`,
// and the same module with the explain function as well (`return { run, explain, functions }`).
// Evaluation loads only the first: the explain function is about half of a large table's module,
// and its text is verified and loaded only when a model is first explained (5-load).
// Inputs, decisions, lets and functions become JS locals with generated names; model names only
// ever appear as string literals.
import { bodyUses, firstRead, type BodyUses } from "./body-uses.js";
import { declarationBlocks } from "./declaration-blocks.js";
import type { BodyIR, DecisionIR, FirstLet, FunctionIR, InputIR, ModelIR, TableIR } from "../../ir/ir.js";
import type { Expr } from "../../ir/feel-ast.js";
import { isStringLike } from "../../ir/types.js";
import { needsCoercion, unlessOfKind } from "./conformance.js";
import { declaredLocals } from "./inlined.js";
import { emitResultType } from "./declared.js";
import { Emitter } from "./emitter.js";
import { certifiedList, certifiedOperand, emitExpr, type ExprContext } from "./expr.js";
import { numberLiterals, rawGuard, type ColumnPlan } from "./fast-tests.js";
import { decimalFree, everyCellRaw } from "./certified-readers.js";
import { Scope } from "./scope.js";
import { directPath, type DirectDecision } from "./direct-path.js";
import { emitTable } from "./table.js";
import type { CertifiedSum } from "./certified-sum.js";
import { rawInput, type RawInput } from "./raw-items.js";
import { emitExplain } from "./explain.js";
import { certifiedOutputCode, type DdAnswer, type Triple } from "./certified-dd-code.js";
import { conditionAnswer } from "./certified-condition.js";
import { scaledCode } from "./scaled-code.js";
import { CALL_STEPS } from "../../runtime/budget.js";
import { holdsLoop } from "../3-optimise/certify.js";
import { isPlainList } from "../3-optimise/raw-items.js";
import type { IndexedLookup } from "./table-lookup.js";
import { itemReader, jsonReader } from "./json-reader.js";
import { jsonOfValue } from "./json-result.js";
import { numberLiteralJson } from "./literal-json.js";
import { decisionLiteral } from "../3-optimise/fold.js";

export interface EmitOptions {
  /** the decisions to compute, in dependency order (default: all) */
  decisions?: DecisionIR[];
  /** the most characters of code the module may take; past it, CodeTooLarge naming where (default: no limit) */
  maxChars?: number;
  /** a strict model: a decision outside its declared type throws (runtime/declared.ts) rather than being null (default true) */
  strict?: boolean;
}

interface InputSlot {
  input: InputIR;
  feel: string;
  raw: string;
  guard: string;
  /** JS id of a date input's day number (the raw value its specialised columns test) */
  day: string;
  plan?: ColumnPlan;
  /** a list of structs: its FEEL value is read through a converting call (codegen/raw-items.ts) */
  lazy?: RawInput;
  /** JS that reads the FEEL value, converting it on first use (undefined: `feel` is read as it is) */
  read?: string;
}

/** A model's module, twice: without and with the explain function. */
export interface ModuleSource {
  /** what evaluation loads: `{ run, functions }` */
  source: string;
  /** the module with the explain function as well: `{ run, explain, functions }` */
  explainSource: string;
}

export function emitModule(ir: ModelIR, options: EmitOptions = {}): ModuleSource {
  const em = new Emitter(options.maxChars);
  const strict = options.strict ?? true;
  const root = new Scope();
  const functionIds = new Map(ir.functions.map((f, i) => [f.name, { fn: `fn${i}`, value: `F${i}`, arity: f.params.length }]));
  const decisionTypes = new Map(ir.decisions.map((d) => [d.name, d.type]));
  const cx = (where: string): ExprContext => ({ em, where, types: ir.types, functions: functionIds, decisionTypes });

  for (const [name, ids] of functionIds) root.bind("function", name, ids.value);

  const functionCode = ir.functions.map((f) => em.charge(emitFunction(f, functionIds.get(f.name)!.fn, root, cx(f.address)), f.address));

  const slots = new Map<string, InputSlot>(
    ir.inputs.map((input, i) => [input.name, { input, feel: `i${i}`, raw: `r${i}`, guard: `g${i}`, day: `e${i}` }]),
  );
  // lists of structs read from JSON: their filters, quantifiers, counts and projections may read
  // the raw items, and FEEL code reads the converted list through a call that converts it once
  for (const slot of slots.values()) {
    slot.lazy = rawInput(slot.input.type, () => {
      const [array, check, convert] = [em.fresh("a"), em.fresh("A"), em.fresh("u")];
      return {
        array: `(${array} ?? ${check}())`,
        held: array,
        check,
        feel: `${convert}()`,
        current: slot.feel,
        convert,
        type: em.type(slot.input.type),
        reader: itemReader(slot.input.type),
      };
    });
  }
  // any other input but a string's is converted on its first read (a string is its own FEEL value),
  // where it is read: no closure made at every evaluation
  for (const slot of slots.values()) {
    if (slot.lazy || isStringLike(slot.input.type)) continue;
    slot.read = firstRead(slot.feel, fromJsonOf(slot, em));
  }
  // a number input's raw JSON value, which certified operands read in place of its decimal (codegen/raw-inputs.ts)
  const rawNumbers = new Map(
    [...slots.values()].flatMap((slot) =>
      slot.read !== undefined && slot.input.type.kind === "number" ? [[slot.read, slot.raw] as const] : [],
    ),
  );
  // a list of numbers', strings' or booleans' raw JSON value, whose items the certified double-doubles'
  // loops read raw and whose length `count` takes (codegen/raw-items.ts `rawListRead`, `rawCountOf`)
  const plainLists = new Map(
    [...slots.values()].flatMap((slot) => {
      const t = slot.input.type;
      return slot.read !== undefined && t.kind === "list" && isPlainList(t) ? [[slot.read, { raw: slot.raw, type: t }] as const] : [];
    }),
  );
  const runScope = root.child();
  for (const slot of slots.values()) runScope.bind("input", slot.input.name, slot.lazy?.feel ?? slot.read ?? slot.feel);
  const raws = new Map([...slots.values()].flatMap((slot) => (slot.lazy ? [[slot.lazy.feel, slot.lazy] as const] : [])));

  const decisions = options.decisions ?? ir.decisions;
  const decisionIds = new Map(decisions.map((d, i) => [d.name, `d${i}`]));
  const jsonIds = new Map<string, string>();
  const direct: DirectDecision[] = [];
  // the double-doubles of certified decisions other decisions read, and which of them to hand on
  const decided = new Map<string, Triple>();
  const handed = decimalFree(decisions, cx(""));
  const decisionCode = decisions.map((d) => {
    const id = decisionIds.get(d.name)!;
    const mark = d.certifiedOutput?.read && !handed.has(d.name) ? { ...d, certifiedOutput: undefined } : d;
    const { code, json, lookup, value } = emitDecision(
      mark,
      id,
      runScope,
      { ...cx(d.address), raws, decided, rawNumbers, plainLists },
      slots,
      strict,
      decided,
    );
    runScope.bind("decision", d.name, value ?? id);
    if (json) jsonIds.set(d.name, json);
    if (lookup) direct.push({ key: em.key(d.name), lookup });
    return em.charge(code, d.address);
  });
  const body = decisionCode.join("\n");

  const heard = em.fresh("ph");
  const uses = bodyUses(body);
  const prologue = [...slots.values()].map((slot) => inputPrologue(slot, uses, em, heard)).filter(Boolean);
  // converting is pure apart from the problems it reports: when they are heard, every input is converted at once, so that they come first
  if (prologue.some((line) => new RegExp(`\\b${heard}\\b`).test(line)))
    prologue.unshift(`const ${heard} = S !== null && rt.problemsHeard();`);
  const result = decisions.map((d) => `${em.key(d.name)}: ${decisionIds.get(d.name)}`).join(", ");
  const jsonOf = (d: DecisionIR) => {
    // a decision whose value is a number literal: its JSON worked out here, not on every call
    const literal = decisionLiteral(d);
    const fixed = literal && numberLiteralJson(literal);
    if (fixed !== undefined) return fixed;
    const json = jsonIds.get(d.name);
    const converted = jsonOfValue(d.type, decisionIds.get(d.name)!, em);
    return json ? `${json} !== undefined ? ${json} : ${converted}` : converted;
  };
  const jsonResult = decisions.map((d) => `${em.key(d.name)}: ${jsonOf(d)}`).join(", ");
  const functions = ir.functions.map((f) => `${em.key(f.name)}: ${functionIds.get(f.name)!.value}`).join(", ");
  // Every decision an indexed table over inputs: a small `run` answers from the lookups first.
  const full = direct.length > 0 && direct.length === decisions.length ? em.fresh("run") : "run";
  const reads = new Map([...slots.values()].flatMap((slot) => rawReads(slot, em)));
  const directRun =
    full === "run" ? [] : ["function run(I, S, TR, J) {", directPath(direct, reads, em), `return ${full}(I, S, TR, J);`, "}"];

  // the constants `run` needs: those hoisted so far (the explain function hoists more)
  const runPrelude = em.prelude();
  const explain = emitExplain(ir, decisions, root, cx, strict);
  const evaluation = [
    ...functionCode,
    ...ir.functions.map(
      (f) =>
        `const ${functionIds.get(f.name)!.value} = rt.fn(${em.lit(f.name)}, [${f.params.map((p) => em.lit(p.name)).join(", ")}], ${functionIds.get(f.name)!.fn});`,
    ),
    // J: return JSON-ready values directly (the common `evaluate` path).
    ...directRun,
    `function ${full}(I, S, TR, J) {`,
    // in blocks: a parser's check of each declaration costs the ones before it in its scope
    declarationBlocks([...prologue, ...decisionCode], `return J ? { ${jsonResult} } : { ${result} };`),
    "}",
  ];
  const functionTable = `functions: { ${functions} }`;
  return {
    // the constants in blocks too, the rest of the module inside the innermost
    source: ['"use strict";', declarationBlocks(runPrelude, [...evaluation, `return { run, ${functionTable} };`].join("\n"))].join("\n"),
    explainSource: [
      '"use strict";',
      declarationBlocks(em.prelude(), [...evaluation, explain, `return { run, explain, ${functionTable} };`].join("\n")),
    ].join("\n"),
  };
}

/** The raw values of an input the direct path may read, with the JS that reads each from the state. */
function rawReads(slot: InputSlot, em: Emitter): [string, string][] {
  const read = em.stateKey("S", slot.input.name);
  return [
    [slot.raw, read],
    [slot.day, `rt.epochDay(${read})`],
  ];
}

/** JS converting the input's raw JSON value to its FEEL value. */
const fromJsonOf = (slot: InputSlot, em: Emitter): string => `${jsonReader(slot.input.type)}(${slot.raw}, ${em.type(slot.input.type)})`;

/**
 * Reads one input: from FEEL values (I) or the raw JSON state (S). An input with a `read` is
 * converted on its first read (`heard`: at once when problems are heard, as a raw value its
 * table's tests cannot read is, since those tests read the FEEL value itself).
 */
function inputPrologue(slot: InputSlot, body: BodyUses, em: Emitter, heard: string): string {
  const feelUses = body.uses(slot.feel);
  const read = `const ${slot.raw} = S === null ? undefined : ${em.stateKey("S", slot.input.name)};`;
  const fromJson = fromJsonOf(slot, em);
  const value = (convert: string) => `S === null ? (${em.stateKey("I", slot.input.name)} ?? null) : ${convert}`;
  const feel = (convert: string) => `${slot.read ? "let" : "const"} ${slot.feel} = ${value(convert)};`;
  // a JSON string is already the FEEL value of a string or choice input
  const text = isStringLike(slot.input.type);
  if (slot.plan) {
    const day = slot.plan.kind === "date" ? [`const ${slot.day} = rt.epochDay(${slot.raw});`] : [];
    const guard = `const ${slot.guard} = ${rawGuard(slot.plan.kind, slot.plan.raw)};`;
    // Tests read the FEEL value itself where the raw value cannot decide: when every such read is
    // a fallback of a failed guard, a raw value that passes it is converted on first read only.
    const direct = slot.read === undefined ? feelUses : body.usesBeside(slot.feel, slot.read);
    const lazy = slot.read !== undefined && direct <= slot.plan.fallbackUses;
    // a raw value that passes a string or boolean guard is its own FEEL value
    const convert =
      slot.plan.kind === "string" || slot.plan.kind === "boolean"
        ? `(${slot.guard} ? ${slot.raw} : ${fromJson})`
        : lazy
          ? `(${slot.guard} && !${heard} ? undefined : ${fromJson})`
          : fromJson;
    return [read, ...day, guard, feelUses === 0 ? "" : feel(convert)].filter(Boolean).join(" ");
  }
  if (slot.lazy) return lazyPrologue(slot, slot.lazy, read, value(fromJson), body.uses(slot.lazy.convert));
  if (feelUses === 0) return "";
  // every read through `read` (none of the id alone): converted on the first
  if (slot.read && body.usesBeside(slot.feel, slot.read) === 0) return [read, feel(`(${heard} ? ${fromJson} : undefined)`)].join(" ");
  return [read, feel(text ? `(typeof ${slot.raw} === "string" ? ${slot.raw} : ${fromJson})` : fromJson)].join(" ");
}

/**
 * Reads a list of structs that FEEL code reads through `input.convert`. When raw paths read its
 * array (checked on their first read), the list is converted on first use, or at once when
 * problems are heard: converting is pure apart from the problems it reports, which then come
 * first, as they do when it is eager.
 */
function lazyPrologue(slot: InputSlot, input: RawInput, read: string, value: string, uses: number): string {
  if (uses === 0) return "";
  const { held, check, convert, current } = input;
  if (!input.used) return `${read} const ${current} = ${value}; const ${convert} = () => ${current};`;
  return [
    read,
    `let ${current}; const ${convert} = () => (${current} !== undefined ? ${current} : (${current} = ${value}));`,
    `let ${held}; const ${check} = () => (${held} !== undefined ? ${held} : (${held} = rt.rawArray(${slot.raw})));`,
    `if (rt.problemsHeard()) ${convert}();`,
  ].join(" ");
}

function emitBody(
  body: BodyIR,
  target: string,
  trace: string,
  scope: Scope,
  cx: ExprContext,
  slots?: Map<string, InputSlot>,
  json?: string,
  indexed?: (lookup: IndexedLookup) => void,
  certifiedSum?: CertifiedSum,
): string {
  if (body.kind === "expr") return `${target} = ${emitExpr(body.expr, scope, cx)};`;
  const table = body.table;
  let computed = false;
  const plans = table.inputs.map((column, i) => {
    if (!column.specialised) return undefined;
    if (column.expr.kind !== "name" || column.expr.ref?.kind !== "input") {
      computed = true;
      return computedColumn(table, i, scope, cx);
    }
    const slot = slots?.get(column.expr.ref.name);
    if (!slot) return undefined;
    const raw = column.specialised === "date" ? slot.day : slot.raw;
    slot.plan ??= { kind: column.specialised, feel: slot.feel, raw, guard: slot.guard, fallbackUses: 0 };
    return slot.plan;
  });
  // the direct path reads its lookups' raw values from the state: only inputs' are there
  return emitTable(table, { target, trace, json, indexed: computed ? undefined : indexed, certifiedSum }, scope, cx, plans);
}

/**
 * The plan of a specialised column computed by FEEL code: its value worked out once, then as a raw
 * value the JS string or boolean it is, or a number's nearest double where that decides every
 * comparison with the column's literals (runtime/column-double.ts).
 */
function computedColumn(table: TableIR, i: number, scope: Scope, cx: ExprContext): ColumnPlan {
  const column = table.inputs[i]!;
  const kind = column.specialised!;
  const [feel, raw, guard] = [cx.em.fresh("cx"), cx.em.fresh("cy"), cx.em.fresh("cg")];
  const literals = () => cx.em.hoist("NS", `rt.numberSet(${JSON.stringify(numberLiterals(table.rules.map((r) => r.conditions[i]!)))})`);
  const read = column.expr.kind === "name" && column.expr.ref?.kind === "decision" ? cx.decided?.get(column.expr.ref.name) : undefined;
  if (kind === "number" && read && everyCellRaw(table, i, cx)) {
    // a certified decision's double-double gives the raw double; its decimal is made only when
    // that cannot (the tests read the FEEL value only where the guard fails)
    const setup = `const ${raw} = rt.ddColumn(${read.h}, ${read.l}, ${read.e}, ${literals()}); const ${guard} = ${rawGuard(kind, raw)};`;
    return {
      kind,
      feel,
      raw,
      guard,
      fallbackUses: 0,
      setup: `${setup} const ${feel} = ${guard} ? null : ${emitExpr(column.expr, scope, cx)};`,
    };
  }
  if (kind === "number" && column.certified && everyCellRaw(table, i, cx)) {
    // the heading in double-doubles: where their bound gives the double, the decimal is not made
    // and the heading's inlined calls are charged here; elsewhere (its loops' passes given back)
    // the decimal and its nearest double, as below
    const taken = cx.em.fresh("cz");
    const double = ddCode(column.certified.form, scope, cx, cx.decided ?? new Map(), { column: literals });
    const calls = column.certified.calls > 0 ? [`if (${taken} !== undefined) rt.tick(${column.certified.calls * CALL_STEPS});`] : [];
    const setup = [
      `const ${taken} = ${double};`,
      `const ${feel} = ${taken} !== undefined ? null : ${emitExpr(column.expr, scope, cx)};`,
      `const ${raw} = ${taken} === undefined ? rt.columnDouble(${feel}, ${literals()}) : ${taken};`,
      `const ${guard} = ${rawGuard(kind, raw)};`,
      ...calls,
    ].join(" ");
    return { kind, feel, raw, guard, fallbackUses: 0, setup };
  }
  const value = kind === "number" ? `rt.columnDouble(${feel}, ${literals()})` : feel;
  const setup = `const ${feel} = ${emitExpr(column.expr, scope, cx)}; const ${raw} = ${value}; const ${guard} = ${rawGuard(kind, raw)};`;
  return { kind, feel, raw, guard, fallbackUses: 0, setup };
}

/**
 * The decision's code; `json` names a variable that may hold its JSON form (set only when known);
 * `lookup` is the index that alone decides the value, when the decision is just an indexed table;
 * `value` the JS that reads its value, when that is not just `id` (a decimal made on first use).
 */
function emitDecision(...[d, id, runScope, cx, ...rest]: Parameters<typeof decisionCode>): ReturnType<typeof decisionCode> {
  // the locals of the calls inlined in the decision (codegen/inlined.ts), declared before its code
  const locals: string[] = [];
  const emitted = decisionCode(d, id, runScope, { ...cx, locals }, ...rest);
  return { ...emitted, code: [...declaredLocals(locals), emitted.code].join("\n") };
}

function decisionCode(
  d: DecisionIR,
  id: string,
  runScope: Scope,
  cx: ExprContext,
  slots: Map<string, InputSlot>,
  strict: boolean,
  decided: Map<string, Triple>,
): { code: string; json?: string; lookup?: IndexedLookup; value?: string } {
  const em = cx.em;
  const scope = runScope.child();
  const tr = em.fresh("tr");
  const held = emitResultType(d, id, runScope, cx, strict);
  const coerce = held !== null;
  // A coerced value may differ from what the body assigned, so its JSON form is not known early.
  const json = coerce ? undefined : em.fresh("j");
  const lines = [`let ${id} = null;`, `{ const ${tr} = TR === null ? null : (TR[${em.lit(d.name)}] = rt.traceEntry());`];
  const letLines: string[] = [];
  for (const l of d.lets) {
    const lid = em.fresh("l");
    letLines.push(`let ${lid} = null;`, emitBody(l.body, lid, "null", scope, { ...cx, where: l.address }, slots));
    letLines.push(`if (${tr} !== null) ${tr}.lets[${em.lit(l.name)}] = ${lid};`);
    scope.bind("let", l.name, lid);
  }
  // lets the certified or scaled form holds in place of their names are worked out with the exact value only
  const letsInForm = d.certifiedOutput?.lets === true || d.scaledOutput?.lets === true;
  if (!letsInForm) lines.push(...letLines);
  let lookup: IndexedLookup | undefined;
  const indexed = d.lets.length === 0 && !coerce ? (l: IndexedLookup) => (lookup = l) : undefined;
  // a COLLECT SUM table's JSON output from certified double-doubles where they decide it (codegen/certified-sum.ts)
  const summed = d.certifiedSum && em.fresh("j");
  const sum = summed ? { json: summed, ...d.certifiedSum!, code: (f: Expr) => ddCode(f, scope, cx, decided, "triple") } : undefined;
  const body = emitBody(d.body, id, tr, scope, cx, slots, json, indexed, sum);
  const exact = [...(letsInForm ? letLines : []), held === null ? body : `${body}\n${held}`].join("\n");
  if (d.certifiedOutput?.read) return readCertified(d, d.certifiedOutput, id, lines, exact, scope, cx, decided);
  if (d.certifiedOutput || d.scaledOutput) {
    // the JSON output from certified double-doubles or scaled integers where they decide it, the decimal otherwise
    const output = em.fresh("j");
    const first = d.certifiedOutput
      ? certifiedAnswer(d.certifiedOutput, output, scope, cx, decided)
      : scaledAnswer(d.scaledOutput!, output, id, scope, cx);
    lines.unshift(`let ${output};`);
    lines.push(`if (J && ${tr} === null) ${first}`, `if (${output} === undefined) {`, exact, "}", "}");
    return { code: lines.join("\n"), json: output };
  }
  lines.push(exact, "}");
  if (summed) return { code: [`let ${summed};`, ...lines].join("\n"), json: summed };
  const jsonUsed = json !== undefined && new RegExp(`\\b${json}\\b`).test(body);
  if (jsonUsed) lines.unshift(`let ${json};`);
  return { code: lines.join("\n"), json: jsonUsed ? json : undefined, lookup };
}

/**
 * The statement that sets `output` to a scaled decision's JSON output, or to undefined; where it
 * answers, its inlined calls' steps charged and its decimal (`id`) made for its readers.
 */
function scaledAnswer(mark: NonNullable<DecisionIR["scaledOutput"]>, output: string, id: string, scope: Scope, cx: ExprContext): string {
  const then = [mark.calls > 0 ? `rt.tick(${mark.calls * CALL_STEPS});` : "", mark.read ? `${id} = rt.scDecimal();` : ""].filter((x) => x);
  const after = then.length > 0 ? ` if (${output} !== undefined) { ${then.join(" ")} }` : "";
  return `{ ${output} = ${scaledCode(mark.form, certifiedOperand(scope, cx), cx.em)};${after} }`;
}

/** The statement that sets `output` to a certified decision's JSON output from its double-doubles, or to undefined; its inlined calls' steps charged when it does. */
function certifiedAnswer(
  mark: NonNullable<DecisionIR["certifiedOutput"]>,
  output: string,
  scope: Scope,
  cx: ExprContext,
  decided: ReadonlyMap<string, Triple>,
): string {
  const certified = ddCode(mark.form, scope, cx, decided, "nearest", mark.first);
  const answer = mark.condition ? conditionAnswer(output) : "";
  const calls = mark.calls > 0 ? ` if (${output} !== undefined) rt.tick(${mark.calls * CALL_STEPS});` : "";
  return `${answer ? `{ ${output} = ${certified};${answer} }` : `${output} = ${certified};`}${calls}`;
}

/**
 * A certified decision other decisions read: its double-double worked out first (by `evaluate`
 * without a trace) and handed to the readers certified as well, its JSON output from it where the
 * bound decides it. Its decimal is made at once when the output is not decided (or on any other
 * path), else on first use by a reader that needs it — never, when none does. Its lets, if any,
 * are in its form (codegen/certified-readers.ts). The steps the decimals would have charged where
 * the double-double is made (its loops' passes, its inlined calls') are charged there, and given
 * back when the decimal is made after all, which charges them itself.
 */
function readCertified(
  d: DecisionIR,
  mark: NonNullable<DecisionIR["certifiedOutput"]>,
  id: string,
  lines: string[],
  exact: string,
  scope: Scope,
  cx: ExprContext,
  decided: Map<string, Triple>,
): { code: string; json: string; value?: string } {
  const em = cx.em;
  const state = em.hoist("dd", "rt.ddState");
  const [output, nearest] = [em.fresh("j"), em.fresh("v")];
  // the passes its loops walk (a `for` is only ever an aggregate's argument there), left in ddState[2]
  const passes = [mark.form, ...(mark.first ?? []).map((l) => l.form)].some(holdsLoop) ? em.fresh("tk") : undefined;
  const calls = mark.calls * CALL_STEPS;
  const t = { h: em.fresh("h"), l: em.fresh("l"), e: em.fresh("e") };
  const certified = ddCode(mark.form, scope, cx, decided, "triple", mark.first);
  // a decision that names another is its decimal in FEEL: its readers take the other's double-double
  const named = mark.form.kind === "name" && mark.form.ref?.kind === "decision" ? decided.get(mark.form.ref.name) : undefined;
  decided.set(d.name, named ?? t);
  const head = [
    `let ${output}, ${t.h}, ${t.l}, ${t.e}${passes ? `, ${passes} = 0` : ""};`,
    `if (J && TR === null) { ${t.h} = ${certified}; ${t.l} = ${state}[0]; ${t.e} = ${state}[1];${passes ? ` ${passes} = ${state}[2];` : ""}${calls > 0 ? ` rt.tick(${calls});` : ""} const ${nearest} = rt.ddNearest(${t.h}, ${t.l}, ${t.e}); if (${nearest} === ${nearest}) ${output} = ${nearest}; }`,
  ];
  const [make, made] = [em.fresh("x"), em.fresh("k")];
  const [declare, ...block] = lines;
  const code = [
    ...head,
    declare!,
    `let ${made} = false;`,
    // the passes its loops walked for the double-double are walked again by the decimals, which count
    // them, and its inlined calls charge their steps again
    `const ${make} = () => { if (!${made}) { ${made} = true;${passes ? ` rt.ddGiveBack(${passes});` : ""}${calls > 0 ? ` if (${t.h} !== undefined) rt.ddGiveBack(${calls});` : ""}`,
    ...block,
    exact,
    `} } return ${id}; };`,
    `if (${output} === undefined) ${make}();`,
  ];
  return { code: code.join("\n"), json: output, value: `${make}()` };
}

function emitFunction(f: FunctionIR, id: string, root: Scope, cx: ExprContext): string {
  const scope = root.child();
  const params = f.params.map((p, i) => {
    scope.bind("param", p.name, `a${i}`);
    return `a${i}`;
  });
  // An argument that does not conform to its parameter's type makes the invocation null. A value
  // of the type's kind already (tested inline) is not converted: rt.coerce would give it back.
  const coerce = f.params.flatMap((p, i) => {
    if (!needsCoercion(p.type)) return [];
    const block = `{ const c = rt.coerce(a${i}, ${cx.em.type(p.type)}); if (c === null && a${i} !== null) return null; a${i} = c; }`;
    const test = unlessOfKind(p.type, `a${i}`);
    return [test ? `if (${test}) ${block}` : block];
  });
  const call = `rt.coerce(r, ${cx.em.type(f.returns)})`;
  const test = unlessOfKind(f.returns, "r");
  const result = !needsCoercion(f.returns) ? "r" : test ? `${test} ? ${call} : r` : call;
  // the locals of the calls inlined in the body (codegen/inlined.ts), each activation its own
  const locals: string[] = [];
  const body = emitBody(f.body, "r", "null", scope, { ...cx, locals });
  return [
    `function ${id}(${params.join(", ")}) {`,
    "rt.enter();",
    "try {",
    ...coerce,
    ...declaredLocals(locals),
    "let r = null;",
    body,
    `return ${result};`,
    "} finally { rt.leave(); }",
    "}",
  ].join("\n");
}

/**
 * The certified double-doubles' code of `form` in `scope` (the forms `first` worked out before it):
 * its names read as certified operands, its loops' input lists raw where they can be.
 */
const ddCode = (
  form: Expr,
  scope: Scope,
  cx: ExprContext,
  decided: ReadonlyMap<string, Triple>,
  answer: DdAnswer,
  first: readonly FirstLet[] = [],
): string => certifiedOutputCode(form, certifiedOperand(scope, cx), certifiedList(scope, cx), cx.em, decided, answer, first);
