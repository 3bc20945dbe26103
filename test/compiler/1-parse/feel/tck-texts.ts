// Collects the FEEL texts of the DMN files in the TCK sample, with the names each file declares.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { XMLParser } from "fast-xml-parser";

export type TextKind = "expression" | "unary-tests" | "type";

interface FeelText {
  file: string;
  kind: TextKind;
  /** the XML element the text belongs to, e.g. `inputEntry` */
  element: string;
  text: string;
}

export interface TckFile {
  file: string;
  names: string[];
  texts: FeelText[];
}

/** Where a `<text>` lives decides how it is parsed; other parents (annotations) hold prose. */
const TEXT_KINDS: Readonly<Record<string, TextKind>> = {
  literalExpression: "expression",
  inputExpression: "expression",
  outputEntry: "expression",
  inputEntry: "unary-tests",
  inputValues: "unary-tests",
  outputValues: "unary-tests",
  allowedValues: "unary-tests",
  typeConstraint: "unary-tests",
};

/** Elements whose `name` attribute declares a name that FEEL texts in the file may use. */
const DECLARING_ELEMENTS: ReadonlySet<string> = new Set([
  "inputData",
  "decision",
  "businessKnowledgeModel",
  "decisionService",
  "itemDefinition",
  "itemComponent",
  "formalParameter",
  "variable",
  "parameter",
  "column",
]);

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  textNodeName: "#text",
});

export function listDmnFiles(root: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(root).sort()) {
    const path = join(root, entry);
    if (statSync(path).isDirectory()) out.push(...listDmnFiles(path));
    else if (entry.endsWith(".dmn")) out.push(path);
  }
  return out;
}

export function readTckFile(root: string, path: string): TckFile {
  const file = relative(root, path);
  const names = new Set<string>();
  const texts: FeelText[] = [];
  const textOf = (node: unknown): string | null =>
    typeof node === "string"
      ? node
      : node && typeof node === "object" && "#text" in node
        ? String((node as Record<string, unknown>)["#text"])
        : null;

  const visit = (node: unknown, element: string): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, element);
      return;
    }
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    if (DECLARING_ELEMENTS.has(element) && typeof record["@name"] === "string") names.add(record["@name"]);
    const typeRef = record["@typeRef"];
    if (typeof typeRef === "string") texts.push({ file, kind: "type", element: `${element}@typeRef`, text: typeRef });
    for (const [key, child] of Object.entries(record)) {
      if (key.startsWith("@") || key === "#text") continue;
      const kind = TEXT_KINDS[element];
      if (key === "text" && kind) {
        for (const item of Array.isArray(child) ? child : [child]) {
          const text = textOf(item);
          if (text !== null) texts.push({ file, kind, element, text });
        }
      } else if (key === "typeRef" && element === "itemDefinition") {
        for (const item of Array.isArray(child) ? child : [child]) {
          const text = textOf(item);
          if (text !== null) texts.push({ file, kind: "type", element: "itemDefinition/typeRef", text: text.trim() });
        }
      } else {
        visit(child, key);
      }
    }
  };
  visit(xml.parse(readFileSync(path, "utf8")), "");
  return { file, names: [...names], texts };
}
