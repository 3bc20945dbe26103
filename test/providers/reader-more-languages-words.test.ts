// Icelandic, Afrikaans, Lithuanian, Hungarian, Slovak, Serbian, Ukrainian, Catalan and Malay words of
// the inputs (foreign-words.ts) and their function words (text/languages.ts): a sentence of one of them
// naming a fact beside its figure is read, capped as any translation; none of the words is one that
// an English text of the labelled cases writes, so the tables cannot change how English reads.
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FOREIGN_WORDS } from "../../src/providers/readers/foreign-words.js";
import { partlyForeign } from "../../src/providers/readers/text/languages.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const inputs = inputsOf({
  "credit score": { type: "number [300..850]", desc: "What is the applicant's credit score?" },
  employment: { type: "salaried|contractor|retired|unemployed", desc: "What is the applicant's employment status?" },
  "monthly rent": { type: "number >= 0", desc: "How many dollars a month is the rent?" },
  "driver age": { type: "number [16..100]", desc: "How old is the main driver?" },
  peril: {
    type: "theft|water|fire|storm",
    desc: "What caused the loss?",
    options: { theft: "burglary or theft", water: "escape of water", fire: "fire or smoke", storm: "storm, hail or wind" },
  },
});
const LANGUAGES = ["is", "af", "lt", "hu", "sk", "sr", "uk", "ca", "ms"];

/** A sentence of each language stating a fact, the input it answers, and its value from a number. */
const SAID: { input: string; say: (n: number) => string; value: (n: number) => unknown; n: [number, number] }[] = [
  { input: "credit score", say: (n) => `Góðan dag. Ég er með lánshæfiseinkunn ${n} frá Creditinfo.`, value: (n) => n, n: [400, 840] },
  { input: "employment", say: () => "Góðan dag. Ég er komin á eftirlaun og bý ein.", value: () => "retired", n: [0, 0] },
  { input: "monthly rent", say: (n) => `Sveiki. Mano nuoma yra ${n} per mėnesį.`, value: (n) => n, n: [300, 2900] },
  { input: "monthly rent", say: (n) => `Добрий день. Оренда квартири $${n} на місяць.`, value: (n) => n, n: [300, 2900] },
  { input: "monthly rent", say: (n) => `Jó napot! Már egy éve bérlünk, és a havi lakbér ${n} dollár.`, value: (n) => n, n: [300, 2900] },
  { input: "employment", say: () => "Jó napot! Nyugdíjas vagyok már öt éve.", value: () => "retired", n: [0, 0] },
  { input: "driver age", say: (n) => `Dobrý deň, vodič: ${n} r., vozidlo Škoda Fabia.`, value: (n) => n, n: [18, 90] },
  { input: "peril", say: () => "Bon dia, ens van robar la bicicleta del pati. Hem fet la denúncia.", value: () => "theft", n: [0, 0] },
];

describe("more languages' words of the inputs", () => {
  it("reads a fact named in one of them, never sure", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SAID).chain((s) => fc.tuple(fc.constant(s), fc.integer({ min: s.n[0], max: s.n[1] }))),
        ([s, n]) => {
          const read = readText(inputs, s.say(n));
          expect(read[s.input]?.value).toBe(s.value(n));
          expect(read[s.input]!.confidence).toBeLessThanOrEqual(0.9);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("holds no word that an English text of the labelled cases writes", () => {
    const dir = new URL("../fixtures/evidence/", import.meta.url);
    // each text's words, one line of them: a phrase of the tables is matched whole, as the readers match it
    const english: string[] = [];
    for (const f of readdirSync(dir).filter((n) => n.endsWith(".json"))) {
      const state = (JSON.parse(readFileSync(new URL(f, dir), "utf8")) as { state: unknown }).state;
      if (typeof state !== "string" || partlyForeign(state)) continue;
      english.push(` ${(state.toLowerCase().match(/\p{L}+/gu) ?? []).join(" ")} `);
    }
    expect(english.length).toBeGreaterThan(300);
    const said = LANGUAGES.flatMap((l) => Object.values(FOREIGN_WORDS[l]!).flat()).map((p) =>
      (p.toLowerCase().match(/\p{L}+/gu) ?? []).join(" "),
    );
    expect(said.filter((p) => english.some((t) => t.includes(` ${p} `)))).toEqual([]);
  });
});
