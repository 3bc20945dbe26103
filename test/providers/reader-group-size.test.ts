// How many people a writer's group is, said without the word "people": "there are four of us at
// home", "we're a family of four", "somos 3".
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const household = modelOf("household-totals").ir.inputs;
const WORDS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

describe("a group's size said of the writer's own group", () => {
  it("is the household's size", () => {
    const says = fc.constantFrom(
      (n: string) => `There are ${n} of us at home: me, my partner and the kids.`,
      (n: string) => `We're a family of ${n}, living in a rented flat.`,
      (n: string) => `We are a household of ${n} since my mother moved in.`,
      (n: string) => `Aqui em casa somos ${n}.`,
    );
    fc.assert(
      fc.property(says, fc.integer({ min: 2, max: 9 }), fc.boolean(), (say, n, inWords) => {
        fc.pre(!inWords || !say("").startsWith("Aqui"));
        const text = `${say(inWords ? WORDS[n]! : String(n))}\nI earn $3,100 a month and we owe $12,400 on the car, $290 a month.`;
        const got = readText(household, text);
        expect(got["household size"]?.value).toBe(n);
        expect(got["household income"]?.value).toBe(3100);
      }),
      { numRuns: 60, seed: 3320 },
    );
  });

  it("leaves a count of something else alone", () => {
    const got = readText(household, "I paid 3 of the bills already; I earn $3,100 a month.");
    expect(got["household size"]).toBeUndefined();
  });
});
