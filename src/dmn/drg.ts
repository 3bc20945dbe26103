// The decision requirements graph of one `<definitions>` → portable inputs, decisions, functions
// and types. Dependencies are not copied: the compiler infers them from names.
import { renameDuplicate } from "./duplicate-names.js";
import { mentions, textsUnder } from "./mentions.js";
import { diagnostic } from "../ir/diagnostics.js";
import { locate, mapping, unfilled, type ImportContext } from "./context.js";
import type { Definitions } from "./definitions.js";
import {
  expressionChild,
  functionDefinitionFeel,
  functionKind,
  requireExpression,
  toBody,
  toFeel,
  type Body,
  type LetValue,
} from "./expressions.js";
import { feelContext, RESULT_KEY } from "./feel-text.js";
import { tableAsFeel } from "./table-feel.js";
import { itemDefinitionType, typeOf } from "./types.js";
import { has, put } from "./records.js";
import { attr, child, childrenNamed, type XmlElement } from "./xml.js";

export interface MappedModel {
  types: Record<string, unknown>;
  inputs: Record<string, Record<string, unknown>>;
  decisions: Record<string, Record<string, unknown>>;
  functions: Record<string, Record<string, unknown>>;
  /** output decision names of each decision service, in order */
  decisionServices: Record<string, string[]>;
}

/** Elements that carry no executable meaning (documentation, diagrams, organisation). */
const IGNORED = new Set([
  "description",
  "extensionElements",
  "DMNDI",
  "knowledgeSource",
  "textAnnotation",
  "association",
  "group",
  "performanceIndicator",
  "organizationUnit",
  "elementCollection",
  "import",
]);

const variableType = (el: XmlElement, ctx: ImportContext): unknown => {
  const v = child(el, "variable");
  return typeOf(v ? attr(v, "typeRef") : undefined, ctx, v ?? el);
};

/**
 * The result type of a BKM or decision service from its variable: a function item type gives
 * its `outputTypeRef`; any other type is taken as the result type itself (as the TCK writes it).
 */
function resultTypeOf(el: XmlElement, ctx: ImportContext): unknown {
  const v = child(el, "variable");
  const ref = v ? attr(v, "typeRef") : undefined;
  const fnItem = ref ? ctx.itemDefinitions?.get(ref.replace(/^[A-Za-z_][\w-]*:/, "")) : undefined;
  const item = fnItem && child(fnItem, "functionItem");
  if (item) return typeOf(attr(item, "outputTypeRef"), ctx, item);
  return variableType(el, ctx);
}

/** A BKM's variable typed by a function item: its output type (a BKM variable names no result type otherwise). */
function functionItemResult(el: XmlElement, ctx: ImportContext): unknown {
  const v = child(el, "variable");
  const ref = v ? attr(v, "typeRef") : undefined;
  return ref && ctx.itemDefinitions?.get(ref.replace(/^[A-Za-z_][\w-]*:/, ""))?.children.some((c) => c.name === "functionItem")
    ? resultTypeOf(el, ctx)
    : undefined;
}

/** Resolves an href to an element of the given kind in this model or an imported one. */
export type Resolver = (href: string, from: XmlElement) => XmlElement | undefined;

/**
 * A function body in a form the compiler accepts for functions: a boxed context (`let` + `expr`)
 * becomes one FEEL context expression whose hidden last entry is the result.
 */
function functionBody(body: Body, el: XmlElement, ctx: ImportContext): Body {
  if (typeof body === "string" || !("let" in body)) return body;
  const entries: [string, string][] = Object.entries(body.let).map(([k, v]) => [k, typeof v === "string" ? v : tableAsFeel(v, el, ctx)]);
  return `${feelContext([...entries, [RESULT_KEY, body.expr]])}.${RESULT_KEY}`;
}

function bodyObject(body: Body): Record<string, unknown> {
  if (typeof body === "string") return { expr: body };
  return { ...body };
}

function mapInput(el: XmlElement, ctx: ImportContext): Record<string, unknown> {
  const input: Record<string, unknown> = { type: variableType(el, ctx) ?? "any" };
  input.desc = attr(el, "label") ?? el.attrs.name ?? "";
  return input;
}

