// Russian in Cyrillic letters, Persian in its own letters of the Arabic script, Bengali and Georgian,
// read through their word tables: a property claim's day and peril, a KYC e-mail's answers, a loan
// officer's note, a CRM note and a loan letter, phrased in each language's word order, values drawn.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FOREIGN_MONTHS, FOREIGN_WORDS } from "../../src/providers/readers/foreign-words.js";
import { SCRIPT_MONTHS } from "../../src/providers/readers/script-grammar.js";
import { SCRIPT_WORDS } from "../../src/providers/readers/script-words.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { compile, sample } from "./helpers.js";

const model = (name: string) =>
  compile(JSON.parse(readFileSync(new URL(`../fixtures/evidence/models/${name}.json`, import.meta.url), "utf8")) as Record<string, unknown>)
    .ir.inputs;
const claims = model("property-claims");
const loans = model("loan-application");
const kyc = sample("kyc-risk").ir.inputs;
const pricing = sample("pricing").ir.inputs;

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
/** The words of a table that a sentence of the test may hold as they are (its nominatives), checked to be the table's. */
const fromTable = (table: Record<string, string[]>, english: string, words: string[]): string[] => {
  for (const w of words) expect(table[english] ?? []).toContain(w);
  return words;
};
const ru = FOREIGN_WORDS.ru ?? {};
const fa = SCRIPT_WORDS.fa ?? {};
/** `n` in the digits whose zero is `zero`, grouped by thousands with `comma` when given. */
const digitsOf = (zero: number, n: number, comma?: string): string =>
  (comma ? n.toLocaleString("en-US").replace(/,/g, comma) : String(n)).replace(/\d/g, (d) => String.fromCharCode(zero + Number(d)));
const persian = (n: number, grouped = false): string => digitsOf(0x06f0, n, grouped ? "٬" : undefined);
const bengali = (n: number, grouped = false): string => digitsOf(0x09e6, n, grouped ? "," : undefined);

