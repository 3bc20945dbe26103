// The runtime functions a generated module calls: every `rt.<name>` in its source, read from the
// syntax tree (so no string or property of another object counts). A bundle imports these by name
// and no others, which lets esbuild leave out the rest of the runtime. Also the built-ins it takes
// (`rt.builtinOf(rt.<group>, "<name>")`, the one way generated code reaches a built-in by name),
// group by group, and the name of each built-in's maker (runtime/builtins/def.ts), which a bundle
// imports in place of a whole group.
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
  return [...new Set([...builtinsByGroup(source).values()].flatMap((g) => g.names))].sort();
}

/** The built-ins a source takes from a group by name; `whole` when it reaches the group otherwise too. */
export interface GroupUse {
  names: string[];
  whole: boolean;
}

/**
 * Each group (`rt.<group>` as the first argument of `rt.builtinOf`) the generated source takes
 * built-ins from, with their names. A group the source names anywhere else, or with a name that is
 * no string literal, is used `whole`.
 */
export function builtinsByGroup(source: string): Map<string, GroupUse> {
  const groups = new Map<string, GroupUse>();
  const byName = new Set<Node>();
  const named: [string, Node][] = [];
  visit(source, (node) => {
    const member = runtimeName(node);
    if (member !== undefined) named.push([member, node]);
    if (node.type !== "CallExpression" || runtimeName(node.callee as Node) !== "builtinOf") return;
    const [group, name] = node.arguments as Node[];
    const g = group === undefined ? undefined : runtimeName(group);
    if (g === undefined || name?.type !== "Literal" || typeof name.value !== "string") return;
    byName.add(group!);
    const use = groups.get(g) ?? { names: [], whole: false };
    if (!use.names.includes(name.value)) use.names.push(name.value);
    groups.set(g, use);
  });
  for (const [g, node] of named) {
    const use = groups.get(g);
    if (use !== undefined && !byName.has(node)) use.whole = true;
  }
  return groups;
}

/** The export of a built-in's maker in its group's module: `builtin` and the name's words capitalised ("list contains": builtinListContains). */
export const builtinMaker = (name: string): string =>
  `builtin${name.replace(/(^| )(.)/g, (_, _space: string, c: string) => c.toUpperCase())}`;
