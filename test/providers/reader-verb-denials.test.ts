// Denials written inside the verb, and a "no" that is no denial (issue 33): Turkish denies by the
// verb's ending ("çalışmıyor", "yapmadı", "bulunmamaktadır"), Japanese in Latin letters by "-masen"
// and "-nai" ("seijika de wa arimasen"), and writes "no" between two nouns as its particle of
// belonging ("watashi no nenshuu"); Indonesian's denials are words ("tidak", "bukan", "belum").
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { languageDenials } from "../../src/providers/readers/text/language-denials.js";
import { sample } from "./helpers.js";

const kyc = sample("kyc-risk").ir.inputs;
const lending = sample("lending").ir.inputs;
const claims = sample("claims-triage").ir.inputs;

/** Turkish verbs of serving, as "a public official" is served as: their stem and the vowel of its last syllable. */
const TURKISH_VERBS = ["çalış", "görev yap", "yer al", "hizmet ver", "bulun", "görev gör"];
const lastVowel = (stem: string): string => [...stem].filter((c) => "aıoueiöü".includes(c)).pop()!;
const back = (stem: string): boolean => "aıou".includes(lastVowel(stem));
/** The vowel of four ways ("ı", "i", "u", "ü") that follows the stem's last one. */
const four = (stem: string): string => ({ a: "ı", ı: "ı", o: "u", u: "u", e: "i", i: "i", ö: "ü", ü: "ü" })[lastVowel(stem)]!;
/** Each tense's denied form of a stem, built as Turkish builds it: -ma/-me, then the tense and the person. */
const DENIED: ((stem: string) => string)[] = [
  (s) => `${s}m${four(s)}yor`,
  (s) => `${s}m${four(s)}yorum`,
  (s) => `${s}m${back(s) ? "adı" : "edi"}`,
  (s) => `${s}m${back(s) ? "adık" : "edik"}`,
  (s) => `${s}m${back(s) ? "ayacak" : "eyecek"}`,
  (s) => `${s}m${back(s) ? "amış" : "emiş"}`,
  (s) => `${s}m${back(s) ? "amaktadır" : "emektedir"}`,
  (s) => `${s}m${back(s) ? "az" : "ez"}`,
];
const affirmed = (stem: string): string => `${stem}${four(stem)}yor`;

describe("a Turkish verb denied by its ending", () => {
  it("never reads a public official the verb denies as a PEP; the same verb affirmed reads one", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TURKISH_VERBS), fc.integer({ min: 0, max: DENIED.length - 1 }), (stem, tense) => {
        const note = (verb: string) => `Başvuru notu: müşteri bir kamu görevlisi olarak ${verb}. Ürün riski düşük ve ülke riski düşük.`;
        const denied = readText(kyc, note(DENIED[tense]!(stem)));
        expect(denied.pep?.value, note(DENIED[tense]!(stem))).not.toBe(true);
        expect(readText(kyc, note(affirmed(stem))).pep?.value, note(affirmed(stem))).toBe(true);
      }),
    );
  });

  it("reads a noun that ends as a denial does only when it is one: 'ödemedir' is a payment, no denial", () => {
    const text = "Başvuru notu: müşteri bir kamu görevlisi olarak çalışıyor, bu bir ödemedir. Ürün riski düşük ve ülke riski düşük.";
    expect(readText(kyc, text).pep?.value).toBe(true);
  });

  it("leaves an English text's words that end as a Turkish denial alone", () => {
    // "immediately" ends as "-medi-" does: no Turkish in the text, no denial
    expect(readText(kyc, "The client is a politically exposed person and we immediately escalated the file.").pep?.value).toBe(true);
  });
});

/** Japanese verb endings that deny, after "seijika" (a politician), as a note writes them. */
const JAPANESE_DENIALS = ["de wa arimasen", "dewa arimasen", "ja arimasen", "ja nai desu", "de wa nakatta desu", "de wa arimasen deshita"];

describe("a Japanese verb denied by its ending", () => {
  it("never reads a politician the ending denies as a PEP; affirmed, reads one", () => {
    fc.assert(
      fc.property(fc.constantFrom(...JAPANESE_DENIALS), fc.constantFrom("Kokyaku", "Shinseisha", "Sato-sama"), (denial, who) => {
        const denied = `${who} wa seijika ${denial}. Kakunin shimashita.`;
        expect(readText(kyc, denied).pep?.value, denied).not.toBe(true);
        expect(readText(kyc, `${who} wa seijika desu. Kakunin shimashita.`).pep?.value).toBe(true);
      }),
    );
  });
});

