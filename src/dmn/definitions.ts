// A parsed `<definitions>` document with what the importer looks up in it: its namespace, its
// elements by id, and how an `href` (`#id` or `namespace#id`) resolves.
import { declaredEntity, parseXml, type XmlElement } from "./xml.js";
import { xmlLimitProblem } from "./xml-limits.js";

export interface Definitions {
  file: string;
  name: string;
  namespace: string;
  root: XmlElement;
  byId: Map<string, XmlElement>;
}

export function readDefinitions(text: string, file: string): Definitions | { error: string } {
  const entity = declaredEntity(text);
  if (entity)
    return {
      error: `${file}:${entity.line}: the DOCTYPE declares the entity ${entity.name}; DMN files use no DTD and the import expands no entity: write its text in place`,
    };
  const limit = xmlLimitProblem(text);
  if (limit) return { error: `${file}:${limit.line}:${limit.column}: ${limit.message}` };
  const parsed = parseXml(text);
  if ("error" in parsed) return { error: `${file}: not well-formed XML: ${parsed.error}` };
  const root = parsed.root;
  if (/omg\.org\/spec\/DMN\/20130901/.test(Object.values(root.attrs).join(" ")))
    return {
      error: `${file}: DMN 1.0 (namespace http://www.omg.org/spec/DMN/20130901, <${root.name}>), whose tables are clauses that rules reference by id, is not read; the import reads DMN 1.1–1.5: save the model as DMN 1.1 or later`,
    };
  if (root.name !== "definitions") return { error: `${file}: root element is <${root.name}>, not <definitions>` };
  const byId = new Map<string, XmlElement>();
  for (const el of root.children) if (el.attrs.id) byId.set(el.attrs.id, el);
  return { file, name: root.attrs.name ?? file, namespace: root.attrs.namespace ?? "", root, byId };
}

/** Splits an href into the namespace part (empty for a local `#id`) and the id. */
export function splitHref(href: string): { namespace: string; id: string } {
  const hash = href.lastIndexOf("#");
  return hash < 0 ? { namespace: "", id: href } : { namespace: href.slice(0, hash), id: href.slice(hash + 1) };
}
