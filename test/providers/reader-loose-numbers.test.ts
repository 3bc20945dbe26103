// Numbers said loosely (issue 33): "one" in a phrase that counts nothing ("12 miles one way", "one
// way or another"), "no one" (nobody, no denial of what follows), English's slang "mil" for a
// million ("$54 mil", never read for sure, and never in a text written in a language where "mil" is
// a thousand or a mile), and finance's "MM" for millions, beside which a capital "M" is a thousand.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf, sample } from "./helpers.js";

const motor = inputsOf({
  "driver age": { type: "number [16..100]", desc: "How old is the main driver, in years?" },
  "annual mileage": { type: "number >= 0", desc: "How many miles is the vehicle driven each year?" },
});
const pricing = sample("pricing").ir.inputs;
const kyc = sample("kyc-risk").ir.inputs;

describe("'one' in a phrase that counts nothing", () => {
  it("never reads 'N miles one way' as a mileage of 1", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 60 }),
        fc.constantFrom(
          (n: number) => `I'm 41 and I drive to work, ${n} miles one way.`,
          (n: number) => `The commute is ${n} miles one way, five days a week. Driver aged 41.`,
          (n: number) => `Driver 41. One way it's about ${n} miles to the depot.`,
        ),
        (miles, say) => {
          const text = say(miles);
          expect(readText(motor, text)["annual mileage"]?.value, text).not.toBe(1);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("reads no 1 from 'one way or another', and still counts 'one seat'", () => {
    const loose = readText(pricing, "One way or another they sign for three years. Coupon 10%.");
    for (const v of Object.values(loose)) expect(v.value).not.toBe(1);
    expect(readText(pricing, "They only need one seat, for two years.").quantity?.value).toBe(1);
  });
});

describe("'no one', nobody", () => {
  it("denies none of the thing after it: 'no one asked about the uplift' is no uplift of 0", () => {
    fc.assert(
      fc.property(fc.constantFrom("asked about", "brought up", "mentioned", "raised"), (verb) => {
        const text = `No one ${verb} the uplift on the call. Contract for 3 years.`;
        expect(readText(pricing, text)["annual uplift"]?.value, text).toBeUndefined();
      }),
      { numRuns: 10 },
    );
    expect(readText(pricing, "There is no uplift. Contract for 3 years.")["annual uplift"]?.value).toBe(0);
  });
});

describe("English's slang 'mil'", () => {
  it("is a million, never read above 0.85", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 11, max: 99 }).map((n) => n / 10),
        fc.constantFrom("$", "USD ", ""),
        (figure, currency) => {
          const text = `Business customer. They expect to move ${currency}${figure} mil a month through the account.`;
          const read = readText(kyc, text)["monthly volume"];
          expect(read?.value, text).toBeCloseTo(figure * 1e6, 0);
          expect(read!.confidence, text).toBeLessThanOrEqual(0.85);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("is a thousand in a Spanish text and no million in an Indonesian one", () => {
    const spanish = "Volumen mensual: 54 mil dólares. El cliente es una empresa y no es PEP, con cuenta de ahorro.";
    expect(readText(kyc, spanish)["monthly volume"]?.value).toBe(54000);
    const miles = inputsOf({ "annual mileage": { type: "number >= 0", desc: "How many miles is the vehicle driven each year?" } });
    const indonesian = "Mobil saya dipakai untuk usaha dan sudah dicek, jarak tempuh sekitar 15.000 mil per tahun dan itu juga benar.";
    expect(readText(miles, indonesian)["annual mileage"]?.value).toBe(15000);
  });
});

describe("finance's MM and M", () => {
  it("reads 'MM' as millions, glued or apart, and a capital M beside it as thousands, never above 0.85", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 95 }), fc.constantFrom("", " "), (n, gap) => {
        const text = `Business customer. Expected monthly volume: USD ${n}${gap}MM.`;
        expect(readText(kyc, text)["monthly volume"]?.value, text).toBe(n * 1e6);
      }),
      { numRuns: 30 },
    );
    const both = readText(kyc, "Business customer. Monthly volume $750M; annual turnover $9MM.")["monthly volume"];
    expect(both?.value).toBe(750000);
    expect(both!.confidence).toBeLessThanOrEqual(0.85);
  });
});
