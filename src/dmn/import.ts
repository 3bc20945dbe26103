// DMN 1.1–1.5 XML → portable content (lenient format, docs/lenient-extensions.md).
//
// Imported models are flattened into the one namespace: each imported element keeps its own
// name (so the imported model's expressions read unchanged) and gains an alias
// `<import name>.<name>` (so the importer's qualified references resolve as one declared name).
import { diagnostic, type Diagnostic } from "../ir/diagnostics.js";
import { locate, type ImportContext } from "./context.js";
import { readDefinitions, splitHref, type Definitions } from "./definitions.js";
import { mapDefinitions, type MappedModel, type Resolver } from "./drg.js";
import { has, put } from "./records.js";
import type { XmlElement } from "./xml.js";

export interface ImportOptions {
  /** the file name, for diagnostics */
  file?: string;
  /** other .dmn files by name (for `<import>`) */
  siblings?: Record<string, string>;
}

export interface ImportResult {
  /** best-effort content; when diagnostics hold an error, parts of the model could not be mapped */
  content: Record<string, unknown> | null;
  diagnostics: Diagnostic[];
  /** decision service name → its output decision names (a single output returns the bare value) */
  decisionServices: Record<string, string[]>;
}

const DMN_IMPORT = /omg\.org\/spec\/DMN\/\d+\/MODEL/i;

interface Loaded {
  defs: Definitions;
  /** import names under which importers refer to this model */
  aliases: Set<string>;
}

/** The imported models reachable from `root`, dependencies first. */
function loadImports(root: Definitions, byNamespace: Map<string, Definitions>, diagnostics: Diagnostic[]): Loaded[] {
  const loaded = new Map<string, Loaded>();
  const order: Loaded[] = [];
  const visit = (defs: Definitions, stack: Set<string>): void => {
    const ctx: ImportContext = { file: defs.file, typeNames: new Set(), diagnostics };
    for (const imp of defs.root.children.filter((c) => c.name === "import")) {
      const ns = imp.attrs.namespace ?? "";
      const type = imp.attrs.importType ?? "";
      if (!DMN_IMPORT.test(type)) {
        ctx.diagnostics.push(diagnostic("dmn.import.type", { type, at: locate(ctx, imp) }));
        continue;
      }
      const target = byNamespace.get(ns);
      if (!target) {
        ctx.diagnostics.push(diagnostic("dmn.import.missing", { namespace: ns, at: locate(ctx, imp) }));
        continue;
      }
      let entry = loaded.get(ns);
      if (!entry && !stack.has(ns) && ns !== root.namespace) {
        entry = { defs: target, aliases: new Set() };
        loaded.set(ns, entry);
        visit(target, new Set([...stack, ns]));
        order.push(entry);
      }
      if (entry) entry.aliases.add(imp.attrs.name ?? "");
      else ctx.diagnostics.push(diagnostic("dmn.import.cycle", { namespace: ns, at: locate(ctx, imp) }));
    }
  };
  visit(root, new Set([root.namespace]));
  return order;
}

function resolverFor(defs: Definitions, all: Map<string, Definitions>, ctx: ImportContext): Resolver {
  return (href: string, from: XmlElement) => {
    const { namespace, id } = splitHref(href);
    const target = namespace === "" || namespace === defs.namespace ? defs : all.get(namespace);
    const el = target?.byId.get(id);
    if (!el) ctx.diagnostics.push(diagnostic("dmn.href.dangling", { href, at: locate(ctx, from) }));
    return el;
  };
}

function merge(into: MappedModel, from: MappedModel, ctx: ImportContext): void {
  const sections = ["types", "inputs", "decisions", "functions"] as const;
  for (const section of sections) {
    for (const [name, value] of Object.entries(from[section])) {
      const taken = sections.some((s) => (s === "types" ? section === "types" : section !== "types") && has(into[s], name));
      if (taken) {
        ctx.diagnostics.push(diagnostic("dmn.import.collision", { name, at: locate(ctx) }));
        continue;
      }
      put(into[section] as Record<string, unknown>, name, value);
    }
  }
  Object.assign(into.decisionServices, from.decisionServices);
}

/** `<alias>.<name>` entries that make an imported model's elements reachable by qualified name. */
function aliasesOf(model: MappedModel, alias: string): MappedModel {
  const out: MappedModel = { types: {}, inputs: {}, decisions: {}, functions: {}, decisionServices: {} };
  for (const name of Object.keys(model.types)) put(out.types, `${alias}.${name}`, name);
  for (const [name, input] of Object.entries(model.inputs)) put(out.decisions, `${alias}.${name}`, { type: input.type, expr: name });
  for (const [name, d] of Object.entries(model.decisions)) {
    put(out.decisions, `${alias}.${name}`, d.type === undefined ? { expr: name } : { type: d.type, expr: name });
  }
  for (const [name, f] of Object.entries(model.functions)) {
    const params = (f.params ?? {}) as Record<string, unknown>;
    put(out.functions, `${alias}.${name}`, { params, body: `${name}(${Object.keys(params).join(", ")})` });
  }
  return out;
}

export function importDmn(xmlText: string, options: ImportOptions = {}): ImportResult {
  const file = options.file ?? "model.dmn";
  const diagnostics: Diagnostic[] = [];
  const main = readDefinitions(xmlText, file);
  if ("error" in main) return { content: null, diagnostics: [diagnostic("dmn.xml", { detail: main.error })], decisionServices: {} };

  const byNamespace = new Map<string, Definitions>();
  for (const [name, text] of Object.entries(options.siblings ?? {})) {
    if (name === file) continue;
    const d = readDefinitions(text, name);
    if (!("error" in d) && d.namespace !== main.namespace) byNamespace.set(d.namespace, d);
  }
  const imports = loadImports(main, byNamespace, diagnostics);

  const typeNames = new Set<string>();
  const all: MappedModel = { types: {}, inputs: {}, decisions: {}, functions: {}, decisionServices: {} };
  for (const { defs, aliases } of imports) {
    const ctx: ImportContext = { file: defs.file, typeNames, diagnostics };
    const mapped = mapDefinitions(defs, ctx, resolverFor(defs, byNamespace, ctx));
    merge(all, mapped, ctx);
    for (const alias of aliases) {
      const aliased = aliasesOf(mapped, alias);
      for (const t of Object.keys(aliased.types)) typeNames.add(t);
      merge(all, aliased, ctx);
    }
  }
  const ctx: ImportContext = { file, typeNames, diagnostics };
  merge(all, mapDefinitions(main, ctx, resolverFor(main, byNamespace, ctx)), ctx);

  const content: Record<string, unknown> = { name: main.name };
  if (Object.keys(all.types).length > 0) content.types = all.types;
  content.inputs = all.inputs;
  content.decisions = all.decisions;
  if (Object.keys(all.functions).length > 0) content.functions = all.functions;
  return { content, diagnostics, decisionServices: all.decisionServices };
}
