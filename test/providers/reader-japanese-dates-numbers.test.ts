// Dates and numbers as Japanese writes them (issue 33): the year first, in its script ("2024年3月15日")
// or in Latin letters ("2024-nen 3-gatsu 15-nichi", "3-ka"), by an era's year ("令和6年": Reiwa 1 is 2019,
// Heisei 1 is 1989), and amounts counted in ten thousands ("350万円", "35 man en") and in words
// ("sen-happyaku doru"); and the same in a JSON export's string values.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findDates, parseDateString } from "../../src/providers/readers/dates.js";
import { parseAmount } from "../../src/providers/readers/numbers.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { readJsonThrough, sample } from "./helpers.js";

const claims = sample("claims-triage").ir.inputs;
const lending = sample("lending").ir.inputs;

const pad = (n: number) => String(n).padStart(2, "0");
const FULL_WIDTH = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
/** A day as Japanese in Latin letters counts it: "-ka" for the days that read so, "-nichi" for the rest. */
const KA_DAYS = new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 20, 24]);
const dayWord = (day: number) => `${day}-${KA_DAYS.has(day) ? "ka" : "nichi"}`;

/** The ways a day of the common era is written, each with the year. */
const WRITTEN: ((y: number, m: number, d: number) => string)[] = [
  (y, m, d) => `${y}年${m}月${d}日`,
  (y, m, d) => FULL_WIDTH(`${y}年${m}月${d}日`),
  (y, m, d) => `${y}-nen ${m}-gatsu ${dayWord(d)}`,
  (y, m, d) => `${y}nen ${m}gatsu ${d}nichi`,
  (y, m, d) => `${y}-nen ${m}-gatsu ${d}-nichi`,
];

describe("a Japanese date", () => {
  it("reads as its day in either script, in running text and alone", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1990, max: 2030 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: WRITTEN.length - 1 }),
        (y, m, d, way) => {
          const written = WRITTEN[way]!(y, m, d);
          const iso = `${y}-${pad(m)}-${pad(d)}`;
          const found = findDates(`Jiko wa ${written} no yoru ni okorimashita.`, "2031-01-01");
          expect(
            found.map((f) => f.iso),
            written,
          ).toEqual([iso]);
          expect(found[0]!.yearKnown).toBe(true);
          expect(parseDateString(written, "2031-01-01")?.iso, written).toBe(iso);
        },
      ),
    );
  });

  it("reads an era's year as the common era's: Reiwa from 2019, Heisei from 1989, in either script", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          { era: ["令和", "Reiwa"], first: 2019, from: "2019-05-01", to: "2099-12-31" },
          { era: ["平成", "Heisei"], first: 1989, from: "1989-01-08", to: "2019-04-30" },
        ),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.boolean(),
        ({ era, first, from, to }, year, m, d, latin) => {
          const iso = `${first + year - 1}-${pad(m)}-${pad(d)}`;
          const written = latin ? `${era[1]} ${year}-nen ${m}-gatsu ${d}-nichi` : `${era[0]}${year}年${m}月${d}日`;
          const read = parseDateString(written, "2031-01-01")?.iso;
          // an era's year names a day of that era only: no day outside it is read
          expect(read, written).toBe(iso >= from && iso <= to ? iso : undefined);
        },
      ),
    );
  });

  it("reads the first year of an era written 元年 ('gannen')", () => {
    expect(parseDateString("令和元年5月1日")?.iso).toBe("2019-05-01");
    expect(parseDateString("平成元年1月8日")?.iso).toBe("1989-01-08");
  });

  it("is the incident's date in a note in Latin letters, with its year", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), (m, d) => {
        const text = `Kyou wa 2026-nen 12-gatsu 30-nichi desu. Jiko wa 2026-nen ${m}-gatsu ${dayWord(d)} no yoru ni okorimashita. Kuruma ga nusumaremashita.`;
        expect(readText(claims, text)["incident date"]?.value, text).toBe(`2026-${pad(m)}-${pad(d)}`);
      }),
    );
  });
});

describe("an amount counted in ten thousands", () => {
  it("reads 万 and 億 with digits, and 円 as yen, alone as a JSON value is", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.constantFrom(["万", 1e4], ["億", 1e8], ["千", 1e3]),
        fc.boolean(),
        (n, [unit, times], yen) => {
          const amount = parseAmount(`${n}${unit}${yen ? "円" : ""}`);
          expect(amount?.value).toBe(n * (times as number));
          expect(amount?.currency).toBe(yen ? "JPY" : undefined);
        },
      ),
    );
    expect(parseAmount("3.5万")?.value).toBe(35000);
  });

  it("reads 'man' after digits as ten thousands in a text in Japanese, and never in English", () => {
    fc.assert(
      fc.property(fc.integer({ min: 12, max: 990 }), (n) => {
        const japanese = `Watashi no nenshuu wa ${n} man doru desu. Yoroshiku onegai shimasu.`;
        expect(readText(lending, japanese)["annual income"]?.value, japanese).toBe(n * 1e4);
        const english = `My annual income is ${n} and a 5 man crew works for me.`;
        expect(readText(lending, english)["annual income"]?.value, english).toBe(n);
      }),
    );
  });
});

/** Japanese number words in Latin letters, with their values. */
const JAPANESE_NUMBERS: [string, number][] = [
  ["sen-happyaku", 1800],
  ["ni-sen go-hyaku", 2500],
  ["san-zen", 3000],
  ["go-sen roppyaku", 5600],
  ["ichi-man ni-sen", 12000],
  ["ni-juu-go man", 250000],
  ["sanbyaku", 300],
];

describe("an amount in Japanese words", () => {
  it("reads in a note in Japanese, and 'go', 'man' or 'sen' in English stay words", () => {
    fc.assert(
      fc.property(fc.constantFrom(...JAPANESE_NUMBERS), ([words, value]) => {
        const text = `Kuruma ga nusumaremashita. Shuuri no mitsumori wa ${words} doru desu.`;
        expect(readText(claims, text)["claim amount"]?.value, text).toBe(value);
        const english = `My car was stolen. Let it go man, said Sen. The repair estimate is 1,240 dollars.`;
        expect(readText(claims, english)["claim amount"]?.value).toBe(1240);
      }),
    );
  });
});

describe("a JSON export's string values written as Japanese writes them", () => {
  it("reads a date in its script or by an era's year, and an amount in ten thousands", async () => {
    const cases = fc.sample(
      fc.tuple(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 1, max: 999 }),
      ),
      { numRuns: 20, seed: 70 },
    );
    for (const [reiwa, m, d, man] of cases) {
      const state = {
        claim: { incident_date: `${2018 + reiwa}年${m}月${d}日`, policy_start: `令和${reiwa}年${m}月${d}日`, amount: `${man}万` },
      };
      const read = await readJsonThrough(sample("claims-triage"), state);
      const iso = `${2018 + reiwa}-${pad(m)}-${pad(d)}`;
      expect(read["incident date"]?.value, JSON.stringify(state)).toBe(iso);
      // Reiwa began on 1 May 2019: a day of its first year before that is none of its days
      expect(read["policy start"]?.value, JSON.stringify(state)).toBe(reiwa === 1 && iso < "2019-05-01" ? undefined : iso);
      expect(read["claim amount"]?.value, JSON.stringify(state)).toBe(man * 1e4);
    }
  });
});
