// Dates in the order facts keep in time (issue 33): a loss is reported on or after the day it
// happened, so two dates read for the loss and the report in the wrong order were taken for each
// other; a note headed with its date was written that day, and its relative dates count from it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { headingDate } from "../../src/providers/readers/dates.js";
import { dateRole, keepOrder, type DateRole, type Placed } from "../../src/providers/readers/text/date-order.js";
import { readText } from "../../src/providers/readers/text-reader.js";
import { CLAIM_DATES, inputsOf } from "./helpers.js";

const property = inputsOf({
  "loss date": { type: "date", desc: "On what date did the loss happen?" },
  "report date": { type: "date", desc: "On what date was the loss reported to the insurer?" },
  "claim amount": { type: "number >= 0", desc: "How many dollars does the policyholder claim?" },
});
const claims = inputsOf(CLAIM_DATES);

const iso = (day: number): string => new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);

describe("the roles of date inputs", () => {
  it("knows the loss and the report by their names or their descs, and gives a policy's start none", () => {
    const [loss, report] = property;
    const [incident, reported, start] = claims;
    expect([dateRole(loss!), dateRole(report!), dateRole(incident!), dateRole(reported!), dateRole(start!)]).toEqual([
      1,
      2,
      1,
      2,
      undefined,
    ]);
    const [described] = inputsOf({ when: { type: "date", desc: "On what date did the accident occur?" } });
    expect(dateRole(described!)).toBe(1);
  });
});

describe("keepOrder", () => {
  it("leaves dates in order alone and swaps two in the wrong order", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (a, b) => {
        const dates: Placed[] = [
          { input: "loss", role: 1 as DateRole, iso: iso(a) },
          { input: "report", role: 2 as DateRole, iso: iso(b) },
        ];
        const moved = keepOrder(dates);
        if (a <= b) expect(moved.size).toBe(0);
        else
          expect([...moved]).toEqual([
            ["loss", "report"],
            ["report", "loss"],
          ]);
      }),
    );
  });

  it("puts any few dates back in order, moving as few as it must", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ role: fc.constantFrom<DateRole>(1, 2), day: fc.integer({ min: 0, max: 60 }) }), {
          minLength: 2,
          maxLength: 4,
        }),
        (drawn) => {
          const dates: Placed[] = drawn.map((d, i) => ({ input: `input ${i}`, role: d.role, iso: iso(d.day) }));
          const moved = keepOrder(dates);
          const after = dates.map((d) => ({
            role: d.role,
            iso: moved.has(d.input) ? dates.find((e) => e.input === moved.get(d.input))!.iso : d.iso,
          }));
          for (const a of after) for (const b of after) if (a.role < b.role) expect(a.iso <= b.iso).toBe(true);
          const wasOrdered = dates.every((a) => dates.every((b) => !(a.role < b.role && a.iso > b.iso)));
          if (wasOrdered) expect(moved.size).toBe(0);
          expect([...moved.values()].sort()).toEqual([...moved.keys()].sort());
        },
      ),
    );
  });
});

describe("reading a loss and its report", () => {
  const HEADS = ["Call note", "Phone note", "File note", "Adjuster's memo"];
  const TELLS = [
    (d: string) => `caller says a pipe burst under the sink on ${d} and soaked the floor`,
    (d: string) => `insured reports water coming through the ceiling on ${d}`,
    (d: string) => `the customer told us a hose split on ${d}`,
  ];
  it("never gives the loss a day after the report, whatever the note's heading and wording", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: HEADS.length - 1 }),
        fc.integer({ min: 0, max: TELLS.length - 1 }),
        fc.integer({ min: 20, max: 300 }),
        fc.integer({ min: 1, max: 9 }),
        (h, t, day, gap) => {
          const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
          const text = `${HEADS[h]} ${us(iso(day))}: ${TELLS[t]!(us(iso(day - gap)))}. Plumber's invoice $1,480.`;
          const out = readText(property, text);
          const loss = out["loss date"]?.value;
          const report = out["report date"]?.value;
          if (typeof loss === "string" && typeof report === "string") expect(loss <= report).toBe(true);
          if (loss !== undefined) expect(loss).toBe(iso(day - gap));
        },
      ),
    );
  });
});

