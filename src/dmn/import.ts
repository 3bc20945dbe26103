// DMN 1.1–1.5 XML → portable content (lenient format, docs/lenient-extensions.md).
//
// Imported models are flattened into the one namespace: each imported element keeps its own
// name (so the imported model's expressions read unchanged) and gains an alias
// `<import name>.<name>` (so the importer's qualified references resolve as one declared name).
import { diagnostic, type Diagnostic } from "../ir/diagnostics.js";
import { locate, type ImportContext } from "./context.js";
import { readDefinitions, splitHref, type Definitions } from "./definitions.js";
import { decodeXmlBytes } from "./xml-bytes.js";
import { mapDefinitions, type MappedModel, type Resolver } from "./drg.js";
import { declareFreeNames, declareImplicitInputs, type FreeName } from "./implicit-inputs.js";
import { has, put } from "./records.js";
import type { XmlElement } from "./xml.js";

export interface ImportOptions {
  /** the file name, for diagnostics */
  file?: string;
  /** other .dmn files by name (for `<import>`) */
  siblings?: Record<string, string | Uint8Array>;
  /**
   * The names the imported content reads and does not declare (the compiler's check finds them).
   * Given, the ones a decision reads are declared as inputs, as Camunda reads variables; without
   * it only the names of tables' input expressions are.
   */
  freeNames?: (content: Record<string, unknown>) => FreeName[];
}

export interface ImportResult {
  /** best-effort content; when diagnostics hold an error, parts of the model could not be mapped */
  content: Record<string, unknown> | null;
  diagnostics: Diagnostic[];
  /** decision service name → its output decision names (a single output returns the bare value) */
  decisionServices: Record<string, string[]>;
}

/** DMN models of every version, also the 1.2 draft namespace Trisotech and Drools wrote (`DMN1-2Alpha/20160929`). */
const DMN_IMPORT = /omg\.org\/spec\/DMN[\w-]*\/\d+\/MODEL/i;

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
    const ctx: ImportContext = { file: defs.file, typeNames: new Set(), diagnostics, unfilled: [] };
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

const SECTIONS = ["types", "inputs", "decisions", "functions"] as const;

/** The definition already merged under a name, in the same namespace (types, or inputs-decisions-functions). */
function mergedAs(into: MappedModel, section: (typeof SECTIONS)[number], name: string): unknown {
  const same = section === "types" ? (["types"] as const) : (["inputs", "decisions", "functions"] as const);
  const s = same.find((k) => has(into[k], name));
  return s === undefined ? undefined : (into[s] as Record<string, unknown>)[name];
}

/**
 * Adds what `from` declares to `into`. A name already there keeps its first definition: the
 * importing model's own, then the imports' in order. The same definition arriving twice (one model
 * imported under the same name by two others) is no collision; different ones are, reported once
 * per model.
 */
function merge(into: MappedModel, from: MappedModel, ctx: ImportContext, model: string): void {
  const names: string[] = [];
  for (const section of SECTIONS) {
    for (const [name, value] of Object.entries(from[section])) {
      const existing = mergedAs(into, section, name);
      if (existing === undefined) put(into[section] as Record<string, unknown>, name, value);
      else if (JSON.stringify(existing) !== JSON.stringify(value)) names.push(name);
    }
  }
  if (names.length > 0) ctx.diagnostics.push(diagnostic("dmn.import.collision", { names, model, at: locate(ctx) }));
  for (const [name, outputs] of Object.entries(from.decisionServices))
    if (!has(into.decisionServices, name)) put(into.decisionServices, name, outputs);
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

/** A file's definitions from its text, or from its bytes (UTF-8, or UTF-16 with a byte order mark). */
function definitionsOf(source: string | Uint8Array, file: string): Definitions | { error: string } {
  if (typeof source === "string") return readDefinitions(source, file);
  const decoded = decodeXmlBytes(source);
  return "error" in decoded ? { error: `${file}:${decoded.error}` } : readDefinitions(decoded.text, file);
}

export function importDmn(xml: string | Uint8Array, options: ImportOptions = {}): ImportResult {
  const file = options.file ?? "model.dmn";
  const diagnostics: Diagnostic[] = [];
  const main = definitionsOf(xml, file);
  if ("error" in main) return { content: null, diagnostics: [diagnostic("dmn.xml", { detail: main.error })], decisionServices: {} };

  // siblings are read only when the model imports something
  const byNamespace = new Map<string, Definitions>();
  const importsAny = main.root.children.some((c) => c.name === "import");
  for (const [name, text] of Object.entries(importsAny ? (options.siblings ?? {}) : {})) {
    if (name === file) continue;
    const d = definitionsOf(text, name);
    if (!("error" in d) && d.namespace !== main.namespace) byNamespace.set(d.namespace, d);
  }
  const imports = loadImports(main, byNamespace, diagnostics);

  // imports are mapped first (the importing model's typeRefs name their types), merged after the
  // importing model's own definitions, which win any collision
  const typeNames = new Set<string>();
  const contextOf = (defs: Definitions): ImportContext => ({
    file: defs.file,
    typeNames,
    diagnostics,
    expressionLanguage: defs.root.attrs.expressionLanguage?.trim() || undefined,
    unfilled: [],
    names: new Map(),
  });
  const mappedImports = imports.map(({ defs, aliases }) => {
    const ctx = contextOf(defs);
    const mapped = mapDefinitions(defs, ctx, resolverFor(defs, byNamespace, ctx));
    const aliased = [...aliases].map((alias) => {
      const a = aliasesOf(mapped, alias);
      for (const t of Object.keys(a.types)) typeNames.add(t);
      return a;
    });
    return { defs, ctx, mapped, aliased };
  });
  const ctx = contextOf(main);
  const resolve = resolverFor(main, byNamespace, ctx);
  const all: MappedModel = { types: {}, inputs: {}, decisions: {}, functions: {}, decisionServices: {} };
  merge(all, mapDefinitions(main, ctx, resolve), ctx, main.name);
  for (const { defs, ctx: importCtx, mapped, aliased } of mappedImports) {
    merge(all, mapped, importCtx, defs.name);
    for (const a of aliased) merge(all, a, importCtx, defs.name);
  }
  declareImplicitInputs(main, all, ctx, resolve);
  if (options.freeNames) declareFreeNames(main, all, ctx, options.freeNames(contentOf(main, all)));
  return { content: contentOf(main, all), diagnostics, decisionServices: all.decisionServices };
}

function contentOf(main: Definitions, all: MappedModel): Record<string, unknown> {
  const content: Record<string, unknown> = { name: main.name };
  if (Object.keys(all.types).length > 0) content.types = all.types;
  content.inputs = all.inputs;
  content.decisions = all.decisions;
  if (Object.keys(all.functions).length > 0) content.functions = all.functions;
  return content;
}
