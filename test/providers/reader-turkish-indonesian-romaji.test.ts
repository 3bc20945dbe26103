// Texts in Turkish, Indonesian and Japanese written in Latin letters are read through the same
// tables as the other languages (foreign-words.ts): their cue words and periods ("aylık", "per
// bulan", "maitsuki"), their denials ("değil", "tidak", "bukan") and hedges ("belki", "mungkin"),
// their numbers in words ("on beş bin", "dua puluh dua ribu lima ratus") and their dots that group
// thousands ("15.000" with no currency beside it). What they read is capped as any translation is.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foreignNumberPhrase } from "../../src/providers/readers/foreign-numbers.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { sample } from "./helpers.js";

const lending = sample("lending");
const kyc = sample("kyc-risk");

const TURKISH_ONES = ["", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz"];
const TURKISH_TENS = ["", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan"];
const INDONESIAN_ONES = ["", "satu", "dua", "tiga", "empat", "lima", "enam", "tujuh", "delapan", "sembilan"];

/** 10..99 in Indonesian: "sepuluh", "dua belas", "dua puluh dua" */
function indonesianTens(n: number): string {
  const [tens, ones] = [Math.floor(n / 10), n % 10];
  if (n === 10) return "sepuluh";
  if (n === 11) return "sebelas";
  if (tens === 1) return `${INDONESIAN_ONES[ones]} belas`;
  return `${INDONESIAN_ONES[tens]} puluh${ones ? ` ${INDONESIAN_ONES[ones]}` : ""}`;
}

describe("numbers in Turkish and Indonesian words", () => {
  it("read thousands as written: 'on beş bin', 'dua puluh dua ribu lima ratus'", () => {
    fc.assert(
      fc.property(fc.integer({ min: 11, max: 99 }), fc.integer({ min: 1, max: 9 }), (thousands, hundreds) => {
        const tr = `${TURKISH_TENS[Math.floor(thousands / 10)]}${thousands % 10 ? ` ${TURKISH_ONES[thousands % 10]}` : ""} bin ${TURKISH_ONES[hundreds]} yüz dolar`;
        expect(foreignNumberPhrase(tr, 0, tr.split(" ")[0]!)?.amount.value).toBe(thousands * 1000 + hundreds * 100);
        const id = `${indonesianTens(thousands)} ribu ${INDONESIAN_ONES[hundreds]} ratus dolar`;
        expect(foreignNumberPhrase(id, 0, id.split(" ")[0]!)?.amount.value).toBe(thousands * 1000 + hundreds * 100);
      }),
      { numRuns: 60 },
    );
  });
});

/** per language: a line of monthly pay, with the amount's place */
const MONTHLY_PAY: Record<string, (pay: string) => string> = {
  tr: (pay) => `Merhaba, ben emekliyim ve bu başvuru benim için. Aylık gelirim ${pay} dolar.`,
  id: (pay) => `Saya sudah bekerja di sini dari tahun lalu. Gaji saya ${pay} dolar per bulan.`,
};

describe("pay a month in Turkish and Indonesian", () => {
  it("counts to the year, its thousands grouped with a dot", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(MONTHLY_PAY)),
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (language, thousands, hundreds) => {
          const pay = thousands * 1000 + hundreds * 100;
          const written = `${thousands}.${hundreds}00`;
          expect(readText(lending.ir.inputs, MONTHLY_PAY[language]!(written))["annual income"]?.value).toBe(pay * 12);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("reads a figure grouped with a dot and no currency in an Indonesian text as thousands", () => {
    const text = "Saya tidak punya cicilan lain. Penghasilan saya per tahun 48.000, dari gaji tetap.";
    expect(readText(lending.ir.inputs, text)["annual income"]?.value).toBe(48_000);
  });
});

describe("denials and hedges in Turkish and Indonesian", () => {
  it("deny: 'PEP değil', 'bukan pejabat publik'", () => {
    const tr = "Müşteri bireysel bir hesap açıyor. Müşteri PEP değil, siyasi bir görevi yok.";
    const id = "Nasabah membuka rekening pribadi. Nasabah bukan PEP dan tidak punya jabatan publik.";
    for (const text of [tr, id]) expect(readText(kyc.ir.inputs, text).pep?.value).toBe(false);
  });

  it("hedge: 'belki', 'mungkin' leave a figure unread", () => {
    const tr = "Bu başvuru benim için. Kredi notum belki 700 civarı, emin değilim.";
    const id = "Saya tidak yakin dengan ini. Skor kredit saya mungkin 700.";
    for (const text of [tr, id]) expect(readText(lending.ir.inputs, text)["credit score"]?.value).toBeUndefined();
  });

  it("read a Turkish retiree as retired, and a loan asked in words", () => {
    const text = "Merhaba, ben Emre. 2019'dan beri emekliyim. Yirmi beş bin dolar kredi istiyorum.";
    const read = readText(lending.ir.inputs, text);
    expect(read.employment?.value).toBe("retired");
    expect(read["loan amount"]?.value).toBe(25_000);
  });
});

describe("a period in Japanese written in Latin letters", () => {
  it("'maitsuki' is a month", () => {
    const text = "hai, shakkin wa maitsuki 300 doru desu. shuunyuu wa nenkan 52,000 doru desu.";
    const read = readText(lending.ir.inputs, text);
    expect(read["monthly debt"]?.value).toBe(300);
    expect(read["annual income"]?.value).toBe(52_000);
  });
});