/** What could not be filled replaces the body: `unmapped` fails every check, so nothing runs to null. */
function withBody(out: Record<string, unknown>, ctx: ImportContext, body: () => Record<string, unknown>): Record<string, unknown> {
  const mapped = mapping(ctx, body);
  if (mapped.unfilled.length === 0) return Object.assign(out, mapped.value);
  const [first, ...more] = mapped.unfilled;
  out.unmapped = more.length === 0 ? first : `${first}; and ${more.length} more`;
  return out;
}

function mapDecision(el: XmlElement, ctx: ImportContext): Record<string, unknown> {
  const name = el.attrs.name ?? "";
  const out: Record<string, unknown> = {};
  return withBody(out, ctx, () => {
    const written = requireExpression(el, ctx);
    // a table with neither outputs nor rules (a modeler's first draft) decides nothing either
    const emptyTable = written?.name === "decisionTable" && !child(written, "output") && !child(written, "rule");
    const logic = emptyTable ? undefined : written;
    const type = variableType(el, ctx) ?? (logic && typeOf(attr(logic, "typeRef"), ctx, logic));
    if (!logic && !ctx.unfilled.length) {
      // valid DMN (a decision documented but not automated): it evaluates to null
      const variant = emptyTable ? "empty-table" : "none";
      ctx.diagnostics.push(diagnostic("dmn.decision.logic", { variant, name, at: locate(ctx, emptyTable ? written : el) }));
    }
    if (type !== undefined) out.type = type;
    const question = child(el, "question")?.text.trim();
    if (question) out.desc = question;
    return bodyObject(logic ? toBody(logic, name, type, ctx) : "null");
  });
}

function paramsOf(holder: XmlElement, ctx: ImportContext): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const p of childrenNamed(holder, "formalParameter")) {
    put(params, p.attrs.name ?? "", typeOf(attr(p, "typeRef"), ctx, p) ?? "any");
  }
  return params;
}

function mapBkm(el: XmlElement, ctx: ImportContext): Record<string, unknown> {
  const name = el.attrs.name ?? "";
  const logic = child(el, "encapsulatedLogic");
  const fn: Record<string, unknown> = { params: logic ? paramsOf(logic, ctx) : {} };
  return withBody(fn, ctx, () => {
    if (!logic) {
      unfilled(ctx, diagnostic("dmn.bkm.logic", { name, at: locate(ctx, el) }));
      return {};
    }
    return bkmBody(fn, el, logic, ctx);
  });
}

function bkmBody(fn: Record<string, unknown>, el: XmlElement, logic: XmlElement, ctx: ImportContext): Record<string, unknown> {
  const name = el.attrs.name ?? "";
  const params = fn.params as Record<string, unknown>;
  const kind = functionKind(logic);
  // the result type is on the function definition, or (as exporters often write it) on its body
  const bodyEl = expressionChild(logic);
  const returns =
    typeOf(attr(logic, "typeRef"), ctx, logic) ?? (bodyEl && typeOf(attr(bodyEl, "typeRef"), ctx, bodyEl)) ?? functionItemResult(el, ctx);
  if (returns !== undefined) fn.returns = returns;
  if (kind !== "FEEL") {
    // an external function (the encapsulated logic is a function definition): call it with the parameters
    return { body: `(${functionDefinitionFeel(logic, ctx)})(${Object.keys(params).join(", ")})` };
  }
  const body = requireExpression(logic, ctx);
  return { body: body ? functionBody(toBody(body, name, returns, ctx), el, ctx) : "null" };
}

/** A decision's logic as a let value inside a decision service: a table, or FEEL text. */
function decisionAsLet(el: XmlElement, ctx: ImportContext): LetValue {
  const logic = requireExpression(el, ctx);
  if (!logic) return "null";
  if (logic.name === "decisionTable") {
    const body = toBody(logic, el.attrs.name ?? "", variableType(el, ctx), ctx);
    return body as LetValue;
  }
  return toFeel(logic, ctx);
}

const requiredHrefs = (el: XmlElement, kind: "requiredDecision" | "requiredInput"): string[] =>
  childrenNamed(el, "informationRequirement").flatMap((ir) => childrenNamed(ir, kind).map((r) => r.attrs.href ?? ""));
