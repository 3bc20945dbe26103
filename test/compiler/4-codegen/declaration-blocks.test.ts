import { parse, type Node } from "acorn";
import { describe, expect, it } from "vitest";
import { compileToSource, type ModelInput } from "../../../src/compiler/index.js";

/** The most declarations written directly in one block or function body of the source. */
function mostDeclaredInOneScope(source: string): number {
  let most = 0;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object" || typeof (node as Node).type !== "string") return;
    const body = (node as { body?: unknown }).body;
    if (((node as Node).type === "BlockStatement" || (node as Node).type === "Program") && Array.isArray(body)) {
      const declared = (body as Node[])
        .filter((s) => s.type === "VariableDeclaration")
        .reduce((n, s) => n + (s as unknown as { declarations: unknown[] }).declarations.length, 0);
      most = Math.max(most, declared);
    }
    for (const value of Object.values(node)) if (value && typeof value === "object") visit(value);
  };
  visit(parse(`(function () {${source}\n})`, { ecmaVersion: "latest" }));
  return most;
}

const num = { type: "number", desc: "x?" };
const SHAPES: Record<string, (n: number) => ModelInput> = {
  "a context of n entries": (n) => ({
    content: {
      name: "context",
      inputs: { x: num },
      decisions: { c: `{ ${Array.from({ length: n }, (_, i) => `entry ${i}: ${i === 0 ? "x" : `entry ${i - 1} + 1`}`).join(", ")} }` },
    },
  }),
  "n decisions in a chain": (n) => ({
    content: {
      name: "chain",
      inputs: { x: num },
      decisions: Object.fromEntries(Array.from({ length: n }, (_, i) => [`d${i}`, i === 0 ? "x + 1" : `d${i - 1} + 1`])),
    },
  }),
  "n inputs read by one decision": (n) => ({
    content: {
      name: "inputs",
      inputs: Object.fromEntries(Array.from({ length: n }, (_, i) => [`i${i}`, num])),
      decisions: { s: `sum([${Array.from({ length: n }, (_, i) => `i${i}`).join(", ")}])` },
    },
  }),
};

// A parser's check of each declaration costs the declarations before it in its scope (acorn
// searches a list): the verification of a module with tens of thousands in one scope took minutes.
describe("generated code: declarations per scope stay bounded as a model grows", () => {
  for (const [shape, model] of Object.entries(SHAPES)) {
    it(shape, () => {
      const counts = [300, 1500].map((n) => {
        const r = compileToSource(model(n), { verifyExplain: true });
        if (!r.ok) throw new Error(JSON.stringify(r.check.stages));
        return Math.max(mostDeclaredInOneScope(r.loadable.source), mostDeclaredInOneScope(r.loadable.explainSource));
      });
      // the same bound at five times the size
      expect(counts[1]).toBeLessThanOrEqual(Math.max(counts[0]!, 1024));
      expect(counts[1]).toBeLessThan(1500);
    });
  }
});
