// The runtime functions a generated module calls: every `rt.<name>` in its source, read from the
// syntax tree (so no string or property of another object counts). A bundle imports these by name
// and no others, which lets esbuild leave out the rest of the runtime. Also the built-ins it takes
// (`rt.builtinOf(rt.<group>, "<name>")`, the one way generated code reaches a built-in by name).
import { parse } from "acorn";

type Node = { type: string; [k: string]: unknown };

const isNode = (v: unknown): v is Node => v !== null && typeof v === "object" && "type" in v;

/** Every node of the generated source's syntax tree, in order. */
function visit(source: string, each: (node: Node) => void): void {
  const walk = (node: Node): void => {
    each(node);
    for (const key in node) {
      const v = node[key];
      if (Array.isArray(v)) {
        for (const c of v) if (isNode(c)) walk(c);
      } else if (isNode(v)) walk(v);
    }
  };
  walk(parse(`(function (rt) {\n${source}\n})`, { ecmaVersion: 2022, sourceType: "script" }) as unknown as Node);
}

/** The name of `rt.<name>`; undefined for any other node. */
function runtimeName(node: Node): string | undefined {
  if (node.type !== "MemberExpression" || node.computed) return undefined;
  const [object, property] = [node.object as Node, node.property as Node];
  return object.type === "Identifier" && object.name === "rt" ? (property.name as string) : undefined;
}

export function runtimeNames(source: string): string[] {
  const names = new Set<string>();
  visit(source, (node) => {
    const name = runtimeName(node);
    if (name !== undefined) names.add(name);
  });
  return [...names].sort();
}

/** The names of the built-ins the generated source takes with `rt.builtinOf`. */
export function builtinNames(source: string): string[] {
  const names = new Set<string>();
  visit(source, (node) => {
    if (node.type !== "CallExpression" || runtimeName(node.callee as Node) !== "builtinOf") return;
    const name = (node.arguments as Node[])[1];
    if (name?.type === "Literal" && typeof name.value === "string") names.add(name.value);
  });
  return [...names].sort();
}
