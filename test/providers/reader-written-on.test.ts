// The day a message is written and the days it counts from it (issue 33): an e-mail's envelope,
// a letter's date line, a note's heading and a transcript's title line date the message; its relative days ("the night
// before last", "on Tuesday", "the next day") count from that day or from the day told before;
// the day of writing is the report date when the message makes the first report, and not when
// it confirms one made before; the bounds of a span of days establish no day.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { messageParts } from "../../src/providers/readers/text/message-parts.js";
import { ownDate, reportSpeech } from "../../src/providers/readers/text/written-on.js";
import { CLAIM_DATES, inputsOf } from "./helpers.js";

const property = inputsOf({
  "loss date": { type: "date", desc: "On what date did the loss happen?" },
  "report date": { type: "date", desc: "On what date was the loss reported to the insurer?" },
  "claim amount": { type: "number >= 0", desc: "How many dollars does the policyholder claim?" },
});
const claims = inputsOf(CLAIM_DATES);

const DAY = 86_400_000;
const dayOf = (n: number): Date => new Date(Date.UTC(2025, 0, 10) + n * DAY);
const iso = (d: Date): string => d.toISOString().slice(0, 10);
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** A date written as people write it, with its year, in one of several forms. */
const written = (d: Date, form: number): string => {
  const [day, month, year, weekday] = [d.getUTCDate(), MONTHS[d.getUTCMonth()]!, d.getUTCFullYear(), WEEKDAYS[d.getUTCDay()]!];
  return [
    `${weekday} ${day} ${month} ${year}`,
    `${day} ${month} ${year}`,
    `${month} ${day}, ${year}`,
    `${weekday}, ${month} ${day}, ${year}`,
    `${weekday.slice(0, 3)}, ${day} ${month.slice(0, 3)} ${year} 08:12`,
  ][form % 5]!;
};
/** A day of the message (about three years of them) and a form to write it in. */
const writing = fc.record({ n: fc.integer({ min: 0, max: 1100 }), form: fc.nat(4) });
const amount = fc.integer({ min: 3, max: 400 }).map((k) => k * 50);
const valuesOf = (r: Record<string, { value: unknown }>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.value]));

