// The words of other languages that say which input a figure answers (issue 33): Romanian and
// Greek evidence, a motor quote's driver, vehicle and miles in the languages of the
// tables, words whose letters no accent is taken off to write plainly (Polish "dług", Turkish
// "yıllık"), and denials read only in a text of their own language (Czech "ne", Tagalog "hindi").
// What is read through them stays below the cap of a text in another language.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FOREIGN_WORDS } from "../../src/providers/readers/foreign-words.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { contentStems, stem, STOP_WORDS } from "../../src/providers/readers/words.js";
import { inputsOf } from "./helpers.js";

const lending = inputsOf({
  "annual income": { type: "number >= 0", desc: "What is the applicant's gross annual income in dollars?" },
  "monthly debt": { type: "number >= 0", desc: "How many dollars does the applicant pay each month on existing debts?" },
  "loan amount": { type: "number > 0", desc: "How many dollars does the applicant ask to borrow?" },
});

const motor = inputsOf({
  "driver age": { type: "number [16..100]", desc: "How old is the main driver, in years?" },
  "vehicle value": { type: "number >= 0", desc: "What is the vehicle worth, in dollars?" },
  "annual mileage": { type: "number >= 0", desc: "How many miles is the vehicle driven each year?" },
});

const loanApplication = inputsOf({
  "requested amount": { type: "number > 0", desc: "How many dollars does the applicant ask to borrow?" },
  "prior default": { type: "boolean", desc: "Has the applicant ever defaulted on a loan?" },
});

/** A lending sentence each of a figure, in a language, with the way it groups thousands. */
const LENDING: { language: string; group: (n: number) => string; income: string; debt: string; loan: string }[] = [
  {
    language: "Romanian",
    group: (n) => n.toLocaleString("de-DE"),
    income: "Sunt angajat și venitul meu anual este de # de dolari.",
    debt: "Rata lunară la datorii este de # de dolari.",
    loan: "Aș dori un împrumut de # de dolari pentru mașină.",
  },
  {
    language: "Greek",
    group: (n) => n.toLocaleString("de-DE"),
    income: "Το ετήσιο εισόδημά μου είναι # δολάρια.",
    debt: "Πληρώνω δόσεις # δολάρια τον μήνα.",
    loan: "Θα ήθελα δάνειο # δολαρίων.",
  },
  {
    language: "Turkish",
    group: (n) => n.toLocaleString("de-DE"),
    income: "Yıllık gelirim # dolar.",
    debt: "Aylık borç taksitim # dolar.",
    loan: "# dolar kredi istiyorum.",
  },
];

/** A motor quote's sentences in a language: the main driver's age, the vehicle's worth (thousands grouped as the language does), the miles a year. */
const MOTOR: { language: string; group: (n: number) => string; age: string; value: string; miles: string }[] = [
  {
    language: "Polish",
    group: (n) => n.toLocaleString("pl-PL").replace(/\s/g, " "),
    age: "Głównym kierowcą jest mój syn, ma # lat.",
    value: "Wartość samochodu to # dolarów.",
    miles: "Rocznie przejeżdżamy # mil.",
  },
  {
    language: "Portuguese",
    group: (n) => n.toLocaleString("de-DE"),
    age: "O motorista principal tem # anos.",
    value: "O valor do carro é de US$ #.",
    miles: "Faço cerca de # milhas por ano.",
  },
  {
    language: "Dutch",
    group: (n) => n.toLocaleString("de-DE"),
    age: "De hoofdbestuurder is # jaar.",
    value: "De dagwaarde van de auto is $#.",
    miles: "Zij rijdt # mijl per jaar.",
  },
];

const fill = (sentence: string, figure: string): string => sentence.replace("#", figure);
/** The cap of what is read from a text written in another language (text-reader.ts). */
const FOREIGN_CAP = 0.85;

describe("the words of another language that name an input", () => {
  it("meet the words of a text as written, whatever letters they are written with", () => {
    const words = Object.values(FOREIGN_WORDS)
      .flatMap((said) => Object.values(said).flat())
      .filter((w) => !/[\s'’-]/.test(w) && !STOP_WORDS.has(w.toLowerCase()));
    const missed = words.filter((w) => contentStems(w).join(" ") !== stem(w.toLowerCase()));
    expect(missed).toEqual([]);
  });

  it("meet a word with letters no accent is taken off (ł, ı, ß, đ, ø, æ, œ) and Greek's", () => {
    const letters = [..."abcdeklmnoprstuwyzłıßđøæœąęșțươσταβγδλμνπ"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...letters), { minLength: 4, maxLength: 10 }), (chars) => {
        const word = chars.join("");
        fc.pre(!STOP_WORDS.has(word));
        expect(contentStems(word)).toEqual([stem(word)]);
      }),
      { numRuns: 200 },
    );
  });

  it("answer a loan application's figures in Romanian, Greek and Turkish, below the cap", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LENDING),
        fc.integer({ min: 24, max: 150 }).map((k) => k * 1000),
        fc.integer({ min: 11, max: 95 }).map((k) => k * 10),
        fc.integer({ min: 3, max: 40 }).map((k) => k * 1000),
        fc.boolean(),
        (l, income, debt, loan, debtFirst) => {
          const sentences = [fill(l.income, l.group(income)), fill(l.debt, l.group(debt)), fill(l.loan, l.group(loan))];
          if (debtFirst) sentences.unshift(sentences.splice(1, 1)[0]!);
          const text = sentences.join(" ");
          const read = readText(lending, text);
          expect(read["annual income"]?.value, text).toBe(income);
          expect(read["monthly debt"]?.value, text).toBe(debt);
          expect(read["loan amount"]?.value, text).toBe(loan);
          for (const v of Object.values(read)) expect(v.confidence, text).toBeLessThanOrEqual(FOREIGN_CAP);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("answer a motor quote's driver, vehicle and miles in the languages of the tables", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MOTOR),
        fc.integer({ min: 18, max: 80 }),
        fc.integer({ min: 4, max: 60 }).map((k) => k * 500),
        fc.integer({ min: 3, max: 25 }).map((k) => k * 1000),
        (m, age, value, miles) => {
          const text = [fill(m.age, String(age)), fill(m.value, m.group(value)), fill(m.miles, String(miles))].join("\n");
          const read = readText(motor, text);
          expect(read["driver age"]?.value, text).toBe(age);
          expect(read["vehicle value"]?.value, text).toBe(value);
          expect(read["annual mileage"]?.value, text).toBe(miles);
          for (const v of Object.values(read)) expect(v.confidence, text).toBeLessThanOrEqual(FOREIGN_CAP);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("a denial that is a word of another sense elsewhere", () => {
  it("denies in a text of its own language: Tagalog's 'hindi'", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }).map((k) => k * 1000),
        (asked) => {
          const text = `Hello po, ako si Ramon. Hindi pa ako nag-default sa loan kahit kailan. Gusto ko po humiram ng ${asked.toLocaleString("en-US")} dollars.`;
          const read = readText(loanApplication, text);
          expect(read["prior default"]?.value, text).toBe(false);
          expect(read["requested amount"]?.value, text).toBe(asked);
        },
      ),
      { numRuns: 10 },
    );
  });

  it("is the language's name in an English text, no denial", () => {
    const read = readText(loanApplication, "The applicant speaks Hindi and defaulted on a car loan in 2019. She asks for $5,000.");
    expect(read["prior default"]?.value).toBe(true);
  });
});
