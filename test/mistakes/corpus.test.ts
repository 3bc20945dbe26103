// The mistake corpus as a test: every kind of mistake, applied at every place of every sample
// model and at a seeded sample of places of every corpus model (bench/corpus/), must be flagged
// at its place when it changes a decision (unless it can mean something else: kinds.ts), a
// flagged mutant must not be reported anywhere else, a right way of writing a model must not
// raise the false alarm its kind names, and docs/mistakes.md must be what the corpus renders.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DOC_PATH, render } from "../../scripts/docs/mistakes.js";
import { PLACES_PER_KIND, runCorpus, SAMPLED_ABOVE, type Outcome } from "./corpus.js";
import { KINDS } from "./kinds.js";

const corpus = runCorpus();
const { outcomes, tried, sampled } = corpus;

const describeOutcome = (o: Outcome): string =>
  `${o.model} ${o.address}: ${JSON.stringify(o.before)} → ${JSON.stringify(o.after)}` +
  (o.elsewhere.length ? ` (elsewhere: ${o.elsewhere.map((d) => `${d.code} at ${d.address}`).join(", ")})` : "");

describe(`the mistake corpus over the sample and corpus models: every place; in a model of more than ${SAMPLED_ABOVE} places (insurance-rating, scorecard), at most ${PLACES_PER_KIND} seeded places per kind`, () => {
  it("has at least 30 kinds, each applied somewhere", () => {
    expect(KINDS.length).toBeGreaterThanOrEqual(30);
    const applied = new Set(outcomes.map((o) => o.kind));
    expect(KINDS.map((k) => k.name).filter((k) => !applied.has(k))).toEqual([]);
  });

  it("runs over the sample models and the corpus models", () => {
    expect(new Set(outcomes.filter((o) => o.source === "sample").map((o) => o.model)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(outcomes.filter((o) => o.source === "corpus").map((o) => o.model)).size).toBeGreaterThanOrEqual(8);
  });

  it(`tries every kind on every model it fits: at every place, or at min(places, ${PLACES_PER_KIND}) in a large model`, () => {
    expect(sampled).toEqual(expect.arrayContaining(["insurance-rating"]));
    const wrong = tried.filter((t) => {
      const made = outcomes.filter((o) => o.model === t.model && o.kind === t.kind);
      const expected = sampled.includes(t.model) ? Math.min(t.fitting, PLACES_PER_KIND) : t.fitting;
      return t.tried === 0 || made.length !== t.tried || t.tried !== expected;
    });
    expect(wrong).toEqual([]);
  });

  it("records whether a mutant fails a case only for a model that has cases", () => {
    expect(outcomes.filter((o) => (o.source === "sample") !== (o.failsCases !== undefined)).map(describeOutcome)).toEqual([]);
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
    const alarm = kind.falseAlarm;
    if (alarm)
      it(`${kind.name}: no mutant raises ${alarm}`, () => {
        expect(mine.filter((o) => [...o.atPlace, ...o.elsewhere].some((d) => d.code === alarm)).map(describeOutcome)).toEqual([]);
      });
  }

  it("no mutant that answers every state as the sample does fails one of the sample's cases", () => {
    expect(outcomes.filter((o) => !o.changesDecisions && o.failsCases === true).map(describeOutcome)).toEqual([]);
  });

  it("a mutant that fails a case fails it at run time only: it passed the check's six stages", () => {
    const failing = outcomes.filter((o) => o.failsCases === true);
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.filter((o) => o.atPlace.some((d) => d.severity === "error")).map(describeOutcome)).toEqual([]);
  });

  it("docs/mistakes.md is current (run `npx tsx scripts/docs/mistakes.ts --write`)", () => {
    expect(readFileSync(DOC_PATH, "utf8")).toBe(render(corpus));
  });
});
