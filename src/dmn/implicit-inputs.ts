// Camunda's implicit inputs. A Camunda or dmn-js table's input expression may read a variable that
// no <inputData> declares (a process variable), or a required decision's output by the output
// column's name. The import declares the first as an input, typed from the input expression's
// typeRef when the expression is the bare name (`any` otherwise), and the second as a decision
// whose value is the required decision's output; each with a warning.
import { diagnostic } from "../ir/diagnostics.js";
import { contextEntryOwner } from "./bkm-entries.js";
import { locate, type ImportContext } from "./context.js";
import type { Definitions } from "./definitions.js";
import type { MappedModel, Resolver } from "./drg.js";
import { has, put } from "./records.js";
import { typeOf } from "./types.js";
import { attr, child, childrenNamed, textChild, type XmlElement } from "./xml.js";

/** A name as Camunda's variables are named (FEEL names may have spaces, variables do not). */
const VARIABLE = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;
/** FEEL's keywords and the names of its literal-making built-ins: never a variable to declare. */
const RESERVED = new Set(
  "true false null not and or if then else for in return some every satisfies instance of function external between date time duration".split(
    " ",
  ),
);

/** How a required decision offers `name`: as its single output, one of its outputs, or its variable. */
function offered(required: XmlElement, name: string, ctx: ImportContext): string | undefined {
  const decision = ctx.names?.get(required) ?? required.attrs.name;
  if (!decision) return undefined;
  const outputs = childrenNamed(child(required, "decisionTable") ?? required, "output");
  const i = outputs.findIndex((o) => o.attrs.name === name);
  if (i >= 0) return outputs.length === 1 ? decision : `${decision}.${name}`;
  return child(required, "variable")?.attrs.name === name && name !== decision ? decision : undefined;
}

const requiredDecisions = (d: XmlElement, resolve: Resolver): XmlElement[] =>
  childrenNamed(d, "informationRequirement").flatMap((ir) =>
    childrenNamed(ir, "requiredDecision").flatMap((r) => {
      const target = resolve(r.attrs.href ?? "", r);
      return target ? [target] : [];
    }),
  );

/** A name an expression reads that nothing declares, where (`decisions.<name>...`). */
export interface FreeName {
  name: string;
  address: string;
  /** read as a function (`name(...)`): an engine's own function, not a variable */
  called?: boolean;
}

/**
 * The other variables Camunda reads: names that a decision's expressions read and nothing
 * declares (the compiler finds them: `freeNames`), each declared as an input of type `any`. A
 * name that is called is an engine's custom function (Camunda's FEEL function providers, a
 * vendor's library): nothing here defines it, so it is reported once at the decision that calls it.
 */
export function declareFreeNames(defs: Definitions, model: MappedModel, ctx: ImportContext, free: FreeName[]): void {
  const decisions = defs.root.children.flatMap((c) => {
    const name = ctx.names?.get(c) ?? c.attrs.name;
    return c.name === "decision" && name ? [{ el: c, name }] : [];
  });
  // `decisions.<name>`, `decisions.<name>.let.<entry>`, `decisions.<name>.rule[2]...`: the longest decision name that fits
  const owner = (address: string): XmlElement | undefined =>
    decisions
      .filter((d) => address === `decisions.${d.name}` || address.startsWith(`decisions.${d.name}.`))
      .sort((a, b) => b.name.length - a.name.length)[0]?.el;
  const reported = new Set<string>();
  for (const { name, address, called } of free) {
    const el = owner(address);
    if (called) {
      if (el && !reported.has(name)) {
        const bkm = contextEntryOwner(defs, name, ctx);
        const said = bkm ? { variant: "entry" as const, name, bkm } : { variant: "engine" as const, name };
        ctx.diagnostics.push(diagnostic("dmn.function.unknown", { ...said, at: locate(ctx, el) }));
      }
      reported.add(name);
      continue;
    }
    if (
      !el ||
      !VARIABLE.test(name) ||
      RESERVED.has(name) ||
      has(model.inputs, name) ||
      has(model.decisions, name) ||
      has(model.functions, name)
    )
      continue;
    put(model.inputs, name, { type: "any", desc: name });
    ctx.diagnostics.push(diagnostic("dmn.input.inferred", { name, type: "any", at: locate(ctx, el) }));
  }
}

export function declareImplicitInputs(defs: Definitions, model: MappedModel, ctx: ImportContext, resolve: Resolver): void {
  const declared = (n: string): boolean => has(model.inputs, n) || has(model.decisions, n) || has(model.functions, n);
  for (const d of defs.root.children) {
    const table = d.name === "decision" ? child(d, "decisionTable") : undefined;
    const name = ctx.names?.get(d) ?? d.attrs.name;
    // a decision that was not imported reads nothing
    if (!table || !name || !has(model.decisions, name) || model.decisions[name]!.unmapped !== undefined) continue;
    // the input expressions as imported (JUEL's `${x}` is `x` by then), else as written
    const header = (model.decisions[name] as { table?: unknown[][] }).table?.[0];
    childrenNamed(table, "input").forEach((input, i) => {
      const ie = child(input, "inputExpression");
      const imported = header?.[i];
      const path = ie ? (typeof imported === "string" ? imported : (textChild(ie) ?? "")).trim().split(".") : [];
      const head = path[0]!;
      if (!ie || !path.every((p) => VARIABLE.test(p)) || RESERVED.has(head) || declared(head)) return;
      const source = requiredDecisions(d, resolve)
        .map((r) => ({ decision: ctx.names?.get(r) ?? r.attrs.name ?? "", expr: offered(r, head, ctx) }))
        .find((s) => s.expr !== undefined);
      if (source) {
        put(model.decisions, head, { expr: source.expr });
        ctx.diagnostics.push(diagnostic("dmn.input.required-output", { name: head, decision: source.decision, at: locate(ctx, ie) }));
        return;
      }
      const type = (path.length === 1 ? typeOf(attr(ie, "typeRef"), ctx, ie) : undefined) ?? "any";
      put(model.inputs, head, { type, desc: head });
      const spelled = typeof type === "string" ? type : JSON.stringify(type);
      ctx.diagnostics.push(diagnostic("dmn.input.inferred", { name: head, type: spelled, at: locate(ctx, ie) }));
    });
  }
}
