// A customer's kind said only by the title before a person's name ("Ms Duarte", "Mr. Okafor"): an
// individual, even where the tokenizer ends a sentence at the title's dot. A title's letters that
// name no one ("MS" in lower case, "Mr" before a word that is no name) say nothing; an option
// said by its own name stays said outright when a title stands in the same sentence.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const kyc = sample("kyc-risk").ir.inputs.filter((i) => i.name === "customer type");

describe("a title before a name names an individual", () => {
  it("reads individual from a title and a name, and nothing from the name alone", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("Ms", "Ms.", "Mr", "Mr.", "Mrs", "Mrs.", "Miss", "Mx"),
        fc.constantFrom("Imani Cole", "Okafor", "Ines Duarte", "Tanaka"),
        (title, name) => {
          const read = readText(kyc, `New customer onboarding: ${title} ${name}, resident in Lisbon.`)["customer type"];
          expect(read?.value).toBe("individual");
          expect(read!.confidence).toBeLessThanOrEqual(0.9);
          expect(readText(kyc, `New customer onboarding: ${name}, resident in Lisbon.`)["customer type"]).toBeUndefined();
        },
      ),
      { numRuns: 40 },
    );
  });

  it("reads nothing from a title's letters that are no title of a name", () => {
    expect(readText(kyc, "New customer onboarding: ms word files attached, resident in Lisbon.")["customer type"]).toBeUndefined();
    expect(readText(kyc, "New customer onboarding: Mr and the rest, resident in Lisbon.")["customer type"]).toBeUndefined();
  });

  it("keeps an option said by its name as sure when a title stands beside it", () => {
    fc.assert(
      fc.property(fc.constantFrom("Ms", "Mr.", "Mrs"), fc.constantFrom("Duarte", "Ines Duarte", "Okafor"), (title, name) => {
        const text = `New customer onboarding: an individual resident in Lisbon, ${name}.`;
        const alone = readText(kyc, text)["customer type"]!;
        const titled = readText(kyc, text.replace(name, `${title} ${name}`))["customer type"]!;
        expect(titled.value).toBe("individual");
        expect(titled.confidence).toBeGreaterThanOrEqual(alone.confidence);
      }),
      { numRuns: 9 },
    );
  });
});
