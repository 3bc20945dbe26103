// A small element tree over fast-xml-parser's ordered output. DMN files come with any namespace
// prefix (`semantic:`, `dmn:`, none), so elements are matched by local name; document order is
// kept because boxed lists, relations and invocations depend on it.
import { XMLParser } from "fast-xml-parser";
import { MAX_XML_DEPTH } from "./xml-limits.js";

export interface XmlElement {
  /** local name, without prefix */
  name: string;
  /** attributes by their name as written (`xsi:type`, `typeRef`) */
  attrs: Record<string, string>;
  children: XmlElement[];
  /** concatenated text and CDATA directly inside this element, untrimmed */
  text: string;
  /** the enclosing element (for diagnostics that name the nearest element with an id) */
  parent?: XmlElement;
  /** the 1-based line of the start tag in the document (for diagnostics) */
  line?: number;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
  cdataPropName: "#cdata",
  commentPropName: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  captureMetaData: true,
  maxNestedTags: MAX_XML_DEPTH,
});

const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

type OrderedNode = Record<string, unknown> & { ":@"?: Record<string, string> };

/** Offsets where each line starts, to turn a parser offset into a line number. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

function lineAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

const localName = (qname: string): string => qname.slice(qname.indexOf(":") + 1);

function textOf(nodes: OrderedNode[]): string {
  let s = "";
  for (const n of nodes) {
    if ("#text" in n) s += String(n["#text"]);
    else if ("#cdata" in n) s += textOf(n["#cdata"] as OrderedNode[]);
  }
  return s;
}

function toElement(node: OrderedNode, starts: number[]): XmlElement | null {
  const tag = Object.keys(node).find((k) => k !== ":@" && k !== "#text" && k !== "#cdata");
  if (tag === undefined) return null;
  const inner = (node[tag] as OrderedNode[]) ?? [];
  const children: XmlElement[] = [];
  for (const c of inner) {
    const e = toElement(c, starts);
    if (e) children.push(e);
  }
  const el: XmlElement = { name: localName(tag), attrs: { ...(node[":@"] ?? {}) }, children, text: textOf(inner) };
  // not enumerable: keeps the tree printable and comparable
  for (const c of children) Object.defineProperty(c, "parent", { value: el, enumerable: false });
  const offset = (node as Record<symbol, { startIndex?: number } | undefined>)[META]?.startIndex;
  if (offset !== undefined) Object.defineProperty(el, "line", { value: lineAt(starts, offset), enumerable: false });
  return el;
}

/**
 * The first entity a document's DOCTYPE declares in its internal subset (before the root element),
 * with its line. DMN files use no DTD; the parser refuses external entities but would leave a
 * reference to an internal one as its literal text (`&lol3;` inside a FEEL string), so a document
 * that declares one is refused where it declares it rather than imported with the wrong text.
 */
export function declaredEntity(text: string): { name: string; line: number } | undefined {
  const rootAt = text.search(/<[A-Za-z_]/);
  const prolog = rootAt < 0 ? text : text.slice(0, rootAt);
  const doctype = prolog.search(/<!DOCTYPE\b/);
  if (doctype < 0) return undefined;
  const entity = /<!ENTITY\s+(%\s+)?([^\s>]*)/.exec(prolog.slice(doctype));
  if (!entity) return undefined;
  return { name: entity[2]!, line: lineAt(lineStarts(text), doctype + entity.index) };
}

/** Parses a document and returns its root element, or an error message. */
export function parseXml(text: string): { root: XmlElement } | { error: string } {
  let nodes: OrderedNode[];
  try {
    nodes = parser.parse(text, true) as OrderedNode[];
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  const starts = lineStarts(text);
  for (const n of nodes) {
    const e = toElement(n, starts);
    if (e) return { root: e };
  }
  return { error: "no root element" };
}

export const child = (e: XmlElement, name: string): XmlElement | undefined => e.children.find((c) => c.name === name);
export const childrenNamed = (e: XmlElement, name: string): XmlElement[] => e.children.filter((c) => c.name === name);

/** An attribute by local name, whatever its prefix (`xsi:type` is found as `type` only when no plain `type`). */
export function attr(e: XmlElement, name: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(e.attrs, name)) return e.attrs[name];
  for (const [k, v] of Object.entries(e.attrs)) if (localName(k) === name && k.includes(":")) return v;
  return undefined;
}

/** A prefixed attribute in the XML Schema instance namespace (`xsi:type`, `xsi:nil`), whatever the prefix. */
export function xsiAttr(e: XmlElement, name: "type" | "nil"): string | undefined {
  for (const [k, v] of Object.entries(e.attrs)) if (k.includes(":") && localName(k) === name) return v;
  return undefined;
}

/** The text of a `<text>` child (DMN's way of holding FEEL), or undefined. */
export const textChild = (e: XmlElement): string | undefined => {
  const t = child(e, "text");
  return t ? t.text : undefined;
};
