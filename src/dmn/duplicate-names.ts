// Two DRG elements with one name. DMN wants names unique, but Camunda and dmn-scala identify
// decisions by id and read a required decision by its outputs' names, so files that reuse a name
// run there. The second element is imported under its id when that is safe: the id names nothing
// else, and no element that requires it (or a decision service built from it) reads the shared
// name, so no expression could mean the other one.
import type { XmlElement } from "./xml.js";
import { splitHref } from "./definitions.js";
import { mentions, textsUnder } from "./mentions.js";

/** The elements of the file that point at `el` by href (requirements, decision services). */
function referrers(el: XmlElement, root: XmlElement, namespace: string): XmlElement[] {
  const points = (x: XmlElement): boolean =>
    x.children.some((c) => {
      const href = c.attrs.href;
      if (href !== undefined) {
        const { namespace: ns, id } = splitHref(href);
        if (id === el.attrs.id && (ns === "" || ns === namespace)) return true;
      }
      return points(c);
    });
  return root.children.filter((x) => x !== el && points(x));
}

/**
 * The name to import a second element of an already taken name under (its id), or undefined when
 * renaming it could change what an expression reads.
 */
export function renameDuplicate(
  el: XmlElement,
  name: string,
  taken: (n: string) => boolean,
  root: XmlElement,
  namespace: string,
): string | undefined {
  const id = el.attrs.id;
  if (!id || id === name || taken(id) || root.children.some((x) => x !== el && x.attrs.name === id)) return undefined;
  for (const r of referrers(el, root, namespace)) {
    if (r.name === "decisionService" || mentions(textsUnder(r), name)) return undefined;
  }
  return id;
}
