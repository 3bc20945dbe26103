// A record that gives only the window a day fell in (`{"known": false, "earliest": …, "latest":
// …}`, `"incident_date": {"from": …, "to": …}`, `incident_date_earliest` beside
// `incident_date_latest`) gives no day: neither bound is read as it, in JSON or in the XML a text
// may be. A range under a key that names a period (`"policy": {"start": …, "end": …}`) is read as before.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { embeddedReader } from "../../src/providers/readers/embedded.js";
import { sample } from "./helpers.js";

const claims = sample("claims-triage").ir.inputs;
const REFERENCE = "2026-10-20";

const day = fc.integer({ min: 0, max: 200 }).map((n) => new Date(Date.UTC(2026, 3, 1) + n * 86_400_000).toISOString().slice(0, 10));
const style = fc.constantFrom(
  (...w: string[]) => w.join("_"),
  (...w: string[]) => w.map((x, i) => (i === 0 ? x : x[0]!.toUpperCase() + x.slice(1))).join(""),
  (...w: string[]) => w.map((x) => x[0]!.toUpperCase() + x.slice(1)).join(""),
);
type Key = (...w: string[]) => string;

/** The incident's window, in the shapes exports write it. */
const WINDOWS: ((k: Key, a: string, b: string) => Record<string, unknown>)[] = [
  (k, a, b) => ({ [k("incident", "date")]: { [k("known")]: false, [k("earliest")]: a, [k("latest")]: b } }),
  (k, a, b) => ({ [k("incident", "date")]: { [k("earliest")]: a, [k("latest")]: b, [k("comment")]: "away on a trip" } }),
  (k, a, b) => ({ [k("incident", "date")]: { [k("from")]: a, [k("to")]: b } }),
  (k, a, b) => ({ [k("incident", "date")]: { [k("exact")]: "no", [k("start")]: a, [k("end")]: b } }),
  (k, a, b) => ({ [k("incident", "date", "earliest")]: a, [k("incident", "date", "latest")]: b }),
  (k, a, b) => ({ [k("incident", "date", "from")]: a, [k("incident", "date", "to")]: b }),
  (k, a, b) => ({ [k("incident", "date", "not", "before")]: a, [k("incident", "date", "not", "after")]: b }),
];

const ordered = fc.tuple(day, day, day).filter(([a, b, c]) => a < b && b < c);

describe("a day given only as a window", () => {
  it("is no day; the other dates beside it are read", () => {
    fc.assert(
      fc.property(ordered, day, fc.constantFrom(...WINDOWS), style, ([a, b, start], reported, window, k) => {
        const state = {
          claim: {
            [k("claim", "id")]: "CL-2026-0042",
            ...window(k, a, b),
            [k("reported", "on")]: reported,
            policy: { [k("start")]: start },
            [k("claim", "amount")]: 2400,
          },
        };
        const read = readJson(claims, state, REFERENCE);
        expect(read["incident date"]).toBeUndefined();
        expect(read["report date"]?.value).toBe(reported);
        expect(read["policy start"]?.value).toBe(start);
      }),
    );
  });

  it("is no day in an XML export either", async () => {
    await fc.assert(
      fc.asyncProperty(ordered, fc.boolean(), async ([a, b], flag) => {
        const xml = `<?xml version="1.0"?>
<Claim number="CL-2026-0042">
  <ReportedOn>${b}</ReportedOn>
  <IncidentDate${flag ? ' known="false"' : ""}><Earliest>${a}</Earliest><Latest>${b}</Latest></IncidentDate>
  <ClaimAmount>2400</ClaimAmount>
</Claim>`;
        const reader = embeddedReader(xml);
        const { values } = await reader.read({ inputs: claims, state: xml, reference: REFERENCE } as Parameters<typeof reader.read>[0]);
        expect(values["incident date"]).toBeUndefined();
        expect(values["report date"]?.value).toBe(b);
      }),
      { numRuns: 30 },
    );
  });

  it("is read as the day when both bounds are that day, or when one day is given; a period's range is read", () => {
    fc.assert(
      fc.property(ordered, style, fc.boolean(), ([a, start, end], k, same) => {
        const incident = same ? { [k("earliest")]: a, [k("latest")]: a } : a;
        const state = {
          claim: { [k("incident", "date")]: incident, policy: { [k("start")]: start, [k("end")]: end }, [k("claim", "amount")]: 2400 },
        };
        const read = readJson(claims, state, REFERENCE);
        expect(read["incident date"]?.value).toBe(a);
        expect(read["policy start"]?.value).toBe(start);
      }),
    );
  });
});
