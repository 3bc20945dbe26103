// Digits of the scripts that write their own (Devanagari, Gujarati, Bengali, Tamil, Sinhala, Khmer,
// Myanmar, Mongolian, Urdu's …) read as the figures they write, and the few words that matter in
// languages that had no table (Hindi and Nepali, Gujarati, Khmer, Urdu, Armenian, Sinhala): the age,
// the years, the money unit, none.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { compile, sample } from "./helpers.js";

const motor = compile(
  JSON.parse(readFileSync(new URL("../fixtures/evidence/models/motor-quote.json", import.meta.url), "utf8")) as Record<string, unknown>,
).ir.inputs;
const pricing = sample("pricing").ir.inputs;
const lending = sample("lending").ir.inputs;

/** The zero of each script's digits; the nine after it follow in order. */
const ZEROS: Record<string, number> = {
  devanagari: 0x0966,
  bengali: 0x09e6,
  gurmukhi: 0x0a66,
  gujarati: 0x0ae6,
  tamil: 0x0be6,
  telugu: 0x0c66,
  kannada: 0x0ce6,
  malayalam: 0x0d66,
  sinhala: 0x0de6,
  lao: 0x0ed0,
  myanmar: 0x1040,
  khmer: 0x17e0,
  mongolian: 0x1810,
  urdu: 0x06f0,
};

/** `n` in the digits of `script`, grouped by thousands with a comma when `grouped`. */
function inScript(n: number, script: string, grouped = false): string {
  const plain = grouped ? n.toLocaleString("en-US") : String(n);
  return plain.replace(/\d/g, (d) => String.fromCharCode(ZEROS[script]! + Number(d)));
}

describe("digits of other scripts", () => {
  it("read as the figures they write, beside English labels", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(ZEROS)),
        fc.integer({ min: 18, max: 89 }),
        fc.integer({ min: 2000, max: 95000 }),
        (script, age, value) => {
          const read = readText(motor, `Driver age: ${inScript(age, script)}\nVehicle value: $${inScript(value, script, true)}`);
          expect(read["driver age"]?.value).toBe(age);
          expect(read["vehicle value"]?.value).toBe(value);
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** A driver's age and a car's value as each language writes them, in its own digits or in ASCII's. */
const MOTOR: [string, (age: string, value: string) => string][] = [
  ["gujarati", (age, value) => `મારી ઉંમર ${age} વર્ષ છે. ગાડીની કિંમત ${value} ડોલર છે.`],
  ["devanagari", (age, value) => `मेरी उम्र ${age} वर्ष है। कार का मूल्य ${value} डॉलर है।`],
  ["urdu", (age, value) => `میری عمر ${age} سال ہے۔ گاڑی ${value} ڈالر کی ہے۔`],
  ["ascii", (age, value) => `Բարև ձեզ, ես ${age} տարեկան եմ։ Մեքենայի արժեքը ${value} դոլար է։`],
  ["sinhala", (age, value) => `මගේ වයස ${age} යි. වාහනයේ වටිනාකම ඩොලර් ${value}.`],
];

describe("languages that had no table", () => {
  it("read a driver's age in each, capped as a translation", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MOTOR.length - 1 }),
        fc.integer({ min: 18, max: 89 }),
        fc.integer({ min: 3000, max: 90000 }),
        (which, age, value) => {
          const [script, text] = MOTOR[which]!;
          const digits = (n: number) => (script === "ascii" ? String(n) : inScript(n, script));
          const read = readText(motor, text(digits(age), digits(value)));
          expect(read["driver age"]?.value).toBe(age);
          expect(read["driver age"]!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("read a Khmer order's seats, price and years, written with no blanks inside the sentence", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 900 }),
        fc.integer({ min: 5, max: 400 }),
        fc.integer({ min: 1, max: 5 }),
        (seats, price, years) => {
          const k = (n: number) => inScript(n, "khmer");
          const read = readText(pricing, `យើងចង់ទិញ ${k(seats)} អ្នកប្រើ តម្លៃ ${k(price)} ដុល្លារ ក្នុងមួយអ្នកប្រើ កិច្ចសន្យា ${k(years)} ឆ្នាំ`);
          expect(read.quantity?.value).toBe(seats);
          expect(read["list price"]?.value).toBe(price);
          expect(read["contract years"]?.value).toBe(years);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("read 'no debts' in Sinhala and Armenian as none a month", () => {
    for (const text of ["මාසික ආදායම ඩොලර් 3,000. ණය නැත.", "Ամսական եկամուտ 3000 դոլար։ Պարտք չկա։"]) {
      expect(readText(lending, text)["monthly debt"]?.value).toBe(0);
    }
  });
});

const claims = compile(
  JSON.parse(readFileSync(new URL("../fixtures/evidence/models/property-claims.json", import.meta.url), "utf8")) as Record<string, unknown>,
).ir.inputs;

/** The months of the year by language, January first, and a storm's day in a sentence of each. */
const MONTHS: [string, string[], (date: string) => string][] = [
  [
    "urdu",
    ["جنوری", "فروری", "مارچ", "اپریل", "مئی", "جون", "جولائی", "اگست", "ستمبر", "اکتوبر", "نومبر", "دسمبر"],
    (d) => `${d} کو طوفان سے چھت کو نقصان پہنچا۔`,
  ],
  [
    "devanagari",
    ["जनवरी", "फरवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्टूबर", "नवंबर", "दिसंबर"],
    (d) => `${d} को तूफान से छत टूट गई।`,
  ],
  [
    "gujarati",
    ["જાન્યુઆરી", "ફેબ્રુઆરી", "માર્ચ", "એપ્રિલ", "મે", "જૂન", "જુલાઈ", "ઓગસ્ટ", "સપ્ટેમ્બર", "ઓક્ટોબર", "નવેમ્બર", "ડિસેમ્બર"],
    (d) => `${d} ના રોજ તોફાનથી છત તૂટી ગઈ.`,
  ],
];

describe("months named in these languages", () => {
  it("read a day written with the month's name and the script's digits", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MONTHS.length - 1 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        (which, month, day) => {
          const [script, names, sentence] = MONTHS[which]!;
          const read = readText(claims, sentence(`${inScript(day, script)} ${names[month - 1]} ${inScript(2025, script)}`), "2026-01-20");
          // the day is the one written; which date of the claim it is, the cues of the sentence tell
          const iso = `2025-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
          expect([read["loss date"]?.value, read["report date"]?.value]).toContain(iso);
        },
      ),
      { numRuns: 60 },
    );
  });
});
