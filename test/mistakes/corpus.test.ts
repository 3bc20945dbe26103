// The mistake corpus as a test: every kind of mistake, applied at every place of every sample
// model, must be flagged at its place when it changes a decision (unless it can mean something
// else: kinds.ts), a flagged mutant must not be reported anywhere else, and docs/mistakes.md
// must be what the corpus renders.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DOC_PATH, render } from "../../scripts/docs/mistakes.js";
import { runCorpus, type Outcome } from "./corpus.js";
import { KINDS } from "./kinds.js";

const outcomes = runCorpus();

const describeOutcome = (o: Outcome): string =>
  `${o.sample} ${o.address}: ${JSON.stringify(o.before)} → ${JSON.stringify(o.after)}` +
  (o.elsewhere.length ? ` (elsewhere: ${o.elsewhere.map((d) => `${d.code} at ${d.address}`).join(", ")})` : "");

describe("the mistake corpus", () => {
  it("has at least 30 kinds, each applied somewhere", () => {
    expect(KINDS.length).toBeGreaterThanOrEqual(30);
    const applied = new Set(outcomes.map((o) => o.kind));
    expect(KINDS.map((k) => k.name).filter((k) => !applied.has(k))).toEqual([]);
  });

  for (const kind of KINDS) {
    const mine = outcomes.filter((o) => o.kind === kind.name);
    it(`${kind.name}: flagged mutants are flagged at their place only`, () => {
      expect(mine.filter((o) => o.atPlace.length > 0 && o.elsewhere.length > 0).map(describeOutcome)).toEqual([]);
    });
    if (!kind.otherMeaning)
      it(`${kind.name}: every decision-changing mutant is flagged`, () => {
        expect(mine.filter((o) => o.changesDecisions && o.atPlace.length === 0).map(describeOutcome)).toEqual([]);
      });
  }

  it("no mutant that answers every state as the sample does fails one of the sample's cases", () => {
    expect(outcomes.filter((o) => !o.changesDecisions && o.failsCases).map(describeOutcome)).toEqual([]);
  });

  it("a mutant that fails a case fails it at run time only: it passed the check's six stages", () => {
    const failing = outcomes.filter((o) => o.failsCases);
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.filter((o) => o.atPlace.some((d) => d.severity === "error")).map(describeOutcome)).toEqual([]);
  });

  it("docs/mistakes.md is current (run `npx tsx scripts/docs/mistakes.ts --write`)", () => {
    expect(readFileSync(DOC_PATH, "utf8")).toBe(render(outcomes));
  });
});