const requiredDecisionHrefs = (el: XmlElement): string[] => requiredHrefs(el, "requiredDecision");

/**
 * A decision service → a function: inputData then inputDecision are its parameters, the
 * encapsulated decisions (given, or everything the outputs need short of the inputs) its `let`
 * entries in dependency order, and the output decision (or a context of several) its result.
 */
function mapDecisionService(
  el: XmlElement,
  root: XmlElement,
  ctx: ImportContext,
  resolve: Resolver,
): { fn: Record<string, unknown>; outputs: string[] } {
  const refs = (kind: string): XmlElement[] =>
    childrenNamed(el, kind).flatMap((r) => {
      const target = resolve(r.attrs.href ?? "", r);
      return target ? [target] : [];
    });
  const listed = refs("encapsulatedDecision");
  const outputs = refs("outputDecision");
  if (outputs.length === 0 && listed.length > 0) {
    // DMN requires output decisions; some modelers write only encapsulated ones: those no other one requires are the outputs
    const required = new Set(listed.flatMap((d) => requiredDecisionHrefs(d).map((h) => resolve(h, d))));
    outputs.push(...listed.filter((d) => !required.has(d)));
    const names = outputs.map((o) => o.attrs.name ?? "").join(", ");
    ctx.diagnostics.push(diagnostic("dmn.service.outputs-inferred", { outputs: names, at: locate(ctx, el) }));
  }
  const inputDecisions = refs("inputDecision");
  const inputData = refs("inputData");
  const stop = new Set(inputDecisions);
  const ordered: XmlElement[] = [];
  const visiting = new Set<XmlElement>();
  const visit = (d: XmlElement): void => {
    if (stop.has(d) || ordered.includes(d) || visiting.has(d)) return;
    visiting.add(d);
    for (const href of requiredDecisionHrefs(d)) {
      const dep = resolve(href, d);
      if (dep) visit(dep);
    }
    ordered.push(d);
  };
  for (const d of [...listed, ...outputs]) visit(d);
  if (inputData.length === 0 && inputDecisions.length === 0) {
    // no inputs named: the input data the computed decisions require, or read by name without a
    // requirement (as dmn-scala and Camunda allow), are the parameters, in the file's order
    const required = new Set(ordered.flatMap((d) => requiredHrefs(d, "requiredInput").map((h) => resolve(h, d))));
    const read = ordered.map(textsUnder).join("\n");
    const all = root.children.filter((c) => c.name === "inputData");
    inputData.push(...all.filter((i) => required.has(i) || (i.attrs.name !== undefined && mentions(read, i.attrs.name))));
    if (inputData.length > 0) {
      const names = inputData.map((i) => i.attrs.name ?? "").join(", ");
      ctx.diagnostics.push(diagnostic("dmn.service.inputs-inferred", { inputs: names, at: locate(ctx, el) }));
    }
  }
  const params: Record<string, unknown> = {};
  for (const i of [...inputData, ...inputDecisions]) put(params, i.attrs.name ?? "", variableType(i, ctx) ?? "any");

  const lets: Record<string, LetValue> = {};
  for (const d of ordered) put(lets, d.attrs.name ?? "", decisionAsLet(d, ctx));
  const names = outputs.map((o) => o.attrs.name ?? "");
  if (names.length === 0) unfilled(ctx, diagnostic("dmn.service.outputs", { at: locate(ctx, el) }));
  const expr = names.length === 1 ? names[0] : feelContext(names.map((n) => [n, n]));
  const fn: Record<string, unknown> = { params };
  const returns = resultTypeOf(el, ctx);
  if (returns !== undefined) fn.returns = returns;
  fn.body = functionBody({ let: lets, expr }, el, ctx);
  return { fn, outputs: names };
}

/** The namespaces Flowable's and Activiti's modelers write: their engines read table entries as JUEL. */
const JUEL_ENGINE_NAMESPACE = /^https?:\/\/(?:www\.)?(?:flowable|activiti)\.org\/dmn\/?$/i;

