// The generated-models report keeps the prose written into it (measurements of a change, where
// the time goes) when a run writes the file again: random prose sections, around the sections the
// report writes itself, come back once each, in order, after any number of runs.
import { describe, expect, it } from "vitest";
import type { ModelResult } from "../../bench/generated/one-model.js";
import { keptSections, renderGenerated } from "../../bench/generated/report.js";
import { seeded } from "../../src/providers/seeded-random.js";

const MACHINE = {
  cpu: "cpu",
  cores: 2,
  node: "v20",
  platform: "linux x64",
  date: "2026-01-01T00:00:00.000Z",
  load: [1, 1] as [number, number],
};

function results(random: () => number): ModelResult[] {
  return Array.from({ length: 1 + Math.floor(random() * 30) }, (_, i) => {
    const compiledNs = 10 + random() * 10_000;
    const baselineNs = 5 + random() * 100;
    return {
      seed: i + 1,
      states: 64,
      dropped: 0,
      equal: 10,
      apart: 0,
      differing: 0,
      features: ["arith"],
      compiledNs,
      baselineNs,
      ratio: compiledNs / baselineNs,
    };
  });
}

function prose(random: () => number, n: number): string {
  const words = ["time", "goes", "decimal", "## not a heading inside", "`code`", "|a|b|", "#", "", "text"];
  const lines = Array.from({ length: Math.floor(random() * 6) }, () => words[Math.floor(random() * words.length)]!.replace(/^## /, ""));
  return [`## Section ${n}: ${random().toString(36).slice(2, 8)}`, "", ...lines, ""].join("\n");
}

describe("generated-models report", () => {
  it("keeps every prose section of the file it replaces, once and in order, run after run", () => {
    for (let seed = 1; seed <= 60; seed++) {
      const random = seeded(seed);
      const sections = Array.from({ length: Math.floor(random() * 4) }, (_, i) => prose(random, i));
      // as the report holds a section: without trailing blank lines, then one
      const kept = sections.map((s) => `${s.trimEnd()}\n\n`).join("");
      let file = renderGenerated(MACHINE, results(random), 1, kept).markdown;
      for (let run = 0; run < 3; run++) {
        expect(keptSections(file), `seed ${seed}, run ${run}`).toBe(kept);
        file = renderGenerated(MACHINE, results(random), 1, keptSections(file)).markdown;
      }
      // the report's own sections are written once, never kept
      expect(file.match(/^## By feature$/gm)).toHaveLength(1);
      expect(file.match(/^## Worst models$/gm)).toHaveLength(1);
    }
  });

  it("keeps nothing from a file without prose sections", () => {
    const file = renderGenerated(MACHINE, results(seeded(7)), 1).markdown;
    expect(keptSections(file)).toBe("");
    expect(keptSections("")).toBe("");
  });
});
