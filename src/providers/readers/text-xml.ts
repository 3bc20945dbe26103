// An XML document given as the text of the evidence (an export pasted whole): read as the JSON a
// converter would make of it, attributes as `@`-prefixed keys, an element's text beside them under
// `#text`, repeated elements as a list, which the JSON reader then writes as the plain JSON it
// stands for (json-elements.ts). Only a well-formed document, the whole text and nothing around it.
import { XMLParser, XMLValidator } from "fast-xml-parser";

/** Deeper than any export; a deeper text is not read as a document. */
const MAX_DEPTH = 64;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#text",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
  removeNSPrefix: true,
  htmlEntities: true,
  maxNestedTags: MAX_DEPTH,
});

/** The element tree a text is, whole, if it is one well-formed XML document; otherwise undefined. */
export function xmlDocumentOf(text: string): Record<string, unknown> | undefined {
  const t = text.trim();
  if (!t.startsWith("<") || !t.endsWith(">") || XMLValidator.validate(t) !== true) return undefined;
  try {
    const v: unknown = parser.parse(t);
    return typeof v === "object" && v !== null && Object.keys(v).length > 0 ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
