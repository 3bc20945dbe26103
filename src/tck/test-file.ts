// TCK test files (`*-test-*.xml`, testCases.xsd): the model they test and their cases.
import { attr, child, childrenNamed, parseXml, type XmlElement } from "../dmn/xml.js";

interface TckInput {
  name: string;
  namespace?: string;
  /** the `valueType` element holding the value */
  node: XmlElement;
}

interface TckResult {
  name: string;
  /** `errorResult="true"`: the engine is expected to fail, i.e. yield null */
  errorResult: boolean;
  expected?: XmlElement;
}

export interface TckCase {
  id: string;
  type: "decision" | "bkm" | "decisionService";
  invocableName?: string;
  description?: string;
  inputs: TckInput[];
  results: TckResult[];
}

export interface TckFile {
  modelName?: string;
  cases: TckCase[];
}

function readCase(el: XmlElement, index: number): TckCase {
  const type = (attr(el, "type") ?? "decision") as TckCase["type"];
  return {
    id: el.attrs.id ?? String(index + 1),
    type,
    invocableName: el.attrs.invocableName,
    description: child(el, "description")?.text.trim(),
    inputs: childrenNamed(el, "inputNode").map((n) => ({ name: n.attrs.name ?? "", namespace: n.attrs.namespace, node: n })),
    results: childrenNamed(el, "resultNode").map((n) => ({
      name: n.attrs.name ?? "",
      errorResult: n.attrs.errorResult === "true",
      expected: child(n, "expected"),
    })),
  };
}

export function readTestFile(text: string): TckFile | { error: string } {
  const parsed = parseXml(text);
  if ("error" in parsed) return { error: parsed.error };
  const root = parsed.root;
  if (root.name !== "testCases") return { error: `root element is <${root.name}>, not <testCases>` };
  return {
    modelName: child(root, "modelName")?.text.trim(),
    cases: childrenNamed(root, "testCase").map(readCase),
  };
}
