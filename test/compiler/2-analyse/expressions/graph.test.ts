import { describe, expect, it } from "vitest";
import { findCycles, formatCycle, topologicalOrder } from "../../../../src/compiler/2-analyse/expressions/graph.js";

describe("decision graph", () => {
  it("finds each cycle once, as a closed path", () => {
    const nodes = [
      { name: "a", uses: ["b"] },
      { name: "b", uses: ["c", "a"] },
      { name: "c", uses: ["a"] },
      { name: "d", uses: ["d"] },
      { name: "e", uses: ["x-not-a-decision"] },
    ];
    const cycles = findCycles(nodes).map(formatCycle);
    expect(cycles).toEqual(["a → b → c → a", "a → b → a", "d → d"]);
  });

  it("orders nodes after what they use, else by declaration", () => {
    expect(
      topologicalOrder([
        { name: "total", uses: ["sub", "tax"] },
        { name: "free", uses: [] },
        { name: "tax", uses: ["sub"] },
        { name: "sub", uses: [] },
      ]),
    ).toEqual(["sub", "tax", "total", "free"]);
  });

  it("still places every node when there are cycles", () => {
    expect(
      topologicalOrder([
        { name: "a", uses: ["b"] },
        { name: "b", uses: ["a"] },
      ]).sort(),
    ).toEqual(["a", "b"]);
  });
});
