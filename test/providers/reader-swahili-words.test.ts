// Swahili written beside English in a claim ("Mwizi aliiba …", "Jumla ni $950") is read through
// its table of words (foreign-words.ts, sw): the peril and the total. None of those words is a
// word that English evidence writes: no English text of the labelled cases holds one, so the
// table cannot change how an English text reads.
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FOREIGN_WORDS } from "../../src/providers/readers/foreign-words.js";
import { partlyForeign } from "../../src/providers/readers/text/languages.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "claim amount": { type: "number >= 0", desc: "How many dollars does the policyholder claim?" },
  peril: {
    type: "theft|water|fire|storm",
    desc: "What caused the loss?",
    options: { theft: "burglary or theft", water: "escape of water", fire: "fire or smoke", storm: "storm, hail or wind" },
  },
});
const SWAHILI = Object.values(FOREIGN_WORDS.sw!).flat();

describe("Swahili beside English", () => {
  it("reads a theft and its stated total from a Swahili note", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("Mwizi aliiba baiskeli yangu.", "Wezi waliiba simu na laptop.", "Gari liliibiwa jana usiku."),
        fc.integer({ min: 2, max: 40 }).map((n) => n * 50),
        fc.integer({ min: 2, max: 40 }).map((n) => n * 50),
        (theft, a, b) => {
          const read = readText(inputs, `Habari. ${theft}\nSimu $${a}, baiskeli $${b}. Jumla ni $${a + b}.\nAsante.`, "2026-03-09");
          expect(read.peril?.value).toBe("theft");
          expect(read["claim amount"]?.value).toBe(a + b);
          // read through a translation: never sure
          expect(read["claim amount"]!.confidence).toBeLessThanOrEqual(0.9);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("holds no word that an English text of the labelled cases writes", () => {
    const dir = new URL("../fixtures/evidence/", import.meta.url);
    const english = new Set<string>();
    for (const f of readdirSync(dir).filter((n) => n.endsWith(".json"))) {
      const state = (JSON.parse(readFileSync(new URL(f, dir), "utf8")) as { state: unknown }).state;
      if (typeof state !== "string" || partlyForeign(state)) continue;
      for (const w of state.toLowerCase().match(/\p{L}+/gu) ?? []) english.add(w);
    }
    expect(english.size).toBeGreaterThan(3000);
    const phrases = SWAHILI.flatMap((p) => p.split(" "));
    expect(phrases.filter((w) => english.has(w))).toEqual([]);
  });
});