describe("Japanese's particle 'no' between two nouns", () => {
  it("is no denial: 'watashi no nenshuu wa N doru desu' reads N, never zero", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("watashi", "otto", "tsuma", "kazoku"),
        fc.integer({ min: 12, max: 250 }).map((k) => k * 1000),
        (owner, income) => {
          const text = `${owner} no nenshuu wa ${income.toLocaleString("en-US")} doru desu. Yoroshiku onegai shimasu.`;
          expect(readText(lending, text)["annual income"]?.value, text).toBe(income);
        },
      ),
    );
  });

  it("is no denial of a repair's estimate either: 'kuruma no shuuri no mitsumori'", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 90 }).map((h) => h * 100),
        (amount) => {
          const text = `Kuruma ga nusumaremashita. Kuruma no shuuri no mitsumori wa ${amount.toLocaleString("en-US")} doru desu.`;
          expect(readText(claims, text)["claim amount"]?.value, text).toBe(amount);
        },
      ),
    );
  });

  it("stays a denial in an English sentence of the same text, and the first word of a sentence", () => {
    const text = "Watashi no nenshuu wa 48,000 doru desu. Yoroshiku onegai shimasu.\nNo, I have never defaulted on a loan.";
    expect(readText(lending, text)["prior default"]?.value).not.toBe(true);
  });
});

describe("Indonesian denials, written as words", () => {
  it("deny a public official with 'tidak', 'bukan' or 'belum pernah'", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("tidak termasuk", "bukan", "belum pernah menjadi", "tidak pernah menjadi"),
        fc.constantFrom("pejabat publik", "pejabat negara", "politisi"),
        (denial, office) => {
          const text = `Catatan: nasabah ${denial} ${office}. Risiko produk rendah untuk nasabah ini dan sudah dicek.`;
          expect(readText(kyc, text).pep?.value, text).toBe(false);
        },
      ),
    );
  });
});

describe("a Turkish name that is a denied verb", () => {
  it("denies nothing: a surname written with its capital ('Yılmaz', 'Korkmaz') is a name", () => {
    fc.assert(
      fc.property(fc.constantFrom("Yılmaz", "Korkmaz", "Dönmez", "Solmaz"), fc.constantFrom("Ahmet", "Elif", "Mehmet"), (surname, name) => {
        const text = `Başvuru notu: müşteri ${name} ${surname} bir kamu görevlisi olarak çalışıyor. Ürün riski düşük ve ülke riski düşük.`;
        expect(readText(kyc, text).pep?.value, text).toBe(true);
      }),
    );
  });
});

describe("a long text in Japanese or Turkish", () => {
  const japanese = (n: number) => "kuruma no shuuri wa todokete imasen desu ".repeat(n);
  const turkish = (n: number) => "ve bu bir kamu görevlisi olarak çalışmıyor ama ".repeat(n);

  it("has each word's denial read in one pass: every particle and every denied verb of one long sentence", () => {
    for (const [text, particles, denials] of [
      [japanese(5000), 5000, 5000],
      [turkish(5000), 0, 5000],
    ] as const) {
      const read = [...languageDenials(text).values()];
      expect(read.filter((d) => !d).length).toBe(particles);
      expect(read.filter((d) => d).length).toBe(denials);
    }
  });

  it("takes about eight times the steps for eight times the text, whatever its mix of sentences and languages", () => {
    const fragment = fc.constantFrom(
      "kuruma no shuuri wa todokete imasen desu ",
      "watashi no nenshuu wa go hyaku man en desu. ",
      "ve bu bir kamu görevlisi olarak çalışmıyor ama ",
      "Başvuru notu: müşteri Ahmet Yılmaz. ",
      "no claims in the last five years\n",
      "seijika de wa arimasen。",
    );
    fc.assert(
      fc.property(fc.array(fragment, { minLength: 1, maxLength: 6 }), fc.integer({ min: 20, max: 200 }), (parts, copies) => {
        const unit = parts.join("");
        const steps = (text: string): number => {
          const meter = { steps: 0 };
          languageDenials(text, undefined, meter);
          return meter.steps;
        };
        const small = steps(unit.repeat(copies));
        const large = steps(unit.repeat(8 * copies));
        expect(large).toBeLessThan(10 * Math.max(small, 1));
      }),
      { numRuns: 40 },
    );
  });
});