export function mapDefinitions(defs: Definitions, ctx: ImportContext, resolve: Resolver): MappedModel {
  const model: MappedModel = { types: {}, inputs: {}, decisions: {}, functions: {}, decisionServices: {} };
  if (JUEL_ENGINE_NAMESPACE.test(defs.namespace) && !ctx.expressionLanguage) {
    ctx.diagnostics.push(diagnostic("dmn.dialect.juel-engine", { namespace: defs.namespace, at: locate(ctx, defs.root) }));
  }
  const items = defs.root.children.filter((c) => c.name === "itemDefinition");
  ctx.itemDefinitions ??= new Map();
  for (const it of items) {
    ctx.typeNames.add(it.attrs.name ?? "");
    ctx.itemDefinitions.set(it.attrs.name ?? "", it);
  }
  for (const it of items) put(model.types, it.attrs.name ?? "", itemDefinitionType(it, ctx));

  const taken = (n: string): boolean => has(model.inputs, n) || has(model.decisions, n) || has(model.functions, n);
  const claim = (name: string | undefined, el: XmlElement): string | undefined => {
    if (!name) {
      // Camunda identifies decisions by id, and its modeler leaves a new one unnamed: nothing can
      // read it by name, so its id is a name no expression of the file means otherwise
      const id = el.attrs.id?.trim();
      if (id && !taken(id) && !mentions(textsUnder(defs.root), id)) {
        ctx.diagnostics.push(diagnostic("dmn.name.from-id", { element: el.name, id, at: locate(ctx, el) }));
        ctx.names?.set(el, id);
        return id;
      }
      ctx.diagnostics.push(diagnostic("dmn.name.missing", { element: el.name, at: locate(ctx, el) }));
      return undefined;
    }
    if (taken(name)) {
      const renamed = renameDuplicate(el, name, taken, defs.root, defs.namespace);
      if (renamed === undefined) {
        ctx.diagnostics.push(diagnostic("dmn.name.duplicate", { name, at: locate(ctx, el) }));
        return undefined;
      }
      ctx.diagnostics.push(diagnostic("dmn.name.renamed", { name, renamed, at: locate(ctx, el) }));
      ctx.names?.set(el, renamed);
      return renamed;
    }
    ctx.names?.set(el, name);
    return name;
  };

  for (const el of defs.root.children) {
    // requirements must point somewhere, even though dependencies are inferred from names
    for (const req of [
      ...childrenNamed(el, "informationRequirement"),
      ...childrenNamed(el, "knowledgeRequirement"),
      ...childrenNamed(el, "authorityRequirement"),
    ]) {
      for (const r of req.children) if (r.attrs.href !== undefined) resolve(r.attrs.href, r);
    }
    switch (el.name) {
      case "itemDefinition":
        break;
      case "inputData": {
        const name = claim(el.attrs.name, el);
        if (name !== undefined) put(model.inputs, name, mapInput(el, ctx));
        break;
      }
      case "decision": {
        const name = claim(el.attrs.name, el);
        if (name !== undefined) put(model.decisions, name, mapDecision(el, ctx));
        break;
      }
      case "businessKnowledgeModel": {
        // Camunda Modeler draws BKMs without logic (Camunda 7 runs none): one that no expression
        // calls cannot run, so it is left out rather than refused
        const called = el.attrs.name ?? el.attrs.id;
        if (!child(el, "encapsulatedLogic") && !(called && mentions(textsUnder(defs.root), called))) {
          ctx.diagnostics.push(diagnostic("dmn.bkm.unused", { at: locate(ctx, el) }));
          break;
        }
        const name = claim(el.attrs.name, el);
        if (name !== undefined) put(model.functions, name, mapBkm(el, ctx));
        break;
      }
      case "decisionService": {
        const name = claim(el.attrs.name, el);
        if (name === undefined) break;
        const fn: Record<string, unknown> = {};
        let outputs: string[] = [];
        withBody(fn, ctx, () => {
          const mapped = mapDecisionService(el, defs.root, ctx, resolve);
          outputs = mapped.outputs;
          return mapped.fn;
        });
        put(model.functions, name, fn);
        put(model.decisionServices, name, outputs);
        break;
      }
      default:
        if (!IGNORED.has(el.name)) ctx.diagnostics.push(diagnostic("dmn.element.unknown", { element: el.name, at: locate(ctx, el) }));
    }
  }
  return model;
}
