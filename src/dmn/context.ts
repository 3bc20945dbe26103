// What every mapping step of the importer shares: the file, the known item definitions, and the
// diagnostics collected so far. Diagnostics name the DMN element id and the file.
import type { Diagnostic } from "../ir/diagnostics.js";
import type { XmlElement } from "./xml.js";

export interface ImportContext {
  file: string;
  /** item definition names declared by the model (and by imports, with their prefix) */
  typeNames: Set<string>;
  /** the item definitions by name, to find the built-in base of a named type */
  itemDefinitions?: Map<string, XmlElement>;
  diagnostics: Diagnostic[];
}

const describe = (el: XmlElement): string => {
  const id = el.attrs.id;
  const name = el.attrs.name;
  return `<${el.name}${id ? ` id="${id}"` : ""}${name ? ` name="${name}"` : ""}>`;
};

/** The element, and the nearest enclosing element with an id when it has none: every DMN message's `at`. */
export const locate = (ctx: ImportContext, el?: XmlElement): string => {
  if (!el) return ctx.file;
  let anchor = el.parent;
  while (anchor && !anchor.attrs.id) anchor = anchor.parent;
  const inside = !el.attrs.id && anchor && anchor.name !== "definitions" ? ` in ${describe(anchor)}` : "";
  return `${describe(el)}${inside} in ${ctx.file}`;
};
