// Thousands written as a word after the digits, in the text's own language (issue 33): "54 mil
// dólares", "54 mila dollari", "54 bin dolar", "54 ribu dolar", "54 Tausend Dollar", "54 duizend
// dollar" are 54,000, never 54 nor the scale word's own 1,000; "juta", "millones" are millions. An
// English text's "mil" or "man" is no such word.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseAmount } from "../../src/providers/readers/numbers.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const lending = sample("lending").ir.inputs;

/** Per language: a retiree's note giving a yearly income of `n` and the scale word, and the scale's value. */
const NOTES: [string, (n: number) => string, number][] = [
  ["es", (n) => `Hola, soy jubilado y mis ingresos anuales son de ${n} mil dólares, que cobro por la pensión del Estado.`, 1e3],
  ["pt", (n) => `Olá, sou aposentado e o meu rendimento anual é de ${n} mil dólares, com a pensão da empresa.`, 1e3],
  ["it", (n) => `Sono in pensione e il mio reddito annuo è di ${n} mila dollari, che arriva dalla pensione.`, 1e3],
  ["tr", (n) => `Emekliyim ve yıllık gelirim ${n} bin dolar, bu benim tek gelirim.`, 1e3],
  ["id", (n) => `Saya pensiunan dan penghasilan saya ${n} ribu dolar per tahun dan ini dari dana pensiun.`, 1e3],
  ["de", (n) => `Ich bin Rentner und mein Einkommen ist ${n} Tausend Dollar im Jahr, das ist mit der Pension.`, 1e3],
  ["nl", (n) => `Ik ben met pensioen en mijn inkomen is ${n} duizend dollar per jaar, van het pensioen.`, 1e3],
  ["id", (n) => `Saya pensiunan dan penghasilan saya ${n} juta per tahun dan ini dari dana pensiun.`, 1e6],
];

describe("thousands written as a word after the digits", () => {
  it("multiply the digits in a text written in the word's language", () => {
    fc.assert(
      fc.property(fc.constantFrom(...NOTES), fc.integer({ min: 12, max: 240 }), ([language, note, scale], n) => {
        const text = note(n);
        expect(readText(lending, text)["annual income"]?.value, `${language}: ${text}`).toBe(n * scale);
      }),
    );
  });

  it("do not in an English text: 'mil', 'bin' or 'man' after digits multiply nothing", () => {
    fc.assert(
      fc.property(fc.constantFrom("mil", "bin", "man", "ribu", "mila"), fc.integer({ min: 12, max: 240 }), (word, n) => {
        const text = `My annual income is ${n} ${word} and I have been retired for a while.`;
        expect(readText(lending, text)["annual income"]?.value, text).not.toBe(n * 1000);
      }),
    );
  });
});

describe("money written with a dot before three digits, as a string value", () => {
  it("groups thousands, as money has two decimals: 'USD 54.000' is 54,000; without a currency it stays a decimal", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom(
          (x: string) => `USD ${x}`,
          (x: string) => `${x} USD`,
          (x: string) => `$${x}`,
          (x: string) => `€ ${x}`,
          (x: string) => `${x} EUR`,
        ),
        (thousands, rest, written) => {
          const digits = `${thousands}.${String(rest).padStart(3, "0")}`;
          expect(parseAmount(written(digits))?.value, written(digits)).toBe(thousands * 1000 + rest);
          expect(parseAmount(digits)?.value).toBe(Number(digits));
        },
      ),
    );
  });
});
