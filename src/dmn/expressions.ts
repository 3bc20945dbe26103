// DMN boxed expressions → FEEL text, or → a portable body where the format has a richer form
// (a decision table as `{table, hit, default}`, a boxed context as `let` entries plus `expr`).
import { diagnostic } from "../ir/diagnostics.js";
import { locate, unfilled, type ImportContext } from "./context.js";
import { feelContext, paren, RESULT_KEY } from "./feel-text.js";
import { feelText } from "./language.js";
import { mapDecisionTable, type TableBody } from "./table.js";
import { tableAsFeel } from "./table-feel.js";
import { mapTypeRef } from "./types.js";
import { findJavaMethod } from "../runtime/java/index.js";
import { has, put } from "./records.js";
import { attr, child, childrenNamed, type XmlElement } from "./xml.js";

export type LetValue = string | TableBody;
export type Body = string | TableBody | { let: Record<string, LetValue>; expr: string };

/** Element names that hold an expression (DMN 1.1–1.5). */
const EXPRESSION_KINDS = new Set([
  "literalExpression",
  "decisionTable",
  "context",
  "invocation",
  "functionDefinition",
  "list",
  "relation",
  "conditional",
  "filter",
  "for",
  "some",
  "every",
]);

/** The expression element among an element's children (e.g. of a contextEntry or a binding). */
export const expressionChild = (el: XmlElement): XmlElement | undefined => el.children.find((c) => EXPRESSION_KINDS.has(c.name));

/** Children of decisions, entries and bindings that are not the value expression. */
const NOT_EXPRESSIONS = new Set([
  "variable",
  "description",
  "extensionElements",
  "formalParameter",
  "parameter",
  "typeRef",
  "question",
  "allowedAnswers",
  "informationRequirement",
  "knowledgeRequirement",
  "authorityRequirement",
  "supportedObjective",
  "impactedPerformanceIndicator",
  "decisionMaker",
  "decisionOwner",
  "usingProcess",
  "usingTask",
]);

/** Reports a child expression that is missing or of a kind we do not know; returns it when usable. */
export function requireExpression(holder: XmlElement, ctx: ImportContext): XmlElement | undefined {
  const e = expressionChild(holder);
  if (e) return e;
  const unknown = holder.children.find((c) => !NOT_EXPRESSIONS.has(c.name));
  if (unknown) unfilled(ctx, diagnostic("dmn.expression.kind", { element: unknown.name, at: locate(ctx, unknown) }));
  return undefined;
}

/** A FEEL type expression for a typeRef, or undefined when it has no FEEL spelling we can write. */
function feelTypeName(ref: string | undefined, ctx: ImportContext): string | undefined {
  if (!ref) return undefined;
  const t = mapTypeRef(ref, ctx);
  return typeof t === "string" && !t.includes(" [") && !t.includes("|") ? t : undefined;
}

type Renderer = (el: XmlElement, ctx: ImportContext) => string;

const nested = (holder: XmlElement | undefined, ctx: ImportContext): string => {
  if (!holder) return "null";
  const e = requireExpression(holder, ctx);
  return e ? paren(toFeel(e, ctx)) : "null";
};

const contextEntries = (el: XmlElement): { name: string | undefined; value: XmlElement | undefined; entry: XmlElement }[] =>
  childrenNamed(el, "contextEntry").map((entry) => ({
    name: child(entry, "variable")?.attrs.name,
    value: expressionChild(entry),
    entry,
  }));

