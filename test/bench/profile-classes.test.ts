// The profile classes (bench/profile-classes.ts) on random call trees: every sample that is not
// idle counts once, under the first class of CLASSES that a frame of its stack (the sampled
// function and every caller up to the root) belongs to, and under "other" when none does.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLASSES, classify, place, type Frame, type Profile } from "../../bench/profile-classes.js";

/** Frames of several classes (the first of each is the class's own) and frames of none. */
const FRAMES: Frame[] = [
  { functionName: "(garbage collector)", url: "", lineNumber: -1 },
  { functionName: "signOneShot", url: "node:internal/crypto/sig", lineNumber: 141 },
  { functionName: "canonicalJsonOfText", url: "file:///app/dist/chunks/chunk-A.mjs", lineNumber: 7484 },
  { functionName: "evaluateJob", url: "file:///app/dist/chunks/chunk-B.mjs", lineNumber: 1178 },
  { functionName: "run", url: "file:///app/node_modules/better-sqlite3/lib/methods/wrappers.js", lineNumber: 5 },
  { functionName: "writev", url: "", lineNumber: -1 },
  { functionName: "handler", url: "file:///app/node_modules/fastify/lib/handle-request.js", lineNumber: 40 },
  { functionName: "respond", url: "file:///app/dist/chunks/chunk-B.mjs", lineNumber: 2818 },
  { functionName: "emit", url: "node:events", lineNumber: 469 },
  { functionName: "(program)", url: "", lineNumber: -1 },
  { functionName: "(idle)", url: "", lineNumber: -1 },
];

/** A call tree of up to `size` nodes: node i + 1's parent is one of the nodes before it. */
const profiles = fc
  .integer({ min: 1, max: 30 })
  .chain((size) =>
    fc.record({
      frames: fc.array(fc.integer({ min: 0, max: FRAMES.length - 1 }), { minLength: size, maxLength: size }),
      parents: fc.array(fc.nat(), { minLength: size - 1, maxLength: size - 1 }),
      samples: fc.array(fc.record({ node: fc.nat({ max: size - 1 }), us: fc.integer({ min: 0, max: 5000 }) }), { maxLength: 60 }),
    }),
  )
  .map(({ frames, parents, samples }) => {
    const parentOf = parents.map((p, i) => p % (i + 1));
    const profile: Profile = {
      nodes: frames.map((f, i) => ({
        id: i + 1,
        callFrame: FRAMES[f]!,
        children: parentOf.flatMap((p, child) => (p === i ? [child + 2] : [])),
      })),
      samples: samples.map((s) => s.node + 1),
      timeDeltas: samples.map((s) => s.us),
    };
    return { profile, stackOf: (node: number) => [node, ...ancestors(parentOf, node)].map((n) => FRAMES[frames[n]!]!) };
  });

/** The nodes above `node` (0-based), nearest first. */
function ancestors(parentOf: number[], node: number): number[] {
  const up: number[] = [];
  for (let at = node; at > 0; at = parentOf[at - 1]!) up.push(parentOf[at - 1]!);
  return up;
}

describe("profile classes", () => {
  it("counts each sample that is not idle once, under the first class its stack belongs to", () => {
    fc.assert(
      fc.property(profiles, fc.integer({ min: 1, max: 3 }), ({ profile, stackOf }, runs) => {
        const expected = new Map<string, number>();
        const own = new Map<string, number>();
        let total = 0;
        for (let run = 0; run < runs; run++)
          profile.samples.forEach((id, i) => {
            const stack = stackOf(id - 1);
            if (stack[0]!.functionName === "(idle)") return;
            const us = profile.timeDeltas[i]!;
            const name = CLASSES.find(([, belongs]) => stack.some(belongs))?.[0] ?? "other";
            expected.set(name, (expected.get(name) ?? 0) + us);
            own.set(`${name}|${place(stack[0]!)}`, (own.get(`${name}|${place(stack[0]!)}`) ?? 0) + us);
            total += us;
          });
        const got = classify(Array.from({ length: runs }, () => profile));
        expect(got.total).toBe(total);
        expect(Object.fromEntries(got.byClass)).toEqual(Object.fromEntries(expected));
        const gotOwn = [...got.byFunction].flatMap(([name, fns]) => [...fns].map(([f, us]) => [`${name}|${f}`, us] as const));
        expect(Object.fromEntries(gotOwn)).toEqual(Object.fromEntries(own));
      }),
      { numRuns: 300 },
    );
  });

  it("puts a sample whose stack holds frames of two classes under the earlier class, wherever its frame is", () => {
    const canonical = FRAMES[2]!;
    const writev = FRAMES[5]!;
    const profile: Profile = {
      nodes: [
        { id: 1, callFrame: canonical, children: [2] },
        { id: 2, callFrame: writev, children: [] },
      ],
      samples: [2, 1],
      timeDeltas: [7, 5],
    };
    expect(Object.fromEntries(classify([profile]).byClass)).toEqual({ "receipt canonical JSON": 12 });
  });
});
