// Dates in system exports (issue 33): a compact `yyyymmdd` string is a date, read as written,
// whatever key carries it and wherever in the export it stands; a number or an impossible day
// is no date. Years 1900 to 2099 only: eight digits of another era are an identifier.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDateString } from "../../src/providers/readers/dates.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { modelOf } from "../../scripts/eval-reader.js";

const claims = modelOf("claims-triage").ir.inputs;
const DAY = 86_400_000;
const day = fc.integer({ min: 0, max: 198 * 365 }).map((n) => new Date(Date.UTC(1901, 0, 1) + n * DAY).toISOString().slice(0, 10));
const compact = (iso: string): string => iso.replaceAll("-", "");

describe("compact dates in exports", () => {
  it("reads any real day written yyyymmdd as that day, and no impossible one", () => {
    fc.assert(
      fc.property(day, (iso) => {
        expect(parseDateString(compact(iso))?.iso).toBe(iso);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1901, max: 2099 }), fc.integer({ min: 13, max: 99 }), fc.integer({ min: 1, max: 28 }), (y, m, d) => {
        expect(parseDateString(`${y}${String(m).padStart(2, "0")}${String(d).padStart(2, "0")}`)).toBeUndefined();
      }),
    );
  });

  it("an export's coded loss date in yyyymmdd answers the incident date, beside a report timestamp and a policy's dates", () => {
    const lossKey = fc.constantFrom("lossDt", "loss_dt", "incident_dt", "dol");
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 3000 }), fc.integer({ min: 1, max: 9 }), lossKey, (n, after, key) => {
        const loss = new Date(Date.UTC(2020, 0, 1) + n * DAY);
        const iso = (d: Date) => d.toISOString().slice(0, 10);
        const reported = new Date(loss.getTime() + after * DAY);
        const state = {
          clm: { id: "FN-2026-0031877", [key]: compact(iso(loss)), rptTs: `${iso(reported)}T08:14:00Z`, claimedAmt: "1,240.00" },
          pol: { no: "MC-447120", incept: iso(new Date(loss.getTime() - 400 * DAY)), renewal: iso(new Date(loss.getTime() - 35 * DAY)) },
        };
        const got = readJson(claims, state, iso(new Date(reported.getTime() + DAY)));
        expect(got["incident date"]?.value).toBe(iso(loss));
        expect(got["report date"]?.value).toBe(iso(reported));
      }),
    );
  });
});
