// How claims are worded: an amount "revised from" or "amended from" an earlier one is the current
// claim, the earlier one taken back; a first notice dated in its own sentence ("first notified to
// you by telephone on 24 November") is the report date, not the day the letter is written; and a
// sworn statement's "the 14th day of March, 2025" is that day.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modelOf } from "../../scripts/eval-reader.js";
import { readText } from "../../src/providers/readers/text-reader.js";

const property = modelOf("property-claims").ir.inputs;
const claims = modelOf("claims-triage").ir.inputs;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November"];
const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const money = (n: number) => `$${n.toLocaleString("en-US")}`;

describe("an amount revised from an earlier one", () => {
  it("is the current claim, the earlier taken back", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 400 }),
        fc.integer({ min: 20, max: 400 }),
        fc.constantFrom("revised", "amended", "corrected", "adjusted", "updated"),
        fc.constantFrom("", "the first estimate of ", "the insured's initial figure of ", "the builder's earlier quote of "),
        (a, b, verb, what) => {
          fc.pre(a !== b);
          const [now, before] = [a * 50, b * 50];
          const text = `Fire in the kitchen on 3 May 2026. The claim is ${money(now)}, ${verb} from ${what}${money(before)}.`;
          expect(readText(property, text)["claim amount"]?.value).toBe(now);
        },
      ),
    );
  });
});

describe("a first notice dated in its own sentence", () => {
  it("is the report date, not the day the letter is written", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom("first notified to you by telephone on", "first reported to the insurer on", "First notice of loss was given on"),
        (month, day, after, words) => {
          const letter = `${day + 14} ${MONTHS[month]} 2026`;
          const sentence = words.startsWith("First")
            ? `${words} ${day + after} ${MONTHS[month]} 2026.`
            : `It was ${words} ${day + after} ${MONTHS[month]} 2026.`;
          const text = `Kerr & Sons Loss Adjusters\n${letter}\n\nDear Sirs,\n\nThe collision happened on ${day} ${MONTHS[month]} 2026. ${sentence} The repair estimate is $2,400.\n\nYours faithfully,\nA. Kerr`;
          expect(readText(claims, text)["report date"]?.value).toBe(iso(2026, month + 1, day + after));
        },
      ),
    );
  });
});

describe("a day said as 'the Nth day of' its month", () => {
  it("is that day", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 28 }), fc.boolean(), (month, day, comma) => {
        const ordinal = `${day}${[11, 12, 13].includes(day) ? "th" : (["th", "st", "nd", "rd"][day % 10] ?? "th")}`;
        const text = `Today is 2026-12-20. The loss occurred on the ${ordinal} day of ${MONTHS[month]}${comma ? "," : ""} 2026, when fire broke out. Amount claimed: $3,100.`;
        expect(readText(property, text)["loss date"]?.value).toBe(iso(2026, month + 1, day));
      }),
    );
  });
});
