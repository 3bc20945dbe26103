// Denials after what they deny (issue 33): Turkish and Japanese end the clause with the verb, and
// deny there ("müşteri emekli değil", "mushoku de wa arimasen", "borcum yok", "shakkin wa
// arimasen"). A choice so denied is not the option; a debt so denied is 0, but only when nothing
// else is said of it (not "eşimin borcu yok", the spouse's; not "başka borcum yok", no other debt).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const lending = sample("lending").ir.inputs;

/** Turkish words of an employment status, and the option each says. */
const TURKISH_STATUSES: [string, string][] = [
  ["emekli", "retired"],
  ["işsiz", "unemployed"],
];
const TURKISH_DENIALS = ["değil", "değildir", "değilim"];
/** A Turkish note's frame: enough of its function words ("bu", "bir", "ve", "için") to be read as Turkish. */
const turkish = (clause: string) => `Başvuru notu: müşteri ${clause}, bu bir not ve ileride kontrol için yazıldı. Kredi notu 700.`;

const JAPANESE_STATUSES: [string, string][] = [
  ["mushoku", "unemployed"],
  ["taishoku", "retired"],
];
const JAPANESE_DENIALS = ["de wa arimasen", "dewa arimasen", "ja nai desu", "de wa nakatta desu", "shite imasen"];
const japanese = (clause: string) => `Shinseisha wa ${clause}. Kakunin shimashita. Nenshuu wa 30,000 doru desu.`;

describe("an option denied after its word, in Turkish and Japanese", () => {
  it("is never read as the option; said without the denial, it is", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TURKISH_STATUSES), fc.constantFrom(...TURKISH_DENIALS), ([word, option], denial) => {
        const denied = turkish(`${word} ${denial}`);
        expect(readText(lending, denied).employment?.value, denied).not.toBe(option);
        expect(readText(lending, turkish(word)).employment?.value, turkish(word)).toBe(option);
      }),
      { numRuns: 25 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...JAPANESE_STATUSES), fc.constantFrom(...JAPANESE_DENIALS), ([word, option], denial) => {
        const denied = japanese(`${word} ${denial}`);
        expect(readText(lending, denied).employment?.value, denied).not.toBe(option);
        expect(readText(lending, japanese(`${word} desu`)).employment?.value).toBe(option);
      }),
      { numRuns: 25 },
    );
  });

  it("leaves an English sentence's option alone when a Turkish denial follows in another clause", () => {
    const text = "Başvuru notu: bu bir not ve kontrol için. The client is retired, borcu yok.";
    expect(readText(lending, text).employment?.value).toBe("retired");
  });
});

describe("a debt said to be none after its word", () => {
  it("is 0 a month: 'borcum yok', 'hiç borcu yok', 'shakkin wa arimasen'", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("borcum", "borcu", "hiç borcum", "hiç borcu"),
        fc.constantFrom("yok", "yoktur", "bulunmuyor", "bulunmamaktadır"),
        (debt, none) => {
          const text = `Başvuru notu: ben emekliyim ve ${debt} ${none}. Yıllık gelirim 30.000 dolar, bu benim için önemli.`;
          expect(readText(lending, text)["monthly debt"]?.value, text).toBe(0);
        },
      ),
      { numRuns: 25 },
    );
    fc.assert(
      fc.property(fc.constantFrom("wa", "mo"), fc.constantFrom("arimasen", "nai desu", "arimasen deshita"), (particle, none) => {
        const text = `Watashi wa taishoku shimashita. Shakkin ${particle} ${none}. Nenshuu wa 30,000 doru desu.`;
        expect(readText(lending, text)["monthly debt"]?.value, text).toBe(0);
      }),
      { numRuns: 25 },
    );
  });

  it("is not 0 when the debt denied is another's, or none besides one kept, or only not the writer's", () => {
    const others = [
      "Başvuru notu: ben emekliyim. Eşimin borcu yok, bu benim için önemli. Yıllık gelirim 30.000 dolar.",
      "Başvuru notu: ben emekliyim ve başka borcum yok. Yıllık gelirim 30.000 dolar, bu benim için önemli.",
      "Başvuru notu: eşimin araba kredisi 400 dolar, o benim borcum değil. Yıllık gelirim 30.000 dolar, bu benim için önemli.",
      "Otto no shakkin wa arimasen. Watashi wa taishoku shimashita. Nenshuu wa 30,000 doru desu.",
    ];
    for (const text of others) expect(readText(lending, text)["monthly debt"]?.value, text).not.toBe(0);
  });
});
