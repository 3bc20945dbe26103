// The decision dependency graph: cycles (spec 2.5 rule 2) and a topological order.

export interface GraphNode {
  name: string;
  /** the decisions this one reads */
  uses: readonly string[];
}

/** Each cycle once, as a path that returns to its start: [a, b, c, a]. */
export function findCycles(nodes: readonly GraphNode[]): string[][] {
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const state = new Map<string, "active" | "done">();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const visit = (name: string): void => {
    state.set(name, "active");
    stack.push(name);
    for (const next of byName.get(name)?.uses ?? []) {
      if (!byName.has(next)) continue;
      const s = state.get(next);
      if (s === "active") {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        const key = [...new Set(cycle)].sort().join("\u0000");
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
      } else if (s === undefined) visit(next);
    }
    stack.pop();
    state.set(name, "done");
  };
  for (const n of nodes) if (!state.has(n.name)) visit(n.name);
  return cycles;
}

/**
 * Every node after the nodes it uses, otherwise in declaration order. Nodes on a cycle keep
 * their declaration order among themselves (the cycle is reported separately).
 */
export function topologicalOrder(nodes: readonly GraphNode[]): string[] {
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const order: string[] = [];
  const place = (name: string): void => {
    if (placed.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const dep of byName.get(name)?.uses ?? []) if (byName.has(dep)) place(dep);
    visiting.delete(name);
    placed.add(name);
    order.push(name);
  };
  for (const n of nodes) place(n.name);
  return order;
}

export const formatCycle = (cycle: readonly string[]): string => cycle.join(" → ");