describe("a note headed with its date", () => {
  it("is read as the day of writing", () => {
    expect(headingDate("Call note 10/06/2026 (CSR J.M.): insured reports a fire")).toBe("2026-10-06");
    expect(headingDate("[Mon 9 Mar 2026 10:02] Customer: hi, my car was hit yesterday")).toBe("2026-03-09");
    expect(headingDate("Adjuster's report dated 2026-02-02: a leak")).toBe("2026-02-02");
  });

  it("is not a date an event is told with", () => {
    expect(headingDate("On 19 December 2025 I was hit by another car.")).toBeUndefined();
    expect(headingDate("Hello, a pipe under the kitchen sink burst on 14 October 2026 and flooded the floor.")).toBeUndefined();
    expect(headingDate("Hi.\nCall note 10/06/2026")).toBeUndefined();
    expect(headingDate("The insured has been with us for years. Since 3 May 2021 …")).toBeUndefined();
  });

  it("dates the relative days of the text", () => {
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 330 }), (day) => {
        const head = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000);
        const written = head.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
        const text = `[${written} 08:41] Customer: a stone cracked my windscreen yesterday on the motorway`;
        expect(readText(claims, text)["incident date"]?.value).toBe(iso(day - 1));
      }),
    );
  });
});

const home = inputsOf({
  "loss date": { type: "date", desc: "On what date did the loss happen?" },
  "report date": { type: "date", desc: "On what date was the loss reported to the insurer?" },
  "police report": { type: "boolean", desc: "Was a police report filed for the loss?" },
  peril: {
    type: "water|fire|theft|storm",
    desc: "What caused the loss?",
    options: {
      water: "escape of water from pipes, appliances or plumbing",
      fire: "fire or smoke damage",
      theft: "burglary or theft of contents",
      storm: "wind, hail or storm damage",
    },
  },
});
const long = (day: number): string =>
  new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

describe("a text that is the report", () => {
  const TOLD = ["a break-in at the garage", "someone who forced the lock on our shed", "water pouring through the kitchen ceiling"];
  it("is dated by the day it says it is written, when no other date is given for the report", () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 350 }), fc.constantFrom(...TOLD), (day, told) => {
        const out = readText(home, `Today is ${long(day)}. I am writing to report ${told}.`);
        expect(out["report date"]?.value).toBe(iso(day));
        expect(out["report date"]!.confidence).toBeLessThan(0.9);
      }),
    );
  });

  it("is not dated so when it replies to an earlier message, which was the report", () => {
    const text = `Today is ${long(200)}. Hi, the glazier's invoice came to $640.\n\n> On ${long(190)} Ann wrote:\n> Someone broke a window at the flat.`;
    expect(readText(home, text)["report date"]?.value).not.toBe(iso(200));
  });

  it("reads a break-in, a forced lock and a PD report as theft reported to the police", () => {
    for (const told of ["a break-in at the garage", "someone forced the lock on the shed and took a mower"]) {
      const out = readText(home, `Today is ${long(120)}. I am writing about ${told}. PD report filed the same night.`);
      expect(out.peril?.value).toBe("theft");
      expect(out["police report"]?.value).toBe(true);
    }
  });
});

describe("a weekend or a span of days", () => {
  it("gives no one date", () => {
    for (const when of ["over the weekend", "last weekend", "over the weekend of 17-18 October", "between 3-5 June"]) {
      const out = readText(home, `Today is ${long(300)}. A storm took tiles off the roof ${when}.`);
      expect(out["loss date"]).toBeUndefined();
    }
  });
});

describe("adjusters' shorthand", () => {
  it("reads Rpt'd as reported and Pol eff as the policy's start", () => {
    fc.assert(
      fc.property(fc.integer({ min: 40, max: 300 }), fc.integer({ min: 1, max: 9 }), (day, gap) => {
        const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
        const text = `DOL ${us(iso(day - gap))}. Rpt'd ${us(iso(day))}. Pol eff ${us(iso(day - 400))}. Est. $2,300.`;
        const out = readText(claims, text);
        expect(out["incident date"]?.value).toBe(iso(day - gap));
        expect(out["report date"]?.value).toBe(iso(day));
        expect(out["policy start"]?.value).toBe(iso(day - 400));
      }),
    );
  });
});
