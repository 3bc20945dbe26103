// What every mapping step of the importer shares: the file, the known item definitions, and the
// diagnostics collected so far. Diagnostics name the DMN element id, the file and the line.
import type { Diagnostic } from "../ir/diagnostics.js";
import type { XmlElement } from "./xml.js";

export interface ImportContext {
  file: string;
  /** item definition names declared by the model (and by imports, with their prefix) */
  typeNames: Set<string>;
  /** the item definitions by name, to find the built-in base of a named type */
  itemDefinitions?: Map<string, XmlElement>;
  diagnostics: Diagnostic[];
  /** the `expressionLanguage` of `<definitions>`: the language of every expression that names none */
  expressionLanguage?: string;
  /**
   * Messages of the parts that could not be imported since the current decision or function began:
   * it is then written as `unmapped` (which fails every check) instead of running to null.
   */
  unfilled: string[];
  /** the name each DRG element was imported under (a duplicate's may be its id) */
  names?: Map<XmlElement, string>;
}

const describe = (el: XmlElement): string => {
  const id = el.attrs.id;
  const name = el.attrs.name;
  return `<${el.name}${id ? ` id="${id}"` : ""}${name ? ` name="${name}"` : ""}>`;
};

/** The element, the nearest enclosing element with an id when it has none, and file:line: every DMN message's `at`. */
export const locate = (ctx: ImportContext, el?: XmlElement): string => {
  if (!el) return ctx.file;
  let anchor = el.parent;
  while (anchor && !anchor.attrs.id) anchor = anchor.parent;
  const inside = !el.attrs.id && anchor && anchor.name !== "definitions" ? ` in ${describe(anchor)}` : "";
  return `${describe(el)}${inside} in ${ctx.file}${el.line === undefined ? "" : `:${el.line}`}`;
};

/** Reports a part of the model the import cannot fill: the enclosing decision or function is not imported. */
export function unfilled(ctx: ImportContext, d: Diagnostic): void {
  ctx.diagnostics.push(d);
  ctx.unfilled.push(d.message);
}

/** Runs a mapping step and says what it left unfilled (the messages), if anything. */
export function mapping<T>(ctx: ImportContext, step: () => T): { value: T; unfilled: string[] } {
  const mark = ctx.unfilled.length;
  const value = step();
  return { value, unfilled: ctx.unfilled.splice(mark) };
}