describe("Russian", () => {
  it("reads a claim's day with the month in the genitive, and its peril", () => {
    const perils: [string, string][] = [
      ...fromTable(ru, "fire", ["пожар", "возгорание"]).map((w): [string, string] => [w, "fire"]),
      ...fromTable(ru, "theft", ["кража", "угон"]).map((w): [string, string] => [w, "theft"]),
      ...fromTable(ru, "water", ["залив", "затопление", "протечка"]).map((w): [string, string] => [w, "water"]),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...perils),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.constantFrom(2025, 2026),
        ([word, peril], month, day, year) => {
          const text = `Здравствуйте,\n\nсообщаю о страховом случае: ${day} ${FOREIGN_MONTHS.ru?.[month - 1]?.[0] ?? "марта"} ${year} г. у нас произошёл ${word}. Прошу открыть дело.`;
          const read = readText(claims, text, "2026-12-20");
          expect(read.peril?.value).toBe(peril);
          expect(read["loss date"]?.value).toBe(iso(year, month, day));
          expect(read.peril!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("reads a KYC e-mail's customer type, country risk and a PEP check denied with 'не'", () => {
    const types: [string, string][] = [
      ...fromTable(ru, "individual", ["физическое лицо", "физлицо"]).map((w): [string, string] => [w, "individual"]),
      ...fromTable(ru, "business", ["юридическое лицо", "юрлицо"]).map((w): [string, string] => [w, "business"]),
    ];
    const levels: [string, string][] = [
      ["низкий", "low"],
      ["средний", "medium"],
      ["высокий", "high"],
    ];
    for (const [w, level] of levels) expect(ru[level]).toContain(w);
    fc.assert(
      fc.property(fc.constantFrom(...types), fc.constantFrom(...levels), fc.boolean(), ([type, customer], [level, risk], pep) => {
        const text = [
          "Коллеги, добрый день.",
          `По клиенту итоги проверки: ${type}.`,
          `— Страновой риск: ${level}.`,
          `— ПДЛ: ${pep ? "является, совпадение по базе" : "не является"}.`,
          "Результата по СМИ пока нет, прошу не открывать счёт до завершения проверки.",
        ].join("\n");
        const read = readText(kyc, text);
        expect(read["customer type"]?.value).toBe(customer);
        expect(read["country risk"]?.value).toBe(risk);
        expect(read.pep?.value).toBe(pep);
      }),
      { numRuns: 40 },
    );
  });
});

describe("Persian", () => {
  it("reads a loan officer's note: income a year, the amount asked, the work and no default", () => {
    const jobs = fromTable(fa, "freelance", ["فریلنسر", "شغل آزاد", "خویش‌فرما"]);
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 180 }).map((k) => k * 1000),
        fc.integer({ min: 2, max: 60 }).map((k) => k * 500),
        fc.constantFrom(...jobs),
        fc.boolean(),
        (income, amount, job, digits) => {
          const n = (v: number) => (digits ? persian(v, true) : v.toLocaleString("en-US"));
          const text = [
            "یادداشت کارشناس وام",
            `شغل: ${job}`,
            `درآمد ناخالص سالانه: ${n(income)} دلار`,
            `مبلغ درخواستی: ${n(amount)} دلار`,
            "سابقه نکول: متقاضی تاکنون هیچ وامی را نکول نکرده است.",
          ].join("\n");
          const read = readText(loans, text);
          expect(read["annual income"]?.value).toBe(income);
          expect(read["requested amount"]?.value).toBe(amount);
          expect(read.employment?.value).toBe("freelance");
          expect(read["prior default"]?.value).toBe(false);
          expect(read["annual income"]!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("reads a CRM note's price per user, users, years and a tax exemption denied after it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 900 }),
        fc.integer({ min: 2, max: 500 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("ندارند", "ندارد"),
        (price, users, years, denied) => {
          const text = [
            "یادداشت CRM",
            `محصول: نسخه تیمی، قیمت فهرست هر کاربر در سال ${persian(price)} دلار`,
            `تعداد کاربر: ${persian(users)}`,
            `مدت قرارداد: ${persian(years)} سال`,
            `مالیات: گفتند گواهی معافیت مالیاتی ${denied}`,
          ].join("\n");
          const read = readText(pricing, text);
          expect(read["list price"]?.value).toBe(price);
          expect(read.quantity?.value).toBe(users);
          expect(read["contract years"]?.value).toBe(years);
          expect(read["tax exempt"]?.value).toBe(false);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("Bengali", () => {
  it("reads a loan letter's amount, salaried work and an old default owned up to", () => {
    const bn = SCRIPT_WORDS.bn ?? {};
    const works = fromTable(bn, "employed", ["চাকরি করি", "চাকরিজীবী"]);
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 60 }).map((k) => k * 500),
        fc.constantFrom(...works),
        fc.integer({ min: 2012, max: 2023 }),
        (amount, work, year) => {
          const text = [
            "বিষয়: ব্যক্তিগত ঋণের আবেদন",
            `আমি একটি দোকানে বিক্রয়কর্মী হিসেবে ${work === "চাকরি করি" ? "চাকরি করি" : "কাজ করি, আমি চাকরিজীবী"}।`,
            `আমি ${bengali(amount, true)} ডলার ঋণ চাই।`,
            `${bengali(year)} সালে একটি গাড়ির ঋণ খেলাপি হয়েছিল।`,
          ].join("\n");
          const read = readText(loans, text);
          expect(read["requested amount"]?.value).toBe(amount);
          expect(read.employment?.value).toBe("employed");
          expect(read["prior default"]?.value).toBe(true);
          expect(read["requested amount"]!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("Georgian", () => {
  it("reads a voicemail's day by its month's stem and case ending, its peril and a police report denied", () => {
    const ka = SCRIPT_WORDS.ka ?? {};
    const perils: [string, string][] = [
      [`ძლიერმა ${fromTable(ka, "storm", ["ქარიშხალ"])[0]}მა სახურავი დააზიანა`, "storm"],
      [`სახლში ${fromTable(ka, "fire", ["ხანძარ"])[0]}ი გაჩნდა`, "fire"],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...perils),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 28 }),
        ([said, peril], month, day) => {
          const text = [
            "ხმოვანი შეტყობინება — 2026-06-30, 09:30",
            `„გამარჯობა. ${day} ${SCRIPT_MONTHS.ka?.[month - 1]?.[0] ?? "ოქტომბერ"}ს, ${said}. პოლიციაში არ მივსულვარ.“`,
          ].join("\n");
          const read = readText(claims, text);
          expect(read["loss date"]?.value).toBe(iso(2026, month, day));
          expect(read.peril?.value).toBe(peril);
          expect(read["police report"]?.value).toBe(false);
        },
      ),
      { numRuns: 40 },
    );
  });
});