const RENDERERS: Record<string, Renderer> = {
  literalExpression(el, ctx) {
    if (child(el, "importedValues")) unfilled(ctx, diagnostic("dmn.expression.imported-values", { at: locate(ctx, el) }));
    const text = feelText(el, ctx);
    return text === undefined || text.trim() === "" ? "null" : text.trim();
  },

  decisionTable(el, ctx) {
    return tableAsFeel(mapDecisionTable(el, "result", undefined, ctx), el, ctx);
  },

  context(el, ctx) {
    const entries = contextEntries(el);
    const pairs: [string, string][] = [];
    let result: string | undefined;
    for (const { name, value, entry } of entries) {
      const text = value ? toFeel(value, ctx) : (requireExpression(entry, ctx), "null");
      if (name === undefined) {
        if (result !== undefined) unfilled(ctx, diagnostic("dmn.context.result", { at: locate(ctx, entry) }));
        result = text;
      } else pairs.push([name, text]);
    }
    if (result === undefined) return feelContext(pairs);
    return pairs.length === 0 ? result : `${feelContext([...pairs, [RESULT_KEY, result]])}.${RESULT_KEY}`;
  },

  invocation(el, ctx) {
    const callee = expressionChild(el);
    const name = callee ? toFeel(callee, ctx) : undefined;
    if (!name) {
      unfilled(ctx, diagnostic("dmn.invocation.callee", { at: locate(ctx, el) }));
      return "null";
    }
    const args = childrenNamed(el, "binding").map((b) => {
      const p = child(b, "parameter")?.attrs.name;
      if (!p) unfilled(ctx, diagnostic("dmn.invocation.binding", { at: locate(ctx, b) }));
      return `${p ?? "?"}: ${expressionChild(b) ? nested(b, ctx) : "null"}`;
    });
    // a callee that reads as a name (BKM names have spaces) stays bare: `f(a: 1)`
    const bare = /^[^()[\]{}",:+*/<>=!]+$/.test(name.trim()) && !/\/\//.test(name);
    return `${bare ? name.trim() : paren(name)}(${args.join(", ")})`;
  },

  functionDefinition(el, ctx) {
    const kind = functionKind(el);
    const params = childrenNamed(el, "formalParameter").map((p) => {
      const t = feelTypeName(attr(p, "typeRef"), ctx);
      return t ? `${p.attrs.name}: ${t}` : (p.attrs.name ?? "");
    });
    const body = expressionChild(el);
    const bodyText = body ? toFeel(body, ctx) : "null";
    if (kind === "FEEL") return `function(${params.join(", ")}) ${paren(bodyText)}`;
    if (kind === "JAVA") {
      // a boxed definition's context holds the mapping itself (class, method signature); FEEL's
      // external body names its form: {java: {...}} (DMN 1.5, 10.3.2.13.3)
      const named = body?.name === "context" && contextEntries(body).some((e) => e.name === "java");
      if (body?.name === "context")
        checkJavaMapping(named ? expressionChild(contextEntries(body).find((e) => e.name === "java")!.entry) : body, el, ctx);
      return `function(${params.join(", ")}) external ${named || body?.name !== "context" ? bodyText : `{java: ${bodyText}}`}`;
    }
    unfilled(
      ctx,
      kind === "PMML"
        ? diagnostic("dmn.function.pmml", { at: locate(ctx, el) })
        : diagnostic("dmn.function.kind", { kind, at: locate(ctx, el) }),
    );
    return "null";
  },

  list(el, ctx) {
    return `[${el.children
      .filter((c) => EXPRESSION_KINDS.has(c.name))
      .map((c) => paren(toFeel(c, ctx)))
      .join(", ")}]`;
  },

  relation(el, ctx) {
    const columns = childrenNamed(el, "column").map((c) => c.attrs.name ?? "");
    const rows = childrenNamed(el, "row").map((row) => {
      const cells = row.children.filter((c) => EXPRESSION_KINDS.has(c.name));
      if (cells.length !== columns.length) {
        unfilled(ctx, diagnostic("dmn.relation.row", { cells: cells.length, columns: columns.length, at: locate(ctx, row) }));
      }
      return feelContext(columns.map((col, i) => [col, cells[i] ? toFeel(cells[i], ctx) : "null"]));
    });
    return `[${rows.join(", ")}]`;
  },

  conditional(el, ctx) {
    return `if ${nested(child(el, "if"), ctx)} then ${nested(child(el, "then"), ctx)} else ${nested(child(el, "else"), ctx)}`;
  },

  filter(el, ctx) {
    return `${nested(child(el, "in"), ctx)}[${nested(child(el, "match"), ctx)}]`;
  },

  for(el, ctx) {
    return `for ${iterator(el, ctx)} in ${nested(child(el, "in"), ctx)} return ${nested(child(el, "return"), ctx)}`;
  },

  some(el, ctx) {
    return `some ${iterator(el, ctx)} in ${nested(child(el, "in"), ctx)} satisfies ${nested(child(el, "satisfies"), ctx)}`;
  },

  every(el, ctx) {
    return `every ${iterator(el, ctx)} in ${nested(child(el, "in"), ctx)} satisfies ${nested(child(el, "satisfies"), ctx)}`;
  },
};

/** A function's kind: FEEL, JAVA or PMML, also from Drools' DMN 1.1 letters (`drools:kind="F"`). */
export function functionKind(el: XmlElement): string {
  const kind = (attr(el, "kind") ?? "FEEL").trim().toUpperCase();
  return ({ F: "FEEL", J: "JAVA", P: "PMML" } as Record<string, string>)[kind] ?? kind;
}

/** The string a context entry's literal expression holds (`"java.lang.Math"`), when it is one literal. */
function literalString(value: XmlElement | undefined): string | undefined {
  const text = value?.name === "literalExpression" ? child(value, "text")?.text.trim() : undefined;
  const m = text === undefined ? null : /^"((?:[^"\\]|\\.)*)"$/.exec(text);
  return m ? m[1]!.replace(/\\(.)/g, "$1") : undefined;
}