describe("the day a message is written", () => {
  it("an e-mail's envelope dates it: its body stays the current message, and a first report is made that day", () => {
    fc.assert(
      fc.property(writing, fc.integer({ min: 1, max: 5 }), amount, fc.boolean(), ({ n, form }, back, dollars, sent) => {
        const [today, loss] = [dayOf(n), dayOf(n - back)];
        const text = [
          "From: Sam Reid <sam@example.com>",
          sent ? `Sent: ${written(today, form)}` : "To: claims@example.com",
          sent ? "To: claims@example.com" : `Date: ${written(today, form)}`,
          "Subject: Water damage",
          "",
          `Hello, I'm writing to report a burst pipe on ${written(loss, 1)}. The repair comes to $${dollars}.`,
          "",
          "Sam",
        ].join("\n");
        const parts = messageParts(text);
        expect(parts.history).toBe("");
        expect(parts.current).toBe(text);
        expect(text.slice(parts.envelope!.start, parts.envelope!.end)).toMatch(/^(Date|Sent): /);
        const got = valuesOf(readText(property, text, "2030-01-01"));
        expect(got).toMatchObject({ "loss date": iso(loss), "report date": iso(today), "claim amount": dollars });
      }),
    );
  });

  it("a letter's date line is its today: the night before last and a weekday told of the past count back from it", () => {
    fc.assert(
      fc.property(writing, fc.boolean(), ({ n, form }, night) => {
        const today = dayOf(n);
        const back = night ? 2 : 1 + (n % 6);
        const loss = dayOf(n - back);
        const when = night ? "the night before last" : `on ${WEEKDAYS[loss.getUTCDay()]}`;
        const text = `14 Mill Street\nMillbrook\n\n${written(today, form % 4)}\n\nDear Claims Team,\n\nA pipe burst ${when} and flooded the kitchen. This letter is my first notification of the loss.\n\nYours faithfully,\nA. Client`;
        const got = readText(property, text, "2030-06-01");
        expect(got["loss date"]?.value).toBe(iso(loss));
        expect(got["report date"]?.value).toBe(iso(today));
      }),
    );
  });

  it("a transcript's title line ending with its date and time is its today: last Thursday and 'today' count from it", () => {
    const titles = fc.constantFrom(
      "Inbound call, Motor Claims line — {d}, 11:06 ET",
      "Claims hotline call recording - {d} 09:41",
      "Web chat transcript, claims desk: {d}",
      "Phone note – new claim – {d}",
    );
    fc.assert(
      fc.property(writing, titles, fc.integer({ min: 1, max: 6 }), ({ n, form }, title, back) => {
        const today = dayOf(n);
        const loss = dayOf(n - back);
        const head = title.replace("{d}", written(today, form % 4));
        const text = `${head}
Rep: Kim | Caller: D. Hughes

Caller: A pipe burst on ${WEEKDAYS[loss.getUTCDay()]} and flooded the kitchen.
Rep: I've opened the claim for you today.`;
        const got = readText(property, text, "2030-06-01");
        expect(got["loss date"]?.value).toBe(iso(loss));
        expect(got["report date"]?.value).toBe(iso(today));
      }),
    );
    // a date an event's, not the document's: no today from it
    const event = `Call about the fire of ${written(dayOf(40), 1)}
Caller: It happened on Tuesday.`;
    expect(ownDate(event, "2030-06-01")).toBeUndefined();
  });

  it("a day counted from the day told before it ('the next day') is that day plus the count; a letter confirming that report is not it", () => {
    fc.assert(
      fc.property(writing, fc.integer({ min: 1, max: 3 }), fc.integer({ min: 3, max: 40 }), ({ n, form }, later, gap) => {
        const loss = dayOf(n);
        const count = ["the next day", "two days later", "three days later"][later - 1]!;
        const letter = dayOf(n + later + gap);
        const text = `${written(letter, form % 4)}\n\nDear Claims Team,\n\nI am writing to confirm the details of the fire I reported to you by telephone. On ${written(loss, 1)} a fault started a fire in our garage. I phoned your claims line ${count} to report it.\n\nYours faithfully,\nN. Haddad`;
        const got = valuesOf(readText(property, text, "2030-06-01"));
        expect(got["loss date"]).toBe(iso(loss));
        expect(got["report date"]).not.toBe(iso(letter));
        if (got["report date"] !== undefined) expect(got["report date"]).toBe(iso(dayOf(n + later)));
      }),
    );
  });

  it("the bounds of a span of days establish no day of the loss", () => {
    fc.assert(
      fc.property(writing, fc.constantFrom("between", "sometime between", "btwn"), ({ n }, between) => {
        const [first, second, today] = [dayOf(n), dayOf(n + 1), dayOf(n + 2)];
        const ddmm = (d: Date) => `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
        const text = `Today is ${iso(today)}. Caller says the car was stolen overnight, ${between} 22:00 on ${ddmm(first)} and 07:00 on ${ddmm(second)} (dd/mm). First contact with us is this call.`;
        const got = readText(claims, text);
        expect(got["incident date"]).toBeUndefined();
        expect(got["report date"]?.value).toBe(iso(today));
      }),
    );
  });

  it("a reply that only corrects a figure is not the report: the quoted first message's day is", () => {
    fc.assert(
      fc.property(writing, fc.integer({ min: 1, max: 6 }), amount, ({ n, form }, after, dollars) => {
        const [first, reply] = [dayOf(n), dayOf(n + after)];
        const text = [
          "From: Dana <dana@example.com>",
          "To: claims@example.com",
          `Date: ${written(reply, form)}`,
          "Subject: Re: hail damage",
          "",
          `Sorry, I meant $${dollars}, not $${dollars + 90}.`,
          "",
          `> On ${written(first, 1)}, Dana wrote:`,
          `> I'm writing to report hail damage to my car. This is my first contact with you. The repair will be $${dollars + 90}.`,
        ].join("\n");
        const got = readText(claims, text, "2030-06-01");
        expect(got["report date"]?.value).toBe(iso(first));
        expect(got["report date"]!.confidence).toBeLessThanOrEqual(0.85);
        expect(got["policy start"]).toBeUndefined();
      }),
    );
  });
});

describe("what a message says of its part in the report", () => {
  const first = [
    "I'm writing to report a burst pipe.",
    "This is the first time I'm contacting you about it.",
    "This letter constitutes formal notification of the claim.",
    "Claim opened on this call.",
    "First notif to us = this call.",
    "Insd reports a kitchen fire.",
  ];
  const earlier = [
    "I am writing to confirm the details of the fire I reported to you by telephone.",
    "As already reported, the roof leaks.",
    "I phoned your claims line the next day.",
  ];
  it("tells a first report from the confirmation of an earlier one, whatever text stands around them", () => {
    const filler = fc.constantFrom("", "The roof was damaged. ", "Please find the quote attached. ", "Kind regards.\n");
    fc.assert(
      fc.property(filler, filler, fc.constantFrom(...first), (a, b, s) => {
        expect(reportSpeech(`${a}${s} ${b}`)).toBe("first");
      }),
    );
    fc.assert(
      fc.property(filler, filler, fc.constantFrom(...earlier), (a, b, s) => {
        expect(reportSpeech(`${a}${s} ${b}`)).toBe("earlier");
      }),
    );
    fc.assert(
      fc.property(filler, filler, (a, b) => {
        expect(reportSpeech(`${a}${b}`)).toBeUndefined();
      }),
    );
  });
});
