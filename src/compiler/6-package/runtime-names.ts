// The runtime functions a generated module calls: every `rt.<name>` in its source, read from the
// syntax tree (so no string or property of another object counts). A bundle imports these by name
// and no others, which lets esbuild leave out the rest of the runtime.
import { parse } from "acorn";

type Node = { type: string; [k: string]: unknown };

const isNode = (v: unknown): v is Node => v !== null && typeof v === "object" && "type" in v;

export function runtimeNames(source: string): string[] {
  const names = new Set<string>();
  const visit = (node: Node): void => {
    if (node.type === "MemberExpression" && !node.computed) {
      const [object, property] = [node.object as Node, node.property as Node];
      if (object.type === "Identifier" && object.name === "rt") names.add(property.name as string);
    }
    for (const key in node) {
      const v = node[key];
      if (Array.isArray(v)) {
        for (const c of v) if (isNode(c)) visit(c);
      } else if (isNode(v)) visit(v);
    }
  };
  visit(parse(`(function (rt) {\n${source}\n})`, { ecmaVersion: 2022, sourceType: "script" }) as unknown as Node);
  return [...names].sort();
}