/** A Java mapping `{class, method signature}` written with literals must name a method the runtime maps. */
function checkJavaMapping(mapping: XmlElement | undefined, el: XmlElement, ctx: ImportContext): void {
  const entries = mapping?.name === "context" ? contextEntries(mapping) : [];
  const className = literalString(entries.find((e) => e.name === "class")?.value);
  const signature = literalString(entries.find((e) => e.name === "method signature")?.value);
  if (className === undefined || signature === undefined) {
    const written = entries.some((e) => e.name === "class" || e.name === "method signature");
    // a mapping computed by an expression is checked when the function is called
    if (!written) unfilled(ctx, diagnostic("dmn.function.java", { reason: "no class and method signature", at: locate(ctx, el) }));
    return;
  }
  const found = findJavaMethod(className, signature);
  if (typeof found === "string") unfilled(ctx, diagnostic("dmn.function.java", { reason: found, at: locate(ctx, el) }));
}

function iterator(el: XmlElement, ctx: ImportContext): string {
  const v = attr(el, "iteratorVariable");
  if (!v) unfilled(ctx, diagnostic("dmn.iterator.variable", { at: locate(ctx, el) }));
  return v ?? "item";
}

/** A function definition (or a BKM's encapsulated logic, which is one) → FEEL text. */
export const functionDefinitionFeel = (el: XmlElement, ctx: ImportContext): string => RENDERERS.functionDefinition!(el, ctx);

/** Any expression element → FEEL text. */
export function toFeel(el: XmlElement, ctx: ImportContext): string {
  const render = RENDERERS[el.name];
  if (!render) {
    unfilled(ctx, diagnostic("dmn.expression.kind", { element: el.name, at: locate(ctx, el) }));
    return "null";
  }
  return render(el, ctx);
}

/** A let entry value: a table keeps its table form, anything else becomes FEEL text. */
function letValue(el: XmlElement, name: string, ctx: ImportContext): LetValue {
  if (el.name === "decisionTable") return mapDecisionTable(el, name, mapTypeRef(attr(el, "typeRef") ?? "", ctx), ctx);
  return toFeel(el, ctx);
}

/**
 * The top-level logic of a decision or function: a table stays a table, a boxed context becomes
 * `let` entries and `expr` (its result entry, or a context literal of its entries), anything else
 * FEEL text.
 */
export function toBody(el: XmlElement, resultName: string, resultType: unknown, ctx: ImportContext): Body {
  if (el.name === "decisionTable") return mapDecisionTable(el, resultName, resultType, ctx);
  if (el.name !== "context") return toFeel(el, ctx);
  const lets: Record<string, LetValue> = {};
  let expr: string | undefined;
  for (const { name, value, entry } of contextEntries(el)) {
    if (name === undefined) {
      if (expr !== undefined) unfilled(ctx, diagnostic("dmn.context.result", { at: locate(ctx, entry) }));
      expr = value ? toFeel(value, ctx) : "null";
      continue;
    }
    if (has(lets, name)) unfilled(ctx, diagnostic("dmn.context.duplicate", { name, at: locate(ctx, entry) }));
    if (!value) requireExpression(entry, ctx);
    put(lets, name, value ? letValue(value, name, ctx) : "null");
  }
  if (expr === undefined) expr = feelContext(Object.keys(lets).map((k) => [k, k]));
  return { let: lets, expr };
}
